import { errorMessage, webhookMutations, webhookQueries } from '@labeldesk/api-client';
import type { WebhookEndpoint } from '@labeldesk/contracts';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  formatDateTime,
  Group,
  Modal,
  QueryBody,
  Stack,
  Table,
  Text,
  useApiMutation,
  useQuery,
} from '@labeldesk/ui';
import { useState } from 'react';
import { WebhookEndpointModal } from './WebhookEndpointModal';

type Editing = { endpoint: WebhookEndpoint | null; opening: number } | null;

/**
 * The API page's Webhooks tab: the customer's live webhook endpoints (the same as the public API's with the live key),
 * with add, edit, delete and rotate; a new or rotated secret is shown once. Each endpoint's deliveries list every
 * attempt, and any can be sent again (replay).
 */
export function WebhooksTab() {
  const endpoints = useQuery(webhookQueries.endpoints());
  const rotate = useApiMutation(webhookMutations.rotateSecret);
  const remove = useApiMutation(webhookMutations.remove);
  const [editing, setEditing] = useState<Editing>(null);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [viewing, setViewing] = useState<WebhookEndpoint | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function run(action: () => Promise<void>, fallback: string) {
    setFailed(null);
    setDone(null);
    try {
      await action();
    } catch (e) {
      setFailed(errorMessage(e, fallback));
    }
  }

  return (
    <Stack gap="md" data-testid="webhooks-tab">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" maw={640}>
          Events of your account (live key) are POSTed to your endpoints, signed as Standard Webhooks define it.
          Test-key endpoints are managed with the test key through the API.
        </Text>
        <Button onClick={() => setEditing({ endpoint: null, opening: Date.now() })} data-testid="webhook-add">
          Add endpoint
        </Button>
      </Group>
      {done ? (
        <Alert color="green" role="status">
          {done}
        </Alert>
      ) : null}
      {failed ? (
        <Alert color="red" role="alert">
          {failed}
        </Alert>
      ) : null}
      <QueryBody
        result={endpoints}
        testIdPrefix="webhook-endpoints"
        loadingLabel="Loading webhook endpoints..."
        errorTitle={(e) => errorMessage(e, 'Failed to load webhook endpoints')}
        isEmpty={(data) => data.data.length === 0}
        empty={<Text size="sm">No webhook endpoints yet.</Text>}
      >
        {(data) => (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" data-testid="webhook-endpoints-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>URL</Table.Th>
                  <Table.Th>Events</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.data.map((e) => (
                  <Table.Tr key={e.id} data-testid="webhook-endpoint-row" data-endpoint-id={e.id}>
                    <Table.Td>
                      <Text size="sm" style={{ wordBreak: 'break-all' }}>
                        {e.url}
                      </Text>
                      {e.description ? (
                        <Text size="xs" c="dimmed">
                          {e.description}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">{e.events.join(', ')}</Text>
                    </Table.Td>
                    <Table.Td>
                      {e.disabled ? (
                        <Badge color="red" variant="light">
                          Disabled{e.disabledReason === 'gone' ? ' (410 Gone)' : ''}
                          {e.disabledReason === 'failing' ? ' (3 days of failures)' : ''}
                        </Badge>
                      ) : (
                        <Badge color="green" variant="light">
                          Enabled
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button size="xs" variant="subtle" onClick={() => setViewing(e)}>
                          Deliveries
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => setEditing({ endpoint: e, opening: Date.now() })}
                        >
                          Edit
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          loading={rotate.isPending && rotate.variables === e.id}
                          onClick={() =>
                            run(async () => {
                              const res = await rotate.mutateAsync(e.id);
                              setSecret({ url: e.url, secret: res.data.secret });
                            }, 'Failed to rotate the secret')
                          }
                        >
                          Rotate secret
                        </Button>
                        <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(e)}>
                          Delete
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryBody>

      {editing ? (
        <WebhookEndpointModal
          key={editing.opening}
          opened
          endpoint={editing.endpoint}
          onClose={() => setEditing(null)}
          onCreated={(created) => {
            setEditing(null);
            setSecret({ url: created.url, secret: created.secret });
          }}
          onSaved={() => {
            setEditing(null);
            setDone('Webhook endpoint saved');
          }}
        />
      ) : null}

      <Modal opened={secret !== null} onClose={() => setSecret(null)} title="Signing secret">
        <Stack gap="sm">
          <Text size="sm">
            The secret of {secret?.url}. It is shown this once: store it now to verify the signatures of our requests.
          </Text>
          <Code block data-testid="webhook-secret" style={{ wordBreak: 'break-all' }}>
            {secret?.secret}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={secret?.secret ?? ''}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={() => setSecret(null)}>Done</Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete this webhook endpoint?">
        <Stack gap="sm">
          <Text size="sm">Nothing more is sent to {deleting?.url}, and its delivery history is deleted with it.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              data-testid="webhook-delete-confirm"
              onClick={() =>
                run(async () => {
                  if (deleting) await remove.mutateAsync(deleting.id);
                  setDeleting(null);
                  setDone('Webhook endpoint deleted');
                }, 'Failed to delete the webhook endpoint')
              }
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={viewing !== null} onClose={() => setViewing(null)} title="Deliveries" size="xl">
        {viewing ? <WebhookDeliveries endpoint={viewing} /> : null}
      </Modal>
    </Stack>
  );
}

/** Every attempt to deliver to one endpoint, newest first, each with Replay (one more attempt, the same webhook-id). */
function WebhookDeliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deliveries = useQuery(webhookQueries.deliveries(endpoint.id));
  const replay = useApiMutation(webhookMutations.replay);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <Stack gap="sm" data-testid="webhook-deliveries">
      <Group justify="space-between">
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {endpoint.url}
        </Text>
        <Button size="xs" variant="light" onClick={() => void deliveries.refetch()}>
          Refresh
        </Button>
      </Group>
      {message ? (
        <Alert color={message.ok ? 'green' : 'red'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </Alert>
      ) : null}
      <QueryBody
        result={deliveries}
        testIdPrefix="webhook-deliveries"
        loadingLabel="Loading deliveries..."
        errorTitle={(e) => errorMessage(e, 'Failed to load deliveries')}
        isEmpty={(data) => data.data.length === 0}
        empty={<Text size="sm">No deliveries yet.</Text>}
      >
        {(data) => (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Event</Table.Th>
                  <Table.Th>Attempt</Table.Th>
                  <Table.Th>Result</Table.Th>
                  <Table.Th>Latency</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.data.map((d) => (
                  <Table.Tr key={d.id} data-testid="webhook-delivery-row" data-trigger={d.trigger}>
                    <Table.Td>{formatDateTime(d.attemptedAt)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{d.eventType}</Text>
                      <Text size="xs" c="dimmed">
                        {d.eventId}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {d.attempt}
                      {d.trigger === 'replay' ? ' (replay)' : ''}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={d.succeeded ? 'green' : 'red'} variant="light">
                        {d.responseStatus ?? d.error ?? 'no answer'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{d.latencyMs} ms</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="subtle"
                        loading={replay.isPending && replay.variables?.deliveryId === d.id}
                        onClick={async () => {
                          setMessage(null);
                          try {
                            await replay.mutateAsync({ deliveryId: d.id, endpointId: endpoint.id });
                            setMessage({ ok: true, text: 'Replay queued: refresh to see its attempt' });
                          } catch (e) {
                            setMessage({ ok: false, text: errorMessage(e, 'Failed to replay the delivery') });
                          }
                        }}
                      >
                        Replay
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryBody>
    </Stack>
  );
}
