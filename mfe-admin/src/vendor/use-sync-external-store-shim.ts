/**
 * `use-sync-external-store/shim` for React 18+: React's own hook, imported as an ES module so federation shares it
 * (see use-sync-external-store-with-selector.ts for why the CommonJS package cannot be used in this remote).
 */
export { useSyncExternalStore } from 'react';
