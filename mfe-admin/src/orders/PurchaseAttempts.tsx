import { errorMessage, orderQueries } from '@labeldesk/api-client';
import type { OrderAttempt } from '@labeldesk/contracts';
import { Badge, formatDateTime, QueryBody, Table, Text, useQuery } from '@labeldesk/ui';
import { ATTEMPT_OUTCOMES } from './purchase-attempts';

export const ATTEMPTS_LOAD_FAILED = 'Unable to load purchase attempts';

/**
 * Every provider API asked for this order's label, oldest first (the admin's read of the order: GET /api/orders/{id}
 * carries `attempts` for admins only), loaded when the details open.
 */
export function PurchaseAttempts({ orderId }: { orderId: string }) {
  const result = useQuery(orderQueries.detail(orderId));
  return (
    <QueryBody
      result={result}
      testIdPrefix="admin-order-attempts"
      loadingLabel="Loading purchase attempts..."
      errorTitle={(e) => errorMessage(e, ATTEMPTS_LOAD_FAILED)}
    >
      {(loaded) => <AttemptsTable attempts={loaded.order.attempts ?? []} />}
    </QueryBody>
  );
}

function AttemptsTable({ attempts }: { attempts: OrderAttempt[] }) {
  if (attempts.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="admin-order-attempts-empty">
        No provider was asked for this label.
      </Text>
    );
  }
  return (
    <Table striped withTableBorder fz="sm" data-testid="admin-order-attempts">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>API</Table.Th>
          <Table.Th>Outcome</Table.Th>
          <Table.Th>Error</Table.Th>
          <Table.Th>Time</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {attempts.map((a, i) => {
          const outcome = ATTEMPT_OUTCOMES[a.outcome];
          return (
            // Attempts have no id of their own; they never reorder (oldest first).
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed, append-only list
            <Table.Tr key={i} data-testid="admin-order-attempt">
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{a.apiName}</Table.Td>
              <Table.Td>
                <Badge color={outcome.color} variant="light" miw="max-content">
                  {outcome.label}
                </Badge>
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{a.error ?? '—'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(a.at)}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
