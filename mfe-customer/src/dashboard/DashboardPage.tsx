import { balanceQueries, errorMessage, logout, orderQueries, sessionQueries } from '@labeldesk/api-client';
import { Link, Navigate, useNavigate } from '@labeldesk/router';
import {
  Alert,
  Button,
  Card,
  formatLongDateTime,
  formatUsd,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  useQuery,
} from '@labeldesk/ui';
import { useState } from 'react';
import { recentWindow } from '../common/days';
import { useStoredUser } from '../common/use-stored-user';
import { OrderDetailsModal } from '../my-orders/OrderDetailsModal';
import { EmailVerificationBanner } from './EmailVerificationBanner';
import { greetingLine } from './greeting';
import { RecentOrders } from './RecentOrders';
import { addBannerError, type RecentFilter } from './recent-orders';
import { StatCards } from './StatCards';
import { useMinuteClock } from './use-minute-clock';

const QUICK_ACTIONS = [
  { to: '/manual-order', label: 'Create Order', hint: 'Buy a single shipping label' },
  { to: '/bulk-order', label: 'Bulk Order', hint: 'Upload a CSV with many labels' },
  { to: '/balance', label: 'Add Balance', hint: 'Top up your prepaid balance' },
] as const;

/**
 * What the dashboard loads besides the user: the balance, the 30-day statistics and the last 14 days of orders, each
 * a shared query (a purchase anywhere invalidates them). Failures gather in one dismissible banner.
 */
function useDashboardData() {
  const balance = useQuery(balanceQueries.current());
  const stats = useQuery(orderQueries.stats());
  const { startDate, endDate } = recentWindow(new Date());
  const recent = useQuery(orderQueries.dateRange(startDate, endDate));
  // Dismissing hides the failures shown so far; a failure after that shows again.
  const [dismissedAt, setDismissedAt] = useState(0);

  let errors: string[] = [];
  const failures: Array<[{ error: Error | null; errorUpdatedAt: number }, string]> = [
    [balance, 'Failed to load balance data'],
    [stats, 'Failed to load order statistics'],
    [recent, 'Failed to load recent orders'],
  ];
  for (const [q, fallback] of failures) {
    if (q.error && q.errorUpdatedAt > dismissedAt) errors = addBannerError(errors, errorMessage(q.error, fallback));
  }
  return {
    balance: balance.data?.balance ?? null,
    stats: stats.data ?? (stats.isError ? 'failed' : 'loading'),
    // SPEC §8: a failed load empties the list and resets its pagination.
    recent: recent.isError ? [] : (recent.data ?? 'loading'),
    recentFailed: recent.isError,
    errors,
    dismissErrors: () => setDismissedAt(Date.now()),
    recentLoad: recent.errorUpdateCount,
  } as const;
}

/**
 * SPEC §2 Dashboard: greeting, date-time, balance, logout, a dismissible error banner, the five stat cards of the last
 * 30 days, quick actions and the recent orders of the last 14 days (status filter, 25 per page); a click on an order
 * opens its details.
 */
export default function DashboardPage() {
  const stored = useStoredUser();
  const now = useMinuteClock();
  const navigate = useNavigate();
  // Opening the dashboard re-verifies the user; the shell's header shares this query and stores the answer.
  useQuery(sessionQueries.verify());
  const data = useDashboardData();
  const [filter, setFilter] = useState<RecentFilter>('all');
  const [paging, setPaging] = useState({ key: '', page: 1 });
  const [selected, setSelected] = useState<string | null>(null);

  // The page belongs to one filter and one load: a new filter or a failed load starts again from page 1.
  const pageKey = `${filter}:${data.recentLoad}`;
  const page = paging.key === pageKey ? paging.page : 1;

  const toLogin = () => {
    logout(); // revokes the session on the server, clears storage
    navigate('/auth/login', { replace: true });
  };

  if (stored.kind === 'none') return <Navigate to="/auth/login" replace />;
  if (stored.kind === 'corrupt') {
    return (
      <Paper withBorder p="xl" maw={480} mx="auto" mt="xl" data-testid="dashboard-user-error">
        <Stack align="center" gap="md">
          <Title order={3}>Unable to load user data</Title>
          <Button onClick={toLogin}>Return to Login</Button>
        </Stack>
      </Paper>
    );
  }
  const { user } = stored;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={4}>
          <Title order={2} data-testid="dashboard-greeting">
            {greetingLine(now, user.name)}
          </Title>
          <Text c="dimmed" data-testid="dashboard-datetime">
            {formatLongDateTime(now)}
          </Text>
        </Stack>
        <Button variant="default" onClick={toLogin}>
          Logout
        </Button>
      </Group>

      <EmailVerificationBanner />

      {data.errors.length > 0 ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={data.dismissErrors}
          data-testid="dashboard-error-banner"
        >
          {data.errors.length === 1 ? (
            data.errors[0]
          ) : (
            <List size="sm">
              {data.errors.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      ) : null}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder padding="lg">
          <Text size="sm" c="dimmed">
            Available Balance
          </Text>
          <Text fz={32} fw={700} data-testid="dashboard-balance">
            {formatUsd(data.balance ?? user.balance)}
          </Text>
          <Text size="xs" c="dimmed">
            USD
          </Text>
        </Card>
        <Card withBorder padding="lg">
          <Title order={3} size="h4" mb="sm">
            Quick Actions
          </Title>
          <Stack gap="xs">
            {QUICK_ACTIONS.map((action) => (
              <Button key={action.to} component={Link} to={action.to} variant="light" fullWidth title={action.hint}>
                {action.label}
              </Button>
            ))}
          </Stack>
        </Card>
      </SimpleGrid>

      <StatCards stats={data.stats} />

      <RecentOrders
        orders={data.recent}
        failed={data.recentFailed}
        filter={filter}
        onFilter={setFilter}
        page={page}
        onPage={(next) => setPaging({ key: pageKey, page: next })}
        onOpen={setSelected}
      />

      <OrderDetailsModal key={selected ?? 'none'} orderId={selected} onClose={() => setSelected(null)} />
    </Stack>
  );
}
