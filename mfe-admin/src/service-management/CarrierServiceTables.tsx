import { CARRIERS, type Carrier, type Service, type ShippingApiConfig } from '@labeldesk/contracts';
import { Badge, Group, Paper, Stack, Table, Text, Title } from '@labeldesk/ui';
import type { ReactNode } from 'react';
import { CARRIER_LABELS, servicesOf } from './api-configs';

/** A service's or an API's Enabled / Disabled badge (green / gray). */
export function EnabledBadge({ enabled, testId }: { enabled: boolean; testId?: string }) {
  return (
    <Badge color={enabled ? 'green' : 'gray'} variant="light" data-testid={testId}>
      {enabled ? 'Enabled' : 'Disabled'}
    </Badge>
  );
}

interface CarrierServiceTablesProps {
  config: ShippingApiConfig;
  /** Each carrier's section has test id `<prefix>-<carrier>`. */
  testIdPrefix: string;
  minWidth: number;
  /** The header cells after Service. */
  columns: ReactNode;
  /** One service's row (a Table.Tr). */
  row: (service: Service, carrier: Carrier) => ReactNode;
}

/**
 * SPEC §2 Service Status and Service Pricing: per carrier (UPS, USPS, FedEx) a section with the number of the API's
 * services and a table of them (Service and the tab's own columns), or 'No {carrier} services for this API.'.
 */
export function CarrierServiceTables({ config, testIdPrefix, minWidth, columns, row }: CarrierServiceTablesProps) {
  return (
    <Stack gap="md">
      {CARRIERS.map((carrier) => {
        const services = servicesOf(config, carrier);
        return (
          <Paper key={carrier} withBorder p="md" data-testid={`${testIdPrefix}-${carrier}`}>
            <Group justify="space-between" mb="xs">
              <Title order={4}>{CARRIER_LABELS[carrier]}</Title>
              <Text size="sm" c="dimmed">
                {services.length} {services.length === 1 ? 'service' : 'services'}
              </Text>
            </Group>
            {services.length === 0 ? (
              <Text size="sm" c="dimmed">
                No {CARRIER_LABELS[carrier]} services for this API.
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={minWidth}>
                <Table verticalSpacing="xs" highlightOnHover layout="fixed">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Service</Table.Th>
                      {columns}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>{services.map((service) => row(service, carrier))}</Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
