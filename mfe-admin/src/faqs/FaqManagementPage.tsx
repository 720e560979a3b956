import { ApiClientError, api, errorMessage } from '@labeldesk/api-client';
import type { Faq } from '@labeldesk/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  EmptyState,
  ErrorState,
  Group,
  LoadingState,
  modals,
  PageHeader,
  Paper,
  Stack,
  StatusAlerts,
  Table,
  Text,
  Tooltip,
  useFlash,
} from '@labeldesk/ui';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { FaqFormModal } from './FaqFormModal';
import { answerPreview, knownTags } from './faq-form';
import { applyMove, type MoveDirection, moveTarget, removeFaq, sortFaqs, upsertFaq } from './faq-list';

type LoadState = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready' };
type Busy =
  | { kind: 'idle' }
  | { kind: 'moving'; id: string; direction: MoveDirection }
  | { kind: 'deleting'; id: string };

/** SPEC §2 FAQ management: list in admin order, add/edit in a modal, delete with a confirm, move up/down. */
export default function FaqManagementPage() {
  const [faqs, setFaqs] = useState<Faq[]>([]);
  const [load, setLoad] = useState<LoadState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState<Busy>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [success, showSuccess, clearSuccess] = useFlash();
  const [editor, setEditor] = useState<{ opened: boolean; faq: Faq | null; key: number }>({
    opened: false,
    faq: null,
    key: 0,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on Try Again.
  useEffect(() => {
    let active = true;
    setLoad({ kind: 'loading' });
    api.adminFaqs.list().then(
      (res) => {
        if (!active) return;
        setFaqs(sortFaqs(res.faqs));
        setLoad({ kind: 'ready' });
      },
      (e: unknown) => active && setLoad({ kind: 'failed', message: errorMessage(e, 'Failed to load FAQs') }),
    );
    return () => {
      active = false;
    };
  }, [attempt]);

  const suggestions = useMemo(() => knownTags(faqs), [faqs]);

  const succeed = useCallback(
    (message: string) => {
      setError(null);
      showSuccess(message);
    },
    [showSuccess],
  );

  const fail = (message: string) => {
    clearSuccess();
    setError(message);
  };

  const openEditor = (faq: Faq | null) => setEditor((current) => ({ opened: true, faq, key: current.key + 1 }));
  const closeEditor = () => setEditor((current) => ({ ...current, opened: false }));

  const onSaved = (saved: Faq, mode: 'added' | 'updated') => {
    setFaqs((current) => upsertFaq(current, saved));
    closeEditor();
    succeed(mode === 'added' ? 'FAQ added successfully' : 'FAQ updated successfully');
  };

  const move = async (faq: Faq, direction: MoveDirection) => {
    const order = moveTarget(faqs, faq._id, direction);
    if (order === null || busy.kind !== 'idle') return;
    setBusy({ kind: 'moving', id: faq._id, direction });
    setError(null);
    try {
      const { faq: moved } = await api.adminFaqs.update(faq._id, { order });
      setFaqs((current) => applyMove(current, moved));
      succeed('FAQ order updated successfully');
    } catch (e) {
      fail(errorMessage(e, 'Failed to update FAQ order'));
    } finally {
      setBusy({ kind: 'idle' });
    }
  };

  const remove = async (faq: Faq) => {
    setBusy({ kind: 'deleting', id: faq._id });
    setError(null);
    try {
      await api.adminFaqs.remove(faq._id);
      setFaqs((current) => removeFaq(current, faq._id));
      succeed('FAQ deleted successfully');
    } catch (e) {
      // Already deleted elsewhere (404): the row goes too, and the server's message says why.
      if (e instanceof ApiClientError && e.status === 404) setFaqs((current) => removeFaq(current, faq._id));
      fail(errorMessage(e, 'Failed to delete FAQ'));
    } finally {
      setBusy({ kind: 'idle' });
    }
  };

  const confirmDelete = (faq: Faq) =>
    modals.openConfirmModal({
      title: 'Delete FAQ',
      centered: true,
      children: (
        <Stack gap="xs">
          <Text size="sm">Are you sure you want to delete this FAQ?</Text>
          <Text size="sm" fw={600}>
            {faq.question}
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => void remove(faq),
    });

  const header = (
    <PageHeader
      title="FAQ Management"
      description="Questions and answers customers see on the FAQs page, in this order."
      actions={
        <Button onClick={() => openEditor(null)} disabled={load.kind !== 'ready'}>
          Add FAQ
        </Button>
      }
    />
  );

  let body: ReactNode;
  if (load.kind === 'loading') {
    body = <LoadingState label="Loading FAQs..." />;
  } else if (load.kind === 'failed') {
    body = <ErrorState title={load.message} onRetry={() => setAttempt((n) => n + 1)} />;
  } else if (faqs.length === 0) {
    body = (
      <Paper withBorder p="lg" data-testid="faq-empty">
        <EmptyState title="No FAQs yet">Add a question and answer to show it on the customer FAQs page.</EmptyState>
      </Paper>
    );
  } else {
    body = (
      <Paper withBorder>
        <Table.ScrollContainer minWidth={820}>
          <Table verticalSpacing="sm" highlightOnHover data-testid="faq-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={48}>#</Table.Th>
                <Table.Th>Question</Table.Th>
                <Table.Th>Answer</Table.Th>
                <Table.Th>Tags</Table.Th>
                <Table.Th w={230}>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {faqs.map((faq, index) => {
                const rowBusy = busy.kind !== 'idle' && busy.id === faq._id;
                const locked = busy.kind !== 'idle';
                return (
                  <Table.Tr key={faq._id} data-testid="faq-row" data-faq-id={faq._id}>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {index + 1}
                      </Text>
                    </Table.Td>
                    <Table.Td maw={280}>
                      <Text size="sm" fw={600} data-testid="faq-question">
                        {faq.question}
                      </Text>
                    </Table.Td>
                    <Table.Td maw={360}>
                      <Text size="sm" c="dimmed" data-testid="faq-answer-preview">
                        {answerPreview(faq.answer)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {faq.tags.length > 0 ? (
                        <Group gap={4} data-testid="faq-tags">
                          {faq.tags.map((tag) => (
                            <Badge key={tag} variant="light" size="sm" tt="none">
                              {tag}
                            </Badge>
                          ))}
                        </Group>
                      ) : (
                        <Text size="xs" c="dimmed">
                          No tags
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Tooltip label="Move up">
                          <ActionIcon
                            variant="default"
                            aria-label="Move up"
                            disabled={locked || index === 0}
                            loading={busy.kind === 'moving' && rowBusy && busy.direction === 'up'}
                            onClick={() => void move(faq, 'up')}
                          >
                            ↑
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Move down">
                          <ActionIcon
                            variant="default"
                            aria-label="Move down"
                            disabled={locked || index === faqs.length - 1}
                            loading={busy.kind === 'moving' && rowBusy && busy.direction === 'down'}
                            onClick={() => void move(faq, 'down')}
                          >
                            ↓
                          </ActionIcon>
                        </Tooltip>
                        <Button size="xs" variant="light" onClick={() => openEditor(faq)} disabled={rowBusy}>
                          Edit
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => confirmDelete(faq)}
                          disabled={locked}
                        >
                          {busy.kind === 'deleting' && rowBusy ? 'Deleting...' : 'Delete'}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    );
  }

  return (
    <Stack gap="md">
      {header}
      <StatusAlerts testIdPrefix="faq" success={success} error={error} onDismissError={() => setError(null)} />
      {body}
      <FaqFormModal
        key={editor.key}
        opened={editor.opened}
        faq={editor.faq}
        suggestions={suggestions}
        onClose={closeEditor}
        onSaved={onSaved}
      />
    </Stack>
  );
}
