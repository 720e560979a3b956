import { errorMessage, faqMutations } from '@labeldesk/api-client';
import { CreateFaqRequest, type Faq } from '@labeldesk/contracts';
import { FormModal, TagsInput, Textarea, TextInput, useApiMutation, useContractForm } from '@labeldesk/ui';
import { EMPTY_FAQ_FORM, faqFieldOf, faqToForm, isDuplicateTag, splitTags, suggestWhileTyping } from './faq-form';

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
 * Add or edit one FAQ (FormModal on the contract form, CreateFaqRequest): question, answer, tags. The SPEC words the
 * check for the whole form ('Question and answer cannot be empty' in the alert, the empty fields marked); the server's
 * refusal lands on its field and in the alert; faqMutations refresh the FAQ lists (admin and customers). Mount with a
 * new `key` per opening.
 */
export function FaqFormModal({ opened, faq, suggestions, onClose, onSaved }: FaqFormModalProps) {
  const form = useContractForm({
    schema: CreateFaqRequest,
    initialValues: faq ? faqToForm(faq) : EMPTY_FAQ_FORM,
    fieldOf: faqFieldOf,
  });
  const create = useApiMutation(faqMutations.create);
  const update = useApiMutation(faqMutations.update);
  const editing = faq !== null;

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
      form={form}
      alertInvalid
      onSubmit={async (body) => {
        const { faq: saved } = faq ? await update.mutateAsync({ id: faq._id, body }) : await create.mutateAsync(body);
        onSaved(saved, faq ? 'updated' : 'added');
        return undefined;
      }}
      errorText={(e) => errorMessage(e, faq ? 'Failed to update FAQ' : 'Failed to add FAQ')}
      fieldOf={faqFieldOf}
    >
      {({ locked }) => (
        <>
          <TextInput
            label="Question"
            placeholder="e.g. How do I top up my balance?"
            required
            {...form.getInputProps('question')}
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
            {...form.getInputProps('answer')}
            maxLength={5000}
            disabled={locked}
          />
          <TagsInput
            label="Tags"
            description="Press Enter or type a comma to add a tag. Tags group FAQs into categories for customers."
            placeholder="Add a tag"
            {...form.getInputProps('tags')}
            onChange={(tags) => form.setFieldValue('tags', splitTags(tags))}
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
