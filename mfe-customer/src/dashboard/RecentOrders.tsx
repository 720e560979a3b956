import { customerStatusLabel, type Order } from '@labeldesk/contracts';
import { Link } from '@labeldesk/router';
import {
  Anchor,
  Badge,
  EmptyState,
  formatDateTime,
  formatUsd,
  Group,
  LoadingState,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@labeldesk/ui';
import { deliveryStatusColor, trackingText } from '../my-orders/orders-view';
import { filterRecentOrders, isRecentFilter, pageOf, RECENT_FILTERS, type RecentFilter } from './recent-orders';

interface RecentOrdersProps {
  orders: Order[] | 'loading';
  /** The last load failed (the list is empty and the banner says why). */
  failed: boolean;
  filter: RecentFilter;
  onFilter: (filter: RecentFilter) => void;
  page: number;
  onPage: (page: number) => void;
  onOpen: (orderId: string) => void;
}

/** SPEC §2 dashboard recent orders: the last 14 days, a status filter and 25 per page (paged in the browser). */
export function RecentOrders({ orders, failed, filter, onFilter, page, onPage, onOpen }: RecentOrdersProps) {
  const list = orders === 'loading' ? [] : filterRecentOrders(orders, filter);
  const shown = pageOf(list, page);

  return (
    <Paper withBorder p="lg" data-testid="recent-orders">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={0}>
            <Title order={3} size="h4">
              Recent Orders
            </Title>
            <Text size="xs" c="dimmed">
              Last 14 days
            </Text>
          </Stack>
          <SegmentedControl
            data={RECENT_FILTERS.map((f) => ({ value: f.value, label: f.label }))}
            value={filter}
            onChange={(v) => isRecentFilter(v) && onFilter(v)}
            size="xs"
            data-testid="recent-orders-filter"
          />
        </Group>
        {orders === 'loading' ? (
          <LoadingState label="Loading recent orders..." />
        ) : failed ? (
          <Text size="sm" c="dimmed" ta="center" py="lg" data-testid="recent-orders-failed">
            Recent orders could not be loaded.
          </Text>
        ) : list.length === 0 ? (
          <Stack gap={4} align="center" data-testid="recent-orders-empty">
            <EmptyState title="No recent orders">
              {filter === 'all' ? 'No orders in the last 14 days.' : 'No recent orders with this status.'}
            </EmptyState>
            <Anchor component={Link} to="/manual-order" size="sm">
              Create an order
            </Anchor>
          </Stack>
        ) : (
          <>
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="xs" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Carrier / Service</Table.Th>
                    <Table.Th>Recipient</Table.Th>
                    <Table.Th>Tracking #</Table.Th>
                    <Table.Th ta="right">Price</Table.Th>
                    <Table.Th>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.items.map((order) => (
                    <Table.Tr
                      key={order._id}
                      onClick={() => onOpen(order._id)}
                      style={{ cursor: 'pointer' }}
                      data-testid="recent-order-row"
                      data-order-id={order._id}
                    >
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(order.createdAt)}</Table.Td>
                      <Table.Td>
                        {order.carrier} · {order.serviceName || order.serviceType}
                      </Table.Td>
                      <Table.Td>
                        {order.recipient.name}
                        <Text size="xs" c="dimmed">
                          {order.destination}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="xs" ff="monospace">
                          {trackingText(order.trackingNumber)}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{formatUsd(order.price)}</Table.Td>
                      <Table.Td>
                        <Badge color={deliveryStatusColor(order.deliveryStatus)} variant="light" miw="max-content">
                          {customerStatusLabel(order.deliveryStatus)}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" c="dimmed" data-testid="recent-orders-count">
                {list.length} {list.length === 1 ? 'order' : 'orders'}
                {shown.totalPages > 1 ? ` · Page ${shown.page} of ${shown.totalPages}` : ''}
              </Text>
              {shown.totalPages > 1 ? (
                <Pagination
                  total={shown.totalPages}
                  value={shown.page}
                  onChange={onPage}
                  size="sm"
                  data-testid="recent-orders-pagination"
                />
              ) : null}
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
