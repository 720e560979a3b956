/**
 * Every mail LabelDesk sends, in one place: each template returns a subject, a plain-text part and an HTML part that
 * name the product and link back to it (PUBLIC_URL). Values are escaped for HTML here; callers pass plain text.
 */

export const PRODUCT_NAME = 'LabelDesk';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

/** The shared frame: a heading, the paragraphs, an optional button, and the product's footer with its link. */
function layout(opts: {
  publicUrl: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
}): { text: string; html: string } {
  const { publicUrl, heading, paragraphs, action, footnote } = opts;
  const text = [
    heading,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...(footnote ? [footnote, ''] : []),
    '--',
    `${PRODUCT_NAME} · ${publicUrl}`,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5">',
    `<h1 style="font-size:20px">${escapeHtml(heading)}</h1>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    action
      ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 16px;background:#228be6;color:#fff;border-radius:4px;text-decoration:none">${escapeHtml(action.label)}</a></p>` +
        `<p style="font-size:12px;color:#6b7280">Or paste this link into your browser: ${escapeHtml(action.url)}</p>`
      : '',
    footnote ? `<p style="font-size:12px;color:#6b7280">${escapeHtml(footnote)}</p>` : '',
    `<hr><p style="font-size:12px;color:#6b7280"><a href="${escapeHtml(publicUrl)}">${PRODUCT_NAME}</a></p>`,
    '</body></html>',
  ].join('');
  return { text, html };
}

/** Cents as the mails show them: $1,234.56. */
export function usd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Every notification says where it is switched off. */
const NOTIFICATION_FOOTNOTE = `You get this mail because it is on in your ${PRODUCT_NAME} settings (Settings › Notifications).`;

export const mailTemplates = {
  passwordReset(input: { publicUrl: string; name: string; resetUrl: string; validMinutes: number }): RenderedMail {
    return {
      subject: `Reset your ${PRODUCT_NAME} password`,
      ...layout({
        publicUrl: input.publicUrl,
        heading: 'Reset your password',
        paragraphs: [
          `Hello ${input.name},`,
          `Someone (hopefully you) asked to reset the password of your ${PRODUCT_NAME} account. The link below works once, for ${input.validMinutes} minutes, and signs you out everywhere once the new password is set.`,
        ],
        action: { label: 'Choose a new password', url: input.resetUrl },
        footnote: 'If you did not ask for this, ignore this mail: your password stays as it is.',
      }),
    };
  },
  emailVerification(input: { publicUrl: string; name: string; verifyUrl: string; validHours: number }): RenderedMail {
    return {
      subject: `Verify your ${PRODUCT_NAME} email address`,
      ...layout({
        publicUrl: input.publicUrl,
        heading: 'Verify your email address',
        paragraphs: [
          `Hello ${input.name},`,
          `Please confirm that this is the address of your ${PRODUCT_NAME} account, so we can reach you about your orders, deposits and password. The link below works once, for ${input.validHours} hours.`,
        ],
        action: { label: 'Verify my email address', url: input.verifyUrl },
        footnote: `If you did not create a ${PRODUCT_NAME} account, ignore this mail.`,
      }),
    };
  },
  bulkOrderFinished(input: {
    publicUrl: string;
    name: string;
    bulkOrderId: string;
    status: 'completed' | 'partial' | 'failed';
    orderCount: number;
    completedCount: number;
    failedCount: number;
  }): RenderedMail {
    const outcome = {
      completed: 'finished: every label was bought',
      partial: 'finished with some failures',
      failed: 'failed: no label could be bought',
    }[input.status];
    const refund = input.failedCount > 0 ? ' The price of each failed label was refunded to your balance.' : '';
    return {
      subject: `Bulk order ${input.bulkOrderId} ${input.status === 'completed' ? 'finished' : input.status === 'partial' ? 'finished with failures' : 'failed'}`,
      ...layout({
        publicUrl: input.publicUrl,
        heading: `Bulk order ${outcome}`,
        paragraphs: [
          `Hello ${input.name},`,
          `Your bulk order ${input.bulkOrderId} of ${plural(input.orderCount, 'label', 'labels')} ${outcome}: ${input.completedCount} bought, ${input.failedCount} failed.${refund}`,
        ],
        action: {
          label: 'Open the bulk order',
          url: `${input.publicUrl}/bulk-order?bulkOrder=${encodeURIComponent(input.bulkOrderId)}`,
        },
        footnote: NOTIFICATION_FOOTNOTE,
      }),
    };
  },
  depositCredited(input: {
    publicUrl: string;
    name: string;
    transactionId: string;
    amountCents: number;
    balanceCents: number;
  }): RenderedMail {
    return {
      subject: `${usd(input.amountCents)} was added to your ${PRODUCT_NAME} balance`,
      ...layout({
        publicUrl: input.publicUrl,
        heading: 'Deposit credited',
        paragraphs: [
          `Hello ${input.name},`,
          `${usd(input.amountCents)} was credited to your balance (transaction ${input.transactionId}). Your balance is now ${usd(input.balanceCents)}.`,
        ],
        action: { label: 'See your balance', url: `${input.publicUrl}/balance` },
        footnote: NOTIFICATION_FOOTNOTE,
      }),
    };
  },
  lowBalance(input: { publicUrl: string; name: string; balanceCents: number; thresholdCents: number }): RenderedMail {
    return {
      subject: `Your ${PRODUCT_NAME} balance is below ${usd(input.thresholdCents)}`,
      ...layout({
        publicUrl: input.publicUrl,
        heading: 'Your balance is running low',
        paragraphs: [
          `Hello ${input.name},`,
          `Your balance is ${usd(input.balanceCents)}, below the ${usd(input.thresholdCents)} you set for this alert. Add funds so your next labels do not fail for lack of balance.`,
          'We send this once each time the balance drops below your threshold.',
        ],
        action: { label: 'Add funds', url: `${input.publicUrl}/balance` },
        footnote: NOTIFICATION_FOOTNOTE,
      }),
    };
  },
  labelRefunded(input: {
    publicUrl: string;
    name: string;
    orderId: string;
    carrier: string;
    trackingNumber: string;
    amountCents: number;
    balanceCents: number | null;
  }): RenderedMail {
    const balance = input.balanceCents === null ? '' : ` Your balance is now ${usd(input.balanceCents)}.`;
    return {
      subject: `Label voided: ${usd(input.amountCents)} refunded`,
      ...layout({
        publicUrl: input.publicUrl,
        heading: 'Label voided and refunded',
        paragraphs: [
          `Hello ${input.name},`,
          `The ${input.carrier} label ${input.trackingNumber} (order ${input.orderId}) was voided and ${usd(input.amountCents)} was refunded to your balance.${balance} Do not ship with this label: it is no longer valid.`,
        ],
        action: { label: 'See your orders', url: `${input.publicUrl}/my-orders` },
        footnote: NOTIFICATION_FOOTNOTE,
      }),
    };
  },
  depositAttention(input: {
    publicUrl: string;
    name: string;
    customerEmail: string;
    transactionId: string;
    invoiceId: string;
    reasons: Array<'underpaid' | 'overpaid' | 'late'>;
    requestedCents: number;
    receivedCents: number;
  }): RenderedMail {
    const reasonText = input.reasons
      .map((r) => ({ underpaid: 'underpaid', overpaid: 'overpaid', late: 'paid late' })[r])
      .join(' and ');
    return {
      subject: `Deposit needs attention: ${reasonText} (${input.customerEmail})`,
      ...layout({
        publicUrl: input.publicUrl,
        heading: 'A deposit needs attention',
        paragraphs: [
          `Hello ${input.name},`,
          `A crypto deposit of ${input.customerEmail} was ${reasonText}: ${usd(input.receivedCents)} received for ${usd(input.requestedCents)} asked (invoice ${input.invoiceId}, transaction ${input.transactionId}). What was received has been credited; check whether the customer needs a word or an adjustment.`,
        ],
        action: { label: 'Open Transactions', url: `${input.publicUrl}/admin/transactions` },
        footnote: NOTIFICATION_FOOTNOTE,
      }),
    };
  },
  providerCircuitOpened(input: {
    publicUrl: string;
    name: string;
    apiName: string;
    lastError: string;
    openUntil: string;
  }): RenderedMail {
    return {
      subject: `Provider API "${input.apiName}" is failing: its circuit opened`,
      ...layout({
        publicUrl: input.publicUrl,
        heading: 'A provider API circuit opened',
        paragraphs: [
          `Hello ${input.name},`,
          `Purchases through "${input.apiName}" kept failing, so its circuit breaker opened: purchases skip it (and fail over where another API can take them) until ${input.openUntil}, then one purchase probes it.`,
          `Last error: ${input.lastError}`,
        ],
        action: { label: 'Open Service Management', url: `${input.publicUrl}/admin/service-management` },
        footnote: NOTIFICATION_FOOTNOTE,
      }),
    };
  },
};
