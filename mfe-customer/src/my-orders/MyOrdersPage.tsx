import { api, errorMessage } from '@labeldesk/api-client';
import { customerStatusLabel, type OrderCounts } from '@labeldesk/contracts';
import { Link } from '@labeldesk/router';
import {
  Badge,
  Box,
  Button,
  EmptyState,
  ErrorState,
  formatDateTime,
  formatUsd,
  ListFilters,
  ListPagination,
  LoadingOverlay,
  LoadingState,
  PageHeader,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  useListFilterState,
  usePageFor,
  useRemoteList,
} from '@labeldesk/ui';
import { type ReactNode, useEffect, useState } from 'react';
import { OrderDetailsModal } from './OrderDetailsModal';
import {
  deliveryStatusColor,
  isOrderPageSize,
  isOrderTab,
  ORDER_PAGE_SIZES,
  ORDER_TABS,
  type OrderPageSize,
  type OrderTab,
  ordersQuery,
  purchaseNote,
  trackingText,
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
  const [tab, setTab] = useState<OrderTab>('all');
  const filters = useListFilterState();
  const [limit, setLimit] = useState<OrderPageSize>(10);
  // The page belongs to one set of filters: any change of tab, search, dates or page size starts again from page 1.
  const [page, setPage] = usePageFor(JSON.stringify([tab, filters.applied, limit]));
  const [countsVersion, setCountsVersion] = useState(0);
  const [counts, setCounts] = useState<OrderCounts | null>(null);
  const [selected, setSelected] = useState<string | null>(null);

  const query = ordersQuery(tab, page, limit, filters.applied);
  const list = useRemoteList(
    query.ok ? query.query : null,
    (q) => api.orders.list(q),
    (e) => errorMessage(e, LOAD_FAILED),
  );
  const { state, fetching } = list;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `countsVersion` re-reads the counts after a change.
  useEffect(() => {
    let active = true;
    api.orders.counts().then(
      (res) => active && setCounts(res),
      // The tabs still work without their numbers; the list shows its own error if the API is down.
      (e: unknown) => console.warn('Order counts could not be loaded', e),
    );
    return () => {
      active = false;
    };
  }, [countsVersion]);

  const retry = () => {
    list.retry();
    setCountsVersion((n) => n + 1);
  };
  // After a tracking refresh in the modal: the list (kept on screen under its overlay) and the counts reload.
  const refresh = () => {
    list.reload();
    setCountsVersion((n) => n + 1);
  };

  let body: ReactNode;
  if (state.kind === 'loading') {
    body = <LoadingState label="Loading orders..." />;
  } else if (state.kind === 'failed') {
    body = (
      <Box data-testid="orders-error">
        <ErrorState title={state.message} onRetry={retry} />
      </Box>
    );
  } else if (state.data.orders.length === 0) {
    body = (
      <Stack align="center" gap="sm" data-testid="orders-empty">
        <EmptyState title="No Orders Found">
          {filters.active || tab !== 'all'
            ? 'No orders match your search criteria. Try adjusting your filters.'
            : 'You have not created any orders yet.'}
        </EmptyState>
        <CreateOrderButton testId="orders-empty-create" />
      </Stack>
    );
  } else {
    body = (
      <Stack gap="sm">
        <Table.ScrollContainer minWidth={900}>
          <Table verticalSpacing="xs" highlightOnHover data-testid="orders-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Order ID</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Carrier / Service</Table.Th>
                <Table.Th>Recipient</Table.Th>
                <Table.Th>Destination</Table.Th>
                <Table.Th>Tracking #</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {state.data.orders.map((order) => {
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
                      <Text
                        size="xs"
                        ff="monospace"
                        style={{ wordBreak: 'break-all' }}
                        data-testid="order-tracking-number"
                      >
                        {trackingText(order.trackingNumber)}
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
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm" c="dimmed" data-testid="orders-count">
          {state.data.totalOrders} {state.data.totalOrders === 1 ? 'order' : 'orders'}
        </Text>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="My Orders"
        description="Your labels, their tracking and their documents."
        actions={<CreateOrderButton testId="orders-create" />}
      />
      <Paper withBorder p="lg">
        <Stack gap="md">
          <Tabs value={tab} onChange={(v) => isOrderTab(v) && setTab(v)}>
            <Tabs.List>
              {ORDER_TABS.map((t) => (
                <Tabs.Tab
                  key={t.value}
                  value={t.value}
                  rightSection={
                    counts ? (
                      <Badge size="sm" variant="light" color="gray" data-testid={`orders-tab-${t.value}-count`}>
                        {counts[t.value]}
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
          <ListFilters
            testIdPrefix="orders"
            searchPlaceholder="Search by order ID, tracking #, recipient or destination"
            {...filters.controls}
            error={query.ok ? null : query.error}
            searchClearable
          />
          <Box pos="relative">
            <LoadingOverlay visible={fetching && state.kind === 'ready'} zIndex={10} overlayProps={{ blur: 1 }} />
            {body}
          </Box>
          {state.kind === 'ready' && state.data.orders.length > 0 ? (
            <ListPagination
              testIdPrefix="orders"
              page={page}
              totalPages={Math.max(1, state.data.totalPages)}
              onPage={setPage}
              pageSize={limit}
              pageSizes={ORDER_PAGE_SIZES}
              onPageSize={(n) => isOrderPageSize(n) && setLimit(n)}
              disabled={fetching}
            />
          ) : null}
        </Stack>
      </Paper>
      <OrderDetailsModal
        key={selected ?? 'none'}
        orderId={selected}
        onClose={() => setSelected(null)}
        onChanged={refresh}
      />
    </Stack>
  );
}
