import { BULK_MESSAGES } from '@labeldesk/contracts';
import { centsToUsd } from '@labeldesk/pricing';
import { Link } from '@labeldesk/router';
import { Alert, Anchor, Button, formatUsd, Group, Modal, Stack, Text } from '@labeldesk/ui';
import type { ServicePick } from '../ordering/service-choice';
import { exceedsBalance } from './bulk-order';

interface ConfirmBulkModalProps {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  /** Rows selected, their total in cents, the pick and template they are bought with. */
  count: number;
  totalCents: number;
  pick: ServicePick;
  template: string | null;
  /** The balance in USD (null until loaded). */
  balance: number | null;
  paying: boolean;
  error: string | null;
  canPay: boolean;
}

/** SPEC §5 bulk confirmation: what is bought, the total against the balance (blocked with a warning above it), pay. */
export function ConfirmBulkModal(props: ConfirmBulkModalProps) {
  const insufficient = exceedsBalance(props.totalCents, props.balance);
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title="Confirm Bulk Order"
      centered
      closeButtonProps={{ 'aria-label': 'Close confirmation' }}
    >
      <Stack gap="sm" data-testid="bulk-confirm">
        <Text size="sm">
          Buy <b>{props.count}</b> {props.count === 1 ? 'label' : 'labels'} with {props.pick.carrier}{' '}
          {props.pick.service}
          {props.template ? ` (template ${props.template})` : ''}.
        </Text>
        <Group justify="space-between">
          <Text size="sm">Total</Text>
          <Text fw={700} data-testid="bulk-confirm-total">
            {formatUsd(centsToUsd(props.totalCents))}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm">Your balance</Text>
          <Text fw={700} data-testid="bulk-confirm-balance">
            {props.balance === null ? '…' : formatUsd(props.balance)}
          </Text>
        </Group>
        {insufficient ? (
          <Alert color="orange" variant="light" role="alert" data-testid="bulk-confirm-insufficient">
            {BULK_MESSAGES.insufficientBalance}{' '}
            <Anchor component={Link} to="/balance" size="sm">
              Add funds
            </Anchor>
          </Alert>
        ) : null}
        {props.error ? (
          <Alert color="red" variant="light" role="alert" data-testid="bulk-confirm-error">
            {props.error}
          </Alert>
        ) : null}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={props.onClose} disabled={props.paying}>
            Cancel
          </Button>
          <Button
            onClick={props.onConfirm}
            loading={props.paying}
            disabled={insufficient || props.balance === null || !props.canPay}
            data-testid="bulk-confirm-pay"
          >
            Confirm and Pay
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
