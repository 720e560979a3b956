import { Badge, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DetailField, DetailIdField } from './detail-blocks';
import { formatDateTime, formatUsd, orderCountText } from './format';

/** A status as a light badge (a bulk order's Completed/Partial/Failed/Processing): the screen maps status to both. */
export function StatusBadge({ label, color, testId }: { label: string; color: string; testId?: string }) {
  return (
    <Badge color={color} variant="light" miw="max-content" data-testid={testId}>
      {label}
    </Badge>
  );
}

/** What the bulk order summary shows; both the customer's and the admin's bulk order carry these fields. */
export interface BulkSummary {
  bulkOrderId: string;
  createdAt: string;
  orderCount: number;
  failedOrderCount: number;
  totalPrice: number;
  refundedAmount: number;
}

/**
 * The head of Bulk Order Details (SPEC §2, customer and admin): Bulk Order ID, Order Date, Total Orders (with the
 * failed count), Total Price (with what was refunded) and Status; `children` adds the screen's own fields after them
 * (the customer's Service, the admin's User). Value test ids are `${testIdPrefix}-id`, `-count`, `-total`, `-status`.
 */
export function BulkSummaryFields({
  bulk,
  status,
  testIdPrefix,
  children,
}: {
  bulk: BulkSummary;
  status: { label: string; color: string };
  testIdPrefix: string;
  children?: ReactNode;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="md">
      <DetailIdField label="Bulk Order ID" testId={`${testIdPrefix}-id`}>
        {bulk.bulkOrderId}
      </DetailIdField>
      <DetailField label="Order Date">{formatDateTime(bulk.createdAt)}</DetailField>
      <DetailField label="Total Orders" testId={`${testIdPrefix}-count`}>
        {orderCountText(bulk.orderCount, bulk.failedOrderCount)}
      </DetailField>
      <DetailField label="Total Price" testId={`${testIdPrefix}-total`}>
        {formatUsd(bulk.totalPrice)}
        {bulk.refundedAmount > 0 ? (
          <Text size="xs" c="dimmed">
            {formatUsd(bulk.refundedAmount)} refunded
          </Text>
        ) : null}
      </DetailField>
      <DetailField label="Status" testId={`${testIdPrefix}-status`}>
        <StatusBadge label={status.label} color={status.color} />
      </DetailField>
      {children}
    </SimpleGrid>
  );
}
