#!/bin/bash
# workerd with the V8 flags in WORKERD_V8_FLAGS, for Miniflare (MINIFLARE_WORKERD_PATH=this file; WORKERD_REAL=the
# workerd binary). The config Miniflare pipes in is rewritten by workerd-v8-flags.mjs; workerd replaces this shell (same
# process id: Miniflare's signals reach it) and keeps Miniflare's control descriptor 3.
set -euo pipefail
exec "$WORKERD_REAL" "$@" < <(node "$(dirname "$0")/workerd-v8-flags.mjs")
