import { Paper, RetryAlert, Select, SimpleGrid, Stack, Text, Title } from '@labeldesk/ui';
import type { ReactNode } from 'react';
import { carrierOptions, isCarrier, offersTemplate, serviceOptions, USPS_TEMPLATES } from './service-choice';
import type { ServiceChoice } from './use-service-choice';

/** Test ids of one screen's picker (Manual Order and Bulk Order kept their own). */
export interface ServicePickerIds {
  paper: string;
  api: string;
  carrier: string;
  service: string;
  template?: string;
  apisError?: string;
  noApis?: string;
  servicesError?: string;
}

interface ServicePickerProps {
  choice: ServiceChoice;
  title: string;
  testIds: ServicePickerIds;
  disabled: boolean;
  /** Field errors under the pickers (Manual Order's submit check), keyed as the request names them. */
  errors?: Partial<Record<'apiId' | 'carrier' | 'serviceType', ReactNode>>;
  /** Called after a picker changed (e.g. to drop its error). */
  onPicked?: (field: 'apiId' | 'carrier' | 'serviceType') => void;
  /** Offers the USPS label template where SPEC §5 allows it (Bulk Order). */
  withTemplate?: boolean;
  required?: boolean;
  /** Shown under the pickers (the service's maximum weight). */
  footer?: ReactNode;
}

/** The API → carrier → service (→ template) pickers of Manual Order and Bulk Order, with their load failures. */
export function ServicePicker({ choice, testIds, disabled, errors = {}, onPicked, ...props }: ServicePickerProps) {
  const { apis, services, pick } = choice;
  const catalogue = services.data ?? null;
  const apiOptions = (apis.data ?? []).map((a) => ({ value: a._id, label: a.name }));
  const template = props.withTemplate === true && offersTemplate(pick.carrier, pick.apiName);
  return (
    <Paper withBorder p="md" data-testid={testIds.paper}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {props.title}
        </Title>
        {apis.failed ? <RetryAlert message={apis.failed} onRetry={apis.retry} testId={testIds.apisError} /> : null}
        {apis.data?.length === 0 ? (
          <Text c="dimmed" data-testid={testIds.noApis}>
            No shipping service APIs available
          </Text>
        ) : null}
        {services.failed ? (
          <RetryAlert message={services.failed} onRetry={services.retry} testId={testIds.servicesError} />
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: template ? 4 : 3 }} spacing="sm">
          <Select
            label="Shipping API"
            placeholder={apis.loading ? 'Loading...' : 'Choose an API'}
            data={apiOptions}
            value={pick.apiId}
            onChange={(v) => {
              if (!v || v === pick.apiId) return;
              choice.setApi(v);
              onPicked?.('apiId');
            }}
            allowDeselect={false}
            disabled={disabled || apiOptions.length === 0}
            error={errors.apiId}
            withAsterisk={props.required}
            data-testid={testIds.api}
          />
          <Select
            label="Carrier"
            placeholder={services.loading ? 'Loading...' : 'Choose a carrier'}
            data={carrierOptions(catalogue)}
            value={pick.carrier}
            onChange={(v) => {
              if (!isCarrier(v) || v === pick.carrier) return;
              choice.setCarrier(v);
              onPicked?.('carrier');
            }}
            allowDeselect={false}
            disabled={disabled || !catalogue}
            error={errors.carrier}
            withAsterisk={props.required}
            data-testid={testIds.carrier}
          />
          <Select
            label="Service"
            placeholder={services.loading ? 'Loading...' : 'Choose a service'}
            data={serviceOptions(catalogue, pick.carrier)}
            value={pick.service}
            onChange={(v) => {
              if (!v) return;
              choice.setService(v);
              onPicked?.('serviceType');
            }}
            allowDeselect={false}
            disabled={disabled || !catalogue || !pick.carrier}
            error={errors.serviceType}
            withAsterisk={props.required}
            nothingFoundMessage="No services for this carrier"
            comboboxProps={{ width: 380, position: 'bottom-end' }}
            data-testid={testIds.service}
          />
          {template ? (
            <Select
              label="Label Template"
              data={[...USPS_TEMPLATES]}
              value={pick.template}
              onChange={(v) => v && choice.setTemplate(v)}
              allowDeselect={false}
              disabled={disabled}
              data-testid={testIds.template}
            />
          ) : null}
        </SimpleGrid>
        {props.footer}
      </Stack>
    </Paper>
  );
}
