import { ORDER_MESSAGES, type ShippingApiConfig } from '@labeldesk/contracts';
import { RECIPIENT, SENDER, upsGround } from './orders-support';

/**
 * The purchases the server refuses before it asks a provider (SPEC §5 texts, an unknown service, bad fields): name,
 * the POST /api/orders body (which POST /api/v1/create-label takes too), the status and the message. Shared by
 * orders.refusals (the web) and public-api.test-mode (the same answers with a live and a test key).
 */
export const REFUSAL_CASES: Array<[string, (api: ShippingApiConfig) => unknown, number, string]> = [
  [
    'weight over the service maximum',
    (api) =>
      upsGround(api, {
        carrier: 'USPS',
        serviceType: 'USPS Ground Advantage 15 oz',
        packageDetails: { weight: 16, weightUnit: 'oz', length: 6, width: 4, height: 2 },
      }),
    400,
    'Weight exceeds maximum allowed (15 oz) for USPS Ground Advantage 15 oz',
  ],
  [
    'weight over the maximum given in another unit',
    (api) => upsGround(api, { packageDetails: { weight: 2401, weightUnit: 'oz', length: 6, width: 4, height: 2 } }),
    400,
    'Weight exceeds maximum allowed (150 lbs) for UPS Ground',
  ],
  [
    'an inactive service',
    (api) => upsGround(api, { serviceType: 'UPS Next Day Air Early' }),
    400,
    'Service currently unavailable',
  ],
  ['an unknown service', (api) => upsGround(api, { serviceType: 'UPS Teleport' }), 404, ORDER_MESSAGES.serviceNotFound],
  ['a service of another carrier', (api) => upsGround(api, { carrier: 'FEDEX' }), 404, ORDER_MESSAGES.serviceNotFound],
  [
    'a missing recipient street',
    (api) => upsGround(api, { recipient: { ...RECIPIENT, street1: ' ' } }),
    400,
    'Street address is required',
  ],
  [
    'a missing sender phone',
    (api) => ({
      ...upsGround(api),
      sender: { name: 'A', street1: '1 Main', city: 'NY', state: 'NY', zip: '10001' },
    }),
    400,
    'Phone number is required',
  ],
  [
    'a weight below 0.1',
    (api) => upsGround(api, { packageDetails: { weight: 0.05, length: 6, width: 4, height: 2 } }),
    400,
    ORDER_MESSAGES.minPackageNumber,
  ],
  [
    'missing dimensions',
    (api) => ({ ...upsGround(api), packageDetails: { weight: 1 } }),
    400,
    ORDER_MESSAGES.dimensionRequired,
  ],
];

type Party = Partial<typeof RECIPIENT> & Record<string, unknown>;

/**
 * The addresses create-label refuses (the SPEC §5 required fields, and the ZIP codes and states no carrier takes for a
 * US address), as the sender and recipient of a shipment. POST /api/v1/rates answers each exactly as create-label
 * does (public-api.rates-addresses).
 */
export const ADDRESS_REFUSAL_CASES: Array<[string, { sender?: Party; recipient?: Party }]> = [
  ['a missing recipient street', { recipient: { ...RECIPIENT, street1: ' ' } }],
  ['a missing sender phone', { sender: { name: 'A', street1: '1 Main', city: 'NY', state: 'NY', zip: '10001' } }],
  ['a blank recipient city', { recipient: { ...RECIPIENT, city: '' } }],
  ['a missing recipient ZIP code', { recipient: { ...RECIPIENT, zip: '' } }],
  ['a 4-digit recipient ZIP code', { recipient: { ...RECIPIENT, zip: '9410' } }],
  ['a recipient ZIP code of emoji', { recipient: { ...RECIPIENT, zip: '📦📦' } }],
  ['a malformed sender ZIP+4', { sender: { ...SENDER, zip: '10001-12' } }],
  ['a recipient state spelt out', { recipient: { ...RECIPIENT, state: 'California' } }],
  ['a one-letter sender state', { sender: { ...SENDER, state: 'N' } }],
  ['a ZIP code and a state both wrong', { recipient: { ...RECIPIENT, zip: '1234', state: 'Calif.' } }],
  ['a country off the list', { recipient: { ...RECIPIENT, country: 'ZZ' } }],
];
