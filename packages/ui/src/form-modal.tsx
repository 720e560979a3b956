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
 *       try { await save.mutateAsync(body); return { success: 'FAQ added' }; }
 *       catch (e) { setServerErrors(form, e); return { error: errorMessage(e, 'Failed to save FAQ') }; }
 *     }}
 *   >
 *     {({ locked }) => <TextInput disabled={locked} {...form.getInputProps('question')} />}
 *   </FormModal>
 * Without `form`, `onSubmit()` gets no body and does its own checks (a modal with nothing to type, e.g. a confirmation).
 * Test ids: `${testIdPrefix}-form`, `-error`, `-success`, `-submit`, `-cancel`.
 */
import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
import type { FormValidationResult } from '@mantine/form';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Modal } from './modal';
import { FLASH_MS } from './use-flash';

/** What a submit came to: an error to show, a success to show (or nothing: the caller closes or moves on). */
export type FormOutcome = { error: string } | { success: string } | undefined;

export interface FormModalState {
  /** A call is under way. */
  busy: boolean;
  /** Busy, or a success that closes the modal is showing, or the caller locked it: fields are disabled. */
  locked: boolean;
  /** Drops the error message (e.g. when a field changes). */
  clearError: () => void;
  /** Shows an error without submitting (e.g. a choice that is not available). */
  setError: (message: string | null) => void;
}

/** The part of a form (a `useContractForm` / `useForm` result) that FormModal uses. */
export interface FormModalForm<Body> {
  validate: () => FormValidationResult | Promise<FormValidationResult>;
  getTransformedValues: () => Body;
}

export interface FormModalProps<Body = undefined> {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  testIdPrefix: string;
  /** Test ids that differ from the prefix scheme (kept from before, e.g. the address form's `address-form-error`). */
  testIds?: Partial<Record<'form' | 'error' | 'success' | 'submit' | 'cancel', string>>;
  /** The modal's fields: validated on submit (errors under the fields, no call) and their output handed to onSubmit. */
  form?: FormModalForm<Body>;
  /**
   * Where the SPEC words a form's check as one message for the whole form ('Please fill in all API fields'): a submit
   * that does not validate also shows the first field error in the red alert, beside the marked fields; or this text,
   * where the SPEC words it apart from the fields' own ('Please fix the highlighted services').
   */
  alertInvalid?: boolean | string;
  onSubmit: (body: Body) => Promise<FormOutcome> | FormOutcome;
  submitLabel: ReactNode;
  /** Text of the submit button while the call runs (e.g. 'Saving...'). */
  busyLabel?: ReactNode;
  /** After a success: close the modal this many ms later (SPEC: the balance modal, 2 s) and lock it meanwhile. */
  closeAfterMs?: number;
  /** How long a success message stays when the modal stays open (default 3 s, SPEC §4). */
  successMs?: number;
  /** The caller's own lock (e.g. redirecting to the payment page). */
  locked?: boolean;
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [closing, setClosing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const locked = busy || closing || props.locked === true;
  const state: FormModalState = {
    busy,
    locked,
    clearError: () => setError(null),
    setError,
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (locked) return;
    setError(null);
    let body = undefined as Body;
    if (props.form) {
      const checked = await props.form.validate();
      if (!mounted.current) return;
      if (checked.hasErrors) {
        const first = Object.values(checked.errors).find((e) => typeof e === 'string' && e !== '');
        if (typeof props.alertInvalid === 'string') setError(props.alertInvalid);
        else if (props.alertInvalid && typeof first === 'string') setError(first);
        return;
      }
      body = props.form.getTransformedValues();
    }
    setBusy(true);
    let outcome: FormOutcome;
    try {
      outcome = await props.onSubmit(body);
    } finally {
      if (mounted.current) setBusy(false);
    }
    if (!mounted.current || !outcome) return;
    if ('error' in outcome) {
      setError(outcome.error);
      return;
    }
    setSuccess(outcome.success);
    clearTimeout(timer.current);
    if (props.closeAfterMs !== undefined) {
      setClosing(true);
      timer.current = setTimeout(props.onClose, props.closeAfterMs);
    } else {
      timer.current = setTimeout(() => setSuccess(null), props.successMs ?? FLASH_MS);
    }
  };

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
          {error ? (
            <Alert color="red" variant="light" role="alert" data-testid={testId('error')}>
              {error}
            </Alert>
          ) : null}
          {success ? (
            <Alert color="green" variant="light" role="status" data-testid={testId('success')}>
              {success}
            </Alert>
          ) : null}
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
            <Button
              type="submit"
              disabled={locked || props.submitDisabled === true}
              loading={busy && props.busyLabel === undefined}
              leftSection={
                busy && props.busyLabel !== undefined ? <Loader size={14} color="gray" /> : props.submitLeftSection
              }
              data-testid={testId('submit')}
            >
              {busy && props.busyLabel !== undefined ? props.busyLabel : props.submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
