import { fileURLToPath } from 'node:url';
import federation from '@originjs/vite-plugin-federation';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { federationBuild, PAGES_MODULE, sharedSingletons } from '../federation.config';
import { staticHostingHeaders } from '../security-headers.config';

const vendor = (file: string) => fileURLToPath(new URL(`./src/vendor/${file}`, import.meta.url));

/** Remote "admin": built on its own, served under /remotes/admin/, loaded by the shell at run time. */
export default defineConfig({
  base: './',
  resolve: {
    // use-sync-external-store is CommonJS only: its require('react') would get a private React copy instead of the
    // shared one (recharts on the Overview crashed with "reading 'useRef'"). ES-module stand-ins share React.
    alias: [
      {
        find: /^use-sync-external-store\/(shim\/)?with-selector(\.js)?$/,
        replacement: vendor('use-sync-external-store-with-selector.ts'),
      },
      {
        find: /^use-sync-external-store\/shim(\/index)?(\.js)?$/,
        replacement: vendor('use-sync-external-store-shim.ts'),
      },
    ],
  },
  plugins: [
    react(),
    // dist/_headers: the CSP and friends for static hosts (Cloudflare Pages); the Node entry sends the same.
    staticHostingHeaders(),
    federation({
      name: 'admin',
      filename: 'remoteEntry.js',
      exposes: { [PAGES_MODULE]: './src/pages.ts' },
      shared: sharedSingletons,
    }),
  ],
  // Chunks sit beside remoteEntry.js (the plugin resolves them relative to it; an assets/ dir doubles the path).
  build: { ...federationBuild, assetsDir: '', rollupOptions: { input: 'src/build-input.ts' } },
});
