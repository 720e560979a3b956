import type { Context } from 'hono';
import { Hono } from 'hono';
import { isUnderpaid, paidSats, rateOf, remainingSats } from './accounting';
import { InvoiceActionError } from './invoices';
import { formatCents, formatRate, formatSats, satsToCents } from './money';
import { isHttpUrl } from './options';
import { SandboxNotFoundError, type SandboxService } from './service';
import type { InvoiceRecord } from './state';

/** Checkout actions: path segment → what it does. Button ids equal the path segments. */
const ACTIONS = {
  'pay-full': (s: SandboxService, id: string) => s.payInFull(id),
  'pay-part': (s: SandboxService, id: string, amount: string) => s.payPart(id, amount),
  overpay: (s: SandboxService, id: string) => s.overpay(id),
  expire: (s: SandboxService, id: string) => s.expire(id),
  'pay-late': (s: SandboxService, id: string) => s.payLate(id),
  'confirm-payments': (s: SandboxService, id: string) => s.confirmPayments(id),
  'mark-invalid': (s: SandboxService, id: string) => s.mark(id, 'Invalid'),
} satisfies Record<string, (s: SandboxService, id: string, amount: string) => InvoiceRecord>;
type ActionName = keyof typeof ACTIONS;

function isAction(name: string): name is ActionName {
  return Object.hasOwn(ACTIONS, name);
}

/** Delay before a paid invoice's page follows `redirectAutomatically` back to the merchant. */
export const AUTO_REDIRECT_SECONDS = 2;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

function usd(cents: number): string {
  return `$${formatCents(cents)}`;
}

/** checkout.redirectURL with BTCPay's {InvoiceId} / {OrderId} placeholders filled in. */
export function merchantReturnUrl(invoice: InvoiceRecord): string | null {
  const template = invoice.checkout.redirectURL;
  if (!template) return null;
  const orderId = typeof invoice.metadata.orderId === 'string' ? invoice.metadata.orderId : '';
  const url = template
    .replaceAll('{InvoiceId}', encodeURIComponent(invoice.id))
    .replaceAll('{OrderId}', encodeURIComponent(orderId));
  return isHttpUrl(url) ? url : null;
}

function statusText(invoice: InvoiceRecord): string {
  switch (invoice.status) {
    case 'New':
      return invoice.additionalStatus === 'PaidPartial'
        ? 'Partially paid, waiting for the rest'
        : 'Waiting for payment';
    case 'Processing':
      return 'Payment received, waiting for confirmation';
    case 'Settled':
      return invoice.additionalStatus === 'PaidOver' ? 'Paid (overpaid)' : 'Paid';
    case 'Expired':
      if (invoice.additionalStatus === 'PaidLate') return 'Expired (paid late)';
      return invoice.additionalStatus === 'PaidPartial' ? 'Expired (partially paid)' : 'Expired';
    case 'Invalid':
      return 'Invalid';
  }
}

function button(basePath: string, invoiceId: string, action: ActionName, label: string): string {
  return `<form method="post" action="${escapeHtml(`${basePath}/i/${encodeURIComponent(invoiceId)}/${action}`)}">
      <button type="submit" id="${action}" name="action" value="${action}">${escapeHtml(label)}</button>
    </form>`;
}

function actionsFor(invoice: InvoiceRecord, basePath: string): string {
  const id = invoice.id;
  const parts: string[] = [];
  if (invoice.status === 'New') {
    parts.push(button(basePath, id, 'pay-full', 'Pay in full'));
    parts.push(`<form method="post" action="${escapeHtml(`${basePath}/i/${encodeURIComponent(id)}/pay-part`)}">
      <label for="pay-part-amount">Amount in USD</label>
      <input id="pay-part-amount" name="amount" type="number" min="0.01" step="0.01" inputmode="decimal" required>
      <button type="submit" id="pay-part" name="action" value="pay-part">Pay part</button>
    </form>`);
    parts.push(button(basePath, id, 'overpay', 'Overpay (+10 %)'));
    parts.push(button(basePath, id, 'expire', 'Let it expire'));
  }
  if (invoice.status === 'Expired' && invoice.additionalStatus !== 'PaidLate') {
    parts.push(button(basePath, id, 'pay-late', 'Pay late'));
  }
  if (invoice.payments.some((p) => p.status === 'Processing')) {
    parts.push(button(basePath, id, 'confirm-payments', 'Confirm payments now'));
  }
  if (invoice.status === 'New' || invoice.status === 'Processing' || invoice.status === 'Expired') {
    parts.push(button(basePath, id, 'mark-invalid', 'Mark invalid'));
  }
  return parts.join('\n    ');
}

export function renderCheckoutPage(invoice: InvoiceRecord, basePath: string, now: number, error?: string): string {
  const rate = rateOf(invoice);
  const paid = paidSats(invoice);
  const due = Math.max(0, remainingSats(invoice));
  const returnUrl = merchantReturnUrl(invoice);
  const expires = new Date(invoice.expiresAt).toISOString();
  const secondsLeft = Math.max(0, Math.ceil((invoice.expiresAt - now) / 1000));
  const paidInFull = invoice.status === 'Processing' || invoice.status === 'Settled';
  // BTCPay's `redirectAutomatically`: once paid, the checkout sends the customer back on its own.
  const autoRedirect = paidInFull && invoice.checkout.redirectAutomatically ? returnUrl : null;
  const refresh = autoRedirect
    ? `<meta http-equiv="refresh" content="${AUTO_REDIRECT_SECONDS};url=${escapeHtml(autoRedirect)}">`
    : invoice.status === 'Processing'
      ? '<meta http-equiv="refresh" content="3">'
      : '';
  const rows: Array<[string, string, string]> = [
    ['invoice-id', 'Invoice', invoice.id],
    ['amount-usd', 'Amount', `${usd(invoice.amountCents)} USD`],
    ['amount-btc', 'Amount in BTC', `${formatSats(invoice.dueSats)} BTC`],
    ['rate', 'Rate', `1 BTC = ${formatRate(rate)} USD`],
    ['paid-usd', 'Paid', `${usd(satsToCents(paid, rate))} (${formatSats(paid)} BTC)`],
    ['due-usd', 'Due', `${usd(satsToCents(due, rate))} USD`],
    ['due-btc', 'Due in BTC', `${formatSats(due)} BTC`],
    // BTCPay's "Network cost": the fee the next payment adds (MultiplePaymentsOnly: once one payment arrived).
    ...(isUnderpaid(invoice) && invoice.promptFeeSats > 0
      ? ([['network-fee', 'Network cost', `${formatSats(invoice.promptFeeSats)} BTC (included in Due)`]] as Array<
          [string, string, string]
        >)
      : []),
    ['destination', 'Send to', invoice.destination],
  ];
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  ${refresh}
  <title>Invoice ${escapeHtml(invoice.id)} – BTCPay sandbox</title>
  <style>
    body { font-family: system-ui, sans-serif; background: #f4f5f7; margin: 0; color: #1d2327; }
    main { max-width: 28rem; margin: 2rem auto; background: #fff; border-radius: 8px; padding: 1.5rem;
      box-shadow: 0 1px 4px rgba(0,0,0,.12); }
    h1 { font-size: 1.25rem; margin: 0 0 .25rem; }
    .sandbox { color: #8a6d00; font-size: .8rem; margin: 0 0 1rem; }
    dl { display: grid; grid-template-columns: auto 1fr; gap: .35rem 1rem; margin: 1rem 0; }
    dt { color: #5a6470; } dd { margin: 0; word-break: break-all; font-variant-numeric: tabular-nums; }
    #invoice-status { font-weight: 600; }
    .error { background: #fdecea; color: #8a1c12; padding: .5rem .75rem; border-radius: 4px; }
    #actions form { margin: .5rem 0; display: flex; gap: .5rem; align-items: center; flex-wrap: wrap; }
    button { background: #51b13e; color: #fff; border: 0; border-radius: 4px; padding: .5rem .9rem; cursor: pointer;
      font-size: .95rem; }
    button#expire, button#mark-invalid { background: #6c757d; }
    input { padding: .4rem; width: 7rem; }
    a#return-to-merchant { display: inline-block; margin-top: 1rem; }
  </style>
</head>
<body>
<main>
  <h1>Pay with Bitcoin</h1>
  <p class="sandbox">Sandbox checkout – no real bitcoin moves. Store ${escapeHtml(invoice.storeId)}.</p>
  ${error ? `<p class="error" id="checkout-error" role="alert">${escapeHtml(error)}</p>` : ''}
  <p id="invoice-status" data-status="${escapeHtml(invoice.status)}" data-additional-status="${escapeHtml(invoice.additionalStatus)}">${escapeHtml(statusText(invoice))}</p>
  <dl>
    ${rows.map(([id, label, value]) => `<dt>${escapeHtml(label)}</dt><dd id="${id}">${escapeHtml(value)}</dd>`).join('\n    ')}
    <dt>Expires</dt><dd id="expires-at"><time datetime="${escapeHtml(expires)}">${escapeHtml(expires)}</time>${
      invoice.status === 'New' ? ` (${secondsLeft} s left)` : ''
    }</dd>
  </dl>
  <section id="actions" aria-label="Sandbox payment actions">
    ${actionsFor(invoice, basePath)}
  </section>
  ${autoRedirect ? `<p id="auto-redirect">Returning to the merchant in ${AUTO_REDIRECT_SECONDS} s…</p>` : ''}
  ${returnUrl ? `<a id="return-to-merchant" href="${escapeHtml(returnUrl)}">Return to merchant</a>` : ''}
</main>
</body>
</html>
`;
}

function renderNotFound(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Invoice not found – BTCPay sandbox</title></head>
<body><main><h1>Invoice not found</h1><p>This invoice does not exist in the sandbox store.</p></main></body></html>
`;
}

/**
 * Every checkout answer is HTML: no script at all (default-src 'none'), its one `<style>` element (a fixed text, no
 * user input: 'unsafe-inline' for styles only), forms posting to this origin, never framed, no base URL.
 */
const CHECKOUT_HEADERS = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
} as const;

/** The public checkout page (`checkoutLink`) and its sandbox payment forms. No auth, like BTCPay's checkout. */
export function checkoutRoutes(service: SandboxService): Hono {
  const app = new Hono();
  const basePath = () => new URL(service.publicBaseUrl).pathname.replace(/\/+$/, '');

  const page = (c: Context, invoice: InvoiceRecord, status: 200 | 404 | 409 | 422, error?: string) =>
    c.html(renderCheckoutPage(invoice, basePath(), service.now(), error), status, CHECKOUT_HEADERS);
  const notFound = (c: Context) => c.html(renderNotFound(), 404, CHECKOUT_HEADERS);

  app.get('/i/:invoiceId', (c) => {
    service.sweep();
    const invoice = service.findInvoice(c.req.param('invoiceId'));
    if (!invoice) return notFound(c);
    return page(c, invoice, 200);
  });

  app.post('/i/:invoiceId/:action', async (c) => {
    const id = c.req.param('invoiceId');
    const action = c.req.param('action');
    const invoice = service.findInvoice(id);
    if (!invoice || !isAction(action)) return notFound(c);
    const form = await c.req.parseBody();
    const amount = typeof form.amount === 'string' ? form.amount : '';
    try {
      ACTIONS[action](service, id, amount);
    } catch (error) {
      if (error instanceof InvoiceActionError) {
        return page(c, invoice, error.code === 'invalid-amount' ? 422 : 409, error.message);
      }
      if (error instanceof SandboxNotFoundError) return notFound(c);
      throw error;
    }
    return c.redirect(`${basePath()}/i/${encodeURIComponent(id)}`, 303);
  });

  return app;
}
