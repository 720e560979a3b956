import { customerMutations, errorMessage } from '@labeldesk/api-client';
import { UpdateBalanceRequest, type User } from '@labeldesk/contracts';
import {
  FormModal,
  formatUsd,
  MoneyInput,
  SegmentedControl,
  Text,
  TextInput,
  useApiMutation,
  useContractForm,
} from '@labeldesk/ui';
import {
  BALANCE_MODES,
  balanceFieldOf,
  CLOSE_AFTER_SUCCESS_MS,
  emptyBalanceForm,
  projectedBalance,
  REASON_MAX,
  toBalanceInput,
} from './balance-form';
import { CustomerHeading } from './CustomerHeading';

interface BalanceModalProps {
  opened: boolean;
  /** The customer whose balance is changed (kept while the modal closes). */
  user: User | null;
  onClose: () => void;
  /** The server's updated user, right after a success (the modal itself closes 2 s later). */
  onUpdated: (user: User) => void;
}

/**
 * SPEC §2/§4 admin balance modal (FormModal on the contract form): Add funds (new = current + amount) or Set balance
 * (balance = amount), an amount > 0 and an optional reason, checked by UpdateBalanceRequest as the server checks them.
 * The server applies the change (customerMutations.updateBalance refreshes the customers, deposits and balances shown
 * anywhere); the modal shows the new balance and closes after 2 s. Mount with a new `key` per opening.
 */
export function BalanceModal({ opened, user, onClose, onUpdated }: BalanceModalProps) {
  const form = useContractForm({
    schema: UpdateBalanceRequest,
    initialValues: emptyBalanceForm(),
    toInput: toBalanceInput,
    fieldOf: balanceFieldOf,
  });
  const update = useApiMutation(customerMutations.updateBalance);

  if (!user) return null;
  const { mode } = form.getValues();
  const preview = projectedBalance(user.balance, form.getValues());

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Adjust Balance"
      testIdPrefix="balance"
      form={form}
      submitLabel={mode === 'add' ? 'Add Funds' : 'Set Balance'}
      busyLabel="Updating..."
      closeAfterMs={CLOSE_AFTER_SUCCESS_MS}
      intro={
        <>
          <CustomerHeading user={user} testId="balance-user" />
          <Text size="sm">
            Current balance:{' '}
            <Text span fw={600} data-testid="balance-current">
              {formatUsd(user.balance)}
            </Text>
          </Text>
        </>
      }
      onSubmit={async (body) => {
        const res = await update.mutateAsync({ userId: user._id, body });
        onUpdated(res.user);
        return { success: `Balance updated. New balance: ${formatUsd(res.user.balance)}` };
      }}
      errorText={(e) => errorMessage(e, 'Failed to update balance')}
      fieldOf={balanceFieldOf}
    >
      {({ busy, locked }) => (
        <>
          <SegmentedControl
            fullWidth
            aria-label="Balance change"
            data={BALANCE_MODES}
            disabled={locked}
            data-testid="balance-mode"
            {...form.getInputProps('mode')}
          />
          <MoneyInput
            label={mode === 'add' ? 'Amount to add' : 'New balance'}
            min={0.01}
            disabled={locked}
            data-autofocus
            data-testid="balance-amount-input"
            {...form.getInputProps('amount')}
          />
          <TextInput
            label="Reason"
            placeholder="Optional, kept in the customer's history"
            maxLength={REASON_MAX}
            disabled={locked}
            data-testid="balance-reason"
            {...form.getInputProps('reason')}
          />
          {preview !== null && (busy || !locked) ? (
            <Text size="sm" c="dimmed" data-testid="balance-preview">
              Balance after this change: {formatUsd(preview)}
            </Text>
          ) : null}
        </>
      )}
    </FormModal>
  );
}
