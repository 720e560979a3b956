import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrierSandbox } from '../src/index';
import { client, type ErrorBody, type ServiceBody, sandboxes } from './helpers';

const running = sandboxes();
let s: CarrierSandbox;
let alphaServices: ServiceBody[];
let betaServices: ServiceBody[];

beforeAll(async () => {
  s = await running.start();
  const a = await client(s.catalogues.alpha?.baseUrl ?? '', s.catalogues.alpha?.apiKey ?? '').get<{
    services: ServiceBody[];
  }>('/v1/services');
  const b = await client(s.catalogues.beta?.baseUrl ?? '', s.catalogues.beta?.apiKey ?? '').get<{
    services: ServiceBody[];
  }>('/v1/services');
  alphaServices = a.body.services;
  betaServices = b.body.services;
});
afterAll(() => running.closeAll());

const byCode = (list: ServiceBody[], code: string) => {
  const found = list.find((x) => x.serviceCode === code);
  if (!found) throw new Error(`missing ${code}`);
  return found;
};

describe('GET /v1/services', () => {
  it('serves two catalogues with distinct base URLs, keys, services and prices', () => {
    const { alpha, beta } = s.catalogues;
    expect(alpha?.baseUrl).toBe(`${s.url}/catalogues/alpha`);
    expect(beta?.baseUrl).toBe(`${s.url}/catalogues/beta`);
    expect(alpha?.apiKey).not.toBe(beta?.apiKey);

    const codes = (l: ServiceBody[]) => l.map((x) => x.serviceCode).sort();
    expect(codes(alphaServices)).not.toEqual(codes(betaServices));
    expect(byCode(alphaServices, 'ups_ground').prices).not.toEqual(byCode(betaServices, 'ups_ground').prices);
    expect(alphaServices.length).toBeGreaterThan(betaServices.length);
  });

  it('lists UPS, USPS and FedEx services with real names', () => {
    const names = alphaServices.map((x) => `${x.carrier}/${x.name}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'UPS/UPS Ground',
        'UPS/UPS 3 Day Select',
        'UPS/UPS 2nd Day Air',
        'UPS/UPS Next Day Air',
        'USPS/USPS Ground Advantage',
        'USPS/USPS Priority Mail',
        'USPS/USPS Priority Mail Express',
        'USPS/USPS Ground Advantage 15 oz',
        'FEDEX/FedEx Ground',
        'FEDEX/FedEx Home Delivery',
        'FEDEX/FedEx Express Saver',
        'FEDEX/FedEx 2Day',
        'FEDEX/FedEx Standard Overnight',
      ]),
    );
  });

  it('gives ounce services an oz maximum and oz tiers, other services lbs', () => {
    for (const svc of [...alphaServices, ...betaServices]) {
      expect(svc.weightUnit).toBe(/\boz\b/.test(svc.name) ? 'oz' : 'lbs');
    }
    const oz15 = byCode(alphaServices, 'usps_ground_advantage_15oz');
    expect(oz15).toMatchObject({ maxWeight: 15, weightUnit: 'oz', status: 'active' });
    expect(oz15.prices).toEqual([
      { fromWeight: 0, toWeight: 4, price: 3.95 },
      { fromWeight: 4, toWeight: 8, price: 4.55 },
      { fromWeight: 8, toWeight: 12, price: 5.3 },
      { fromWeight: 12, toWeight: 15, price: 6.25 },
    ]);
    expect(byCode(alphaServices, 'ups_ground')).toMatchObject({ maxWeight: 150, weightUnit: 'lbs' });
    expect(byCode(alphaServices, 'usps_priority_mail')).toMatchObject({ maxWeight: 70, weightUnit: 'lbs' });
  });

  it('has contiguous tiers from 0 to the maximum weight in decimal USD', () => {
    for (const svc of [...alphaServices, ...betaServices]) {
      expect(svc.prices[0]?.fromWeight).toBe(0);
      expect(svc.prices.at(-1)?.toWeight).toBe(svc.maxWeight);
      for (let i = 1; i < svc.prices.length; i++) {
        expect(svc.prices[i]?.fromWeight).toBe(svc.prices[i - 1]?.toWeight);
      }
      for (const p of svc.prices) expect(Number(p.price.toFixed(2))).toBe(p.price);
    }
    // Beta is a flat-rate reseller: some services have one tier only.
    expect(byCode(betaServices, 'ups_2nd_day_air').prices).toEqual([{ fromWeight: 0, toWeight: 50, price: 29.9 }]);
  });

  it('lists inactive services with their status, and templates for USPS only', () => {
    expect(byCode(alphaServices, 'ups_next_day_air_early').status).toBe('inactive');
    expect(byCode(betaServices, 'usps_priority_mail_express').status).toBe('inactive');
    expect(byCode(alphaServices, 'usps_priority_mail').templates).toEqual([
      'BASIC',
      'EVS',
      'EVS_V2',
      'AMZ',
      'EASYPOST',
      'ENDICIA',
      'ROLLO',
      'PITNEY_BOWES',
      'STAMPS',
    ]);
    expect(byCode(betaServices, 'usps_priority_mail').templates).toEqual(['BASIC']);
    expect(byCode(alphaServices, 'ups_ground').templates).toEqual([]);
  });

  it('returns one service by code and not_found for a code it does not offer', async () => {
    const c = client(s.catalogues.alpha?.baseUrl ?? '', s.catalogues.alpha?.apiKey ?? '');
    const one = await c.get<ServiceBody>('/v1/services/fedex_2day');
    expect(one.status).toBe(200);
    expect(one.body).toEqual(byCode(alphaServices, 'fedex_2day'));
    const missing = await c.get<ErrorBody>('/v1/services/usps_media_mail');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
  });

  it('does not list services that have not appeared yet', () => {
    expect(alphaServices.some((x) => x.serviceCode === 'ups_ground_saver')).toBe(false);
  });
});
