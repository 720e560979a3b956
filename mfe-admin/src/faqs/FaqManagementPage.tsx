import { ApiClientError, errorMessage, faqKeys, faqMutations, faqQueries } from '@labeldesk/api-client';
import type { Faq, FaqListResponse } from '@labeldesk/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  EmptyState,
  Group,
  ListScreen,
  modals,
  Stack,
  StatusAlerts,
  Table,
  Text,
  Tooltip,
  useApiMutation,
  useFlash,
  useListScreen,
  useModalItem,
  useQueryClient,
} from '@labeldesk/ui';
import { useCallback, useMemo, useState } from 'react';
import { FaqFormModal } from './FaqFormModal';
import { answerPreview, knownTags } from './faq-form';
import { applyMove, type MoveDirection, moveTarget, removeFaq, sortFaqs, upsertFaq } from './faq-list';

type Busy =
  | { kind: 'idle' }
  | { kind: 'moving'; id: string; direction: MoveDirection }
  | { kind: 'deleting'; id: string };

/** The one request of the page: the whole admin list (no filters, no pages). */
const ALL_FAQS = { ok: true, query: {} } as const;

/** SPEC §2 FAQ management: list in admin order, add/edit in a modal, delete with a confirm, move up/down. */
export default function FaqManagementPage() {
  const client = useQueryClient();
  const list = useListScreen({ request: () => ALL_FAQS, query: () => faqQueries.admin() });
  const answer = list.result.data;
  const faqs = useMemo(() => sortFaqs(answer?.faqs ?? []), [answer]);
  const loaded = answer !== undefined && !list.result.isError;
  const update = useApiMutation(faqMutations.update);
  const removal = useApiMutation(faqMutations.remove);
  const [busy, setBusy] = useState<Busy>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [success, showSuccess, clearSuccess] = useFlash();
  // Opened with an FAQ to edit, or with null to add one.
  const editor = useModalItem<Faq | null>();

  // The list shows a change at once from the server's answer; the mutation's invalidation then reloads it.
  const setFaqs = (change: (current: Faq[]) => Faq[]) =>
    client.setQueryData<FaqListResponse>(faqKeys.admin(), (old) =>
      old ? { ...old, faqs: change(sortFaqs(old.faqs)) } : old,
    );

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

  const openEditor = editor.open;
  const closeEditor = editor.close;

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
      const { faq: moved } = await update.mutateAsync({ id: faq._id, body: { order } });
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
      await removal.mutateAsync(faq._id);
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

  const position = new Map(faqs.map((faq, index) => [faq._id, index]));
  const row = (faq: Faq) => {
    const index = position.get(faq._id) ?? 0;
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
            <Button size="xs" variant="light" color="red" onClick={() => confirmDelete(faq)} disabled={locked}>
              {busy.kind === 'deleting' && rowBusy ? 'Deleting...' : 'Delete'}
            </Button>
          </Group>
        </Table.Td>
      </Table.Tr>
    );
  };

  return (
    <Stack gap="md">
      <ListScreen
        list={list}
        variant="page"
        testIdPrefix="faq"
        title="FAQ Management"
        description="Questions and answers customers see on the FAQs page, in this order."
        actions={
          <Button onClick={() => openEditor(null)} disabled={!loaded}>
            Add FAQ
          </Button>
        }
        above={
          <StatusAlerts testIdPrefix="faq" success={success} error={error} onDismissError={() => setError(null)} />
        }
        loadingLabel="Loading FAQs..."
        errorTitle={(e) => errorMessage(e, 'Failed to load FAQs')}
        empty={
          <EmptyState title="No FAQs yet">Add a question and answer to show it on the customer FAQs page.</EmptyState>
        }
        table={{
          testId: 'faq-table',
          minWidth: 820,
          columns: [
            { label: '#' },
            { label: 'Question' },
            { label: 'Answer' },
            { label: 'Tags' },
            { label: 'Actions' },
          ],
          rows: () => faqs,
          row,
        }}
      />
      <FaqFormModal
        key={editor.key}
        opened={editor.opened}
        faq={editor.item}
        suggestions={suggestions}
        onClose={closeEditor}
        onSaved={onSaved}
      />
    </Stack>
  );
}
