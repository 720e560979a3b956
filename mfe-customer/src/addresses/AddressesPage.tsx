import { addressMutations, addressQueries, errorMessage } from '@labeldesk/api-client';
import type { Address } from '@labeldesk/contracts';
import {
  Alert,
  Button,
  EmptyState,
  Group,
  modals,
  PageHeader,
  QueryBody,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  useApiMutation,
  useFlash,
  useQuery,
} from '@labeldesk/ui';
import { useEffect, useRef, useState } from 'react';
import { AddressCard } from './AddressCard';
import { AddressFormModal } from './AddressFormModal';
import { type AddressTypeFilter, filterAddresses } from './address-filter';

const FILTERS: Array<{ value: AddressTypeFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'sender', label: 'Sender' },
  { value: 'recipient', label: 'Recipient' },
];
const isFilter = (v: string): v is AddressTypeFilter => FILTERS.some((f) => f.value === v);

/** SPEC §2 Saved Addresses: search, type filter, card grid, add/edit modal, delete with confirm. */
export default function AddressesPage() {
  const query = useQuery(addressQueries.list());
  const removeAddress = useApiMutation(addressMutations.remove);
  const [search, setSearch] = useState('');
  const [typeFilter, setTypeFilter] = useState<AddressTypeFilter>('all');
  const [form, setForm] = useState<{ opened: boolean; address: Address | null; key: number }>({
    opened: false,
    address: null,
    key: 0,
  });
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [success, showSuccess] = useFlash();
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const openForm = (address: Address | null) => {
    setActionError(null);
    setForm((f) => ({ opened: true, address, key: f.key + 1 }));
  };
  const closeForm = () => setForm((f) => ({ ...f, opened: false }));

  const onSaved = (message: string) => {
    closeForm();
    showSuccess(message);
  };

  const remove = async (address: Address) => {
    setActionError(null);
    setDeletingId(address._id);
    try {
      const { message } = await removeAddress.mutateAsync(address._id);
      showSuccess(message);
    } catch (error) {
      if (mounted.current) setActionError(errorMessage(error, 'Failed to delete address'));
    } finally {
      if (mounted.current) setDeletingId(null);
    }
  };

  const confirmDelete = (address: Address) =>
    modals.openConfirmModal({
      title: 'Delete Address',
      children: <Text size="sm">Are you sure you want to delete this address?</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => void remove(address),
    });

  return (
    <Stack gap="md">
      <PageHeader
        title="Saved Addresses"
        description="Keep the addresses you ship from and to, and pick them when you create an order."
        actions={
          <Button onClick={() => openForm(null)} disabled={query.data === undefined}>
            Add Address
          </Button>
        }
      />

      {success ? (
        <Alert color="green" variant="light" data-testid="addresses-success">
          {success}
        </Alert>
      ) : null}
      {actionError ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          onClose={() => setActionError(null)}
          data-testid="addresses-error"
        >
          {actionError}
        </Alert>
      ) : null}

      <QueryBody
        result={query}
        testIdPrefix="addresses-load"
        loadingLabel="Loading addresses..."
        errorTitle={() => 'Error Loading Addresses'}
        errorMessage={(e) => errorMessage(e, 'Failed to fetch addresses')}
      >
        {({ addresses }) => {
          const shown = filterAddresses(addresses, search, typeFilter);
          return (
            <>
              <Group gap="sm" align="flex-end" wrap="wrap">
                <TextInput
                  flex="1 1 280px"
                  placeholder="Search by name, company, street, city, state, ZIP or phone"
                  aria-label="Search addresses"
                  value={search}
                  onChange={(e) => setSearch(e.currentTarget.value)}
                />
                <SegmentedControl
                  aria-label="Address type"
                  data={FILTERS}
                  value={typeFilter}
                  onChange={(v) => isFilter(v) && setTypeFilter(v)}
                />
              </Group>

              {addresses.length === 0 ? (
                <EmptyState title="No saved addresses yet">
                  Add a sender or recipient address to reuse it when you create orders.
                </EmptyState>
              ) : shown.length === 0 ? (
                <EmptyState title="No addresses match your search">
                  Try a different search or choose another address type.
                </EmptyState>
              ) : (
                <>
                  <Text size="sm" c="dimmed" data-testid="addresses-count">
                    Showing {shown.length} of {addresses.length} {addresses.length === 1 ? 'address' : 'addresses'}
                  </Text>
                  <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                    {shown.map((address) => (
                      <AddressCard
                        key={address._id}
                        address={address}
                        busy={deletingId === address._id}
                        onEdit={openForm}
                        onDelete={confirmDelete}
                      />
                    ))}
                  </SimpleGrid>
                </>
              )}
            </>
          );
        }}
      </QueryBody>

      <AddressFormModal
        key={form.key}
        opened={form.opened}
        address={form.address}
        onClose={closeForm}
        onSaved={onSaved}
      />
    </Stack>
  );
}
