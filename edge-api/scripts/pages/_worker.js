// The Cloudflare Pages site's only code (Pages Functions "advanced mode"), copied into the bundle by
// `pnpm build:pages`. `_routes.json` invokes it for /api and /api/* only; every other path is a static file or the
// SPA's index.html, served by Pages without it. Requests for /api go unchanged (method, headers, body,
// CF-Connecting-IP) to the API Worker through the Service binding `API` (the Pages project's binding to the Worker
// `labeldesk-api`), so the UI and the API share one origin and `apiBase` stays "". Without the binding the answer is a
// 503 in the API's error shape, never the app's HTML.

const UNBOUND = {
  error: {
    code: 'upstream_unavailable',
    message:
      'The API is not connected to this site: the Pages project needs the Service binding API (to the Worker labeldesk-api)',
    details: [],
  },
};

export default {
  async fetch(request, env) {
    const { pathname } = new URL(request.url);
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      if (!env.API || typeof env.API.fetch !== 'function') {
        return new Response(JSON.stringify(UNBOUND), {
          status: 503,
          headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
        });
      }
      return env.API.fetch(request);
    }
    // Only reached if _routes.json is widened: serve the file (or the SPA fallback) as Pages would.
    return env.ASSETS.fetch(request);
  },
};
