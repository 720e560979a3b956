import { errorMessage, orderMutations, orderQueries } from '@labeldesk/api-client';
import {
  customerStatusLabel,
  ORDER_MESSAGES,
  type Order,
  type OrderParty,
  type TrackingInfo,
} from '@labeldesk/contracts';
import {
  Badge,
  Box,
  Button,
  DetailField,
  DetailIdField,
  Divider,
  formatDateTime,
  formatDay,
  formatUsd,
  Group,
  Modal,
  PartyCard,
  type PartyCardLine,
  QueryBody,
  SimpleGrid,
  Stack,
  StatusAlerts,
  Text,
  Timeline,
  Title,
  useApiMutation,
  useFlash,
  useQuery,
} from '@labeldesk/ui';
import { type ReactNode, useState } from 'react';
import { LabelActions } from '../common/LabelActions';
import {
  deliveryStatusColor,
  eventsNewestFirst,
  packageSummary,
  partyLines,
  purchaseNote,
  trackingText,
} from './orders-view';
import { VoidLabel, VoidStatusBadge } from './VoidLabel';

const DETAILS_FAILED = 'Failed to retrieve order details';
const TRACKING_LOAD_FAILED = 'Unable to load tracking information';
const TRACKING_REFRESH_FAILED = 'Unable to refresh tracking information';

/** The address block's lines, the first (name and company) in bold; fixed lines of one address, keyed by place. */
function cardLines(party: OrderParty): PartyCardLine[] {
  return partyLines(party).map((text, i) => ({ key: String(i), text, strong: i === 0 }));
}

/** The tracking answer: status, last check and the timeline, newest first. */
function TrackingDetails({ info }: { info: TrackingInfo }) {
  const events = eventsNewestFirst(info.events);
  return (
    <Stack gap="sm">
      <Group gap="md" wrap="wrap">
        <Badge color={deliveryStatusColor(info.deliveryStatus)} variant="light" data-testid="tracking-status">
          {customerStatusLabel(info.deliveryStatus)}
        </Badge>
        <Text size="xs" c="dimmed" data-testid="tracking-last-checked">
          {info.lastChecked ? `Last checked ${formatDateTime(info.lastChecked)}` : 'Not checked yet'}
        </Text>
      </Group>
      {events.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="tracking-no-events">
          No tracking events yet.
        </Text>
      ) : (
        <Timeline active={0} bulletSize={14} lineWidth={2} data-testid="tracking-timeline">
          {events.map((event, i) => (
            <Timeline.Item
              // biome-ignore lint/suspicious/noArrayIndexKey: events have no id; the list is replaced as a whole.
              key={`${event.date}-${i}`}
              title={customerStatusLabel(event.status)}
              data-testid="tracking-event"
            >
              <Text size="sm">{event.description}</Text>
              <Text size="xs" c="dimmed">
                {[event.location, formatDateTime(event.date)].filter(Boolean).join(' · ')}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Stack>
  );
}

/** The tracking part of the modal: status, last check, the timeline (newest first) and Refresh Tracking. */
function TrackingSection({ order }: { order: Order }) {
  const trackable = order.status === 'completed' && order.trackingNumber !== 'PENDING';
  const trackingQuery = useQuery({ ...orderQueries.tracking(order._id), enabled: trackable });
  // Invalidates the order, its tracking and every order list and count (the status may have moved).
  const refreshTracking = useApiMutation(orderMutations.refreshTracking);
  const [refreshError, setRefreshError] = useState<string | null>(null);
  const [success, showSuccess] = useFlash();
  const refreshing = refreshTracking.isPending;

  const refresh = async () => {
    if (refreshing) return;
    setRefreshError(null);
    try {
      const res = await refreshTracking.mutateAsync(order._id);
      showSuccess(res.message);
    } catch (e) {
      setRefreshError(errorMessage(e, TRACKING_REFRESH_FAILED));
    }
  };

  let body: ReactNode;
  if (!trackable) {
    body = (
      <Text size="sm" c="dimmed" data-testid="tracking-unavailable">
        {ORDER_MESSAGES.trackingUnavailable}
      </Text>
    );
  } else {
    body = (
      <QueryBody
        result={trackingQuery}
        testIdPrefix="tracking"
        loadingLabel="Loading tracking..."
        errorTitle={(e) => errorMessage(e, TRACKING_LOAD_FAILED)}
      >
        {(info) => <TrackingDetails info={info} />}
      </QueryBody>
    );
  }
  return (
    <Stack gap="sm" data-testid="order-tracking">
      <Group justify="space-between" wrap="wrap">
        <Title order={4}>Tracking</Title>
        <Button
          size="xs"
          variant="light"
          onClick={refresh}
          loading={refreshing}
          disabled={!trackable || refreshing}
          data-testid="tracking-refresh"
        >
          {refreshing ? 'Refreshing...' : 'Refresh Tracking'}
        </Button>
      </Group>
      <StatusAlerts testIdPrefix="tracking-refresh" success={success} error={refreshError} />
      {body}
    </Stack>
  );
}

/**
 * SPEC §2 Order Details: addresses, package, price, estimated delivery, the tracking timeline with Refresh Tracking,
 * and the label actions. A tracking refresh invalidates every order view (lists, counts, this order); mount it with a
 * new `key` per order.
 */
export function OrderDetailsModal({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const orderQuery = useQuery({ ...orderQueries.detail(orderId ?? ''), enabled: orderId !== null });
  return (
    <Modal opened={orderId !== null} onClose={onClose} title="Order Details" size="xl">
      <Box data-testid="order-details-modal">
        <QueryBody
          result={orderQuery}
          testIdPrefix="order-details"
          loadingLabel="Loading order..."
          errorTitle={(e) => errorMessage(e, DETAILS_FAILED)}
        >
          {({ order }) => <OrderDetailsBody o={order} />}
        </QueryBody>
      </Box>
    </Modal>
  );
}

/** The order's fields, addresses, label actions and tracking. */
function OrderDetailsBody({ o }: { o: Order }) {
  const note = purchaseNote(o);
  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap">
        <Badge color={deliveryStatusColor(o.deliveryStatus)} variant="light" data-testid="order-details-status">
          {customerStatusLabel(o.deliveryStatus)}
        </Badge>
        {note ? (
          <Badge color={note.color} variant="outline">
            {note.label}
          </Badge>
        ) : null}
        <VoidStatusBadge order={o} />
      </Group>
      {o.status === 'failed' && o.failureReason ? (
        <Text size="sm" c="red">
          {o.failureReason}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <DetailIdField label="Order ID" testId="order-details-id">
          {o.orderId}
        </DetailIdField>
        <DetailField label="Date">{formatDateTime(o.createdAt)}</DetailField>
        <DetailField label="Price" testId="order-details-price">
          {formatUsd(o.price)}
        </DetailField>
        <DetailField label="Estimated Delivery" testId="order-details-estimated-delivery">
          {formatDay(o.estimatedDelivery)}
        </DetailField>
        <DetailField label="Carrier / Service">
          {o.carrier} · {o.serviceName || o.serviceType}
        </DetailField>
        <DetailIdField label="Tracking #" testId="order-details-tracking-number">
          {trackingText(o.trackingNumber)}
        </DetailIdField>
        <DetailField label="Package">{packageSummary(o.packageDetails)}</DetailField>
        <DetailField label="Declared Value">{formatUsd(o.packageDetails.value)}</DetailField>
      </SimpleGrid>
      {o.packageDetails.description ? (
        <DetailField label="Description">{o.packageDetails.description}</DetailField>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PartyCard title="From" lines={cardLines(o.sender)} testId="order-details-from" />
        <PartyCard title="To" lines={cardLines(o.recipient)} testId="order-details-to" />
      </SimpleGrid>
      <Divider />
      <Stack gap="xs">
        <Title order={4}>Label</Title>
        <LabelActions orderId={o._id} available={o.hasLabel} formats={o.labelFormats} />
        <VoidLabel order={o} />
      </Stack>
      <Divider />
      <TrackingSection order={o} />
    </Stack>
  );
}
