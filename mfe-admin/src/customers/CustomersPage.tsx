import { customerKeys, customerQueries, errorMessage } from '@labeldesk/api-client';
import type { AdminUserListResponse, User } from '@labeldesk/contracts';
import {
  Badge,
  Box,
  Button,
  EmptyState,
  ErrorState,
  formatDateTime,
  formatUsd,
  Group,
  LoadingState,
  loadStateOf,
  PageHeader,
  Pagination,
  Paper,
  Stack,
  StatusAlerts,
  Table,
  Text,
  TextInput,
  useFlash,
  useQuery,
  useQueryClient,
} from '@labeldesk/ui';
import { type ReactNode, useMemo, useState } from 'react';
import { CustomPricingModal } from '../custom-pricing/CustomPricingModal';
import { BalanceModal } from './BalanceModal';
import { CUSTOMERS_PAGE_SIZE, filterUsers, pageCount, pageOf, replaceUser, roleLabel } from './customer-list';
import { TrackingRefreshModal } from './TrackingRefreshModal';

/**
 * SPEC §2 Admin: Customers: every user with role, balance, total spend and join date, a search box, and per user an
 * "Adjust balance" modal (add funds or set balance) and a "Custom pricing" modal and a
 * "Refresh tracking" modal (options, statistics, live progress of the server's refresh job).
 */
export default function CustomersPage() {
  const client = useQueryClient();
  const list = useQuery(customerQueries.list());
  const load = loadStateOf(list, (e) => errorMessage(e, 'Failed to load users'));
  const users = useMemo(() => list.data?.users ?? [], [list.data]);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editor, setEditor] = useState<{ opened: boolean; user: User | null; key: number }>({
    opened: false,
    user: null,
    key: 0,
  });
  const [pricing, setPricing] = useState<{ opened: boolean; user: User | null; key: number }>({
    opened: false,
    user: null,
    key: 0,
  });
  const [tracking, setTracking] = useState<{ opened: boolean; user: User | null; key: number }>({
    opened: false,
    user: null,
    key: 0,
  });
  const [success, showSuccess] = useFlash();

  const shown = useMemo(() => filterUsers(users, search), [users, search]);
  const pages = pageCount(shown.length, CUSTOMERS_PAGE_SIZE);
  const current = Math.min(page, pages);
  const rows = pageOf(shown, current, CUSTOMERS_PAGE_SIZE);

  const openEditor = (user: User) => setEditor((e) => ({ opened: true, user, key: e.key + 1 }));
  const closeEditor = () => setEditor((e) => ({ ...e, opened: false }));

  // The mutation refreshes the list, the header and the deposit history; the row shows the answer at once meanwhile.
  const onUpdated = (changed: User) => {
    client.setQueryData<AdminUserListResponse>(customerKeys.list(), (old) =>
      old ? { ...old, users: replaceUser(old.users, changed) } : old,
    );
    setEditor((e) => (e.user?._id === changed._id ? { ...e, user: changed } : e));
    showSuccess(`Balance updated for ${changed.name}. New balance: ${formatUsd(changed.balance)}`);
  };

  let body: ReactNode;
  if (load.kind === 'loading') {
    body = <LoadingState label="Loading customers..." />;
  } else if (load.kind === 'failed') {
    body = <ErrorState title={load.message} onRetry={() => void list.refetch()} />;
  } else if (users.length === 0) {
    body = <EmptyState title="No customers yet" />;
  } else {
    body = (
      <Stack gap="sm">
        <TextInput
          label="Search"
          placeholder="Search by name or email"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          maw={420}
          data-testid="customers-search"
        />
        {shown.length === 0 ? (
          <Box data-testid="customers-empty">
            <EmptyState title="No customers match your search">Try a different name or email.</EmptyState>
          </Box>
        ) : (
          <Paper withBorder>
            <Table.ScrollContainer minWidth={900}>
              <Table verticalSpacing="sm" highlightOnHover data-testid="customers-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Email</Table.Th>
                    <Table.Th>Role</Table.Th>
                    <Table.Th ta="right">Balance</Table.Th>
                    <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                      Total Spend
                    </Table.Th>
                    <Table.Th>Joined</Table.Th>
                    <Table.Th>Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((user) => (
                    <Table.Tr key={user._id} data-testid="customer-row" data-user-id={user._id} data-email={user.email}>
                      <Table.Td fw={600}>{user.name}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{user.email}</Table.Td>
                      <Table.Td>
                        <Badge color={user.isAdmin ? 'grape' : 'gray'} variant="light" miw="max-content">
                          {roleLabel(user)}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right" fw={600} data-testid="customer-balance">
                        {formatUsd(user.balance)}
                      </Table.Td>
                      <Table.Td ta="right">{formatUsd(user.totalSpend)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(user.createdAt)}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            size="xs"
                            variant="light"
                            onClick={() => openEditor(user)}
                            aria-label={`Adjust balance for ${user.email}`}
                            data-testid="customer-adjust-balance"
                          >
                            Adjust balance
                          </Button>
                          <Button
                            size="xs"
                            variant="light"
                            color="grape"
                            onClick={() => setPricing((p) => ({ opened: true, user, key: p.key + 1 }))}
                            aria-label={`Custom pricing for ${user.email}`}
                            data-testid="customer-custom-pricing"
                          >
                            Custom pricing
                          </Button>
                          <Button
                            size="xs"
                            variant="light"
                            color="teal"
                            onClick={() => setTracking((t) => ({ opened: true, user, key: t.key + 1 }))}
                            aria-label={`Refresh tracking for ${user.email}`}
                            data-testid="customer-refresh-tracking"
                          >
                            Refresh tracking
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed" data-testid="customers-count">
            Showing {shown.length} of {users.length} {users.length === 1 ? 'user' : 'users'}
          </Text>
          {pages > 1 ? <Pagination total={pages} value={current} onChange={setPage} size="sm" /> : null}
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <PageHeader title="Customers" description="Every account, its balance and spend; adjust a balance here." />
      <StatusAlerts testIdPrefix="customers" success={success} error={null} />
      {body}
      <BalanceModal
        key={editor.key}
        opened={editor.opened}
        user={editor.user}
        onClose={closeEditor}
        onUpdated={onUpdated}
      />
      <CustomPricingModal
        key={`pricing-${pricing.key}`}
        opened={pricing.opened}
        user={pricing.user}
        onClose={() => setPricing((p) => ({ ...p, opened: false }))}
      />
      <TrackingRefreshModal
        key={`tracking-${tracking.key}`}
        opened={tracking.opened}
        user={tracking.user}
        onClose={() => setTracking((t) => ({ ...t, opened: false }))}
      />
    </Stack>
  );
}
