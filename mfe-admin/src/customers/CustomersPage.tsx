import { customerKeys, customerQueries, errorMessage } from '@labeldesk/api-client';
import type { AdminUserListResponse, User } from '@labeldesk/contracts';
import {
  Badge,
  EmailText,
  EmptyState,
  formatUsd,
  ListScreen,
  MoneyCell,
  RowMenu,
  StatusAlerts,
  Table,
  Text,
  useFlash,
  useListScreen,
  useModalItem,
  useQueryClient,
} from '@labeldesk/ui';
import { CustomPricingModal } from '../custom-pricing/CustomPricingModal';
import { DateCell } from '../orders/order-cells';
import { BalanceModal } from './BalanceModal';
import { CUSTOMERS_PAGE_SIZE, filterUsers, pageCount, pageOf, replaceUser, roleLabel } from './customer-list';
import { TrackingRefreshModal } from './TrackingRefreshModal';

const COLUMNS = [
  { label: 'Name' },
  { label: 'Email' },
  { label: 'Verified' },
  { label: 'Role' },
  { label: 'Balance', align: 'right' },
  { label: 'Total Spend', align: 'right', nowrap: true },
  { label: 'Joined' },
  { label: 'Actions' },
] as const;

/**
 * SPEC §2 Admin: Customers: every user with role, balance, total spend and join date, a search box, and per user an
 * "Adjust balance" modal (add funds or set balance), a "Custom pricing" modal and a "Refresh tracking" modal (options,
 * statistics, live progress of the server's refresh job). The server answers the whole list; search and pages are
 * worked out here (ListScreen with one request). The three actions share a row menu so the table fits 1280 px.
 */
export default function CustomersPage() {
  const client = useQueryClient();
  const list = useListScreen({
    request: () => ({ ok: true, query: 'all' }),
    query: () => customerQueries.list(),
    pageSize: CUSTOMERS_PAGE_SIZE,
  });
  const balance = useModalItem<User>();
  const pricing = useModalItem<User>();
  const tracking = useModalItem<User>();
  const [success, showSuccess] = useFlash();

  const shown = (data: AdminUserListResponse) => filterUsers(data.users, list.applied.search);

  // The mutation refreshes the list, the header and the deposit history; the row shows the answer at once meanwhile.
  const onUpdated = (changed: User) => {
    client.setQueryData<AdminUserListResponse>(customerKeys.list(), (old) =>
      old ? { ...old, users: replaceUser(old.users, changed) } : old,
    );
    balance.setItem((user) => (user?._id === changed._id ? changed : user));
    showSuccess(`Balance updated for ${changed.name}. New balance: ${formatUsd(changed.balance)}`);
  };

  return (
    <>
      <ListScreen
        list={list}
        variant="page"
        testIdPrefix="customers"
        title="Customers"
        description="Every account, its balance and spend; adjust a balance here."
        above={<StatusAlerts testIdPrefix="customers" success={success} error={null} />}
        filters={{ searchPlaceholder: 'Search by name or email', searchOnly: true }}
        loadingLabel="Loading customers..."
        errorTitle={(e) => errorMessage(e, 'Failed to load users')}
        empty={(filtered) =>
          filtered ? (
            <EmptyState title="No customers match your search">Try a different name or email.</EmptyState>
          ) : (
            <EmptyState title="No customers yet" />
          )
        }
        footer={(data) => (
          <Text size="sm" c="dimmed" data-testid="customers-count">
            Showing {shown(data).length} of {data.users.length} {data.users.length === 1 ? 'user' : 'users'}
          </Text>
        )}
        pagination={{ totalPages: (data) => pageCount(shown(data).length, list.limit) }}
        table={{
          testId: 'customers-table',
          minWidth: 760,
          columns: COLUMNS,
          rows: (data) => pageOf(shown(data), list.page, list.limit),
          row: (user) => (
            <Table.Tr key={user._id} data-testid="customer-row" data-user-id={user._id} data-email={user.email}>
              <Table.Td fw={600}>{user.name}</Table.Td>
              <Table.Td>
                <EmailText email={user.email} size="sm" />
              </Table.Td>
              <Table.Td data-testid="customer-verified">
                {/* Whether the address was proven with the verification mail's link (issue 23). */}
                <Badge color={user.emailVerified ? 'green' : 'yellow'} variant="light" miw="max-content">
                  {user.emailVerified ? 'Yes' : 'No'}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Badge color={user.isAdmin ? 'grape' : 'gray'} variant="light" miw="max-content">
                  {roleLabel(user)}
                </Badge>
              </Table.Td>
              <MoneyCell amount={user.balance} testId="customer-balance" />
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatUsd(user.totalSpend)}
              </Table.Td>
              <DateCell iso={user.createdAt} />
              <Table.Td>
                <RowMenu
                  label={`Actions for ${user.email}`}
                  testId="customer-actions"
                  items={[
                    {
                      text: 'Adjust balance',
                      label: `Adjust balance for ${user.email}`,
                      testId: 'customer-adjust-balance',
                      onClick: () => balance.open(user),
                    },
                    {
                      text: 'Custom pricing',
                      label: `Custom pricing for ${user.email}`,
                      testId: 'customer-custom-pricing',
                      onClick: () => pricing.open(user),
                    },
                    {
                      text: 'Refresh tracking',
                      label: `Refresh tracking for ${user.email}`,
                      testId: 'customer-refresh-tracking',
                      onClick: () => tracking.open(user),
                    },
                  ]}
                />
              </Table.Td>
            </Table.Tr>
          ),
        }}
      />
      <BalanceModal
        key={balance.key}
        opened={balance.opened}
        user={balance.item}
        onClose={balance.close}
        onUpdated={onUpdated}
      />
      <CustomPricingModal
        key={`pricing-${pricing.key}`}
        opened={pricing.opened}
        user={pricing.item}
        onClose={pricing.close}
      />
      <TrackingRefreshModal
        key={`tracking-${tracking.key}`}
        opened={tracking.opened}
        user={tracking.item}
        onClose={tracking.close}
      />
    </>
  );
}
