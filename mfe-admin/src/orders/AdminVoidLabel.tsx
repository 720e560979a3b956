import { errorMessage, orderMutations } from '@labeldesk/api-client';
import { canVoidOrder, type Order, VOID_MESSAGES, type VoidOrderResponse } from '@labeldesk/contracts';
import { Alert, Badge, Button, formatUsd, Group, modals, Stack, Text, useApiMutation } from '@labeldesk/ui';
import { useState } from 'react';

/**
 * The admin's "Void label" in Order Details (issue 22): the same route and rules as the customer's (an admin's session
 * may void any customer's order), offered only while the order can be voided, behind the kit's confirm. The refund
 * goes to the customer: the answer shows their balance afterwards, and the order lists and customer balances refetch.
 */
export function AdminVoidLabel({ order, customer }: { order: Order; customer: string }) {
  const voidLabel = useApiMutation(orderMutations.void);
  const [result, setResult] = useState<VoidOrderResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const voidStatus = result?.order.voidStatus ?? order.voidStatus;
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
        <Text size="sm" data-testid="admin-void-label-confirm-text">
          {VOID_MESSAGES.confirmBody(formatUsd(order.price))} The refund goes to {customer}.
        </Text>
      ),
      labels: { confirm: VOID_MESSAGES.confirm, cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'admin-void-label-confirm' },
      onConfirm: () => void run(),
    });

  if (!offered && !voidStatus && !error) return null;
  return (
    <Stack gap="xs" data-testid="admin-void-label">
      <Group gap="xs">
        {voidStatus ? (
          <Badge color={voidStatus === 'pending' ? 'orange' : 'gray'} variant="outline" data-testid="admin-void-status">
            {voidStatus === 'pending' ? VOID_MESSAGES.pendingBadge : VOID_MESSAGES.voidedBadge}
          </Badge>
        ) : null}
        {offered ? (
          <Button
            size="xs"
            color="red"
            variant="outline"
            onClick={confirm}
            loading={voidLabel.isPending}
            data-testid="admin-void-label-button"
          >
            {VOID_MESSAGES.action}
          </Button>
        ) : null}
      </Group>
      {result ? (
        <Alert
          color={voidStatus === 'pending' ? 'orange' : 'green'}
          variant="light"
          data-testid="admin-void-label-result"
        >
          {result.message.replace('your balance', `${customer}'s balance`)} {customer}'s balance:{' '}
          {formatUsd(result.newBalance)}.
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" variant="light" role="alert" data-testid="admin-void-label-error">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
