import type { ComponentType } from 'react';

/** What each remote's `./pages` module exports by default: page name → (lazy) component rendered by the shell. */
export type RemotePages = Record<string, ComponentType>;
