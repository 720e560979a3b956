// @vitest-environment happy-dom

import { Button, TextInput } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useContractForm } from './form';
import type { FormOutcome } from './form-modal';
import { PageForm } from './page-form';
import { fill, renderWithUi, screen, setupUser, waitFor } from './testing';

const EmailInput = z.object({ email: z.string().trim().email('Enter a valid email address') });

/** A server refusal as the API client throws it: a message and the paths it is about. */
const refusal = (message: string, details: Array<{ path: string; message: string }>) =>
  Object.assign(new Error(message), { details });

function EmailForm({
  save,
  alertFieldErrors,
  successMs,
}: {
  save: (body: z.infer<typeof EmailInput>) => Promise<FormOutcome>;
  alertFieldErrors?: boolean;
  successMs?: number;
}) {
  const form = useContractForm({ schema: EmailInput, initialValues: { email: '' } });
  return (
    <PageForm
      form={form}
      testIdPrefix="email"
      submitLabel="Save"
      onSubmit={save}
      errorText={(e) => `Failed: ${(e as Error).message}`}
      alertFieldErrors={alertFieldErrors}
      successMs={successMs}
      actions={({ locked, runAction }) => (
        <Button disabled={locked} onClick={() => runAction(() => ({ success: 'Turned off' }))}>
          Turn Off
        </Button>
      )}
    >
      {({ locked }) => <TextInput label="Email" disabled={locked} {...form.getInputProps('email')} />}
    </PageForm>
  );
}

describe('PageForm', () => {
  it('shows the contract text under the field and makes no call while the form does not pass', async () => {
    const save = vi.fn();
    const user = setupUser();
    renderWithUi(<EmailForm save={save} />);
    fill(screen.getByLabelText('Email'), 'not-an-address');
    await user.click(screen.getByTestId('email-submit'));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    expect(screen.queryByTestId('email-error')).toBeNull();
  });

  it('sends the schema output, shows the success, and clears it after its time', async () => {
    const save = vi.fn(async () => ({ success: 'Saved' }));
    const user = setupUser();
    renderWithUi(<EmailForm save={save} successMs={200} />);
    fill(screen.getByLabelText('Email'), '  cal@example.com ');
    await user.click(screen.getByTestId('email-submit'));
    expect((await screen.findByTestId('email-success')).textContent).toBe('Saved');
    expect(save).toHaveBeenCalledWith({ email: 'cal@example.com' });
    await waitFor(() => expect(screen.queryByTestId('email-success')).toBeNull());
  });

  it('a thrown refusal with a path lands on its field alone; one without a path shows in the red alert', async () => {
    const save = vi
      .fn<(body: z.infer<typeof EmailInput>) => Promise<FormOutcome>>()
      .mockRejectedValueOnce(refusal('Email is taken', [{ path: 'email', message: 'Email is taken' }]))
      .mockRejectedValueOnce(refusal('Database is busy', []));
    const user = setupUser();
    renderWithUi(<EmailForm save={save} />);
    fill(screen.getByLabelText('Email'), 'cal@example.com');
    await user.click(screen.getByTestId('email-submit'));
    expect(await screen.findByText('Email is taken')).toBeTruthy();
    expect(screen.queryByTestId('email-error')).toBeNull();

    await user.click(screen.getByTestId('email-submit'));
    expect((await screen.findByTestId('email-error')).textContent).toBe('Failed: Database is busy');
  });

  it('with alertFieldErrors the alert says it beside the field', async () => {
    const save = vi.fn(async () => {
      throw refusal('Email is taken', [{ path: 'email', message: 'Email is taken' }]);
    });
    const user = setupUser();
    renderWithUi(<EmailForm save={save} alertFieldErrors />);
    fill(screen.getByLabelText('Email'), 'cal@example.com');
    await user.click(screen.getByTestId('email-submit'));
    expect((await screen.findByTestId('email-error')).textContent).toBe('Failed: Email is taken');
    expect(screen.getAllByText('Email is taken')).toHaveLength(1);
  });

  it('another action of the form shows its outcome in the same messages, without the field checks', async () => {
    const save = vi.fn();
    const user = setupUser();
    renderWithUi(<EmailForm save={save} />);
    await user.click(screen.getByRole('button', { name: 'Turn Off' }));
    expect((await screen.findByTestId('email-success')).textContent).toBe('Turned off');
    expect(screen.queryByText('Enter a valid email address')).toBeNull();
    expect(save).not.toHaveBeenCalled();
  });
});
