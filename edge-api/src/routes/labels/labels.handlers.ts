import type { LabelLinkResponse, LabelSettings } from '@labeldesk/contracts';
import { LABEL_CONTENT_TYPES, LABEL_MESSAGES, labelFileName, ORDER_MESSAGES } from '@labeldesk/contracts';
import type { Context } from 'hono';
import { createFactory, createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../env';
import { ApiError } from '../../errors';
import { labelLinks, verifyLabelLink } from '../../lib/label-links';
import { authenticate, bearerToken, requireUser } from '../../middleware/auth';
import { getLabelSettings, updateLabelSettings } from '../../use-cases/label-settings/label-settings';
import { createLabelLink } from '../../use-cases/orders/create-label-link';
import { type LabelAccess, labelOrder } from '../../use-cases/orders/get-label-document';
import { getLabelInFormat } from '../../use-cases/orders/read-label-file';
import { LABEL_RESPONSE_HEADERS, labelsValidators } from './labels.routes';

const factory = createFactory<AppEnv>();

/** Sets the label headers on every answer of the label routes, errors included. */
export const labelHeaders = createMiddleware<AppEnv>(async (c, next) => {
  for (const [name, value] of Object.entries(LABEL_RESPONSE_HEADERS)) c.header(name, value);
  await next();
  for (const [name, value] of Object.entries(LABEL_RESPONSE_HEADERS)) c.res.headers.set(name, value);
});

/**
 * A valid signed link for this label opens it; otherwise a session (owner or admin, checked by the use-case); with
 * neither, 403 'This label link is invalid or has expired'.
 */
async function labelAccess(c: Context<AppEnv>, orderId: string): Promise<LabelAccess> {
  const services = c.get('services');
  const exp = c.req.query('exp');
  const sig = c.req.query('sig');
  if (exp !== undefined || sig !== undefined) {
    const valid = await verifyLabelLink(services.config.jwtSecret, orderId, { exp, sig }, services.clock.now());
    if (valid) return { kind: 'signed-link' };
  }
  if (bearerToken(c)) return { kind: 'user', user: await authenticate(c) };
  throw new ApiError('forbidden', ORDER_MESSAGES.labelLinkInvalid);
}

function labelHandler(disposition: 'inline' | 'attachment') {
  return factory.createHandlers(labelHeaders, labelsValidators.id, labelsValidators.format, async (c) => {
    const { id } = c.req.valid('param');
    const { format, dpi } = c.req.valid('query');
    const {
      order,
      body,
      format: served,
    } = await getLabelInFormat(c.get('services'), {
      orderId: id,
      access: await labelAccess(c, id),
      format,
      dpi,
    });
    return c.body(new Uint8Array(body), 200, {
      'Content-Type': LABEL_CONTENT_TYPES[served],
      'Content-Disposition': `${disposition}; filename="${labelFileName(order.id, served)}"`,
      'Content-Length': String(body.byteLength),
    });
  });
}

export const inline = labelHandler('inline');
export const download = labelHandler('attachment');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function nonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** The print view: the inline PDF (a signed URL, so the frame needs no session) in a page that prints it once loaded. */
export function printPage(orderId: string, pdfUrl: string, scriptNonce: string): string {
  const title = escapeHtml(`Label ${orderId}`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<style nonce="${scriptNonce}">html,body{margin:0;height:100%;background:#525659}iframe{display:block;border:0;width:100%;height:100%}</style>
</head>
<body>
<iframe id="label" title="${title}" src="${escapeHtml(pdfUrl)}"></iframe>
<script nonce="${scriptNonce}">
(function () {
  var frame = document.getElementById('label');
  frame.addEventListener('load', function () {
    setTimeout(function () {
      try { frame.contentWindow.focus(); frame.contentWindow.print(); } catch (e) { window.print(); }
    }, 300);
  });
})();
</script>
</body>
</html>
`;
}

export const print = factory.createHandlers(labelHeaders, labelsValidators.id, async (c) => {
  const { id } = c.req.valid('param');
  const services = c.get('services');
  const access = await labelAccess(c, id);
  const order = await labelOrder(services, { orderId: id, access });
  // Reuse the caller's signed query; a session caller gets a fresh link (a frame cannot send the Bearer header).
  const exp = c.req.query('exp');
  const sig = c.req.query('sig');
  const pdfUrl =
    access.kind === 'signed-link' && exp && sig
      ? `/api/labels/${encodeURIComponent(order.id)}?exp=${encodeURIComponent(exp)}&sig=${encodeURIComponent(sig)}`
      : (await labelLinks(services.config.jwtSecret, order.id, services.clock.now())).url;
  // The browser prints the PDF, whatever the owner's default format.
  const framed = `${pdfUrl}&format=pdf`;
  const n = nonce();
  return c.html(printPage(order.id, framed, n), 200, {
    // Only what the page needs: its own nonce'd script and style, and a frame of this origin (the PDF).
    'Content-Security-Policy': `default-src 'none'; script-src 'nonce-${n}'; style-src 'nonce-${n}'; frame-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'`,
  });
});

export const link = factory.createHandlers(labelHeaders, requireUser, labelsValidators.id, async (c) => {
  const body: LabelLinkResponse = await createLabelLink(c.get('services'), {
    orderId: c.req.valid('param').id,
    user: c.get('user'),
  });
  return c.json(body, 200);
});

export const getSettings = factory.createHandlers(labelHeaders, requireUser, async (c) => {
  const body: LabelSettings = await getLabelSettings(c.get('services'), c.get('user').id);
  return c.json(body, 200);
});

export const updateSettings = factory.createHandlers(
  labelHeaders,
  requireUser,
  labelsValidators.settings,
  async (c) => {
    const settings = await updateLabelSettings(c.get('services'), c.get('user').id, c.req.valid('json'));
    const body: LabelSettings & { message: string } = { ...settings, message: LABEL_MESSAGES.settingsSaved };
    return c.json(body, 200);
  },
);
