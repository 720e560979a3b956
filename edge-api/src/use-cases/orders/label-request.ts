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
