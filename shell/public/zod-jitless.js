// Runs before the app's modules (a classic script, from this origin: the CSP allows it; no inline script is needed).
// The UI runs under a Content-Security-Policy without 'unsafe-eval' (security-headers.config.ts). zod 4 probes
// `new Function` when its first object schema is built and falls back when refused, but Chromium still reports the
// probe as a CSP violation. Setting zod's `jitless` option before any schema exists skips the probe. zod keeps its
// options on globalThis.__zod_globalConfig (what z.config() writes) and reuses an object already there, so this covers
// the shell's and every remote's copy of zod. shell/e2e/security-headers.e2e.test.ts fails if this stops working.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
