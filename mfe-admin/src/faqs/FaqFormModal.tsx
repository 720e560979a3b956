import { api, errorMessage } from '@labeldesk/api-client';
import type { Faq } from '@labeldesk/contracts';
import { Alert, Button, Group, Modal, Stack, TagsInput, Textarea, TextInput } from '@labeldesk/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { EMPTY_FAQ_FORM, type FaqFormValues, faqToForm, isDuplicateTag, splitTags, validateFaqForm } from './faq-form';

export interface FaqFormModalProps {
  opened: boolean;
  /** The FAQ being edited, or null to add a new one. */
  faq: Faq | null;
  /** Tags used elsewhere, offered as suggestions. */
  suggestions: string[];
  onClose: () => void;
  /** Called with the FAQ the server saved; the modal closes itself through `onClose` afterwards. */
  onSaved: (faq: Faq, mode: 'added' | 'updated') => void;
}

/** Add or edit one FAQ: question, answer, tags. Validates like the server; shows the server's message on failure. */
export function FaqFormModal({ opened, faq, suggestions, onClose, onSaved }: FaqFormModalProps) {
  const [values, setValues] = useState<FaqFormValues>(EMPTY_FAQ_FORM);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const editing = faq !== null;

  useEffect(() => {
    if (!opened) return;
    setValues(faq ? faqToForm(faq) : EMPTY_FAQ_FORM);
    setError(null);
    setBusy(false);
  }, [opened, faq]);

  const close = () => {
    if (!busy) onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateFaqForm(values);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { faq: saved } = faq
        ? await api.adminFaqs.update(faq._id, checked.value)
        : await api.adminFaqs.create(checked.value);
      setBusy(false);
      onSaved(saved, faq ? 'updated' : 'added');
    } catch (e) {
      setError(errorMessage(e, faq ? 'Failed to update FAQ' : 'Failed to add FAQ'));
      setBusy(false);
    }
  };

  const set = <K extends keyof FaqFormValues>(key: K, value: FaqFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  return (
    <Modal opened={opened} onClose={close} title={editing ? 'Edit FAQ' : 'Add FAQ'} size="lg" centered>
      <form onSubmit={submit} noValidate data-testid="faq-form">
        <Stack gap="md">
          {error ? (
            <Alert color="red" variant="light" role="alert" data-testid="faq-form-error">
              {error}
            </Alert>
          ) : null}
          <TextInput
            label="Question"
            placeholder="e.g. How do I top up my balance?"
            required
            value={values.question}
            onChange={(e) => set('question', e.currentTarget.value)}
            maxLength={500}
            data-autofocus
          />
          <Textarea
            label="Answer"
            placeholder="The answer customers will see"
            required
            autosize
            minRows={4}
            maxRows={12}
            value={values.answer}
            onChange={(e) => set('answer', e.currentTarget.value)}
            maxLength={5000}
          />
          <TagsInput
            label="Tags"
            description="Press Enter or type a comma to add a tag. Tags group FAQs into categories for customers."
            placeholder="Add a tag"
            value={values.tags}
            onChange={(tags) => set('tags', splitTags(tags))}
            data={suggestions}
            splitChars={[',']}
            isDuplicate={isDuplicateTag}
            maxTags={20}
            clearable
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving...' : editing ? 'Save Changes' : 'Add FAQ'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
