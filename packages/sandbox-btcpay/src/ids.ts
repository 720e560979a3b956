import { randomBytes } from 'node:crypto';

/**
 * Identifiers shaped like BTCPay Server's: invoice, webhook and delivery ids are base58 strings of 16 random bytes
 * (about 22 characters); on-chain payment ids are `<txid>-<vout>`. Addresses look like regtest bech32 but carry no valid
 * checksum: nothing here is spendable.
 */

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function base58(bytes: Uint8Array): string {
  let value = 0n;
  for (const byte of bytes) value = value * 256n + BigInt(byte);
  let out = '';
  while (value > 0n) {
    out = BASE58.charAt(Number(value % 58n)) + out;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/** A BTCPay-style random id (invoice, webhook, delivery, webhook secret). */
export function newBtcpayId(): string {
  return base58(randomBytes(16));
}

/** A fake regtest address (`bcrt1q…`), unique per invoice. */
export function newFakeAddress(): string {
  const bytes = randomBytes(38);
  let body = '';
  for (const byte of bytes) body += BECH32.charAt(byte % 32);
  return `bcrt1q${body}`;
}

/** A fake on-chain payment id: a random 32-byte txid in hex and output index 0. */
export function newFakePaymentId(): string {
  return `${randomBytes(32).toString('hex')}-0`;
}
