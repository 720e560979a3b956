import { api, clearSession, updateStoredUser } from '@labeldesk/api-client';
import { Link, Navigate, useNavigate } from '@labeldesk/router';
import {
  Button,
  Card,
  formatLongDateTime,
  formatUsd,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@labeldesk/ui';
import { useEffect } from 'react';
import { useStoredUser } from '../common/use-stored-user';
import { greetingLine } from './greeting';
import { useMinuteClock } from './use-minute-clock';

const QUICK_ACTIONS = [
  { to: '/manual-order', label: 'Create Order', hint: 'Buy a single shipping label' },
  { to: '/bulk-order', label: 'Bulk Order', hint: 'Upload a CSV with many labels' },
  { to: '/balance', label: 'Add Balance', hint: 'Top up your prepaid balance' },
] as const;

/** Refreshes the stored user (and so the balance) from GET /api/auth/verify each time the dashboard opens. */
function useVerifiedUser() {
  useEffect(() => {
    let active = true;
    api.auth.verify().then(
      (res) => {
        if (active && res.user) updateStoredUser(res.user);
      },
      // SPEC §8: token verification errors are only logged (an expired token clears the session in the client).
      (error: unknown) => console.warn('Token verification failed', error),
    );
    return () => {
      active = false;
    };
  }, []);
}

/**
 * SPEC §2 Dashboard, without the order parts (they arrive with orders): greeting, date-time, balance, logout and
 * quick actions.
 */
export default function DashboardPage() {
  const stored = useStoredUser();
  const now = useMinuteClock();
  const navigate = useNavigate();
  useVerifiedUser();

  const toLogin = () => {
    clearSession();
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

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder padding="lg">
          <Text size="sm" c="dimmed">
            Available Balance
          </Text>
          <Text fz={32} fw={700} data-testid="dashboard-balance">
            {formatUsd(user.balance)}
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

      <Paper withBorder p="lg" data-testid="dashboard-order-stats">
        <Title order={3} size="h4" mb="xs">
          Order Statistics
        </Title>
        <Text c="dimmed">Order statistics are not available yet.</Text>
      </Paper>
    </Stack>
  );
}
