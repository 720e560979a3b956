import { randomInt } from 'node:crypto';
import { seedFrom } from './rng';
import type { Carrier } from './types';

/**
 * Carrier-format tracking numbers with valid check digits:
 * - UPS: `1Z` + 6-character shipper account + 2-character service indicator + 7-digit package number + mod-10 check
 *   digit (letters count as (charCode − 3) mod 10, every second character doubled) — 18 characters.
 * - USPS (IMpb): 4-digit prefix (9400, 9205, 9361) + 9-digit mailer id + 8-digit serial + mod-10 check digit (weights
 *   3, 1, … from the right) — 22 digits.
 * - FedEx Express: 11 digits + check digit (weights 1, 3, 7, … from the right, sum mod 11 mod 10) — 12 digits.
 */

const ALNUM = 'ABCDEFGHJKLMNPRSTUVWXY0123456789';

function digits(count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += String(randomInt(0, 10));
  return out;
}

function charValue(c: string): number {
  return /[0-9]/.test(c) ? Number(c) : (c.charCodeAt(0) - 3) % 10;
}

/** UPS check digit over the 15 characters after "1Z". */
export function upsCheckDigit(body: string): number {
  let total = 0;
  for (let i = 0; i < body.length; i++) {
    const v = charValue(body.charAt(i));
    total += i % 2 === 1 ? v * 2 : v;
  }
  return (10 - (total % 10)) % 10;
}

/** USPS IMpb check digit over the first 21 digits. */
export function uspsCheckDigit(body: string): number {
  let total = 0;
  for (let i = 0; i < body.length; i++) {
    const fromRight = body.length - 1 - i;
    total += Number(body.charAt(i)) * (fromRight % 2 === 0 ? 3 : 1);
  }
  return (10 - (total % 10)) % 10;
}

/** FedEx Express check digit over the first 11 digits. */
export function fedexCheckDigit(body: string): number {
  const weights = [1, 3, 7];
  let total = 0;
  for (let i = 0; i < body.length; i++) {
    const fromRight = body.length - 1 - i;
    total += Number(body.charAt(i)) * (weights[fromRight % 3] ?? 1);
  }
  return (total % 11) % 10;
}

/** A stable 6-character UPS shipper account for a catalogue. */
export function upsShipperAccount(catalogueId: string): string {
  let seed = seedFrom(`ups-account:${catalogueId}`);
  let out = '';
  for (let i = 0; i < 6; i++) {
    out += ALNUM.charAt(seed % ALNUM.length);
    seed = Math.floor(seed / ALNUM.length) + i * 7919;
  }
  return out;
}

/** A stable 9-digit USPS mailer id for a catalogue. */
export function uspsMailerId(catalogueId: string): string {
  return String(900_000_000 + (seedFrom(`usps-mailer:${catalogueId}`) % 99_999_999));
}

export function newTrackingNumber(carrier: Carrier, opts: { catalogueId: string; trackingCode?: string }): string {
  switch (carrier) {
    case 'UPS': {
      const service = (opts.trackingCode ?? '03').toUpperCase().padStart(2, '0').slice(0, 2);
      const body = `${upsShipperAccount(opts.catalogueId)}${service}${digits(7)}`;
      return `1Z${body}${upsCheckDigit(body)}`;
    }
    case 'USPS': {
      const prefix = opts.trackingCode && /^\d{4}$/.test(opts.trackingCode) ? opts.trackingCode : '9400';
      const body = `${prefix}${uspsMailerId(opts.catalogueId)}${digits(8)}`;
      return `${body}${uspsCheckDigit(body)}`;
    }
    case 'FEDEX': {
      // FedEx Express numbers in circulation mostly start with 7 or 2.
      const body = `${randomInt(0, 2) === 0 ? '7' : '2'}${digits(10)}`;
      return `${body}${fedexCheckDigit(body)}`;
    }
  }
}

/** Checks format and check digit for the given carrier. */
export function isValidTrackingNumber(carrier: Carrier, trackingNumber: string): boolean {
  switch (carrier) {
    case 'UPS': {
      const m = /^1Z([0-9A-Z]{15})([0-9])$/.exec(trackingNumber);
      return !!m && upsCheckDigit(m[1] ?? '') === Number(m[2]);
    }
    case 'USPS': {
      const m = /^(9\d{20})(\d)$/.exec(trackingNumber);
      return !!m && uspsCheckDigit(m[1] ?? '') === Number(m[2]);
    }
    case 'FEDEX': {
      const m = /^(\d{11})(\d)$/.exec(trackingNumber);
      return !!m && fedexCheckDigit(m[1] ?? '') === Number(m[2]);
    }
  }
}

/** Groups a tracking number the way carriers print it (UPS 1Z 5R8 939 03 5756 7127; USPS/FedEx blocks of 4). */
export function formatTrackingNumber(carrier: Carrier, trackingNumber: string): string {
  if (carrier === 'UPS' && trackingNumber.length === 18) {
    const t = trackingNumber;
    return [t.slice(0, 2), t.slice(2, 5), t.slice(5, 8), t.slice(8, 10), t.slice(10, 14), t.slice(14)].join(' ');
  }
  return trackingNumber.replace(/(.{4})(?=.)/g, '$1 ');
}
