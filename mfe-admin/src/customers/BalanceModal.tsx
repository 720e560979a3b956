import { api, errorMessage } from '@labeldesk/api-client';
import type { User } from '@labeldesk/contracts';
import {
  Alert,
  Button,
  formatUsd,
  Group,
  Loader,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@labeldesk/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  BALANCE_MODES,
  type BalanceMode,
  buildBalanceRequest,
  CLOSE_AFTER_SUCCESS_MS,
  isBalanceMode,
  projectedBalance,
  REASON_MAX,
} from './balance-form';

interface BalanceModalProps {
  opened: boolean;
  /** The customer whose balance is changed (kept while the modal closes). */
  user: User | null;
  onClose: () => void;
  /** The server's updated user, right after a success (the modal itself closes 2 s later). */
  onUpdated: (user: User) => void;
}

/**
 * SPEC §2/§4 admin balance modal: Add funds (new = current + amount) or Set balance (balance = amount), an amount > 0
 * and an optional reason. The server applies the change; the modal shows the new balance and closes after 2 s.
 * Mount with a new `key` per opening.
 */
export function BalanceModal({ opened, user, onClose, onUpdated }: BalanceModalProps) {
  const [mode, setMode] = useState<BalanceMode>('add');
  const [amount, setAmount] = useState<string | number>('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  if (!user) return null;
  const locked = busy || done !== null;
  const preview = projectedBalance(user.balance, mode, amount);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (locked) return;
    const check = buildBalanceRequest(mode, amount, reason);
    if (!check.ok) {
      setError(check.error);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const res = await api.adminUsers.updateBalance(user._id, check.body);
      setDone(`Balance updated. New balance: ${formatUsd(res.user.balance)}`);
      onUpdated(res.user);
      timer.current = setTimeout(onClose, CLOSE_AFTER_SUCCESS_MS);
    } catch (e) {
      setError(errorMessage(e, 'Failed to update balance'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={() => !busy && onClose()}
      title="Adjust Balance"
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
    >
      <form onSubmit={submit} noValidate data-testid="balance-form">
        <Stack gap="sm">
          <div>
            <Text fw={600} data-testid="balance-user">
              {user.name}
            </Text>
            <Text size="sm" c="dimmed">
              {user.email}
            </Text>
          </div>
          <Text size="sm">
            Current balance:{' '}
            <Text span fw={600} data-testid="balance-current">
              {formatUsd(user.balance)}
            </Text>
          </Text>
          {error ? (
            <Alert color="red" variant="light" role="alert" data-testid="balance-error">
              {error}
            </Alert>
          ) : null}
          {done ? (
            <Alert color="green" variant="light" role="status" data-testid="balance-success">
              {done}
            </Alert>
          ) : null}
          <SegmentedControl
            fullWidth
            aria-label="Balance change"
            data={BALANCE_MODES}
            value={mode}
            onChange={(v) => {
              if (!isBalanceMode(v)) return;
              setMode(v);
              setError(null);
            }}
            disabled={locked}
            data-testid="balance-mode"
          />
          <NumberInput
            label={mode === 'add' ? 'Amount to add' : 'New balance'}
            placeholder="0.00"
            prefix="$"
            min={0.01}
            clampBehavior="none"
            step={0.01}
            decimalScale={2}
            thousandSeparator=","
            allowNegative={false}
            value={amount}
            onChange={(v) => {
              setAmount(v);
              setError(null);
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
          {preview !== null && !done ? (
            <Text size="sm" c="dimmed" data-testid="balance-preview">
              Balance after this change: {formatUsd(preview)}
            </Text>
          ) : null}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {done ? 'Close' : 'Cancel'}
            </Button>
            <Button
              type="submit"
              disabled={locked}
              leftSection={busy ? <Loader size={14} color="gray" /> : null}
              data-testid="balance-submit"
            >
              {busy ? 'Updating...' : mode === 'add' ? 'Add Funds' : 'Set Balance'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
