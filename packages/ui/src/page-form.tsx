/**
 * The page-form building block: a form that sits on a page or in a settings card (not in a modal), with the success
 * (green, role status) and error (red, role alert) messages above the fields and the submit button under them. The
 * submit is `useFormSubmit`, as in `FormModal`: validation first (errors under the fields, no call), then `onSubmit`
 * with the schema's output; a success clears after 3 s (SPEC §4).
 *
 * Usage:
 *   const form = useContractForm({ schema: UpdateLabelSettingsRequest, initialValues });
 *   const update = useApiMutation(labelSettingsMutations.update);
 *   <PageForm
 *     form={form} testIdPrefix="label-settings" submitLabel="Save Label Settings"
 *     onSubmit={async (body) => {
 *       await update.mutateAsync(body);
 *       form.resetDirty();
 *       return { success: LABEL_MESSAGES.settingsSaved };
 *     }}
 *     errorText={(e) => errorMessage(e, 'Failed to save label settings')}  // a throw: fields first, else the alert
 *   >
 *     {({ locked }) => <TextInput disabled={locked} {...form.getInputProps('zplDpi')} />}
 *   </PageForm>
 * Test ids: `${testIdPrefix}-form`, `-success`, `-error`, `-submit`.
 */
import { Button, Group, Loader, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { StatusAlerts } from './status-alerts';
import { type FormSubmitOptions, type FormSubmitState, useFormSubmit } from './use-form-submit';

/** A form's submit button: a spinner while busy, or the busy text when there is one. */
export function SubmitButton({
  busy,
  disabled,
  label,
  busyLabel,
  leftSection,
  testId,
  width,
  danger,
}: {
  busy: boolean;
  disabled: boolean;
  label: ReactNode;
  busyLabel?: ReactNode;
  leftSection?: ReactNode;
  testId: string;
  width?: string;
  /** A submit that takes something away (turning a protection off): red. */
  danger?: boolean;
}) {
  const withText = busy && busyLabel !== undefined;
  return (
    <Button
      type="submit"
      w={width}
      color={danger ? 'red' : undefined}
      variant={danger ? 'light' : undefined}
      disabled={disabled}
      loading={busy && busyLabel === undefined}
      leftSection={withText ? <Loader size={14} color="gray" /> : leftSection}
      data-testid={testId}
    >
      {withText ? busyLabel : label}
    </Button>
  );
}

export interface PageFormProps<Body> extends Omit<FormSubmitOptions<Body>, 'closeAfterMs' | 'onClose'> {
  testIdPrefix: string;
  submitLabel: ReactNode;
  /** Text of the submit button while the call runs (e.g. 'Saving...'); without it the button shows a spinner. */
  busyLabel?: ReactNode;
  /** The fields, between the messages and the buttons. */
  children: ReactNode | ((state: FormSubmitState) => ReactNode);
  /** Buttons beside the submit button (e.g. "Turn Off"). */
  actions?: (state: FormSubmitState) => ReactNode;
  /** Where the buttons sit: under the fields on the left (default) or on the right. */
  buttonsAlign?: 'start' | 'end';
  /** The submit takes something away (e.g. turning two-factor sign-in off): a red button. */
  danger?: boolean;
  maw?: number;
  gap?: 'xs' | 'sm' | 'md';
}

export function PageForm<Body>({
  testIdPrefix,
  submitLabel,
  busyLabel,
  children,
  actions,
  buttonsAlign = 'start',
  maw,
  gap = 'sm',
  danger,
  ...options
}: PageFormProps<Body>) {
  const state = useFormSubmit<Body>(options);
  return (
    <form onSubmit={state.submit} noValidate data-testid={`${testIdPrefix}-form`}>
      <Stack gap={gap} maw={maw}>
        <StatusAlerts
          testIdPrefix={testIdPrefix}
          success={state.success}
          error={state.error}
          onDismissError={state.clearError}
        />
        {typeof children === 'function' ? children(state) : children}
        <Group justify={buttonsAlign === 'end' ? 'flex-end' : 'flex-start'}>
          <SubmitButton
            busy={state.busy}
            disabled={state.locked}
            label={submitLabel}
            busyLabel={busyLabel}
            testId={`${testIdPrefix}-submit`}
            danger={danger}
          />
          {actions?.(state)}
        </Group>
      </Stack>
    </form>
  );
}
