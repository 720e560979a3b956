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
};
