import type { Address } from '@labeldesk/contracts';
import { Link } from '@labeldesk/router';
import { Anchor, ErrorState, Input, Paper, Select, Stack, Text } from '@labeldesk/ui';
import { senderOptionLabel, senderSummaryLines } from './sender';
import { uniqueKeys } from './unique-keys';

export type SendersState =
  | { kind: 'loading' }
  | { kind: 'failed'; error: string }
  | { kind: 'ready'; addresses: Address[] };

interface Props {
  senders: SendersState;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onRetry: () => void;
}

/** The sender ("from") address of every label: a saved address, summarised below the dropdown (SPEC §2). */
export function SenderAddressPicker({ senders, selectedId, onSelect, onRetry }: Props) {
  if (senders.kind === 'loading') {
    return (
      <Stack gap={4}>
        <Input.Label>Sender Address</Input.Label>
        <Text size="sm" c="dimmed" data-testid="sender-loading">
          Loading addresses...
        </Text>
      </Stack>
    );
  }
  if (senders.kind === 'failed') {
    return <ErrorState title="Sender Address" message={senders.error} onRetry={onRetry} />;
  }
  if (senders.addresses.length === 0) {
    return (
      <Stack gap={4}>
        <Input.Label>Sender Address</Input.Label>
        <Text size="sm" c="dimmed" data-testid="sender-empty">
          No saved addresses found.{' '}
          <Anchor component={Link} to="/addresses" size="sm">
            Add an address
          </Anchor>
        </Text>
      </Stack>
    );
  }

  const selected = senders.addresses.find((address) => address._id === selectedId);
  return (
    <Stack gap="xs">
      <Select
        label="Sender Address"
        data-testid="sender-select"
        data={senders.addresses.map((address) => ({ value: address._id, label: senderOptionLabel(address) }))}
        value={selectedId}
        onChange={(value) => value && onSelect(value)}
        allowDeselect={false}
        checkIconPosition="right"
        comboboxProps={{ withinPortal: true }}
      />
      {selected ? (
        <Paper
          withBorder
          p="sm"
          radius="md"
          bg="gray.0"
          data-testid="sender-summary"
          aria-label="Chosen sender details"
        >
          <SummaryLines lines={senderSummaryLines(selected)} />
        </Paper>
      ) : null}
    </Stack>
  );
}

function SummaryLines({ lines }: { lines: string[] }) {
  const keys = uniqueKeys(lines);
  return lines.map((line, index) => (
    <Text key={keys[index]} size="sm" fw={index === 0 ? 600 : undefined}>
      {line}
    </Text>
  ));
}
