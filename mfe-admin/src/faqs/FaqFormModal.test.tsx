// @vitest-environment happy-dom

import { apiCalls, renderWithUi, screen, setupUser, stubApi, waitFor } from '@labeldesk/ui/testing';
import { describe, expect, it } from 'vitest';
import { FaqFormModal } from './FaqFormModal';

const SAVED = {
  _id: 'faq_01',
  question: 'Q?',
  answer: 'A.',
  tags: ['Refunds'],
  createdAt: '2026-11-28T00:00:00.000Z',
  updatedAt: '2026-11-28T00:00:00.000Z',
};

/** The suggestion options in the document (happy-dom does not run the dropdown's transition, so they count hidden). */
const options = () => screen.queryAllByRole('option', { hidden: true }).map((o) => o.textContent);

describe('Add FAQ: the tags input', () => {
  it('after Enter adds a new tag no suggestion list is left over the form, and Add FAQ saves the typed tag only', async () => {
    const api = stubApi({ 'POST /api/admin/faqs': { status: 201, json: { faq: SAVED, message: 'FAQ added' } } });
    const user = setupUser();
    renderWithUi(<FaqFormModal opened faq={null} suggestions={['labels']} onClose={() => {}} onSaved={() => {}} />);
    await user.type(await screen.findByLabelText(/^Question/), 'Q?');
    await user.type(screen.getByLabelText(/^Answer/), 'A.');
    const tags = screen.getByPlaceholderText('Add a tag');
    await user.click(tags);
    // Focus alone offers nothing: the list would sit over the form's buttons.
    expect(options()).toEqual([]);
    await user.type(tags, 'Refunds{Enter}');
    expect(options()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Add FAQ' }));
    await waitFor(() => expect(apiCalls(api).filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(apiCalls(api)[0]?.body).toEqual({ question: 'Q?', answer: 'A.', tags: ['Refunds'] });
  });

  it('a known tag is still suggested while its letters are typed', async () => {
    stubApi({});
    const user = setupUser();
    renderWithUi(
      <FaqFormModal opened faq={null} suggestions={['labels', 'billing']} onClose={() => {}} onSaved={() => {}} />,
    );
    await user.type(await screen.findByPlaceholderText('Add a tag'), 'LAB');
    await waitFor(() => expect(options()).toEqual(['labels']));
  });
});

describe('Add FAQ: the contract form', () => {
  it("says 'Question and answer cannot be empty' and marks the empty field, calling nothing", async () => {
    const api = stubApi({});
    const user = setupUser();
    renderWithUi(<FaqFormModal opened faq={null} suggestions={[]} onClose={() => {}} onSaved={() => {}} />);
    await user.type(await screen.findByLabelText(/^Question/), 'Q?');
    await user.type(screen.getByLabelText(/^Answer/), '   ');
    await user.click(screen.getByRole('button', { name: 'Add FAQ' }));
    expect((await screen.findByTestId('faq-form-error')).textContent).toBe('Question and answer cannot be empty');
    expect(screen.getByLabelText(/^Answer/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^Question/).getAttribute('aria-invalid')).not.toBe('true');
    expect(apiCalls(api)).toEqual([]);
  });

  it("edits an FAQ: its values are the form's, and the trimmed change is saved", async () => {
    const api = stubApi({
      [`PUT /api/admin/faqs/${SAVED._id}`]: { json: { faq: { ...SAVED, answer: 'B.' }, message: 'FAQ updated' } },
    });
    const user = setupUser();
    renderWithUi(
      <FaqFormModal opened faq={{ ...SAVED, order: 1 }} suggestions={[]} onClose={() => {}} onSaved={() => {}} />,
    );
    const answer = (await screen.findByLabelText(/^Answer/)) as HTMLTextAreaElement;
    expect(answer.value).toBe('A.');
    await user.clear(answer);
    await user.type(answer, '  B.  ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(apiCalls(api)).toHaveLength(1));
    expect(apiCalls(api)[0]?.body).toEqual({ question: 'Q?', answer: 'B.', tags: ['Refunds'] });
  });
});
