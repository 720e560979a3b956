import { errorMessage, providerQueries } from '@labeldesk/api-client';
import type { ProviderHealth } from '@labeldesk/contracts';
import { Badge, formatDateTime, Paper, QueryBody, Table, Text, Title, useQuery } from '@labeldesk/ui';
import { BREAKER_STATES, failoversText } from './provider-health';

export const HEALTH_LOAD_FAILED = 'Failed to load provider health';

/**
 * Service Status: each provider API's circuit breaker (closed / open / half-open), its last error and how many
 * purchases failed over from it in the last 24 hours (providerQueries.health: GET /api/admin/config/apis/health).
 */
export function ProviderHealthTable() {
  const result = useQuery(providerQueries.health());
  return (
    <Paper withBorder p="md">
      <Title order={5} mb={4}>
        Provider health
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        A purchase that fails on an API before any label exists is bought through the next API by priority. After
        repeated failures an API's breaker opens and it is skipped until a probe purchase succeeds.
      </Text>
      <QueryBody
        result={result}
        testIdPrefix="provider-health"
        loadingLabel="Loading provider health..."
        errorTitle={(e) => errorMessage(e, HEALTH_LOAD_FAILED)}
        isEmpty={(data) => data.apis.length === 0}
        empty={
          <Text size="sm" c="dimmed">
            No provider APIs configured.
          </Text>
        }
      >
        {(data) => <HealthRows apis={data.apis} />}
      </QueryBody>
    </Paper>
  );
}

function HealthRows({ apis }: { apis: ProviderHealth[] }) {
  return (
    <Table striped withTableBorder fz="sm" data-testid="provider-health">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>API</Table.Th>
          <Table.Th>Breaker</Table.Th>
          <Table.Th>Last error</Table.Th>
          <Table.Th>Failovers (24 h)</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {apis.map((api) => {
          const state = BREAKER_STATES[api.state];
          return (
            <Table.Tr key={api.apiId} data-testid="provider-health-row" data-api={api.apiName} data-state={api.state}>
              <Table.Td fw={600} style={{ overflowWrap: 'anywhere' }}>
                {api.apiName}
              </Table.Td>
              <Table.Td>
                <Badge color={state.color} variant="light" miw="max-content" data-testid="provider-health-state">
                  {state.label}
                </Badge>
                <Text size="xs" c="dimmed">
                  {state.meaning}
                  {api.state === 'open' && api.openUntil ? ` until ${formatDateTime(api.openUntil)}` : ''}
                </Text>
                {api.failures > 0 ? (
                  <Text size="xs" c="dimmed">
                    {api.failures} recent {api.failures === 1 ? 'failure' : 'failures'}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }} data-testid="provider-health-last-error">
                {api.lastError ? (
                  <>
                    <Text size="sm">{api.lastError}</Text>
                    {api.lastErrorAt ? (
                      <Text size="xs" c="dimmed">
                        {formatDateTime(api.lastErrorAt)}
                      </Text>
                    ) : null}
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    None
                  </Text>
                )}
              </Table.Td>
              <Table.Td data-testid="provider-health-failovers" style={{ whiteSpace: 'nowrap' }}>
                {failoversText(api.failovers24h)}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
