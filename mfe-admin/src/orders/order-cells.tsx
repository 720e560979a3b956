import type { Order } from '@labeldesk/contracts';
import { EmailText, IdText, RowButton, type RowMenuItem, Table, Text } from '@labeldesk/ui';
import type { LabelAction } from './label-actions';
import { dateParts, shownTrackingNumber } from './order-format';

/** The cells the admin's order tables share (All Orders, Bulk Orders, a bulk order's Individual Orders). */

/** A Date column: the day over the time, dimmed, on one line each. */
export function DateCell({ iso }: { iso: string }) {
  const created = dateParts(iso);
  return (
    <Table.Td style={{ whiteSpace: 'nowrap' }}>
      <Text size="sm">{created.day}</Text>
      <Text size="xs" c="dimmed">
        {created.time}
      </Text>
    </Table.Td>
  );
}

/** A User column: the name in bold over the email. */
export function UserCell(props: { name: string; email: string; nameTestId: string; emailTestId?: string }) {
  return (
    <Table.Td>
      <Text size="sm" fw={600} data-testid={props.nameTestId}>
        {props.name}
      </Text>
      <EmailText email={props.email} testId={props.emailTestId} />
    </Table.Td>
  );
}

/** An order's tracking number, or 'Not issued yet' while it has none (or only the placeholder). */
export function TrackingText({ trackingNumber }: { trackingNumber: string | null | undefined }) {
  const tracking = shownTrackingNumber(trackingNumber);
  return tracking ? (
    <IdText>{tracking}</IdText>
  ) : (
    <Text size="sm" c="dimmed">
      Not issued yet
    </Text>
  );
}

/** View of one order's details (All Orders, a bulk order's Individual Orders). */
export function ViewOrderButton(props: { order: Order; onView: (order: Order) => void; testId: string }) {
  const { order, onView } = props;
  return (
    <RowButton onClick={() => onView(order)} label={`View details of order ${order.orderId}`} testId={props.testId}>
      View
    </RowButton>
  );
}

/** Download or Print of one order's label: off without a label or while that row is busy, spinning for its own action. */
export function LabelButton(props: {
  action: LabelAction;
  color: string;
  order: Order;
  rowBusy: string | undefined;
  onClick: (order: Order) => void;
  testId?: string;
}) {
  const { action, color, order, rowBusy, onClick } = props;
  const text = action === 'download' ? 'Download' : 'Print';
  const noLabel = !order.hasLabel;
  return (
    <RowButton
      color={color}
      onClick={() => onClick(order)}
      disabled={noLabel || rowBusy !== undefined}
      loading={rowBusy === action}
      title={noLabel ? 'No label for this order' : undefined}
      label={`${text} label of order ${order.orderId}`}
      testId={props.testId ?? `admin-order-${action}`}
    >
      {text}
    </RowButton>
  );
}

/**
 * Download and Print of one order's label as row-menu items (All Orders, where the row has no room for three buttons):
 * the same names and test ids as LabelButton, off without a label or while the row is busy.
 */
export function labelMenuItems(props: {
  order: Order;
  rowBusy: string | undefined;
  onDownload: (order: Order) => void;
  onPrint: (order: Order) => void;
}): RowMenuItem[] {
  const { order, rowBusy } = props;
  const noLabel = !order.hasLabel;
  const item = (action: LabelAction, text: string, onClick: (order: Order) => void): RowMenuItem => ({
    text: `${text} label`,
    label: `${text} label of order ${order.orderId}`,
    testId: `admin-order-${action}`,
    onClick: () => onClick(order),
    disabled: noLabel || rowBusy !== undefined,
    title: noLabel ? 'No label for this order' : undefined,
  });
  return [item('download', 'Download', props.onDownload), item('print', 'Print', props.onPrint)];
}
