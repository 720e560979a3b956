import { errorMessage, orderQueries } from '@labeldesk/api-client';
import type { Order, OrderParty, TrackingInfo as TrackingInfoResponse } from '@labeldesk/contracts';
import {
  Alert,
  Badge,
  Box,
  DetailField,
  DetailIdField,
  Divider,
  formatDateTime,
  formatDay,
  formatUsd,
  Group,
  Modal,
  Paper,
  PartyCard,
  type PartyCardLine,
  QueryBody,
  SimpleGrid,
  Stack,
  Text,
  Title,
  useQuery,
} from '@labeldesk/ui';
import { CARRIER_LABELS } from '../service-management/api-configs';
import { AdminVoidLabel } from './AdminVoidLabel';
import { TrackingText } from './order-cells';
import {
  deliveryBadge,
  dimensionsText,
  eventsNewestFirst,
  orderUser,
  partyLines,
  purchaseBadge,
  weightText,
} from './order-format';
import { PurchaseAttempts } from './PurchaseAttempts';
import { boughtViaText } from './purchase-attempts';

export const TRACKING_LOAD_FAILED = 'Unable to load tracking information';

/** The address block's lines, the name in bold. */
function cardLines(party: OrderParty): PartyCardLine[] {
  return partyLines(party).map((line) => ({ ...line, strong: line.key === 'name' }));
}

/** The tracking of one order (orderQueries.tracking: GET /api/tracking/{orderId}), loaded when the modal opens. */
function TrackingSection({ order }: { order: Order }) {
  const result = useQuery(orderQueries.tracking(order._id));
  return (
    <QueryBody
      result={result}
      testIdPrefix="admin-order-tracking"
      loadingLabel="Loading tracking..."
      errorTitle={(e) => errorMessage(e, TRACKING_LOAD_FAILED)}
    >
      {(info) => <TrackingInfo info={info} />}
    </QueryBody>
  );
}

/** The order's delivery status, when it was last checked and its events, newest first. */
function TrackingInfo({ info }: { info: TrackingInfoResponse }) {
  const events = eventsNewestFirst(info.events);
  const status = deliveryBadge(info.deliveryStatus);
  return (
    <Stack gap="sm" data-testid="admin-order-tracking-info">
      <Group gap="lg" wrap="wrap">
        <DetailField label="Delivery status">
          <Badge color={status.color} variant="light">
            {status.label}
          </Badge>
        </DetailField>
        <DetailField label="Last checked">{info.lastChecked ? formatDateTime(info.lastChecked) : 'Never'}</DetailField>
      </Group>
      {events.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="admin-order-tracking-empty">
          No tracking events yet.
        </Text>
      ) : (
        <Stack gap={0} data-testid="admin-order-tracking-events">
          {events.map((event) => {
            const badge = deliveryBadge(event.status);
            return (
              <Box
                key={`${event.date}-${event.status}-${event.description}`}
                py={6}
                pl="sm"
                style={{ borderLeft: `3px solid var(--mantine-color-${badge.color}-5)` }}
                data-testid="admin-order-tracking-event"
              >
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" fw={600}>
                    {event.description || badge.label}
                  </Text>
                  <Badge size="xs" color={badge.color} variant="light">
                    {badge.label}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {[formatDateTime(event.date), event.location].filter(Boolean).join(' · ')}
                </Text>
              </Box>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

/** View details (SPEC §2 All Orders): the order with its addresses, package, price, user, status and tracking. */
export function OrderDetailsModal({ order, onClose }: { order: Order | null; onClose: () => void }) {
  return (
    <Modal opened={order !== null} onClose={onClose} title="Order Details" size="xl" centered>
      {order ? <OrderDetails order={order} /> : null}
    </Modal>
  );
}

function OrderDetails({ order }: { order: Order }) {
  const user = orderUser(order);
  const delivery = deliveryBadge(order.deliveryStatus);
  const purchase = purchaseBadge(order.status);
  const pkg = order.packageDetails;
  const boughtVia = boughtViaText(order);
  return (
    <Stack gap="md" data-testid="admin-order-details">
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="md">
        <DetailIdField label="Order ID" testId="admin-order-details-id">
          {order.orderId}
        </DetailIdField>
        <DetailField label="Date">{formatDateTime(order.createdAt)}</DetailField>
        <DetailField label="Status" testId="admin-order-details-status">
          <Group gap={4}>
            <Badge color={delivery.color} variant="light">
              {delivery.label}
            </Badge>
            {purchase ? (
              <Badge color={purchase.color} variant="outline">
                {purchase.label}
              </Badge>
            ) : null}
          </Group>
        </DetailField>
        <DetailField label="User" testId="admin-order-details-user">
          <Text size="sm" fw={600}>
            {user.name}
            {order.userDetails?.isAdmin ? (
              <Badge ml={6} size="xs" color="grape" variant="light">
                Admin
              </Badge>
            ) : null}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
          {order.userDetails?.createdAt ? (
            <Text size="xs" c="dimmed">
              Customer since {formatDateTime(order.userDetails.createdAt)}
            </Text>
          ) : null}
        </DetailField>
        <DetailField label="Carrier / Service">
          {CARRIER_LABELS[order.carrier]} · {order.serviceName}
          <Text size="xs" c="dimmed">
            {order.apiName}
          </Text>
        </DetailField>
        <DetailField label="Price" testId="admin-order-details-price">
          <Text size="sm" fw={700}>
            {formatUsd(order.price)}
          </Text>
        </DetailField>
        <DetailField label="Tracking #" testId="admin-order-details-tracking">
          <TrackingText trackingNumber={order.trackingNumber} />
        </DetailField>
        <DetailField label="Estimated delivery" testId="admin-order-details-estimated-delivery">
          {order.estimatedDelivery ? formatDay(order.estimatedDelivery, 'medium') : 'Unknown'}
        </DetailField>
        <DetailField label="Destination">{order.destination || '—'}</DetailField>
        <DetailField label="Provider" testId="admin-order-details-bought-via">
          {boughtVia ? (
            <>
              <Text size="sm" fw={600}>
                {boughtVia.text}
              </Text>
              {boughtVia.failedOver ? (
                <Text size="xs" c="dimmed">
                  Failed over from {order.apiName}, the customer's choice
                </Text>
              ) : null}
            </>
          ) : (
            <Text size="sm" c="dimmed">
              No label bought yet
            </Text>
          )}
        </DetailField>
      </SimpleGrid>

      {order.failureReason ? (
        <Alert color="red" variant="light" title="Purchase failed" data-testid="admin-order-details-failure">
          {order.failureReason}
        </Alert>
      ) : null}

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PartyCard title="From" lines={cardLines(order.sender)} testId="admin-order-details-sender" />
        <PartyCard title="To" lines={cardLines(order.recipient)} testId="admin-order-details-recipient" />
      </SimpleGrid>

      <Paper withBorder p="sm" data-testid="admin-order-details-package">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
          Package
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <DetailField label="Weight">{weightText(pkg)}</DetailField>
          <DetailField label="Dimensions">{dimensionsText(pkg)}</DetailField>
          <DetailField label="Declared value">{formatUsd(pkg.value)}</DetailField>
          <DetailField label="Template">{pkg.template ?? '—'}</DetailField>
        </SimpleGrid>
        {pkg.description ? (
          <Text size="sm" mt="xs">
            {pkg.description}
          </Text>
        ) : null}
      </Paper>

      <AdminVoidLabel order={order} customer={user.name} />

      <Divider />
      <Title order={5}>Purchase attempts</Title>
      <PurchaseAttempts orderId={order._id} />

      <Divider />
      <Title order={5}>Tracking</Title>
      <TrackingSection order={order} />
    </Stack>
  );
}
