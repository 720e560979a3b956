import type { OrderRow } from '../../db/schema';
import { readPackage, readParty } from '../../lib/presenters/order';
import type { CreateLabelInput, ProviderAddress } from '../../ports/label-provider';

function address(json: string): ProviderAddress {
  const p = readParty(json);
  return {
    name: p.name,
    company: p.company || null,
    street1: p.street1,
    street2: p.street2 || null,
    city: p.city,
    state: p.state,
    zip: p.zip,
    country: p.country || 'US',
    phone: p.phone || null,
    email: p.email || null,
  };
}

/**
 * The provider request of an order, built from its stored snapshots only: every attempt (request, job, sweep) sends
 * the very same body, which the provider's idempotency check requires.
 */
export function labelRequestFor(order: OrderRow, opts: { mayExist?: boolean } = {}): CreateLabelInput {
  const pkg = readPackage(order.packageJson);
  if (!pkg) throw new Error(`order ${order.id}: unreadable package_json`);
  return {
    serviceCode: order.serviceCode,
    template: order.carrier === 'USPS' ? (pkg.template ?? 'BASIC') : null,
    from: address(order.senderJson),
    to: address(order.recipientJson),
    package: {
      weight: pkg.weight,
      weightUnit: pkg.weightUnit,
      length: pkg.length,
      width: pkg.width,
      height: pkg.height,
      description: pkg.description || null,
      valueCents: pkg.valueCents,
    },
    // Printed on the label: the customer's reference, then our order id.
    reference: order.reference ? `${order.reference} / ${order.id}` : order.id,
    idempotencyKey: order.id,
    ...(opts.mayExist ? { mayExist: true } : {}),
  };
}

/** Where each field of the provider request (labelRequestFor) came from in the customer's order request. */
const PACKAGE_PATHS: Record<string, string> = {
  weight: 'packageDetails.weight',
  weightUnit: 'packageDetails.weightUnit',
  length: 'packageDetails.dimensions.length',
  width: 'packageDetails.dimensions.width',
  height: 'packageDetails.dimensions.height',
  description: 'packageDetails.description',
  valueCents: 'packageDetails.value',
};

/**
 * A provider refusal's field path (`to.zip`, `package.length`) as the path of the customer's own request
 * (`recipient.zip`, `packageDetails.dimensions.length`), so the answer names what they sent. A path with no place in
 * the request (the service code is ours) is kept as it is.
 */
export function requestPathOf(providerPath: string): string {
  const [head = '', ...rest] = providerPath.split('.');
  if (head === 'to' && rest.length > 0) return ['recipient', ...rest].join('.');
  if (head === 'from' && rest.length > 0) return ['sender', ...rest].join('.');
  if (head === 'package' && rest.length === 1) return PACKAGE_PATHS[rest[0] ?? ''] ?? providerPath;
  if (head === 'template' && rest.length === 0) return 'packageDetails.template';
  return providerPath;
}
