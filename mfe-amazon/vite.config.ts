import federation from '@originjs/vite-plugin-federation';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { federationBuild, PAGES_MODULE, sharedSingletons } from '../federation.config';
import { staticHostingHeaders } from '../security-headers.config';

/** Remote "amazon": built on its own, served under /remotes/amazon/, loaded by the shell at run time. */
export default defineConfig({
  base: './',
  plugins: [
    react(),
    // dist/_headers: the CSP and friends for static hosts (Cloudflare Pages); the Node entry sends the same.
    staticHostingHeaders(),
    federation({
      name: 'amazon',
      filename: 'remoteEntry.js',
      exposes: { [PAGES_MODULE]: './src/pages.ts' },
      shared: sharedSingletons,
    }),
  ],
  // Chunks sit beside remoteEntry.js (the plugin resolves them relative to it; an assets/ dir doubles the path).
  build: { ...federationBuild, assetsDir: '', rollupOptions: { input: 'src/build-input.ts' } },
});
