import { errorMessage, faqMutations } from '@labeldesk/api-client';
import type { Faq } from '@labeldesk/contracts';
import { FormModal, TagsInput, Textarea, TextInput, useApiMutation } from '@labeldesk/ui';
import { useState } from 'react';
import {
  EMPTY_FAQ_FORM,
  type FaqFormValues,
  faqToForm,
  isDuplicateTag,
  splitTags,
  suggestWhileTyping,
  validateFaqForm,
} from './faq-form';

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

/**
 * Add or edit one FAQ (FormModal): question, answer, tags. Validates like the server; shows the server's message on
 * failure; faqMutations refresh the FAQ lists (admin and customers). Mount with a new `key` per opening.
 */
export function FaqFormModal({ opened, faq, suggestions, onClose, onSaved }: FaqFormModalProps) {
  const [values, setValues] = useState<FaqFormValues>(() => (faq ? faqToForm(faq) : EMPTY_FAQ_FORM));
  const create = useApiMutation(faqMutations.create);
  const update = useApiMutation(faqMutations.update);
  const editing = faq !== null;

  const set = <K extends keyof FaqFormValues>(key: K, value: FaqFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={editing ? 'Edit FAQ' : 'Add FAQ'}
      size="lg"
      testIdPrefix="faq-form"
      testIds={{ form: 'faq-form' }}
      submitLabel={editing ? 'Save Changes' : 'Add FAQ'}
      busyLabel="Saving..."
      onSubmit={async () => {
        const checked = validateFaqForm(values);
        if (!checked.ok) return { error: checked.error };
        try {
          const { faq: saved } = faq
            ? await update.mutateAsync({ id: faq._id, body: checked.value })
            : await create.mutateAsync(checked.value);
          onSaved(saved, faq ? 'updated' : 'added');
          return undefined;
        } catch (e) {
          return { error: errorMessage(e, faq ? 'Failed to update FAQ' : 'Failed to add FAQ') };
        }
      }}
    >
      {({ locked }) => (
        <>
          <TextInput
            label="Question"
            placeholder="e.g. How do I top up my balance?"
            required
            value={values.question}
            onChange={(e) => set('question', e.currentTarget.value)}
            maxLength={500}
            disabled={locked}
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
            disabled={locked}
          />
          <TagsInput
            label="Tags"
            description="Press Enter or type a comma to add a tag. Tags group FAQs into categories for customers."
            placeholder="Add a tag"
            value={values.tags}
            onChange={(tags) => set('tags', splitTags(tags))}
            data={suggestions}
            filter={suggestWhileTyping}
            splitChars={[',']}
            isDuplicate={isDuplicateTag}
            maxTags={20}
            clearable
            disabled={locked}
          />
        </>
      )}
    </FormModal>
  );
}
