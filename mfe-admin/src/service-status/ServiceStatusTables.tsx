import { errorMessage, providerMutations } from '@labeldesk/api-client';
import type { ReliabilityStatus, Service, ShippingApiConfig } from '@labeldesk/contracts';
import { Badge, Button, Group, Table, useApiMutation } from '@labeldesk/ui';
import { CarrierServiceTables, EnabledBadge } from '../service-management/CarrierServiceTables';
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
    <CarrierServiceTables
      config={config}
      testIdPrefix="status-carrier"
      minWidth={720}
      columns={
        <>
          <Table.Th w={190}>Status</Table.Th>
          <Table.Th w={130}>Reliability</Table.Th>
          <Table.Th>Set Reliability</Table.Th>
        </>
      }
      row={(service, carrier) => (
        <Table.Tr key={service.id} data-testid="status-service-row" data-service={service.name} data-carrier={carrier}>
          <Table.Td fw={600}>{service.name}</Table.Td>
          <Table.Td>
            <Group gap={6}>
              <EnabledBadge enabled={service.enabled} testId="service-enabled-badge" />
              {service.active ? null : (
                <Badge color="orange" variant="outline">
                  Inactive
                </Badge>
              )}
            </Group>
          </Table.Td>
          <Table.Td>
            <Badge color={reliabilityColor(service.reliabilityStatus)} variant="filled" data-testid="reliability-badge">
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
                  // The column sizes to its three buttons; a squeezed button would cut 'Unreliable' short.
                  style={{ flexShrink: 0 }}
                >
                  {b.label}
                </Button>
              ))}
            </Group>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
