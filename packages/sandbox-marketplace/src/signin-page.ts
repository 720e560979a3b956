import type { Context } from 'hono';
import { html } from 'hono/html';
import type { IssuedSession } from './sandbox';

/**
 * The sandbox's sign-in page for a person in a browser: what a seller does on the real marketplace (sign in, then copy
 * the anti-CSRF token and export the session cookies with a browser extension) in two clicks. `GET /signin` shows a
 * Sign in button; the form posts to the same path and the answer shows the token and offers the cookies file
 * (`marketplace-cookies.json`, the {name, value, domain, path} array extensions export) as a download. No script runs
 * on these pages: the download is a `data:` link with the `download` attribute.
 */

export const COOKIES_FILE_NAME = 'marketplace-cookies.json';

/** No script, no frames, no other origin: only the page's own inline styles and a form posting to itself. */
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const STYLE = `body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1a1b1e}
code{display:block;padding:.5rem;background:#f1f3f5;border-radius:4px;word-break:break-all;font-size:.9rem}
button,a.button{display:inline-block;padding:.5rem 1rem;border-radius:4px;border:0;background:#228be6;color:#fff;
font-size:1rem;text-decoration:none;cursor:pointer}p.note{color:#495057;font-size:.9rem}`;

function page(c: Context, title: string, body: ReturnType<typeof html>, status: 200 | 201 = 200) {
  c.header('Content-Security-Policy', PAGE_CSP);
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  return c.html(
    html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <style>
      ${STYLE}
    </style>
  </head>
  <body>
    ${body}
  </body>
</html>`,
    status,
  );
}

/** GET /signin: the Sign in button. */
export function signInForm(c: Context) {
  return page(
    c,
    'Marketplace sandbox: seller sign-in',
    html`<h1>Marketplace sandbox</h1>
      <p>
        This stands in for Amazon Seller Central when you try LabelDesk. Signing in creates a seller session: you get the
        anti-CSRF token and the session cookies that "Confirm Orders on Amazon" asks for.
      </p>
      <form method="post">
        <button type="submit" data-testid="sandbox-signin">Sign in as the sandbox seller</button>
      </form>
      <p class="note">No password: this is a sandbox, and nothing here reaches a real marketplace.</p>`,
  );
}

/** The answer to the sign-in form: the token to copy and the cookies file to download. */
export function signedInPage(c: Context, session: IssuedSession) {
  const file = JSON.stringify(session.cookies, null, 2);
  const href = `data:application/json;charset=utf-8,${encodeURIComponent(file)}`;
  return page(
    c,
    'Marketplace sandbox: signed in',
    html`<h1>Signed in</h1>
      <p>Copy these into LabelDesk's "Confirm Orders on Amazon" page.</p>
      <h2>Anti-CSRF token</h2>
      <code data-testid="sandbox-csrf-token">${session.csrfToken}</code>
      <h2>Session cookies</h2>
      <p>
        <a class="button" href="${href}" download="${COOKIES_FILE_NAME}" data-testid="sandbox-cookies-download"
          >Download ${COOKIES_FILE_NAME}</a
        >
      </p>
      <p class="note">
        Signed in at ${session.issuedAt}. The session goes stale after the sandbox's session age (14 days by default);
        sign in again then.
      </p>`,
    201,
  );
}

/** A form post (a browser) rather than an API call (JSON or no body). */
export function isFormPost(c: Context): boolean {
  const type = c.req.header('content-type') ?? '';
  return /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type);
}
