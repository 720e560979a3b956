import { Card, formatDay, formatUsd, InlineLoading, Stack, Text, Title } from '@labeldesk/ui';
import type { PriceQuote } from './price-quote';

/** The live price card of Manual Order: price and estimated delivery of the current form, or why there is none. */
export function PriceCard({ quote, serviceName }: { quote: PriceQuote; serviceName: string | null }) {
  return (
    <Card withBorder padding="lg" data-testid="price-card" data-state={quote.kind}>
      <Stack gap="xs">
        <Title order={3} size="h4">
          Shipping Price
        </Title>
        {quote.kind === 'idle' ? (
          <Text size="sm" c="dimmed">
            Enter both names and ZIP codes, choose a service and fill in the package weight and dimensions to see the
            price.
          </Text>
        ) : null}
        {quote.kind === 'calculating' ? <InlineLoading label="Calculating price..." /> : null}
        {quote.kind === 'ready' ? (
          <>
            {serviceName ? (
              <Text size="sm" c="dimmed">
                {serviceName}
              </Text>
            ) : null}
            <Text fz={32} fw={700} data-testid="price-card-amount">
              {formatUsd(quote.price)}
            </Text>
            <Text size="sm" data-testid="price-card-delivery">
              Estimated delivery: {formatDay(quote.estimatedDelivery)}
            </Text>
          </>
        ) : null}
        {quote.kind === 'failed' ? (
          <Text size="sm" c="red" role="alert" data-testid="price-card-error">
            {quote.message}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
