import { errorMessage, orderMutations } from '@labeldesk/api-client';
import { canVoidOrder, type Order, VOID_MESSAGES, type VoidOrderResponse } from '@labeldesk/contracts';
import { Alert, Badge, Button, formatUsd, Group, modals, Stack, Text, useApiMutation } from '@labeldesk/ui';
import { useState } from 'react';

/** Where the void of a label stands: refund pending (the carrier settles later) or voided and refunded. */
export function VoidStatusBadge({ order }: { order: Pick<Order, 'voidStatus'> }) {
  if (!order.voidStatus) return null;
  const pending = order.voidStatus === 'pending';
  return (
    <Badge color={pending ? 'orange' : 'gray'} variant="outline" data-testid="void-status">
      {pending ? VOID_MESSAGES.pendingBadge : VOID_MESSAGES.voidedBadge}
    </Badge>
  );
}

/**
 * "Void label" (issue 22), offered only while the order can be voided (canVoidOrder: a bought label, not voided, not
 * moving, inside its carrier's window), behind the kit's confirm. The answer stays on screen with the balance after the
 * refund; the balance, the order and the lists refetch (orderMutations.void). `balanceOwner` names whose balance it is
 * when that is not the signed-in user's own (the admin's order details).
 */
export function VoidLabel({ order, balanceOwner }: { order: Order; balanceOwner?: string }) {
  const voidLabel = useApiMutation(orderMutations.void);
  const [result, setResult] = useState<VoidOrderResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const offered = result === null && canVoidOrder(order, new Date());

  const run = async () => {
    setError(null);
    try {
      setResult(await voidLabel.mutateAsync({ orderId: order._id, idempotencyKey: crypto.randomUUID() }));
    } catch (e) {
      setError(errorMessage(e, VOID_MESSAGES.failed));
    }
  };

  const confirm = () =>
    modals.openConfirmModal({
      title: VOID_MESSAGES.confirmTitle,
      children: (
        <Text size="sm" data-testid="void-label-confirm-text">
          {VOID_MESSAGES.confirmBody(formatUsd(order.price))}
        </Text>
      ),
      labels: { confirm: VOID_MESSAGES.confirm, cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'void-label-confirm' },
      cancelProps: { 'data-testid': 'void-label-cancel' },
      onConfirm: () => void run(),
    });

  if (!offered && !result && !error) return null;
  return (
    <Stack gap="xs" data-testid="void-label">
      {offered ? (
        <Group gap="xs">
          <Button
            size="xs"
            color="red"
            variant="outline"
            onClick={confirm}
            loading={voidLabel.isPending}
            data-testid="void-label-button"
          >
            {VOID_MESSAGES.action}
          </Button>
        </Group>
      ) : null}
      {result ? (
        <Alert
          color={result.order.voidStatus === 'pending' ? 'orange' : 'green'}
          variant="light"
          data-testid="void-label-result"
        >
          {result.message} {balanceOwner ? `${balanceOwner}'s balance` : 'Your balance'}: {formatUsd(result.newBalance)}
          .
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" variant="light" role="alert" data-testid="void-label-error">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
