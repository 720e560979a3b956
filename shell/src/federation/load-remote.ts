import {
  __federation_method_getRemote as getRemote,
  __federation_method_unwrapDefault as unwrapDefault,
} from 'virtual:__federation__';
import type { RemotePages } from '@labeldesk/ui';
import { PAGES_MODULE, type RemoteName } from '../../../federation.config';

const loaded = new Map<RemoteName, Promise<RemotePages>>();

/** Loads a remote's page map once; a failure is forgotten so the next call (Retry) tries again. */
export function loadRemotePages(remote: RemoteName): Promise<RemotePages> {
  let pending = loaded.get(remote);
  if (!pending) {
    pending = getRemote(remote, PAGES_MODULE).then((mod) => {
      const pages = unwrapDefault(mod);
      if (!pages || typeof pages !== 'object') throw new Error(`Remote "${remote}" exposes no pages`);
      return pages as RemotePages;
    });
    pending.catch(() => loaded.delete(remote));
    loaded.set(remote, pending);
  }
  return pending;
}
