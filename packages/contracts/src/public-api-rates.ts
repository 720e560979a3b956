import { z } from 'zod';
import { OrderPartyInput } from './orders';
import { Carrier } from './providers';
import { V1PackageInput } from './public-api';

/**
 * POST /api/v1/rates: what every enabled service that can take this parcel costs you, before buying. The body is
 * create-label's without the service (the same field schemas, so the same bad input gets the same 400); each rate's
 * `price` is what POST /create-label with its `serviceId` then charges, computed by the same pricing code.
 */
export const V1RatesRequest = z.object({
  /** Only the services of this shipping API (an id from GET /services); default: every enabled API. */
  apiId: z.string().trim().min(1).max(100).optional(),
  sender: OrderPartyInput,
  recipient: OrderPartyInput,
  packageDetails: V1PackageInput,
});
export type V1RatesRequest = z.input<typeof V1RatesRequest>;

export const V1Rate = z.object({
  /** Pass it to POST /create-label as `serviceId`. */
  serviceId: z.string(),
  apiId: z.string(),
  apiName: z.string(),
  carrier: Carrier,
  /** The service's name (create-label's `serviceType`). */
  name: z.string(),
  /** USD: what create-label charges for this parcel with this service. */
  price: z.number(),
  /** YYYY-MM-DD if bought now. */
  estimatedDelivery: z.string(),
});
export type V1Rate = z.infer<typeof V1Rate>;

/** Cheapest first. */
export const V1RatesResponse = z.object({
  status: z.literal('success'),
  livemode: z.boolean(),
  rates: z.array(V1Rate),
});
export type V1RatesResponse = z.infer<typeof V1RatesResponse>;
