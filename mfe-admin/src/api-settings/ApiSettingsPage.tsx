import { errorMessage } from '@labeldesk/api-client';
import type { ShippingApiConfig } from '@labeldesk/contracts';
import {
  Badge,
  Button,
  EmptyState,
  Group,
  PageHeader,
  Paper,
  QueryBody,
  Stack,
  StatusAlerts,
  Table,
  Text,
  useFlash,
  useModalItem,
} from '@labeldesk/ui';
import { EnabledBadge } from '../service-management/CarrierServiceTables';
import { useApiConfigs } from '../service-management/use-api-configs';
import { API_KEY_UPDATED } from './api-key-form';
import { EditKeyModal } from './EditKeyModal';

const LOAD_FAILED = 'Failed to load API settings';

/** SPEC §2 API settings: the provider APIs (name, base URL, masked key, default) and an Edit Key action each. */
export default function ApiSettingsPage() {
  const { result, setApis } = useApiConfigs(LOAD_FAILED);
  const editor = useModalItem<ShippingApiConfig>();
  const [success, showSuccess] = useFlash();

  const onSaved = (saved: ShippingApiConfig) => {
    setApis((list) => list.map((a) => (a._id === saved._id ? saved : a)));
    editor.close();
    showSuccess(API_KEY_UPDATED);
  };

  const table = (apis: ShippingApiConfig[]) => (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" data-testid="api-settings-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Base URL</Table.Th>
              <Table.Th>API Key</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {apis.map((config) => (
              <Table.Tr key={config._id} data-testid="api-settings-row" data-api-name={config.name}>
                <Table.Td fw={600}>{config.name}</Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                    {config.baseUrl}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace" data-testid="api-settings-key">
                    {config.key}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    {config.isDefault ? (
                      <Badge variant="light" data-testid="api-settings-default">
                        Default
                      </Badge>
                    ) : null}
                    <EnabledBadge enabled={config.enabled} />
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => editor.open(config)}
                    aria-label={`Edit key for ${config.name}`}
                    data-testid="api-settings-edit-key"
                  >
                    Edit Key
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );

  return (
    <Stack gap="md">
      <PageHeader
        title="API Settings"
        description="Keys of the provider APIs labels are bought from. Keys are never shown in full."
      />
      <StatusAlerts testIdPrefix="api-settings" success={success} error={null} />
      <QueryBody
        result={result}
        testIdPrefix="api-settings"
        loadingLabel="Loading API settings..."
        errorTitle={(e) => errorMessage(e, LOAD_FAILED)}
        isEmpty={(data) => data.apis.length === 0}
        empty={<EmptyState title="No shipping APIs configured">Add one on the Service Management page.</EmptyState>}
      >
        {(data) => table(data.apis)}
      </QueryBody>
      <EditKeyModal
        key={editor.key}
        opened={editor.opened}
        config={editor.item}
        onClose={editor.close}
        onSaved={onSaved}
      />
    </Stack>
  );
}
