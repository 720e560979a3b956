import type { Order, OrderAttempt } from '@labeldesk/contracts';

/** How each attempt outcome reads on the admin's order details, and its badge colour. */
export const ATTEMPT_OUTCOMES: Record<OrderAttempt['outcome'], { label: string; color: string }> = {
  bought: { label: 'Bought', color: 'green' },
  failed_over: { label: 'Failed over', color: 'orange' },
  skipped: { label: 'Skipped (breaker open)', color: 'gray' },
  not_bought: { label: 'Not bought', color: 'yellow' },
  unknown: { label: 'Unknown outcome', color: 'red' },
  refused: { label: 'Refused', color: 'red' },
};

/**
 * "Bought via {API}" for an order whose label exists; whether it was another API than the customer chose (a failover
 * moved the purchase there); null while nothing is bought.
 */
export function boughtViaText(order: Pick<Order, 'apiId' | 'boughtVia'>): { text: string; failedOver: boolean } | null {
  if (!order.boughtVia) return null;
  return { text: `Bought via ${order.boughtVia.apiName}`, failedOver: order.boughtVia.apiId !== order.apiId };
}
