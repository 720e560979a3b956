import type { ShippingApiConfig } from '@labeldesk/contracts';
import { Badge, Card, EmptyState, Group, QueryBody, Select, Stack, Text } from '@labeldesk/ui';
import type { ReactNode } from 'react';
import { apiOptions } from './api-configs';
import { EnabledBadge } from './CarrierServiceTables';
import type { ApiScreen } from './use-api-configs';

interface ProviderApiPanelProps {
  screen: Pick<ApiScreen, 'apis' | 'result' | 'describeError' | 'selected' | 'setChosen'>;
  /** The select's label (SPEC §2: Service Management's API selector, Service Status' API dropdown). */
  label: string;
  /** Test ids `<prefix>-select`, `-info`, `-default`, `-enabled`, `-base-url`. */
  testIdPrefix: string;
  loadingLabel: string;
  /** What the screen says when no API is configured (the body of an EmptyState). */
  empty: ReactNode;
  /** Buttons beside the select about the shown API (Make Default, Delete). */
  actions?: (api: ShippingApiConfig) => ReactNode;
  /** Badges after Default and Enabled/Disabled (e.g. the service count). */
  badges?: (api: ShippingApiConfig) => ReactNode;
  /** The shown API's content (service tables, tabs). */
  children: (api: ShippingApiConfig) => ReactNode;
}

/**
 * The body of a screen about one provider API at a time (Service Management, Service Status): the API list's loading,
 * failure (Try Again) and empty states (QueryBody; the list stays when a later Refresh fails), then a card with the API select (the default marked), the screen's actions,
 * Default and Enabled/Disabled badges and the base URL, and the screen's content for the shown API.
 */
export function ProviderApiPanel({
  screen,
  label,
  testIdPrefix,
  loadingLabel,
  empty,
  actions,
  badges,
  children,
}: ProviderApiPanelProps) {
  const { apis, result, describeError, selected, setChosen } = screen;
  return (
    <QueryBody
      result={result}
      testIdPrefix={testIdPrefix}
      loadingLabel={loadingLabel}
      errorTitle={describeError}
      isEmpty={(data) => data.apis.length === 0}
      empty={<EmptyState title="No shipping APIs configured">{empty}</EmptyState>}
      keepDataOnError
      refetchOverlay={false}
    >
      {() => (selected ? panel(selected) : null)}
    </QueryBody>
  );

  function panel(selected: ShippingApiConfig) {
    return (
      <Stack gap="md">
        <Card withBorder padding="md" data-testid={`${testIdPrefix}-info`}>
          <Group align="flex-end" justify="space-between" wrap="wrap">
            <Group align="flex-end" wrap="wrap">
              <Select
                label={label}
                data={apiOptions(apis)}
                value={selected._id}
                onChange={(v) => v && setChosen(v)}
                allowDeselect={false}
                w={280}
                data-testid={`${testIdPrefix}-select`}
              />
              {actions?.(selected)}
            </Group>
            <Stack gap={2} align="flex-end">
              <Group gap="xs">
                {selected.isDefault ? (
                  <Badge variant="light" data-testid={`${testIdPrefix}-default`}>
                    Default
                  </Badge>
                ) : null}
                <EnabledBadge enabled={selected.enabled} testId={`${testIdPrefix}-enabled`} />
                {badges?.(selected)}
              </Group>
              <Text size="sm" c="dimmed">
                Base URL:{' '}
                <Text span size="sm" ff="monospace" data-testid={`${testIdPrefix}-base-url`}>
                  {selected.baseUrl}
                </Text>
              </Text>
            </Stack>
          </Group>
        </Card>
        {children(selected)}
      </Stack>
    );
  }
}
