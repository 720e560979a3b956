import federation from '@originjs/vite-plugin-federation';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { federationBuild, PAGES_MODULE, sharedSingletons } from '../federation.config';

/** Remote "amazon": built on its own, served under /remotes/amazon/, loaded by the shell at run time. */
export default defineConfig({
  base: './',
  plugins: [
    react(),
    federation({
      name: 'amazon',
      filename: 'remoteEntry.js',
      exposes: { [PAGES_MODULE]: './src/pages.ts' },
      shared: sharedSingletons,
    }),
  ],
  // No HTML page: the remote's only entry is remoteEntry.js (emitted by the plugin) exposing src/pages.ts.
  build: { ...federationBuild, rollupOptions: { input: 'src/pages.ts' } },
});
