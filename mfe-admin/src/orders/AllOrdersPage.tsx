import { adminOrderKeys, adminOrderQueries, errorMessage } from '@labeldesk/api-client';
import type { Order } from '@labeldesk/contracts';
import {
  Button,
  EmptyState,
  formatLongDateTime,
  Group,
  ListScreen,
  Stack,
  StatusAlerts,
  Tabs,
  Text,
  Title,
  useInvalidate,
  useIsFetching,
  useListScreen,
} from '@labeldesk/ui';
import { useEffect, useState } from 'react';
import { BulkOrdersTab } from './BulkOrdersTab';
import { browserLabelDeps } from './browser-label-deps';
import { downloadLabel, type LabelAction, printLabel } from './label-actions';
import { OrderDetailsModal } from './OrderDetailsModal';
import { OrdersTable } from './OrdersTable';
import {
  adminOrderQuery,
  isStatusFilter,
  ORDER_SEARCH_PLACEHOLDER,
  ORDERS_LOAD_FAILED,
  orderCountText,
  ordersEmptyState,
  STATUS_FILTER_OPTIONS,
} from './order-query';
import { useRowActions } from './use-row-actions';

/** The header's date-time, moved on every 30 s and on Refresh. */
function useNow(): [Date, () => void] {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return [now, () => setNow(new Date())];
}

/**
 * SPEC §2 Admin: All Orders (/admin/orders): header with date-time and Refresh (both tabs' lists); tabs Individual
 * Orders (ListScreen: search, status and date filters, the table with view details / download / print, pagination)
 * and Bulk Orders (BulkOrdersTab).
 */
export default function AllOrdersPage() {
  const [now, tick] = useNow();
  const [tab, setTab] = useState<string | null>('individual');
  const invalidate = useInvalidate();
  const refreshing = useIsFetching({ queryKey: adminOrderKeys.all }) > 0;

  const list = useListScreen({
    request: ({ page, limit, filters, status }) =>
      adminOrderQuery(isStatusFilter(status) ? status : 'all', filters, page, limit),
    query: adminOrderQueries.list,
  });

  const { busy, error: labelError, setError: setLabelError, run } = useRowActions<LabelAction>();
  const [viewing, setViewing] = useState<Order | null>(null);

  const runLabelAction = (order: Order, action: LabelAction) =>
    run(order._id, action, async () => {
      // Print opens its tab before the first await, while the click still counts as a user gesture; it reports its own
      // failure in that tab.
      if (action === 'print') await printLabel(order._id, browserLabelDeps);
      else return downloadLabel(order._id, browserLabelDeps);
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm" mb="xs">
        <Stack gap={2}>
          <Title order={2}>All Orders</Title>
          <Text c="dimmed" size="sm" data-testid="admin-orders-datetime">
            {formatLongDateTime(now)}
          </Text>
        </Stack>
        <Button
          variant="light"
          onClick={() => {
            tick();
            invalidate(adminOrderKeys.all);
          }}
          loading={refreshing}
          data-testid="admin-orders-refresh"
        >
          Refresh
        </Button>
      </Group>

      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="individual" data-testid="admin-orders-tab-individual">
            Individual Orders
          </Tabs.Tab>
          <Tabs.Tab value="bulk" data-testid="admin-orders-tab-bulk">
            Bulk Orders
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="individual" pt="md">
          <ListScreen
            list={list}
            testIdPrefix="admin-orders"
            title="Individual Orders"
            filters={{
              searchPlaceholder: ORDER_SEARCH_PLACEHOLDER,
              searchClearable: true,
              clearLabel: 'Clear All Filters',
            }}
            statusFilter={{ label: 'Status', options: STATUS_FILTER_OPTIONS }}
            above={
              <StatusAlerts
                testIdPrefix="admin-orders-label"
                error={labelError}
                onDismissError={() => setLabelError(null)}
              />
            }
            loadingLabel="Loading orders..."
            errorTitle={(e) => errorMessage(e, ORDERS_LOAD_FAILED)}
            isEmpty={(data) => data.orders.length === 0}
            empty={(filtered) => {
              const empty = ordersEmptyState(filtered);
              return <EmptyState title={empty.title}>{empty.message}</EmptyState>;
            }}
            footer={(data) => (
              <Text size="sm" c="dimmed" data-testid="admin-orders-count">
                {orderCountText(data.totalOrders, list.appliedActive)}
              </Text>
            )}
            pagination={{ totalPages: (data) => data.totalPages, previousLabel: 'Previous' }}
          >
            {(data) => (
              <OrdersTable
                orders={data.orders}
                busy={busy}
                onView={setViewing}
                onDownload={(order) => void runLabelAction(order, 'download')}
                onPrint={(order) => void runLabelAction(order, 'print')}
              />
            )}
          </ListScreen>
        </Tabs.Panel>

        <Tabs.Panel value="bulk" pt="md">
          <BulkOrdersTab />
        </Tabs.Panel>
      </Tabs>

      <OrderDetailsModal order={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}
