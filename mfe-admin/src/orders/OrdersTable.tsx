import type { Order } from '@labeldesk/contracts';
import { Group, IdText, MoneyCell, RowMenu, Table, Text } from '@labeldesk/ui';
import { CARRIER_LABELS } from '../service-management/api-configs';
import type { RowBusy } from './label-actions';
import { OrderStatusBadges } from './OrderStatusBadges';
import { DateCell, labelMenuItems, TrackingText, UserCell } from './order-cells';
import { orderUser } from './order-format';

export interface OrdersTableProps {
  orders: readonly Order[];
  busy: RowBusy;
  onView: (order: Order) => void;
  onDownload: (order: Order) => void;
  onPrint: (order: Order) => void;
}

const COLUMNS = ['Order ID', 'Date', 'User', 'Tracking #', 'Carrier', 'Price', 'Status', 'Actions'] as const;

/**
 * SPEC §2 All Orders table: Order ID, Date, User (name and email), Tracking #, Carrier, Price, Status, Actions (View
 * details, Download label, Print label in the row menu: with a long email the three buttons made the table wider than
 * 1280 px leaves it).
 */
export function OrdersTable({ orders, busy, onView, onDownload, onPrint }: OrdersTableProps) {
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table verticalSpacing="sm" horizontalSpacing={6} highlightOnHover data-testid="admin-orders-table">
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
            const rowBusy = busy[order._id];
            return (
              <Table.Tr key={order._id} data-testid="admin-order-row" data-order-id={order._id}>
                <Table.Td>
                  <IdText testId="admin-order-id">{order.orderId}</IdText>
                </Table.Td>
                <DateCell iso={order.createdAt} />
                <UserCell
                  name={user.name}
                  email={user.email}
                  nameTestId="admin-order-user-name"
                  emailTestId="admin-order-user-email"
                />
                <Table.Td data-testid="admin-order-tracking">
                  <TrackingText trackingNumber={order.trackingNumber} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {CARRIER_LABELS[order.carrier]}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {order.serviceName}
                  </Text>
                </Table.Td>
                <MoneyCell amount={order.price} testId="admin-order-price" />
                <Table.Td>
                  <OrderStatusBadges
                    order={order}
                    testIds={{ delivery: 'admin-order-status', purchase: 'admin-order-purchase' }}
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <RowMenu
                      label={`Actions for order ${order.orderId}`}
                      testId="admin-order-actions"
                      busy={rowBusy !== undefined}
                      items={[
                        {
                          text: 'View details',
                          label: `View details of order ${order.orderId}`,
                          testId: 'admin-order-view',
                          onClick: () => onView(order),
                        },
                        ...labelMenuItems({ order, rowBusy, onDownload, onPrint }),
                      ]}
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
