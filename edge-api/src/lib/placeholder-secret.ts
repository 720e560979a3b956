/**
 * Refuses the placeholder values of `.dev.vars.example` (and the like) as secrets, so a Worker or server deployed with
 * copied example secrets does not start: `change-me-to-a-random-string-...` is long enough to pass a length check but
 * is published in this repository, so anyone could forge sessions or unseal provider keys with it.
 */
const PLACEHOLDER = /change[-_ ]?me|replace[-_ ]?me|placeholder|your[-_ ]?secret/i;

/** True when the value reads like a placeholder rather than a generated secret. */
export function isPlaceholderSecret(value: string): boolean {
  return PLACEHOLDER.test(value);
}

/** The refinement for a secret setting: `.refine(...notPlaceholder('JWT_SECRET'))`. */
export function notPlaceholder(name: string): [(value: string | undefined) => boolean, string] {
  return [
    (value) => value === undefined || !isPlaceholderSecret(value),
    `${name} is the example's placeholder; set a random value (e.g. openssl rand -base64 48)`,
  ];
}
