import { CreateFaqRequest, type Faq } from '@labeldesk/contracts';
import { contractOutput, contractResolver } from '@labeldesk/ui';
import { describe, expect, it } from 'vitest';
import {
  answerPreview,
  type FaqFormValues,
  faqFieldOf,
  faqToForm,
  isDuplicateTag,
  knownTags,
  splitTags,
} from './faq-form';

/** What the FAQ form does on submit (tags are split as they are typed): the alert's first error, or the body. */
function validateFaqForm(values: FaqFormValues) {
  const typed = { ...values, tags: splitTags(values.tags) };
  const errors = contractResolver(CreateFaqRequest, undefined, faqFieldOf)(typed);
  const first = Object.values(errors)[0];
  return first ? { ok: false, error: first } : { ok: true, value: contractOutput(CreateFaqRequest, typed) };
}

const faq = (id: string, tags: string[]): Faq => ({
  _id: id,
  question: `Question ${id}?`,
  answer: `Answer ${id}.`,
  tags,
  order: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('the FAQ form against its contract', () => {
  it('refuses an empty or blank question or answer with the SPEC text', () => {
    for (const values of [
      { question: '', answer: 'An answer', tags: [] },
      { question: 'A question?', answer: '', tags: [] },
      { question: '   ', answer: 'An answer', tags: [] },
      { question: 'A question?', answer: '\n\t ', tags: [] },
    ]) {
      expect(validateFaqForm(values)).toEqual({ ok: false, error: 'Question and answer cannot be empty' });
    }
  });

  it('trims the texts and keeps each tag once, trimmed, first spelling kept', () => {
    const result = validateFaqForm({
      question: '  How do I top up?  ',
      answer: ' Use the Balance page. ',
      tags: [' Billing ', 'billing', '', '  ', 'Crypto', 'BILLING '],
    });
    expect(result).toEqual({
      ok: true,
      value: { question: 'How do I top up?', answer: 'Use the Balance page.', tags: ['Billing', 'Crypto'] },
    });
  });

  it('shows the limit message for an over-long tag', () => {
    const result = validateFaqForm({ question: 'Q?', answer: 'A.', tags: ['x'.repeat(41)] });
    expect(result).toEqual({ ok: false, error: 'A tag is at most 40 characters' });
  });
});

describe('splitTags', () => {
  it('splits values that still hold commas (paste, blur) and drops blanks and repeats', () => {
    expect(splitTags(['Crypto,', 'UPS, usps ,ups', ' ', 'Billing', 'billing'])).toEqual([
      'Crypto',
      'UPS',
      'usps',
      'Billing',
    ]);
  });

  it('is what the form sends, so a trailing comma never reaches the server', () => {
    expect(validateFaqForm({ question: 'Q?', answer: 'A.', tags: ['Crypto,', 'Labels, Crypto'] })).toEqual({
      ok: true,
      value: { question: 'Q?', answer: 'A.', tags: ['Crypto', 'Labels'] },
    });
  });
});

describe('isDuplicateTag', () => {
  it('treats case and surrounding spaces as the same tag', () => {
    expect(isDuplicateTag(' shipping ', ['Shipping'])).toBe(true);
    expect(isDuplicateTag('Shipping', ['shipping', 'ups'])).toBe(true);
    expect(isDuplicateTag('Shippings', ['Shipping'])).toBe(false);
  });
});

describe('knownTags', () => {
  it('collects every tag across FAQs once, in first-seen order', () => {
    expect(knownTags([faq('a', ['UPS', 'Billing']), faq('b', ['ups', ' Labels ', 'billing']), faq('c', [])])).toEqual([
      'UPS',
      'Billing',
      'Labels',
    ]);
  });
});

describe('faqToForm', () => {
  it('copies the editable fields without sharing the tags array', () => {
    const source = faq('a', ['UPS']);
    const form = faqToForm(source);
    expect(form).toEqual({ question: 'Question a?', answer: 'Answer a.', tags: ['UPS'] });
    form.tags.push('changed');
    expect(source.tags).toEqual(['UPS']);
  });
});

describe('answerPreview', () => {
  it('keeps a short answer whole, on one line', () => {
    expect(answerPreview('Line one.\n\nLine   two.')).toBe('Line one. Line two.');
  });

  it('cuts a long answer at a word boundary and adds an ellipsis', () => {
    const answer = 'word '.repeat(50);
    const preview = answerPreview(answer, 32);
    expect(preview.endsWith('…')).toBe(true);
    expect(preview.length).toBeLessThanOrEqual(33);
    expect(preview.slice(0, -1)).toMatch(/^(word )*word$/);
  });

  it('cuts inside a very long word when there is no space to cut at', () => {
    expect(answerPreview('x'.repeat(50), 10)).toBe(`${'x'.repeat(10)}…`);
  });
});
