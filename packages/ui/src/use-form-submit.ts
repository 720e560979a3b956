/**
 * What a form does when it is submitted, shared by the two form blocks (`FormModal` for modals, `PageForm` for forms on
 * a page): validate the form (errors under the fields, no call), hand the schema's output to `onSubmit`, keep the
 * busy / error / success state, and clear a success after the SPEC's 3 s (§4) — or close a modal `closeAfterMs` later.
 *
 * `onSubmit` answers what it came to (`{ success }`, `{ error }` or nothing). With `errorText`, it may also just throw:
 * a server error's `details[].path` messages land on their fields (`setServerErrors`), and `errorText(error)` shows in
 * the red alert — unless a field took it and `alertFieldErrors` is off.
 */
import type { FormErrors, FormValidationResult } from '@mantine/form';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { setServerErrors } from './form';
import { FLASH_MS } from './use-flash';

/** What a submit came to: an error to show, a success to show (or nothing: the caller closes or moves on). */
export type FormOutcome = { error: string } | { success: string } | undefined;

/** The part of a form (a `useContractForm` / `useForm` result) that the form blocks use. */
export interface SubmittableForm<Body> {
  validate: () => FormValidationResult | Promise<FormValidationResult>;
  getTransformedValues: () => Body;
  getValues: () => unknown;
  setErrors: (errors: FormErrors) => void;
}

export interface FormSubmitOptions<Body> {
  /** The fields: validated on submit and their output handed to onSubmit. Without it, onSubmit gets no body. */
  form?: SubmittableForm<Body>;
  onSubmit: (body: Body) => Promise<FormOutcome> | FormOutcome;
  /** The red alert's text for an error `onSubmit` throws (e.g. `(e) => errorMessage(e, 'Failed to save')`). */
  errorText?: (error: unknown) => string;
  /** The form field a request path belongs to, where the request names it differently (as useContractForm's). */
  fieldOf?: (path: string) => string;
  /** Show a thrown error in the alert even when its details landed on fields (default: the fields say it alone). */
  alertFieldErrors?: boolean;
  /**
   * Where the SPEC words a form's check as one message for the whole form ('Please fill in all API fields'): a submit
   * that does not validate also shows the first field error in the red alert, or this text.
   */
  alertInvalid?: boolean | string;
  /** After a success: call `onClose` this many ms later (SPEC: the balance modal, 2 s) and lock the form meanwhile. */
  closeAfterMs?: number;
  onClose?: () => void;
  /** How long a success message stays when nothing closes (default 3 s, SPEC §4). */
  successMs?: number;
  /** The caller's own lock (e.g. redirecting to the payment page). */
  locked?: boolean;
}

export interface FormSubmitState {
  /** A call is under way. */
  busy: boolean;
  /** Busy, or a success that closes the form is showing, or the caller locked it: fields are disabled. */
  locked: boolean;
  /** A success that closes the form is showing. */
  closing: boolean;
  error: string | null;
  success: string | null;
  /** Drops the error message (e.g. when a field changes). */
  clearError: () => void;
  /** Shows an error without submitting (e.g. a choice that is not available). */
  setError: (message: string | null) => void;
  /** The form's submit handler. */
  submit: (event?: FormEvent) => Promise<void>;
  /**
   * Runs another action of the form (e.g. "Turn Off") with the same busy state, messages and error handling, without
   * the form's checks.
   */
  runAction: (action: () => Promise<FormOutcome> | FormOutcome) => Promise<void>;
}

export function useFormSubmit<Body>(options: FormSubmitOptions<Body>): FormSubmitState {
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

  const locked = busy || closing || options.locked === true;

  const attempt = async (action: () => Promise<FormOutcome> | FormOutcome): Promise<FormOutcome> => {
    const { form, errorText } = options;
    if (!errorText) return action();
    try {
      return await action();
    } catch (e) {
      const onFields = form ? setServerErrors(form, e, options.fieldOf) : false;
      return onFields && options.alertFieldErrors !== true ? undefined : { error: errorText(e) };
    }
  };

  const start = () => {
    setError(null);
    clearTimeout(timer.current);
    setSuccess(null);
  };

  const execute = async (action: () => Promise<FormOutcome> | FormOutcome) => {
    setBusy(true);
    let outcome: FormOutcome;
    try {
      outcome = await attempt(action);
    } finally {
      if (mounted.current) setBusy(false);
    }
    if (!mounted.current || !outcome) return;
    if ('error' in outcome) {
      setError(outcome.error);
      return;
    }
    setSuccess(outcome.success);
    if (options.closeAfterMs !== undefined && options.onClose) {
      setClosing(true);
      timer.current = setTimeout(options.onClose, options.closeAfterMs);
    } else {
      timer.current = setTimeout(() => setSuccess(null), options.successMs ?? FLASH_MS);
    }
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (locked) return;
    start();
    let body = undefined as Body;
    if (options.form) {
      const checked = await options.form.validate();
      if (!mounted.current) return;
      if (checked.hasErrors) {
        const first = Object.values(checked.errors).find((e) => typeof e === 'string' && e !== '');
        if (typeof options.alertInvalid === 'string') setError(options.alertInvalid);
        else if (options.alertInvalid && typeof first === 'string') setError(first);
        return;
      }
      body = options.form.getTransformedValues();
    }
    await execute(() => options.onSubmit(body));
  };

  const runAction = async (action: () => Promise<FormOutcome> | FormOutcome) => {
    if (locked) return;
    start();
    await execute(action);
  };

  return { busy, locked, closing, error, success, clearError: () => setError(null), setError, submit, runAction };
}
