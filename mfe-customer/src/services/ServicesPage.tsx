import { api, balanceQueries, errorMessage } from '@labeldesk/api-client';
import type { AllServicesResponse, CustomerApi } from '@labeldesk/contracts';
import {
  Badge,
  Card,
  EmptyState,
  ErrorState,
  formatUsd,
  Group,
  Loader,
  LoadingState,
  PageHeader,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
  useQuery,
} from '@labeldesk/ui';
import { type ReactNode, useEffect, useState } from 'react';
import {
  carrierSections,
  LEGEND,
  maxWeightText,
  NO_APIS,
  orderApis,
  priceText,
  RELIABILITY_BADGES,
  reliabilityBadge,
} from './services-view';

type Load<T> = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; data: T };

/**
 * SPEC §2 Shipping Services (/services): the balance, one tab per shipping API (default first), and per carrier the
 * enabled services with this customer's price, weight limit and reliability badge, plus the badge legend.
 */
export default function ServicesPage() {
  const balanceQuery = useQuery(balanceQueries.current());
  const balance: Load<number> = balanceQuery.data
    ? { kind: 'ready', data: balanceQuery.data.balance }
    : balanceQuery.isError
      ? { kind: 'failed', message: errorMessage(balanceQuery.error, 'Failed to load balance') }
      : { kind: 'loading' };
  const [apis, setApis] = useState<Load<CustomerApi[]>>({ kind: 'loading' });
  const [apisAttempt, setApisAttempt] = useState(0);
  const [tab, setTab] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `apisAttempt` re-runs the load on Try Again.
  useEffect(() => {
    let active = true;
    setApis({ kind: 'loading' });
    api.shipping.apis().then(
      (res) => {
        if (!active) return;
        const ordered = orderApis(res.apis);
        setApis({ kind: 'ready', data: ordered });
        setTab((current) => (current && ordered.some((a) => a._id === current) ? current : (ordered[0]?._id ?? null)));
      },
      (e: unknown) =>
        active && setApis({ kind: 'failed', message: errorMessage(e, 'Failed to load shipping services') }),
    );
    return () => {
      active = false;
    };
  }, [apisAttempt]);

  let body: ReactNode;
  if (apis.kind === 'loading') body = <LoadingState label="Loading shipping services..." />;
  else if (apis.kind === 'failed')
    body = <ErrorState title={apis.message} onRetry={() => setApisAttempt((n) => n + 1)} />;
  else if (apis.data.length === 0) {
    body = (
      <div data-testid="services-no-apis">
        <EmptyState title={NO_APIS} />
      </div>
    );
  } else {
    body = (
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          {apis.data.map((a) => (
            <Tabs.Tab key={a._id} value={a._id} data-testid="services-api-tab">
              {a.name}
              {a.isDefault ? (
                <Badge size="xs" variant="light" ml={6}>
                  Default
                </Badge>
              ) : null}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {apis.data.map((a) => (
          <Tabs.Panel key={a._id} value={a._id}>
            <ApiServices apiId={a._id} />
          </Tabs.Panel>
        ))}
      </Tabs>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="Shipping Services"
        description="Services you can buy labels for, with your price and how reliable each one is right now."
      />
      <Group align="stretch" gap="md" wrap="wrap">
        <Card withBorder padding="md" miw={220}>
          <Text size="sm" c="dimmed">
            Available Balance
          </Text>
          {balance.kind === 'loading' ? <Loader size="sm" aria-label="Loading balance" /> : null}
          {balance.kind === 'ready' ? (
            <Text fz={28} fw={700} data-testid="services-balance">
              {formatUsd(balance.data)}
            </Text>
          ) : null}
          {balance.kind === 'failed' ? (
            <Text size="sm" c="red" role="alert">
              {balance.message}
            </Text>
          ) : null}
        </Card>
        <Card withBorder padding="md" style={{ flex: 1 }} miw={280} data-testid="services-legend">
          <Text size="sm" fw={600} mb={6}>
            Reliability
          </Text>
          <Stack gap={4}>
            {LEGEND.map((item) => (
              <Group key={item.badge} gap="xs" wrap="nowrap">
                <Badge color={item.color} w={116}>
                  {item.label}
                </Badge>
                <Text size="sm">{item.meaning}</Text>
              </Group>
            ))}
          </Stack>
        </Card>
      </Group>
      {body}
    </Stack>
  );
}

/** One API's enabled services, per carrier card. */
function ApiServices({ apiId }: { apiId: string }) {
  const [load, setLoad] = useState<Load<AllServicesResponse>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on Try Again.
  useEffect(() => {
    let active = true;
    setLoad({ kind: 'loading' });
    api.shipping.allServices(apiId).then(
      (data) => active && setLoad({ kind: 'ready', data }),
      (e: unknown) =>
        active && setLoad({ kind: 'failed', message: errorMessage(e, 'Failed to load services for selected API') }),
    );
    return () => {
      active = false;
    };
  }, [apiId, attempt]);

  if (load.kind === 'loading') return <LoadingState label="Loading services..." />;
  if (load.kind === 'failed') return <ErrorState title={load.message} onRetry={() => setAttempt((n) => n + 1)} />;
  const sections = carrierSections(load.data);
  if (sections.length === 0) {
    return <EmptyState title="No services available">This API has no services you can use right now.</EmptyState>;
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
      {sections.map((section) => (
        <Paper key={section.carrier} withBorder p="md" data-testid={`services-carrier-${section.carrier}`}>
          <Group justify="space-between" mb="sm">
            <Title order={4}>{section.label}</Title>
            <Text size="xs" c="dimmed">
              {section.services.length} {section.services.length === 1 ? 'service' : 'services'}
            </Text>
          </Group>
          <Stack gap="xs">
            {section.services.map((service) => {
              const badge = RELIABILITY_BADGES[reliabilityBadge(service.reliabilityStatus)];
              return (
                <Card
                  key={service.id}
                  withBorder
                  padding="sm"
                  data-testid="services-service"
                  data-service={service.name}
                >
                  <Group justify="space-between" align="flex-start" wrap="nowrap">
                    <Stack gap={2}>
                      <Text size="sm" fw={600}>
                        {service.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {maxWeightText(service)}
                      </Text>
                    </Stack>
                    <Stack gap={4} align="flex-end">
                      <Text size="sm" fw={700} data-testid="services-price">
                        {priceText(service)}
                      </Text>
                      <Group gap={4} wrap="nowrap">
                        {service.active ? null : (
                          <Badge color="gray" variant="outline" size="sm">
                            Unavailable
                          </Badge>
                        )}
                        <Badge color={badge.color} size="sm" data-testid="services-reliability">
                          {badge.label}
                        </Badge>
                      </Group>
                    </Stack>
                  </Group>
                </Card>
              );
            })}
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
