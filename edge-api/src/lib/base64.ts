/** Standard base64 without padding (the PHC string format), runtime-neutral (Node and workerd). */
export function toB64NoPad(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/=+$/, '');
}

export function fromB64NoPad(text: string): Uint8Array {
  if (!/^[A-Za-z0-9+/]*$/.test(text)) throw new Error('invalid base64');
  const padded = text + '='.repeat((4 - (text.length % 4)) % 4);
  const bin = atob(padded);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export function toB64Url(bytes: Uint8Array): string {
  return toB64NoPad(bytes).replace(/\+/g, '-').replace(/\//g, '_');
}
