/**
 * Module federation settings shared by the shell (host) and the three remotes, so the list of singletons cannot drift.
 * Every module here is loaded once in the browser: the host provides it, remotes reuse the host's copy. React context
 * (router, Mantine theme, session) therefore crosses the remote boundary.
 */
type SharedConfig = Record<string, { version?: string; requiredVersion?: string; modulePreload?: boolean }>;

export const sharedSingletons: SharedConfig = {
  react: { requiredVersion: '^19.2.0' },
  'react-dom': { requiredVersion: '^19.2.0' },
  '@labeldesk/router': { version: '0.0.0', requiredVersion: '0.0.0' },
  '@labeldesk/contracts': { version: '0.0.0', requiredVersion: '0.0.0' },
  '@labeldesk/api-client': { version: '0.0.0', requiredVersion: '0.0.0' },
  '@labeldesk/ui': { version: '0.0.0', requiredVersion: '0.0.0' },
};

/** Names of the remotes and the module each exposes: a map of page name → lazy React component. */
export const REMOTES = ['customer', 'admin', 'amazon'] as const;
export type RemoteName = (typeof REMOTES)[number];
export const PAGES_MODULE = './pages';

/** Build settings federation needs (top-level await in the generated code, no preload polyfill). */
export const federationBuild = {
  target: 'esnext',
  modulePreload: false,
  minify: true,
  cssCodeSplit: false,
  sourcemap: false,
} as const;
