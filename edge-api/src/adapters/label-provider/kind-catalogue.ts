import {
  PROVIDER_ERROR_MESSAGES as MSG,
  type ProviderAddress,
  type ProviderCarrier,
  ProviderError,
  type ProviderQuote,
  type ProviderServiceInfo,
  type QuoteInput,
} from '../../ports/label-provider';

/**
 * What the multi-carrier kinds (EasyPost, Shippo) share: neither has a price list, so the service catalogue (the
 * update check) rates a fixed set of reference parcels between two reference addresses and lists each carrier service
 * with the price of each weight step ('$price (from-to lbs)') and, where a heavier reference parcel got no rate, its
 * maximum weight. Services carry LabelDesk's canonical service codes (the carrier sandbox's: ups_ground, ...), so the
 * same carrier service is recognised on every API whatever the provider calls it.
 */

/** A cross-country lane (zone 8): the dearest prices of a domestic service, so a quote never undercuts them. */
export const REFERENCE_FROM: ProviderAddress = {
  name: 'LabelDesk Reference',
  street1: '388 Townsend St',
  city: 'San Francisco',
  state: 'CA',
  zip: '94107',
  country: 'US',
};
export const REFERENCE_TO: ProviderAddress = {
  name: 'LabelDesk Reference',
  street1: '20 W 34th St',
  city: 'New York',
  state: 'NY',
  zip: '10001',
  country: 'US',
};
/** Reference parcel weights (lbs), 10 × 8 × 4 in. */
export const REFERENCE_WEIGHTS_LBS = [1, 5, 10, 20, 50, 70, 150] as const;
export const REFERENCE_DIMENSIONS_IN = { length: 10, width: 8, height: 4 } as const;

/** Canonical code → carrier and display name (as the carrier sandbox names them). */
export const CANONICAL_SERVICES: Record<string, { carrier: ProviderCarrier; name: string }> = {
  ups_ground: { carrier: 'UPS', name: 'UPS Ground' },
  ups_ground_saver: { carrier: 'UPS', name: 'UPS Ground Saver' },
  ups_3_day_select: { carrier: 'UPS', name: 'UPS 3 Day Select' },
  ups_2nd_day_air: { carrier: 'UPS', name: 'UPS 2nd Day Air' },
  ups_next_day_air: { carrier: 'UPS', name: 'UPS Next Day Air' },
  ups_next_day_air_saver: { carrier: 'UPS', name: 'UPS Next Day Air Saver' },
  ups_next_day_air_early: { carrier: 'UPS', name: 'UPS Next Day Air Early' },
  usps_ground_advantage: { carrier: 'USPS', name: 'USPS Ground Advantage' },
  usps_priority_mail: { carrier: 'USPS', name: 'USPS Priority Mail' },
  usps_priority_mail_express: { carrier: 'USPS', name: 'USPS Priority Mail Express' },
  usps_media_mail: { carrier: 'USPS', name: 'USPS Media Mail' },
  fedex_ground: { carrier: 'FEDEX', name: 'FedEx Ground' },
  fedex_home_delivery: { carrier: 'FEDEX', name: 'FedEx Home Delivery' },
  fedex_2day: { carrier: 'FEDEX', name: 'FedEx 2Day' },
  fedex_express_saver: { carrier: 'FEDEX', name: 'FedEx Express Saver' },
  fedex_standard_overnight: { carrier: 'FEDEX', name: 'FedEx Standard Overnight' },
  fedex_priority_overnight: { carrier: 'FEDEX', name: 'FedEx Priority Overnight' },
};

/** One rate a provider gave for a parcel, already in canonical terms. */
export interface RatedOffer {
  serviceCode: string;
  priceCents: number;
  transitDays: number | null;
  /** The delivery date the provider promises (YYYY-MM-DD), where it gives one. */
  estimatedDelivery?: string | null;
}

/** A quote's parcel ends: only the zip is known (both providers rate by zip). */
const zipOnly = (zip: string): ProviderAddress => ({ name: '', street1: '', city: '', state: '', zip, country: 'US' });

/** The rates a provider gives for a parcel of `ounces` between two addresses, in canonical terms. */
export type RateParcel = (from: ProviderAddress, to: ProviderAddress, ounces: number) => Promise<RatedOffer[]>;

/** The service catalogue (the update check): every reference parcel rated, lightest first. */
export async function catalogueByRating(rate: RateParcel): Promise<ProviderServiceInfo[]> {
  const rated = [];
  for (const weightLbs of REFERENCE_WEIGHTS_LBS) {
    rated.push({ weightLbs, offers: await rate(REFERENCE_FROM, REFERENCE_TO, weightLbs * 16) });
  }
  return catalogueFromRates(rated);
}

/** A quote: the parcel rated between the two zips, and the rate of the asked service (none → noRateError). */
export async function quoteByRating(rate: RateParcel, input: QuoteInput): Promise<ProviderQuote> {
  const offers = await rate(zipOnly(input.fromZip), zipOnly(input.toZip), toOunces(input.weight, input.weightUnit));
  const offer = offers.find((r) => r.serviceCode === input.serviceCode);
  const known = CANONICAL_SERVICES[input.serviceCode];
  if (!offer || !known) throw noRateError(input.serviceCode);
  return {
    serviceCode: offer.serviceCode,
    carrier: known.carrier,
    serviceName: known.name,
    priceCents: offer.priceCents,
    billedWeight: input.weight,
    billedWeightUnit: input.weightUnit,
    transitDays: offer.transitDays,
    estimatedDelivery: offer.estimatedDelivery ?? null,
  };
}

/** The catalogue from the rates of every reference parcel (lightest first): one entry per canonical service. */
export function catalogueFromRates(rated: ReadonlyArray<{ weightLbs: number; offers: RatedOffer[] }>) {
  const byCode = new Map<string, { points: Array<{ weight: number; cents: number }>; days: number[] }>();
  for (const { weightLbs, offers } of rated) {
    for (const offer of offers) {
      const entry = byCode.get(offer.serviceCode) ?? { points: [], days: [] };
      // The cheapest rate when a provider offers the same service twice (two carrier accounts).
      const same = entry.points.find((p) => p.weight === weightLbs);
      if (same) same.cents = Math.min(same.cents, offer.priceCents);
      else entry.points.push({ weight: weightLbs, cents: offer.priceCents });
      if (offer.transitDays !== null) entry.days.push(offer.transitDays);
      byCode.set(offer.serviceCode, entry);
    }
  }
  const heaviest = Math.max(0, ...rated.map((r) => r.weightLbs));
  const services: ProviderServiceInfo[] = [];
  for (const [serviceCode, { points, days }] of byCode) {
    const known = CANONICAL_SERVICES[serviceCode];
    if (!known) continue;
    points.sort((a, b) => a.weight - b.weight);
    const last = points[points.length - 1]?.weight ?? 0;
    services.push({
      carrier: known.carrier,
      name: known.name,
      serviceCode,
      status: 'active',
      // Known only when a heavier reference parcel got no rate: the service stops at (or before) the last one rated.
      maxWeight: last < heaviest ? last : null,
      weightUnit: 'lbs',
      prices: points.map((p, i) => ({
        fromWeight: points[i - 1]?.weight ?? 0,
        toWeight: p.weight,
        priceCents: p.cents,
      })),
      transitDays: days.length > 0 ? { min: Math.min(...days), max: Math.max(...days) } : null,
      templates: [],
    });
  }
  return services.sort((a, b) => a.serviceCode.localeCompare(b.serviceCode));
}

/** Pounds or ounces → ounces (both providers' parcels), to 1/10 oz. */
export function toOunces(weight: number, unit: 'lbs' | 'oz'): number {
  return Math.round((unit === 'lbs' ? weight * 16 : weight) * 10) / 10;
}

/** The service is not among the rates the provider gave for this parcel (not sold, or too heavy for it). */
export function noRateError(serviceCode: string): ProviderError {
  return new ProviderError('invalid_input', MSG.serviceInactive, {
    logMessage: `the provider offered no rate for ${serviceCode} on this shipment`,
    providerCode: 'service_inactive',
  });
}

/** The key refusal every kind reports the same way: Add New API and the update check show it to the admin. */
export function keyRefused(status: number, logMessage: string): ProviderError {
  return new ProviderError('upstream_error', MSG.keyRefused, { logMessage, httpStatus: status, nothingBought: true });
}
