import type { Address } from '@labeldesk/contracts';
import { Badge, Button, Card, Group, Stack, Text } from '@labeldesk/ui';
import { COUNTRY_NAMES, cityLine, TYPE_LABELS } from './address-format';

interface AddressCardProps {
  address: Address;
  busy: boolean;
  onEdit: (address: Address) => void;
  onDelete: (address: Address) => void;
}

export function AddressCard({ address, busy, onEdit, onDelete }: AddressCardProps) {
  return (
    <Card
      withBorder
      padding="md"
      style={{ overflowWrap: 'anywhere' }}
      data-testid="address-card"
      data-address-id={address._id}
    >
      <Stack gap={6} h="100%">
        <Text fw={600} data-testid="address-name">
          {address.name}
        </Text>
        <Group gap={4}>
          <Badge variant="light" color={address.type === 'sender' ? 'indigo' : 'teal'} data-testid="address-type-badge">
            {TYPE_LABELS[address.type]}
          </Badge>
          {address.isDefault ? (
            <Badge variant="filled" color="green" data-testid="address-default-badge">
              Default
            </Badge>
          ) : null}
        </Group>
        {address.company ? (
          <Text size="sm" c="dimmed">
            {address.company}
          </Text>
        ) : null}
        <Stack gap={0}>
          <Text size="sm">{address.street1}</Text>
          {address.street2 ? <Text size="sm">{address.street2}</Text> : null}
          <Text size="sm">{cityLine(address)}</Text>
          <Text size="sm">{COUNTRY_NAMES[address.country]}</Text>
        </Stack>
        <Text size="sm" c="dimmed">
          {address.phone}
        </Text>
        <Group gap="xs" mt="auto" pt="xs">
          <Button
            size="xs"
            variant="light"
            onClick={() => onEdit(address)}
            disabled={busy}
            aria-label={`Edit address ${address.name}`}
          >
            Edit
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => onDelete(address)}
            loading={busy}
            aria-label={`Delete address ${address.name}`}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
