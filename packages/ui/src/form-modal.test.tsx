// @vitest-environment happy-dom

import { TextInput } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { setServerErrors, useContractForm } from './form';
import { FormModal, type FormOutcome } from './form-modal';
import { fill, renderWithUi, screen, setupUser, waitFor } from './testing';

const FaqInput = z.object({
  question: z.string().trim().min(1, 'Question is required'),
  answer: z.string().trim().min(1, 'Answer is required'),
});

function FaqModal({
  save,
  alertInvalid,
}: {
  save: (body: z.infer<typeof FaqInput>) => Promise<FormOutcome>;
  alertInvalid?: boolean | string;
}) {
  const form = useContractForm({ schema: FaqInput, initialValues: { question: '', answer: '' } });
  return (
    <FormModal
      opened
      onClose={() => {}}
      title="Add FAQ"
      testIdPrefix="faq"
      submitLabel="Save"
      busyLabel="Saving..."
      form={form}
      alertInvalid={alertInvalid}
      onSubmit={async (body) => {
        try {
          return await save(body);
        } catch (e) {
          setServerErrors(form, e);
          return { error: (e as Error).message };
        }
      }}
    >
      {({ locked }) => (
        <>
          <TextInput label="Question" disabled={locked} {...form.getInputProps('question')} />
          <TextInput label="Answer" disabled={locked} {...form.getInputProps('answer')} />
        </>
      )}
    </FormModal>
  );
}

describe('FormModal with a contract form', () => {
  it('shows the contract texts under the fields and makes no call while the form does not pass', async () => {
    const save = vi.fn();
    const userEvent = setupUser();
    renderWithUi(<FaqModal save={save} />);
    fill(screen.getByLabelText('Question'), 'How?');
    await userEvent.click(screen.getByTestId('faq-submit'));
    expect(await screen.findByText('Answer is required')).toBeTruthy();
    expect(screen.queryByText('Question is required')).toBeNull();
    expect(save).not.toHaveBeenCalled();
  });

  it('with alertInvalid, the first field error is also the red alert (a SPEC message worded for the whole form)', async () => {
    const save = vi.fn();
    const userEvent = setupUser();
    renderWithUi(<FaqModal save={save} alertInvalid />);
    await userEvent.click(screen.getByTestId('faq-submit'));
    expect((await screen.findByTestId('faq-error')).textContent).toBe('Question is required');
    expect(screen.getByLabelText('Question').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Answer').getAttribute('aria-invalid')).toBe('true');
    expect(save).not.toHaveBeenCalled();
  });

  it('with alertInvalid as a text, that text is the red alert while the fields keep their own errors', async () => {
    const save = vi.fn();
    const userEvent = setupUser();
    renderWithUi(<FaqModal save={save} alertInvalid="Please fix the highlighted fields" />);
    fill(screen.getByLabelText('Question'), 'How?');
    await userEvent.click(screen.getByTestId('faq-submit'));
    expect((await screen.findByTestId('faq-error')).textContent).toBe('Please fix the highlighted fields');
    expect(screen.getByText('Answer is required')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('hands the trimmed body to onSubmit and shows the success message', async () => {
    const save = vi.fn(async () => ({ success: 'FAQ added' }));
    const userEvent = setupUser();
    renderWithUi(<FaqModal save={save} />);
    fill(screen.getByLabelText('Question'), '  How?  ');
    fill(screen.getByLabelText('Answer'), 'Like this');
    await userEvent.click(screen.getByTestId('faq-submit'));
    expect((await screen.findByTestId('faq-success')).textContent).toBe('FAQ added');
    expect(save).toHaveBeenCalledWith({ question: 'How?', answer: 'Like this' });
  });

  it("puts a server error's details on their fields beside the error message", async () => {
    const save = vi.fn(async () => {
      throw Object.assign(new Error('Validation failed'), {
        details: [{ path: 'question', message: 'Question already exists' }],
      });
    });
    const userEvent = setupUser();
    renderWithUi(<FaqModal save={save} />);
    fill(screen.getByLabelText('Question'), 'How?');
    fill(screen.getByLabelText('Answer'), 'Like this');
    await userEvent.click(screen.getByTestId('faq-submit'));
    expect((await screen.findByTestId('faq-error')).textContent).toBe('Validation failed');
    expect(screen.getByText('Question already exists')).toBeTruthy();
    // Typing in the field clears its error (the form's clearInputErrorOnChange).
    fill(screen.getByLabelText('Question'), '!');
    await waitFor(() => expect(screen.queryByText('Question already exists')).toBeNull());
  });
});
