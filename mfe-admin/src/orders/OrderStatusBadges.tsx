import type { Order } from '@labeldesk/contracts';
import { Badge, Stack } from '@labeldesk/ui';
import { deliveryBadge, purchaseBadge } from './order-format';

/**
 * An order's status in a table cell: the delivery status, and under it the purchase state when the label is not
 * simply bought (pending, failed, refunded). Used by All Orders and Bulk Order Details.
 */
export function OrderStatusBadges({
  order,
  testIds,
}: {
  order: Pick<Order, 'deliveryStatus' | 'status'>;
  testIds?: { delivery: string; purchase: string };
}) {
  const delivery = deliveryBadge(order.deliveryStatus);
  const purchase = purchaseBadge(order.status);
  return (
    <Stack gap={4} align="flex-start">
      <Badge color={delivery.color} variant="light" size="sm" miw="max-content" data-testid={testIds?.delivery}>
        {delivery.label}
      </Badge>
      {purchase ? (
        <Badge color={purchase.color} variant="outline" size="xs" miw="max-content" data-testid={testIds?.purchase}>
          {purchase.label}
        </Badge>
      ) : null}
    </Stack>
  );
}
