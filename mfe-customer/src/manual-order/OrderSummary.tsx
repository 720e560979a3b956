import { ORDER_MESSAGES } from '@labeldesk/contracts';
import { Link } from '@labeldesk/router';
import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@labeldesk/ui';
import { PriceCard } from './PriceCard';
import type { PriceQuote } from './price-quote';
import type { PurchaseState } from './use-purchase';

interface OrderSummaryProps {
  quote: PriceQuote;
  serviceName: string | null;
  /** The balance in USD once loaded. */
  balance: number | undefined;
  /** Why the last submit did not go through (a form check or the server's answer), or null. */
  problem: { message: string; insufficientFunds: boolean } | null;
  purchase: PurchaseState;
  labelError: string | null;
  submitting: boolean;
  disabled: boolean;
}

/** Manual Order's side column: the live price, the balance warning, what the purchase came to, and Create Label. */
export function OrderSummary({ quote, purchase, problem, balance, ...props }: OrderSummaryProps) {
  const bought = purchase.kind === 'created' || purchase.kind === 'pending' || purchase.kind === 'label-blocked';
  return (
    <Stack gap="md" pos="sticky" top={76}>
      <PriceCard quote={quote} serviceName={props.serviceName} />
      {quote.kind === 'ready' &&
      balance !== undefined &&
      quote.price > balance &&
      !problem?.insufficientFunds &&
      !bought ? (
        <Alert color="orange" variant="light" role="alert" data-testid="manual-order-low-balance">
          <Text size="sm">{ORDER_MESSAGES.insufficientBalance}</Text>
          <Anchor component={Link} to="/balance" size="sm">
            Add funds
          </Anchor>
        </Alert>
      ) : null}
      {problem ? (
        <Alert color="red" variant="light" role="alert" data-testid="manual-order-error">
          <Text size="sm">{problem.message}</Text>
          {problem.insufficientFunds ? (
            <Anchor component={Link} to="/balance" size="sm" data-testid="manual-order-add-funds">
              Add funds to your balance
            </Anchor>
          ) : null}
        </Alert>
      ) : null}
      {bought ? (
        <Alert
          color={purchase.kind === 'pending' ? 'yellow' : 'green'}
          variant="light"
          role="status"
          data-testid={purchase.kind === 'pending' ? 'manual-order-pending' : 'manual-order-success'}
        >
          <Stack gap={6}>
            <Text size="sm">{purchase.message}</Text>
            {purchase.kind === 'label-blocked' ? (
              <Group gap="sm">
                <Anchor
                  href={purchase.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="sm"
                  fw={600}
                  data-testid="manual-order-open-label"
                >
                  Open label
                </Anchor>
                <Anchor component={Link} to="/my-orders" size="sm">
                  Go to My Orders
                </Anchor>
              </Group>
            ) : (
              <Text size="xs" c="dimmed">
                {purchase.kind === 'pending'
                  ? 'Taking you to My Orders...'
                  : 'Opening your label and taking you to My Orders...'}
              </Text>
            )}
          </Stack>
        </Alert>
      ) : null}
      {props.labelError ? (
        <Alert color="red" variant="light" role="alert" data-testid="manual-order-label-error">
          {props.labelError}
        </Alert>
      ) : null}
      <Button
        type="submit"
        size="md"
        fullWidth
        disabled={props.disabled}
        leftSection={props.submitting ? <Loader size={16} color="gray" /> : null}
        data-testid="create-label-button"
      >
        {props.submitting ? 'Creating Label...' : 'Create Label'}
      </Button>
    </Stack>
  );
}
