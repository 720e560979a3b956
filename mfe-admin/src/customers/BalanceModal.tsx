import { customerMutations, errorMessage } from '@labeldesk/api-client';
import type { User } from '@labeldesk/contracts';
import { FormModal, formatUsd, MoneyInput, SegmentedControl, Text, TextInput, useApiMutation } from '@labeldesk/ui';
import { useState } from 'react';
import {
  BALANCE_MODES,
  type BalanceMode,
  buildBalanceRequest,
  CLOSE_AFTER_SUCCESS_MS,
  isBalanceMode,
  projectedBalance,
  REASON_MAX,
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
 * SPEC §2/§4 admin balance modal (FormModal): Add funds (new = current + amount) or Set balance (balance = amount), an
 * amount > 0 and an optional reason. The server applies the change (customerMutations.updateBalance refreshes the
 * customers, deposits and balances shown anywhere); the modal shows the new balance and closes after 2 s.
 * Mount with a new `key` per opening.
 */
export function BalanceModal({ opened, user, onClose, onUpdated }: BalanceModalProps) {
  const [mode, setMode] = useState<BalanceMode>('add');
  const [amount, setAmount] = useState<string | number>('');
  const [reason, setReason] = useState('');
  const update = useApiMutation(customerMutations.updateBalance);

  if (!user) return null;
  const preview = projectedBalance(user.balance, mode, amount);

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Adjust Balance"
      testIdPrefix="balance"
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
      onSubmit={async () => {
        const check = buildBalanceRequest(mode, amount, reason);
        if (!check.ok) return { error: check.error };
        try {
          const res = await update.mutateAsync({ userId: user._id, body: check.body });
          onUpdated(res.user);
          return { success: `Balance updated. New balance: ${formatUsd(res.user.balance)}` };
        } catch (e) {
          return { error: errorMessage(e, 'Failed to update balance') };
        }
      }}
    >
      {({ busy, locked, clearError }) => (
        <>
          <SegmentedControl
            fullWidth
            aria-label="Balance change"
            data={BALANCE_MODES}
            value={mode}
            onChange={(v) => {
              if (!isBalanceMode(v)) return;
              setMode(v);
              clearError();
            }}
            disabled={locked}
            data-testid="balance-mode"
          />
          <MoneyInput
            label={mode === 'add' ? 'Amount to add' : 'New balance'}
            min={0.01}
            value={amount}
            onChange={(v) => {
              setAmount(v);
              clearError();
            }}
            disabled={locked}
            data-autofocus
            data-testid="balance-amount-input"
          />
          <TextInput
            label="Reason"
            placeholder="Optional, kept in the customer's history"
            maxLength={REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            disabled={locked}
            data-testid="balance-reason"
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
