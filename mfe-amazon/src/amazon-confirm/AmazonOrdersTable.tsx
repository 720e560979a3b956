import type { AmazonConfirmation, BulkOrderDetailResponse } from '@labeldesk/contracts';
import { Badge, Stack, Table, Text } from '@labeldesk/ui';
import { useMemo } from 'react';
import { deliveryStatusWord } from './credentials';

function confirmationCell(c: AmazonConfirmation | undefined) {
  if (!c)
    return (
      <Text size="xs" c="dimmed">
        Not sent
      </Text>
    );
  const color = { confirmed: 'green', refused: 'red', failed: 'orange', sending: 'blue' }[c.status];
  const word = { confirmed: 'Confirmed', refused: 'Refused', failed: 'Not confirmed', sending: 'Sending' }[c.status];
  return (
    <Stack gap={2}>
      <Badge color={color} variant="light" data-testid="amazon-confirm-result">
        {word}
      </Badge>
      {c.reason ? (
        <Text size="xs" c="dimmed">
          {c.reason}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The selected bulk order's orders, each with where its Amazon confirmation stands. */
export function AmazonOrdersTable({
  detail,
  confirmations,
}: {
  detail: BulkOrderDetailResponse;
  confirmations: AmazonConfirmation[];
}) {
  const byOrder = useMemo(() => new Map(confirmations.map((c) => [c.orderId, c])), [confirmations]);
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="xs" data-testid="amazon-orders-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Order ID</Table.Th>
            <Table.Th>Amazon Order ID</Table.Th>
            <Table.Th>Tracking</Table.Th>
            <Table.Th>Recipient</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Amazon</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {detail.orders.map((o) => (
            <Table.Tr key={o._id} data-testid="amazon-order-row">
              <Table.Td>
                <Text size="xs" ff="monospace">
                  {o.orderId}
                </Text>
              </Table.Td>
              <Table.Td>{o.amazonOrderId ?? '—'}</Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace">
                  {o.trackingNumber}
                </Text>
              </Table.Td>
              <Table.Td>{o.recipient.name}</Table.Td>
              <Table.Td>{deliveryStatusWord(o.deliveryStatus)}</Table.Td>
              <Table.Td>{confirmationCell(byOrder.get(o._id))}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Whether a bulk order has something Amazon can be told about: an order with an Amazon order id and a SKU. */
export function hasAmazonOrders(detail: BulkOrderDetailResponse): boolean {
  return detail.orders.some((o) => (o.amazonOrderId ?? '').trim() !== '' && (o.sku ?? '').trim() !== '');
}
