import { errorMessage, shippingMutations, shippingQueries } from '@labeldesk/api-client';
import { API_KEY_COPIED_MESSAGE_MS, API_KEY_GENERATED_MESSAGE_MS, API_KEY_MESSAGES } from '@labeldesk/contracts';
import { Link } from '@labeldesk/router';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  CopyButton,
  ErrorState,
  Group,
  IconEye,
  IconEyeOff,
  List,
  LoadingState,
  Modal,
  PageHeader,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
  Tooltip,
  useApiMutation,
  useFlash,
  useQuery,
} from '@labeldesk/ui';
import { useCallback, useState } from 'react';
import { baseUrlFor, ENDPOINTS, ERROR_EXAMPLE, maskKey, RATE_LIMIT_TEXT } from './api-docs';
import { WebhooksTab } from './WebhooksTab';

/** A command or value with a copy button. */
function Copyable({ text, label }: { text: string; label: string }) {
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Code block style={{ flex: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {text}
      </Code>
      <CopyButton value={text}>
        {({ copied, copy }) => (
          <Button size="xs" variant="light" onClick={copy} aria-label={label}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** One key row: masked, visibility toggle, copy (SPEC §2, §8 and §9 texts and timers). */
function KeyRow(props: {
  title: string;
  value: string;
  testId: string;
  hint: string;
  onCopied: (ok: boolean) => void;
}) {
  const [visible, setVisible] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.value);
      props.onCopied(true);
    } catch {
      props.onCopied(false);
    }
  };
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Text fw={600}>{props.title}</Text>
        <Text size="xs" c="dimmed">
          {props.hint}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Code data-testid={props.testId} style={{ flex: 1, fontSize: 14, padding: '6px 10px', wordBreak: 'break-all' }}>
          {visible ? props.value : maskKey(props.value)}
        </Code>
        <Tooltip label={visible ? 'Hide' : 'Show'}>
          <ActionIcon
            variant="light"
            size="lg"
            aria-label={visible ? `Hide ${props.title}` : `Show ${props.title}`}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />}
          </ActionIcon>
        </Tooltip>
        <Button variant="light" onClick={copy} aria-label={`Copy ${props.title}`}>
          Copy
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * SPEC §2 API Documentation (/api-docs): the customer's API keys (masked, visibility toggle, copy, 'Generate New Key'
 * behind a confirmation that the old key stops working at once) and the tabs Getting Started, Endpoints and Webhooks.
 */
export default function ApiDocsPage() {
  const keysQuery = useQuery(shippingQueries.apiKeys());
  const load = keysQuery.data
    ? ({ kind: 'ready', keys: keysQuery.data } as const)
    : ({ kind: keysQuery.isError && !keysQuery.isFetching ? 'failed' : 'loading' } as const);
  // Invalidates the keys: the new ones replace the old on screen.
  const regenerateKey = useApiMutation(shippingMutations.regenerateApiKey);
  const [confirming, setConfirming] = useState<'live' | 'test' | null>(null);
  const [generating, setGenerating] = useState(false);
  const [generated, showGenerated] = useFlash(API_KEY_GENERATED_MESSAGE_MS);
  const [copied, showCopied] = useFlash(API_KEY_COPIED_MESSAGE_MS);
  const [failure, setFailure] = useState<string | null>(null);
  const base = baseUrlFor(window.location.origin);

  const onCopied = useCallback(
    (ok: boolean) => {
      setFailure(ok ? null : API_KEY_MESSAGES.copyFailed);
      if (ok) showCopied(API_KEY_MESSAGES.copied);
    },
    [showCopied],
  );

  const regenerate = async () => {
    if (!confirming) return;
    setGenerating(true);
    setFailure(null);
    try {
      const keys = await regenerateKey.mutateAsync(confirming);
      showGenerated(keys.message || API_KEY_MESSAGES.generated);
    } catch (e) {
      setFailure(errorMessage(e, API_KEY_MESSAGES.generateFailed));
    } finally {
      setGenerating(false);
      setConfirming(null);
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="API Information"
        description="Buy labels from your own software with the LabelDesk API."
        actions={
          <Anchor href="/api/v1/reference" target="_blank" rel="noopener">
            Interactive API reference
          </Anchor>
        }
      />

      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={3}>Your API keys</Title>
            <Group gap="xs">
              <Button
                color="red"
                variant="light"
                onClick={() => setConfirming('live')}
                disabled={load.kind !== 'ready'}
              >
                Generate New Key
              </Button>
              <Button variant="subtle" onClick={() => setConfirming('test')} disabled={load.kind !== 'ready'}>
                New test key
              </Button>
            </Group>
          </Group>
          {generated ? (
            <Alert color="green" role="status">
              {generated}
            </Alert>
          ) : null}
          {copied ? (
            <Alert color="green" role="status">
              {copied}
            </Alert>
          ) : null}
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          {load.kind === 'loading' ? <LoadingState label="Loading API key..." /> : null}
          {load.kind === 'failed' ? (
            <ErrorState title={API_KEY_MESSAGES.loadFailed} onRetry={() => void keysQuery.refetch()} />
          ) : null}
          {load.kind === 'ready' ? (
            <>
              <KeyRow
                title="Live key"
                testId="live-key"
                value={load.keys.apiKey}
                hint="buys real labels from your balance"
                onCopied={onCopied}
              />
              <KeyRow
                title="Test key"
                testId="test-key"
                value={load.keys.testKey}
                hint="same API, sandbox labels, nothing charged"
                onCopied={onCopied}
              />
              <Text size="sm" c="dimmed">
                Keep your keys secret: anyone with your live key can spend your balance. Last used:{' '}
                {load.keys.lastUsedAt ? new Date(load.keys.lastUsedAt).toLocaleString('en-US') : 'never'}.
              </Text>
            </>
          ) : null}
        </Stack>
      </Paper>

      <Tabs defaultValue="getting-started">
        <Tabs.List>
          <Tabs.Tab value="getting-started">Getting Started</Tabs.Tab>
          <Tabs.Tab value="endpoints">Endpoints</Tabs.Tab>
          <Tabs.Tab value="webhooks">Webhooks</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="getting-started" pt="md">
          <Stack gap="md">
            <Title order={4}>Base URL</Title>
            <Copyable text={base} label="Copy base URL" />
            <Title order={4}>Authentication</Title>
            <Text size="sm">
              Send your key in the <Code>x-api-key</Code> header with a Bearer value on every request. Keys are never
              accepted in the URL.
            </Text>
            <Copyable text={`curl -H "x-api-key: Bearer $LABELDESK_API_KEY" "${base}/user"`} label="Copy example" />
            <List size="sm">
              <List.Item>
                <Badge color="green">ld_live_…</Badge> Live key: buys real labels and charges your balance.
              </List.Item>
              <List.Item>
                <Badge color="gray">ld_test_…</Badge> Test key: exactly the same requests, checks and answers, with
                labels from the carrier's sandbox; nothing is charged (the balance is not checked), at most 1,000 test
                labels a day, never shown in your orders, deleted after 30 days.
              </List.Item>
            </List>
            <Title order={4}>Rate limit</Title>
            <Text size="sm">{RATE_LIMIT_TEXT}</Text>
            <Text size="sm">
              Every answer carries <Code>RateLimit-Policy</Code>, <Code>RateLimit</Code> and{' '}
              <Code>X-RateLimit-Limit</Code> / <Code>-Remaining</Code> / <Code>-Reset</Code>.
            </Text>
            <Title order={4}>Errors</Title>
            <Text size="sm">
              Errors answer with an HTTP status and a body with <Code>error.code</Code>, <Code>error.message</Code> and
              a <Code>error.details</Code> list:
            </Text>
            <Code block>{ERROR_EXAMPLE}</Code>
            <Text size="sm">
              Send an <Code>Idempotency-Key</Code> header on every purchase so a retry never buys twice.
            </Text>
            <Text size="sm">
              Questions?{' '}
              <Anchor component={Link} to="/contact-support">
                Contact Support
              </Anchor>
            </Text>
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="endpoints" pt="md">
          <Stack gap="lg">
            <Table>
              <Table.Tbody>
                {ENDPOINTS.map((e) => (
                  <Table.Tr key={`${e.method} ${e.path}`}>
                    <Table.Td>
                      <Badge color={e.method === 'GET' ? 'blue' : 'green'}>{e.method}</Badge>
                    </Table.Td>
                    <Table.Td>
                      <Code>{e.path}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{e.description}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {ENDPOINTS.map((e) => (
              <Stack key={`curl ${e.method} ${e.path}`} gap={4}>
                <Text fw={600} size="sm">
                  {e.method} {e.path}
                </Text>
                <Copyable text={e.curl(base)} label={`Copy ${e.method} ${e.path} example`} />
              </Stack>
            ))}
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="webhooks" pt="md">
          <WebhooksTab />
        </Tabs.Panel>
      </Tabs>

      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title="Generate a new API key?">
        <Stack gap="md">
          <Text size="sm">
            Your current {confirming === 'test' ? 'test' : 'live'} key will stop working immediately. Every program
            using it must be updated with the new key.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button color="red" loading={generating} onClick={regenerate}>
              Generate New Key
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
