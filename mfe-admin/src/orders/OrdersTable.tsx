import type { Order } from '@labeldesk/contracts';
import { Button, EmailText, formatUsd, Group, IdText, Table, Text } from '@labeldesk/ui';
import { CARRIER_LABELS } from '../service-management/api-configs';
import type { LabelAction, RowBusy } from './label-actions';
import { OrderStatusBadges } from './OrderStatusBadges';
import { dateParts, orderUser, shownTrackingNumber } from './order-format';

export interface OrdersTableProps {
  orders: readonly Order[];
  busy: RowBusy;
  onView: (order: Order) => void;
  onDownload: (order: Order) => void;
  onPrint: (order: Order) => void;
}

const COLUMNS = ['Order ID', 'Date', 'User', 'Tracking #', 'Carrier', 'Price', 'Status', 'Actions'] as const;

/** SPEC §2 All Orders table: Order ID, Date, User (name and email), Tracking #, Carrier, Price, Status, Actions. */
/** Download or Print of one row's label: off without a label or while that row is busy, spinning for its own action. */
function LabelButton(props: {
  action: LabelAction;
  color: string;
  order: Order;
  noLabel: boolean;
  rowBusy: LabelAction | undefined;
  onClick: (order: Order) => void;
}) {
  const { action, color, order, noLabel, rowBusy, onClick } = props;
  const text = action === 'download' ? 'Download' : 'Print';
  return (
    <Button
      size="compact-xs"
      variant="light"
      color={color}
      onClick={() => onClick(order)}
      disabled={noLabel || rowBusy !== undefined}
      loading={rowBusy === action}
      title={noLabel ? 'No label for this order' : undefined}
      aria-label={`${text} label of order ${order.orderId}`}
      data-testid={`admin-order-${action}`}
    >
      {text}
    </Button>
  );
}

export function OrdersTable({ orders, busy, onView, onDownload, onPrint }: OrdersTableProps) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="admin-orders-table">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column} ta={column === 'Price' ? 'right' : undefined} style={{ whiteSpace: 'nowrap' }}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => {
            const user = orderUser(order);
            const tracking = shownTrackingNumber(order.trackingNumber);
            const rowBusy = busy[order._id];
            const noLabel = !order.hasLabel;
            const created = dateParts(order.createdAt);
            return (
              <Table.Tr key={order._id} data-testid="admin-order-row" data-order-id={order._id}>
                <Table.Td>
                  <IdText testId="admin-order-id">{order.orderId}</IdText>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{created.day}</Text>
                  <Text size="xs" c="dimmed">
                    {created.time}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600} data-testid="admin-order-user-name">
                    {user.name}
                  </Text>
                  <EmailText email={user.email} testId="admin-order-user-email" />
                </Table.Td>
                <Table.Td data-testid="admin-order-tracking">
                  {tracking ? (
                    <IdText size="sm">{tracking}</IdText>
                  ) : (
                    <Text size="sm" c="dimmed">
                      Not issued yet
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {CARRIER_LABELS[order.carrier]}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {order.serviceName}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="admin-order-price">
                  {formatUsd(order.price)}
                </Table.Td>
                <Table.Td>
                  <OrderStatusBadges
                    order={order}
                    testIds={{ delivery: 'admin-order-status', purchase: 'admin-order-purchase' }}
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => onView(order)}
                      aria-label={`View details of order ${order.orderId}`}
                      data-testid="admin-order-view"
                    >
                      View
                    </Button>
                    <LabelButton
                      action="download"
                      color="teal"
                      order={order}
                      noLabel={noLabel}
                      rowBusy={rowBusy}
                      onClick={onDownload}
                    />
                    <LabelButton
                      action="print"
                      color="gray"
                      order={order}
                      noLabel={noLabel}
                      rowBusy={rowBusy}
                      onClick={onPrint}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
