import { describe, expect, it } from 'vitest';
import {
  fedexCheckDigit,
  formatTrackingNumber,
  isValidTrackingNumber,
  newTrackingNumber,
  upsCheckDigit,
  uspsCheckDigit,
} from './tracking-numbers';

describe('check digits agree with numbers seen in the wild', () => {
  it('UPS', () => {
    expect(upsCheckDigit('5R8939035756712')).toBe(7); // 1Z5R89390357567127
    expect(isValidTrackingNumber('UPS', '1Z5R89390357567127')).toBe(true);
    expect(isValidTrackingNumber('UPS', '1Z5R89390357567128')).toBe(false);
  });

  it('USPS', () => {
    for (const n of ['9400111899223818218407', '9400111699000271800200', '9405511699000273008898']) {
      expect(uspsCheckDigit(n.slice(0, 21))).toBe(Number(n.slice(21)));
      expect(isValidTrackingNumber('USPS', n)).toBe(true);
    }
    expect(isValidTrackingNumber('USPS', '9400111899223818218408')).toBe(false);
  });

  it('FedEx', () => {
    expect(fedexCheckDigit('79780667714')).toBe(6); // 797806677146
    expect(isValidTrackingNumber('FEDEX', '797806677146')).toBe(true);
    expect(isValidTrackingNumber('FEDEX', '797806677145')).toBe(false);
  });
});

describe('generated numbers', () => {
  it('have each carrier’s shape and a valid check digit', () => {
    for (let i = 0; i < 200; i++) {
      const ups = newTrackingNumber('UPS', { catalogueId: 'alpha', trackingCode: '03' });
      expect(ups).toMatch(/^1Z[0-9A-Z]{6}03\d{7}\d$/);
      expect(isValidTrackingNumber('UPS', ups)).toBe(true);

      const usps = newTrackingNumber('USPS', { catalogueId: 'alpha', trackingCode: '9205' });
      expect(usps).toMatch(/^9205\d{18}$/);
      expect(isValidTrackingNumber('USPS', usps)).toBe(true);

      const fedex = newTrackingNumber('FEDEX', { catalogueId: 'alpha' });
      expect(fedex).toMatch(/^[27]\d{11}$/);
      expect(isValidTrackingNumber('FEDEX', fedex)).toBe(true);
    }
  });

  it('use a shipper account per catalogue', () => {
    const a = newTrackingNumber('UPS', { catalogueId: 'alpha' }).slice(2, 8);
    const b = newTrackingNumber('UPS', { catalogueId: 'beta' }).slice(2, 8);
    expect(a).not.toBe(b);
    expect(newTrackingNumber('UPS', { catalogueId: 'alpha' }).slice(2, 8)).toBe(a);
  });

  it('print grouped like carrier labels', () => {
    expect(formatTrackingNumber('UPS', '1Z5R89390357567127')).toBe('1Z 5R8 939 03 5756 7127');
    expect(formatTrackingNumber('USPS', '9400111899223818218407')).toBe('9400 1118 9922 3818 2184 07');
    expect(formatTrackingNumber('FEDEX', '797806677146')).toBe('7978 0667 7146');
  });
});
