/** Compares two byte arrays in time that depends only on their length. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

/**
 * Whether a presented secret equals the configured one, in constant time: both are hashed (SHA-256, WebCrypto on
 * Node and Workers) first, so neither the content nor the length of the configured secret shows in the timing.
 */
export async function secretsEqual(presented: string, configured: string): Promise<boolean> {
  const encoder = new TextEncoder();
  const [a, b] = await Promise.all([
    crypto.subtle.digest('SHA-256', encoder.encode(presented)),
    crypto.subtle.digest('SHA-256', encoder.encode(configured)),
  ]);
  return constantTimeEqual(new Uint8Array(a), new Uint8Array(b));
}
