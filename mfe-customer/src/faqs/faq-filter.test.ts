import type { Faq } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import { faqCategories, filterFaqs, POPULAR_COUNT } from './faq-filter';

let n = 0;
function faq(order: number, question: string, answer: string, tags: string[] = []): Faq {
  n += 1;
  return {
    _id: `faq_${String(n).padStart(3, '0')}`,
    question,
    answer,
    tags,
    order,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
}

// Given out of order on purpose: the admin's `order` decides.
const faqs: Faq[] = [
  faq(3, 'Which carriers do you support?', 'UPS, USPS and FedEx.', ['Shipping']),
  faq(1, 'How do I add funds?', 'Top up with cryptocurrency on the Balance page.', ['Billing', 'Crypto']),
  faq(7, 'Can I get a refund?', 'Unused labels can be refunded.', ['billing']),
  faq(2, 'What is LabelDesk?', 'A prepaid shipping label service.'),
  faq(5, 'How do bulk orders work?', 'Upload a CSV file with one row per label.', ['Shipping', 'CSV']),
  faq(4, 'Is there an API?', 'Yes, see API Information.', ['API']),
  faq(6, 'Who do I contact?', 'Use Contact Support.', ['General']),
];
const questions = (list: Faq[]) => list.map((f) => f.question);

describe('filterFaqs', () => {
  it('lists all FAQs in the admin order', () => {
    expect(filterFaqs(faqs, 'all', '').map((f) => f.order)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it(`treats the first ${POPULAR_COUNT} by admin order as Popular Questions`, () => {
    expect(filterFaqs(faqs, 'popular', '').map((f) => f.order)).toEqual([1, 2, 3, 4, 5]);
  });

  it('puts FAQs without tags (and ones tagged "General") under General', () => {
    expect(questions(filterFaqs(faqs, 'general', ''))).toEqual(['What is LabelDesk?', 'Who do I contact?']);
  });

  it('filters by tag, ignoring the case the tag was typed in', () => {
    expect(questions(filterFaqs(faqs, 'tag:billing', ''))).toEqual(['How do I add funds?', 'Can I get a refund?']);
    expect(questions(filterFaqs(faqs, 'tag:shipping', ''))).toEqual([
      'Which carriers do you support?',
      'How do bulk orders work?',
    ]);
  });

  it('searches question, answer and tags, case-insensitively', () => {
    expect(questions(filterFaqs(faqs, 'all', 'REFUND'))).toEqual(['Can I get a refund?']);
    expect(questions(filterFaqs(faqs, 'all', 'fedex'))).toEqual(['Which carriers do you support?']);
    expect(questions(filterFaqs(faqs, 'all', 'crypto'))).toEqual(['How do I add funds?']);
  });

  it('requires every search word to match', () => {
    expect(questions(filterFaqs(faqs, 'all', 'csv upload'))).toEqual(['How do bulk orders work?']);
    expect(filterFaqs(faqs, 'all', 'csv refund')).toEqual([]);
  });

  it('searches only within the chosen category', () => {
    expect(questions(filterFaqs(faqs, 'popular', 'refund'))).toEqual([]);
    expect(questions(filterFaqs(faqs, 'tag:billing', 'refund'))).toEqual(['Can I get a refund?']);
  });

  it('shows nothing for an unknown category or no FAQs', () => {
    expect(filterFaqs(faqs, 'tag:nope', '')).toEqual([]);
    expect(filterFaqs([], 'all', '')).toEqual([]);
  });
});

describe('faqCategories', () => {
  it('offers All FAQs, Popular Questions, General, then each tag A→Z with counts', () => {
    expect(faqCategories(faqs)).toEqual([
      { key: 'all', label: 'All FAQs', count: 7 },
      { key: 'popular', label: 'Popular Questions', count: 5 },
      { key: 'general', label: 'General', count: 2 },
      { key: 'tag:api', label: 'API', count: 1 },
      { key: 'tag:billing', label: 'Billing', count: 2 },
      { key: 'tag:crypto', label: 'Crypto', count: 1 },
      { key: 'tag:csv', label: 'CSV', count: 1 },
      { key: 'tag:shipping', label: 'Shipping', count: 2 },
    ]);
  });

  it('keeps the fixed categories even when there are no FAQs', () => {
    expect(faqCategories([]).map((c) => [c.label, c.count])).toEqual([
      ['All FAQs', 0],
      ['Popular Questions', 0],
      ['General', 0],
    ]);
  });

  it('every category count equals what filtering by it shows', () => {
    for (const category of faqCategories(faqs)) {
      expect(filterFaqs(faqs, category.key, '')).toHaveLength(category.count);
    }
  });
});
