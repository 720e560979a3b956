import type { OrderStats } from '@labeldesk/contracts';
import { Link } from '@labeldesk/router';
import { Card, formatUsd, SimpleGrid, Skeleton, Text } from '@labeldesk/ui';
import { ATTENTION_CARDS, STAT_CARDS } from './recent-orders';

/**
 * SPEC §2 the five stat cards of the last 30 days; '—' when the statistics could not be loaded. Exceptions and
 * Cancelled cards follow when there are some (so the status cards add up to Total Orders), each a link to My Orders
 * filtered to them.
 */
export function StatCards({ stats }: { stats: OrderStats | 'loading' | 'failed' }) {
  const attention = typeof stats === 'object' ? ATTENTION_CARDS.filter((card) => stats[card.key] > 0) : [];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, lg: 5 }} spacing="md" data-testid="dashboard-stats">
      {STAT_CARDS.map((card) => {
        let value = '—';
        if (typeof stats === 'object') {
          const n = stats[card.key];
          value = card.money ? formatUsd(n) : String(n);
        }
        return (
          <Card key={card.key} withBorder padding="md" data-testid={card.testId}>
            <Text size="sm" fw={600}>
              {card.title}
            </Text>
            {stats === 'loading' ? (
              <Skeleton h={30} w={80} my={4} />
            ) : (
              <Text fz={28} fw={700} data-testid={`${card.testId}-value`}>
                {value}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {card.hint}
            </Text>
          </Card>
        );
      })}
      {typeof stats === 'object'
        ? attention.map((card) => (
            <Card
              key={card.key}
              component={Link}
              to={card.to}
              withBorder
              padding="md"
              data-testid={card.testId}
              style={{ borderColor: card.key === 'exception' ? 'var(--mantine-color-red-6)' : undefined }}
            >
              <Text size="sm" fw={600}>
                {card.title}
              </Text>
              <Text fz={28} fw={700} data-testid={`${card.testId}-value`}>
                {stats[card.key]}
              </Text>
              <Text size="xs" c="dimmed">
                {card.hint}
              </Text>
            </Card>
          ))
        : null}
    </SimpleGrid>
  );
}
