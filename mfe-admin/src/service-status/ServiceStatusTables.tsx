import { errorMessage, providerMutations } from '@labeldesk/api-client';
import { CARRIERS, type ReliabilityStatus, type Service, type ShippingApiConfig } from '@labeldesk/contracts';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title, useApiMutation } from '@labeldesk/ui';
import { CARRIER_LABELS, servicesOf } from '../service-management/api-configs';
import {
  canSetReliability,
  RELIABILITY_BUTTONS,
  reliabilityColor,
  reliabilityLabel,
  reliabilityUpdatedMessage,
} from './reliability';

interface ServiceStatusTablesProps {
  config: ShippingApiConfig;
  /** The server's updated service after a change. */
  onUpdated: (service: Service) => void;
  onSuccess: (message: string) => void;
  onError: (message: string) => void;
}

/**
 * SPEC §2 Service Status: per carrier (UPS, USPS, FedEx) a table of the API's services with their status, reliability
 * and three buttons (Reliable, Testing, Unreliable) to change it; disabled services cannot be changed (SPEC §4).
 */
export function ServiceStatusTables({ config, onUpdated, onSuccess, onError }: ServiceStatusTablesProps) {
  const update = useApiMutation(providerMutations.updateReliability, {
    onSuccess: (res) => {
      onUpdated(res.service);
      onSuccess(reliabilityUpdatedMessage(res.service.name, res.service.reliabilityStatus));
    },
    onError: (e) => onError(errorMessage(e, 'Failed to update service reliability')),
  });
  /** The change under way (one at a time): which service and status. */
  const busy = update.isPending ? update.variables : null;

  const setReliability = (service: Service, status: ReliabilityStatus) => {
    if (busy || !canSetReliability(service)) return;
    update.mutate({
      apiId: config._id,
      carrier: service.carrier,
      service: service.name,
      body: { reliabilityStatus: status },
    });
  };

  return (
    <Stack gap="md">
      {CARRIERS.map((carrier) => {
        const services = servicesOf(config, carrier);
        return (
          <Paper key={carrier} withBorder p="md" data-testid={`status-carrier-${carrier}`}>
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
              <Table.ScrollContainer minWidth={720}>
                <Table verticalSpacing="xs" highlightOnHover layout="fixed">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Service</Table.Th>
                      <Table.Th w={190}>Status</Table.Th>
                      <Table.Th w={130}>Reliability</Table.Th>
                      <Table.Th w={250}>Set Reliability</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {services.map((service) => (
                      <Table.Tr
                        key={service.id}
                        data-testid="status-service-row"
                        data-service={service.name}
                        data-carrier={carrier}
                      >
                        <Table.Td fw={600}>{service.name}</Table.Td>
                        <Table.Td>
                          <Group gap={6}>
                            <Badge
                              color={service.enabled ? 'green' : 'gray'}
                              variant="light"
                              data-testid="service-enabled-badge"
                            >
                              {service.enabled ? 'Enabled' : 'Disabled'}
                            </Badge>
                            {service.active ? null : (
                              <Badge color="orange" variant="outline">
                                Inactive
                              </Badge>
                            )}
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <Badge
                            color={reliabilityColor(service.reliabilityStatus)}
                            variant="filled"
                            data-testid="reliability-badge"
                          >
                            {reliabilityLabel(service.reliabilityStatus)}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Group gap={6} wrap="nowrap">
                            {RELIABILITY_BUTTONS.map((b) => (
                              <Button
                                key={b.status}
                                size="compact-xs"
                                color={b.color}
                                variant={service.reliabilityStatus === b.status ? 'filled' : 'light'}
                                disabled={!canSetReliability(service) || busy !== null}
                                loading={
                                  busy?.carrier === service.carrier &&
                                  busy.service === service.name &&
                                  busy.body.reliabilityStatus === b.status
                                }
                                aria-pressed={service.reliabilityStatus === b.status}
                                aria-label={`Mark ${service.name} as ${b.label}`}
                                onClick={() => setReliability(service, b.status)}
                                data-testid={`set-reliability-${b.status}`}
                              >
                                {b.label}
                              </Button>
                            ))}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
