import { PUBLIC_API_BASE_PATH } from '@labeldesk/contracts';

/**
 * The interactive API reference: Swagger UI (swagger-ui-dist, served from our origin) reading /api/v1/openapi.json.
 * The page, its start-up script and its stylesheet are ours; no inline script or style, so the policy below holds.
 */
export const REFERENCE_PATH = `${PUBLIC_API_BASE_PATH}/reference`;
const file = (name: string) => `${REFERENCE_PATH}/${name}`;

/**
 * The reference's own Content-Security-Policy, stricter than the web UI's: scripts, styles and calls from this origin
 * only, no inline script or style, no eval (Swagger UI 5 needs none of them: its React style props are set through
 * the DOM, which style-src does not govern), `data:` images for the icons inside swagger-ui.css. Try-it-out calls go to
 * this origin (connect-src 'self'). No forms, no frames, no plugins, not framable.
 */
export const REFERENCE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>LabelDesk API reference</title>
    <link rel="stylesheet" href="${file('swagger-ui.css')}">
    <link rel="stylesheet" href="${file('reference.css')}">
    <script src="${file('swagger-ui-bundle.js')}" defer></script>
    <script src="${file('reference.js')}" defer></script>
  </head>
  <body>
    <noscript>The interactive reference needs JavaScript. The OpenAPI document is at <a href="${PUBLIC_API_BASE_PATH}/openapi.json">${PUBLIC_API_BASE_PATH}/openapi.json</a>.</noscript>
    <div id="swagger-ui"></div>
  </body>
</html>
`;

/**
 * Starts Swagger UI on our document. The document's URL is fixed and `queryConfigEnabled` stays off (a `?url=` or
 * `?configUrl=` in the address cannot load someone else's document, cf. GHSA-qrmm-w75w-3wpx); no validator badge (it
 * would call validator.swagger.io); the key typed into Authorize is kept in memory only (persistAuthorization off).
 */
export const REFERENCE_SCRIPT = `'use strict';
window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(`${PUBLIC_API_BASE_PATH}/openapi.json`)},
  dom_id: '#swagger-ui',
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
  deepLinking: true,
  queryConfigEnabled: false,
  validatorUrl: null,
  persistAuthorization: false,
  displayRequestDuration: true,
  defaultModelsExpandDepth: 0,
  supportedSubmitMethods: ['get', 'post'],
});
`;

export const REFERENCE_STYLES = `body { margin: 0; background: #fff; }
.swagger-ui .information-container { padding-top: 1rem; }
`;
