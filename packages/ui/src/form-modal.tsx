/**
 * The form-modal building block for add / edit / adjust modals: a titled Modal around a <form>, the error (red alert) and
 * success (green status) messages, Cancel and a submit button with its busy text, and the SPEC's timers (§4: successes
 * clear after 3 s; a modal that closes itself after a success — the balance modal — does so after `closeAfterMs`).
 * While a call runs nothing can close it (Escape, outside click, ×); the × has an accessible name.
 *
 * Usage (mount with a new `key` per opening so each opening starts clean; the fields live in a form, see ./form.ts):
 *   const form = useContractForm({ schema: FaqInput, initialValues: faq ? faqToForm(faq) : emptyFaq() });
 *   const save = useApiMutation(faqMutations.create);
 *   <FormModal
 *     opened={opened} onClose={close} title="Add FAQ" testIdPrefix="faq"
 *     submitLabel="Save" busyLabel="Saving..."
 *     form={form}                                 // validated first: field errors show under the fields, no call
 *     onSubmit={async (body) => {                 // body: the schema's output (trimmed, defaults applied)
 *       await save.mutateAsync(body);
 *       return { success: 'FAQ added' };
 *     }}
 *     errorText={(e) => errorMessage(e, 'Failed to save FAQ')}  // a throw: details on the fields, this in the alert
 *   >
 *     {({ locked }) => <TextInput disabled={locked} {...form.getInputProps('question')} />}
 *   </FormModal>
 * Without `form`, `onSubmit()` gets no body and does its own checks (a modal with nothing to type, e.g. a confirmation).
 * Test ids: `${testIdPrefix}-form`, `-error`, `-success`, `-submit`, `-cancel`. The submit itself (validation, busy,
 * messages, timers) is `useFormSubmit`, shared with `PageForm`, the same block for a form on a page.
 */
import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Modal } from './modal';
import { SubmitButton } from './page-form';
import { StatusAlerts } from './status-alerts';
import { type FormSubmitOptions, type FormSubmitState, useFormSubmit } from './use-form-submit';

export type { FormOutcome, SubmittableForm as FormModalForm } from './use-form-submit';

/** What the modal's fields see: busy, locked, and the error setters. */
export type FormModalState = Pick<FormSubmitState, 'busy' | 'locked' | 'clearError' | 'setError'>;

export interface FormModalProps<Body = undefined> extends Omit<FormSubmitOptions<Body>, 'onClose'> {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  testIdPrefix: string;
  /** Test ids that differ from the prefix scheme (kept from before, e.g. the address form's `address-form-error`). */
  testIds?: Partial<Record<'form' | 'error' | 'success' | 'submit' | 'cancel', string>>;
  submitLabel: ReactNode;
  /** Text of the submit button while the call runs (e.g. 'Saving...'); without it the button shows a spinner. */
  busyLabel?: ReactNode;
  /** Disables only the submit button (e.g. an option that is not implemented). */
  submitDisabled?: boolean;
  /** Shown above the fields (e.g. who is edited). */
  intro?: ReactNode;
  /** Shown between the messages and the buttons, under the fields. */
  children: ReactNode | ((state: FormModalState) => ReactNode);
  /** Replaces the default Cancel / submit row's submit button content (icons). */
  submitLeftSection?: ReactNode;
  size?: string | number;
}

export function FormModal<Body = undefined>(props: FormModalProps<Body>) {
  const testId = (part: 'form' | 'error' | 'success' | 'submit' | 'cancel') =>
    props.testIds?.[part] ?? `${props.testIdPrefix}-${part}`;
  // In a modal the red alert also says what the fields say (the SPEC's modals show it), unless told otherwise.
  const state = useFormSubmit<Body>({ ...props, alertFieldErrors: props.alertFieldErrors ?? true });
  const { busy, locked, closing, error, success, submit } = state;

  return (
    <Modal
      opened={props.opened}
      onClose={() => !busy && props.locked !== true && props.onClose()}
      title={props.title}
      size={props.size}
      closeOnClickOutside={!locked}
      closeOnEscape={!locked}
      withCloseButton={props.locked !== true}
      closeButtonProps={{ 'aria-label': 'Close', disabled: locked }}
    >
      <form onSubmit={submit} noValidate data-testid={testId('form')}>
        <Stack gap="sm">
          {props.intro}
          <StatusAlerts
            error={error}
            success={success}
            testIds={{ error: testId('error'), success: testId('success') }}
          />
          {typeof props.children === 'function' ? props.children(state) : props.children}
          <Group justify="flex-end" mt="sm">
            <Button
              variant="default"
              onClick={props.onClose}
              disabled={busy || props.locked === true}
              data-testid={testId('cancel')}
            >
              {closing ? 'Close' : 'Cancel'}
            </Button>
            <SubmitButton
              busy={busy}
              disabled={locked || props.submitDisabled === true}
              label={props.submitLabel}
              busyLabel={props.busyLabel}
              leftSection={props.submitLeftSection}
              testId={testId('submit')}
            />
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
