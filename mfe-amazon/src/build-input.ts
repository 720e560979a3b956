// Rollup needs an input, but a remote has no page of its own: the federation plugin emits remoteEntry.js, which
// exposes src/pages.ts. This file must not be pages.ts itself, or the plugin cannot emit the exposed chunk.
export {};
