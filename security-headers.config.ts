/**
 * The security headers of the web front-ends (the shell and the three remotes), written once for both ways they are
 * served: the Node entry (edge-api/src/entries/node/static.ts) sends them on every answer, and every Vite build emits a
 * `_headers` file into its dist folder for Cloudflare Pages (and hosts that read the same format).
 *
 * Content-Security-Policy, directive by directive:
 * - script-src 'self' (+ the remotes' origins when they live elsewhere): no inline script, no eval. The shell and the
 *   remotes are ES modules loaded from files; the federation runtime imports remote entries with `import()`.
 * - style-src 'self' 'unsafe-inline': Mantine (the component kit) writes its theme as CSS variables into a `<style>`
 *   element at run time (MantineProvider → MantineCssVariables) and responsive style props as `<style>` elements too
 *   (InlineStyles). Those are React-rendered text, not markup an attacker controls, but a static host cannot hand out
 *   per-request nonces, so inline styles must be allowed. Style injection cannot run script; everything that can (script,
 *   objects, frames of others, base URLs) is locked down.
 * - img-src 'self' data: blob: (SVG data URIs in the kit's CSS, label previews); font-src 'self' data:.
 * - connect-src 'self' (+ remotes' origins): the API is same-origin (`apiBase` ""), app-config.json too.
 * - frame-src 'self' blob: — label PDFs are shown from this origin; object-src 'none'.
 * - base-uri 'none', form-action 'self', frame-ancestors 'none' (no clickjacking).
 */

export interface ContentSecurityPolicyOptions {
  /** Absolute origins the remotes are loaded from when not same-origin (REMOTE_*_URL), e.g. https://cdn.example. */
  remoteOrigins?: readonly string[];
}

/**
 * The origins of remote entry URLs that are absolute (REMOTE_*_URL on another host); relative ones are same-origin and
 * need nothing. What both ways of serving the UI (Node entry, Pages `_headers`) pass as `remoteOrigins`.
 */
export function remoteOriginsOf(urls: Iterable<string>): string[] {
  return [...urls].flatMap((url) => {
    try {
      return /^https?:\/\//i.test(url) ? [new URL(url).origin] : [];
    } catch {
      return [];
    }
  });
}

/** The front-ends' Content-Security-Policy header value. */
export function contentSecurityPolicy(opts: ContentSecurityPolicyOptions = {}): string {
  const remotes = [...new Set(opts.remoteOrigins ?? [])].filter((o) => /^https?:\/\/[^/\s;,']+$/.test(o));
  const self = ["'self'", ...remotes].join(' ');
  return [
    "default-src 'self'",
    `script-src ${self}`,
    `style-src ${self} 'unsafe-inline'`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${self}`,
    "frame-src 'self' blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Headers every front-end answer carries besides the CSP. The Referrer-Policy here is the only one: index.html has no
 * `<meta name="referrer">` (a meta tag would override the header).
 */
export const WEB_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/** All front-end headers, CSP included. */
export function webSecurityHeaders(opts: ContentSecurityPolicyOptions = {}): Record<string, string> {
  return { 'Content-Security-Policy': contentSecurityPolicy(opts), ...WEB_SECURITY_HEADERS };
}

/**
 * Cloudflare Pages' `_headers` file (https://developers.cloudflare.com/pages/configuration/headers/): the same headers
 * for every path of the site. The Pages bundle (`pnpm build:pages`) writes it with the configured remotes' origins.
 */
export function staticHostingHeadersFile(opts: ContentSecurityPolicyOptions = {}): string {
  const lines = Object.entries(webSecurityHeaders(opts)).map(([name, value]) => `  ${name}: ${value}`);
  return `# Written by the build (security-headers.config.ts): security headers for every file of this site.\n/*\n${lines.join('\n')}\n`;
}

/** A Vite plugin that emits `_headers` into the build output (dist/_headers). */
export function staticHostingHeaders() {
  return {
    name: 'labeldesk-static-hosting-headers',
    apply: 'build' as const,
    generateBundle(this: { emitFile(file: { type: 'asset'; fileName: string; source: string }): string }) {
      this.emitFile({ type: 'asset', fileName: '_headers', source: staticHostingHeadersFile() });
    },
  };
}
