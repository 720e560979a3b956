import federation from '@originjs/vite-plugin-federation';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { federationBuild, REMOTES, sharedSingletons } from '../federation.config';
import { staticHostingHeaders } from '../security-headers.config';

/**
 * The host. Remote URLs are not known at build time: each remote's entry URL is resolved at run time from
 * /app-config.json (see src/config.ts), so one build serves any deployment.
 */
export default defineConfig({
  plugins: [
    react(),
    // dist/_headers: the CSP and friends for static hosts (Cloudflare Pages); the Node entry sends the same.
    staticHostingHeaders(),
    federation({
      name: 'shell',
      remotes: Object.fromEntries(
        REMOTES.map((name) => [
          name,
          {
            external: `window.__labeldeskRemoteUrl(${JSON.stringify(name)})`,
            externalType: 'promise',
            format: 'esm',
            from: 'vite',
          },
        ]),
      ),
      shared: sharedSingletons,
    }),
  ],
  build: federationBuild,
});
