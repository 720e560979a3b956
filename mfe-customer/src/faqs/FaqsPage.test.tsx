// @vitest-environment happy-dom

import type { Faq } from '@labeldesk/contracts';
import { BrowserRouter } from '@labeldesk/router';
import { fill, renderWithUi, screen, setupUser, stubApi, waitFor } from '@labeldesk/ui/testing';
import { describe, expect, it } from 'vitest';
import FaqsPage from './FaqsPage';

const faq = (n: number, question: string, tags: string[] = []): Faq => ({
  _id: `faq_${n}`,
  question,
  answer: `Answer ${n}`,
  tags,
  order: n,
  createdAt: '2026-11-01T12:00:00.000Z',
  updatedAt: '2026-11-01T12:00:00.000Z',
});

const page = () =>
  renderWithUi(
    <BrowserRouter>
      <FaqsPage />
    </BrowserRouter>,
  );
const questions = () => screen.queryAllByTestId('faq-item').map((i) => i.textContent);

describe('FAQs (one query, one QueryBody)', () => {
  it('shows the failure (SPEC §8 texts) with Try Again, then the FAQs once they load', async () => {
    let fail = true;
    stubApi({
      'GET /api/faqs': () =>
        fail
          ? { status: 503, json: { error: { code: 'unavailable', message: 'Database is busy', details: [] } } }
          : { json: { faqs: [faq(1, 'How do I top up?', ['Balance'])] } },
    });
    const user = setupUser();
    page();
    const failure = await screen.findByTestId('faqs-load-error', {}, { timeout: 5_000 });
    expect(failure.textContent).toContain('Error Loading FAQs');
    expect(failure.textContent).toContain('Failed to load FAQs');
    fail = false;
    await user.click(screen.getByRole('button', { name: /Try Again/ }));
    await waitFor(() => expect(questions()).toHaveLength(1));
    expect(questions()[0]).toContain('How do I top up?');
  });

  it('searches questions and says when nothing matches', async () => {
    stubApi({
      'GET /api/faqs': { json: { faqs: [faq(1, 'How do I top up?'), faq(2, 'Where is my label?', ['Labels'])] } },
    });
    page();
    await waitFor(() => expect(questions()).toHaveLength(2));
    fill(screen.getByLabelText('Search FAQs'), 'label');
    await waitFor(() => expect(questions()).toHaveLength(1));
    fill(screen.getByLabelText('Search FAQs'), 'nothing like this');
    expect((await screen.findByTestId('faqs-empty')).textContent).toBe('No FAQs found matching your criteria.');
  });
});
