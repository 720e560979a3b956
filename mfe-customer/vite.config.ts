import federation from '@originjs/vite-plugin-federation';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { federationBuild, PAGES_MODULE, sharedSingletons } from '../federation.config';

/** Remote "customer": built on its own, served under /remotes/customer/, loaded by the shell at run time. */
export default defineConfig({
  base: './',
  plugins: [
    react(),
    federation({
      name: 'customer',
      filename: 'remoteEntry.js',
      exposes: { [PAGES_MODULE]: './src/pages.ts' },
      shared: sharedSingletons,
    }),
  ],
  // Chunks sit beside remoteEntry.js (the plugin resolves them relative to it; an assets/ dir doubles the path).
  build: { ...federationBuild, assetsDir: '', rollupOptions: { input: 'src/build-input.ts' } },
});
