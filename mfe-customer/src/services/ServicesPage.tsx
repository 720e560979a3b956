import { balanceQueries, errorMessage, shippingQueries } from '@labeldesk/api-client';
import {
  Badge,
  Card,
  EmptyState,
  formatUsd,
  Group,
  PageHeader,
  Paper,
  QueryBody,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
  useQuery,
} from '@labeldesk/ui';
import { useState } from 'react';
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

/**
 * SPEC §2 Shipping Services (/services): the balance, one tab per shipping API (default first), and per carrier the
 * enabled services with this customer's price, weight limit and reliability badge, plus the badge legend.
 */
export default function ServicesPage() {
  const balanceQuery = useQuery(balanceQueries.current());
  const apisQuery = useQuery({ ...shippingQueries.apis(), select: (res) => orderApis(res.apis) });
  const [picked, setTab] = useState<string | null>(null);

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
          <QueryBody
            result={balanceQuery}
            testIdPrefix="services-balance-load"
            loadingLabel="Loading balance..."
            errorTitle={(e) => errorMessage(e, 'Failed to load balance')}
          >
            {(data) => (
              <Text fz={28} fw={700} data-testid="services-balance">
                {formatUsd(data.balance)}
              </Text>
            )}
          </QueryBody>
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
      <QueryBody
        result={apisQuery}
        testIdPrefix="services-apis"
        loadingLabel="Loading shipping services..."
        errorTitle={(e) => errorMessage(e, 'Failed to load shipping services')}
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState title={NO_APIS} />}
      >
        {(list) => {
          // The tab shown: the one picked while its API is still offered, else the first (the default comes first).
          const tab = list.some((a) => a._id === picked) ? picked : (list[0]?._id ?? null);
          return (
            <Tabs value={tab} onChange={setTab} keepMounted={false}>
              <Tabs.List mb="md">
                {list.map((a) => (
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
              {list.map((a) => (
                <Tabs.Panel key={a._id} value={a._id}>
                  <ApiServices apiId={a._id} />
                </Tabs.Panel>
              ))}
            </Tabs>
          );
        }}
      </QueryBody>
    </Stack>
  );
}

/** One API's enabled services, per carrier card. */
function ApiServices({ apiId }: { apiId: string }) {
  const query = useQuery(shippingQueries.services(apiId));
  return (
    <QueryBody
      result={query}
      testIdPrefix="services-list"
      loadingLabel="Loading services..."
      errorTitle={(e) => errorMessage(e, 'Failed to load services for selected API')}
      isEmpty={(data) => carrierSections(data).length === 0}
      empty={<EmptyState title="No services available">This API has no services you can use right now.</EmptyState>}
    >
      {(data) => <CarrierCards sections={carrierSections(data)} />}
    </QueryBody>
  );
}

/** Per carrier, a card of its services with this customer's price, weight limit and reliability. */
function CarrierCards({ sections }: { sections: ReturnType<typeof carrierSections> }) {
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
