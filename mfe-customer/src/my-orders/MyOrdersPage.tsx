import { errorMessage, orderQueries } from '@labeldesk/api-client';
import { customerStatusLabel } from '@labeldesk/contracts';
import { Link, useSearchParams } from '@labeldesk/router';
import {
  Badge,
  Button,
  EmptyState,
  formatDateTime,
  formatUsd,
  ListScreen,
  Stack,
  Table,
  Tabs,
  Text,
  useListScreen,
  useQuery,
} from '@labeldesk/ui';
import { useEffect, useState } from 'react';
import { OrderDetailsModal } from './OrderDetailsModal';
import {
  deliveryStatusColor,
  isOrderPageSize,
  isOrderTab,
  ORDER_PAGE_SIZES,
  ordersQuery,
  purchaseNote,
  trackingText,
  visibleOrderTabs,
} from './orders-view';

const LOAD_FAILED = 'Failed to load orders';

function CreateOrderButton({ testId }: { testId: string }) {
  return (
    <Button component={Link} to="/manual-order" data-testid={testId}>
      Create New Order
    </Button>
  );
}

/**
 * SPEC §2 My Orders: status tabs with counts, search, a From/To date filter, the order table with its page size
 * selector and pages, and the Order Details modal (tracking timeline, label actions).
 */
export default function MyOrdersPage() {
  // `?status=` opens a tab (the dashboard's Exceptions and Cancelled cards link here) and follows the tab chosen.
  const [searchParams, setSearchParams] = useSearchParams();
  const linked = searchParams.get('status');
  const list = useListScreen({
    initialStatus: isOrderTab(linked) ? linked : 'all',
    request: ({ page, limit, filters, status }) =>
      ordersQuery(isOrderTab(status) ? status : 'all', page, isOrderPageSize(limit) ? limit : 10, filters),
    query: orderQueries.list,
  });
  // The address says which tab is open (a tab chosen, or Clear All Filters, replaces it), so a reload keeps it.
  const status = list.status;
  useEffect(() => {
    const wanted = status === 'all' ? null : status;
    if (linked !== wanted) setSearchParams(wanted ? { status: wanted } : {}, { replace: true });
  }, [status, linked, setSearchParams]);
  // The tabs still work without their numbers; the list shows its own error if the API is down.
  const counts = useQuery(orderQueries.counts());
  useEffect(() => {
    if (counts.error) console.warn('Order counts could not be loaded', counts.error);
  }, [counts.error]);
  const [selected, setSelected] = useState<string | null>(null);

  return (
    <>
      <ListScreen
        list={list}
        variant="page"
        testIdPrefix="orders"
        title="My Orders"
        description="Your labels, their tracking and their documents."
        actions={<CreateOrderButton testId="orders-create" />}
        above={
          <Tabs value={list.status} onChange={(v) => isOrderTab(v) && list.setStatus(v)}>
            <Tabs.List>
              {visibleOrderTabs(counts.data, list.status).map((t) => (
                <Tabs.Tab
                  key={t.value}
                  value={t.value}
                  rightSection={
                    counts.data ? (
                      <Badge size="sm" variant="light" color="gray" data-testid={`orders-tab-${t.value}-count`}>
                        {counts.data[t.value]}
                      </Badge>
                    ) : null
                  }
                  data-testid={`orders-tab-${t.value}`}
                >
                  {t.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
        }
        filters={{
          searchPlaceholder: 'Search by order ID, tracking #, recipient, destination or reference',
          searchClearable: true,
        }}
        loadingLabel="Loading orders..."
        errorTitle={(e) => errorMessage(e, LOAD_FAILED)}
        empty={(filtered) => (
          <Stack align="center" gap="sm">
            <EmptyState title="No Orders Found">
              {filtered
                ? 'No orders match your search criteria. Try adjusting your filters.'
                : 'You have not created any orders yet.'}
            </EmptyState>
            <CreateOrderButton testId="orders-empty-create" />
          </Stack>
        )}
        footer={(data) => (
          <Text size="sm" c="dimmed" data-testid="orders-count">
            {data.totalOrders} {data.totalOrders === 1 ? 'order' : 'orders'}
          </Text>
        )}
        pagination={{ totalPages: (data) => data.totalPages, pageSizes: ORDER_PAGE_SIZES }}
        table={{
          testId: 'orders-table',
          minWidth: 900,
          columns: [
            { label: 'Order ID' },
            { label: 'Date' },
            { label: 'Carrier / Service' },
            { label: 'Recipient' },
            { label: 'Destination' },
            { label: 'Tracking #' },
            { label: 'Reference' },
            { label: 'Price', align: 'right' },
            { label: 'Status' },
            { label: 'Actions' },
          ],
          rows: (data) => data.orders,
          row: (order) => {
            const note = purchaseNote(order);
            return (
              <Table.Tr
                key={order._id}
                onClick={() => setSelected(order._id)}
                style={{ cursor: 'pointer' }}
                data-testid="order-row"
                data-order-id={order._id}
              >
                <Table.Td maw={170}>
                  <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                    {order.orderId}
                  </Text>
                </Table.Td>
                <Table.Td miw={110}>{formatDateTime(order.createdAt)}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {order.carrier}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {order.serviceName || order.serviceType}
                  </Text>
                </Table.Td>
                <Table.Td>{order.recipient.name}</Table.Td>
                <Table.Td>{order.destination}</Table.Td>
                <Table.Td maw={150}>
                  <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="order-tracking-number">
                    {trackingText(order.trackingNumber)}
                  </Text>
                </Table.Td>
                <Table.Td maw={150}>
                  <Text size="xs" style={{ wordBreak: 'break-word' }} data-testid="order-reference">
                    {order.reference ?? ''}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="order-price">
                  {formatUsd(order.price)}
                </Table.Td>
                <Table.Td>
                  <Stack gap={4} align="flex-start">
                    <Badge
                      color={deliveryStatusColor(order.deliveryStatus)}
                      variant="light"
                      miw="max-content"
                      data-testid="order-status"
                    >
                      {customerStatusLabel(order.deliveryStatus)}
                    </Badge>
                    {note ? (
                      <Badge color={note.color} variant="outline" size="xs" miw="max-content">
                        {note.label}
                      </Badge>
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={(e) => {
                      e.stopPropagation();
                      setSelected(order._id);
                    }}
                    data-testid="order-view"
                  >
                    View
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          },
        }}
      />
      <OrderDetailsModal key={selected ?? 'none'} orderId={selected} onClose={() => setSelected(null)} />
    </>
  );
}
