import type { Faq } from '@labeldesk/contracts';

/**
 * "Popular Questions" are the first POPULAR_COUNT FAQs in the admin's order (order 1..5): the API has no view counts,
 * and the admin orders FAQs by importance, so the top of that list is what we surface as popular.
 */
export const POPULAR_COUNT = 5;

export const ALL_CATEGORY = 'all';
export const POPULAR_CATEGORY = 'popular';
export const GENERAL_CATEGORY = 'general';
const TAG_PREFIX = 'tag:';

export interface FaqCategory {
  /** 'all', 'popular', 'general', or 'tag:<lower-cased tag>'. */
  key: string;
  label: string;
  count: number;
}

const tagKey = (tag: string) => `${TAG_PREFIX}${tag.trim().toLowerCase()}`;
/** A tag named "General" joins the General category instead of showing a second chip with the same name. */
const isGeneralTag = (tag: string) => tag.trim().toLowerCase() === GENERAL_CATEGORY;

/** The admin's order (1..n), ties by id so the result never depends on the input order. */
export function sortFaqs(faqs: readonly Faq[]): Faq[] {
  return [...faqs].sort((a, b) => a.order - b.order || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
}

function inCategory(faq: Faq, key: string, popularIds: ReadonlySet<string>): boolean {
  if (key === ALL_CATEGORY) return true;
  if (key === POPULAR_CATEGORY) return popularIds.has(faq._id);
  if (key === GENERAL_CATEGORY) return faq.tags.length === 0 || faq.tags.some(isGeneralTag);
  return faq.tags.some((tag) => tagKey(tag) === key);
}

/**
 * The category chips: All FAQs, Popular Questions, General (FAQs without tags), then one per tag found, A→Z. Tags that
 * differ only in case are one category, labelled with the spelling seen first in the admin's order.
 */
export function faqCategories(faqs: readonly Faq[]): FaqCategory[] {
  const sorted = sortFaqs(faqs);
  const popularIds = new Set(sorted.slice(0, POPULAR_COUNT).map((f) => f._id));
  const count = (key: string) => sorted.filter((f) => inCategory(f, key, popularIds)).length;

  const tagLabels = new Map<string, string>();
  for (const faq of sorted) {
    for (const tag of faq.tags) {
      const label = tag.trim();
      if (label && !isGeneralTag(label) && !tagLabels.has(tagKey(label))) tagLabels.set(tagKey(label), label);
    }
  }
  const tags = [...tagLabels.entries()]
    .sort(([, a], [, b]) => a.localeCompare(b, 'en', { sensitivity: 'base' }))
    .map(([key, label]) => ({ key, label, count: count(key) }));

  return [
    { key: ALL_CATEGORY, label: 'All FAQs', count: sorted.length },
    { key: POPULAR_CATEGORY, label: 'Popular Questions', count: count(POPULAR_CATEGORY) },
    { key: GENERAL_CATEGORY, label: 'General', count: count(GENERAL_CATEGORY) },
    ...tags,
  ];
}

/**
 * The FAQs shown for a category and a search, in the admin's order. Every word of the search must appear
 * (case-insensitive) in the question, the answer or one of the tags.
 */
export function filterFaqs(faqs: readonly Faq[], categoryKey: string, search: string): Faq[] {
  const sorted = sortFaqs(faqs);
  const popularIds = new Set(sorted.slice(0, POPULAR_COUNT).map((f) => f._id));
  const terms = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return sorted.filter((faq) => {
    if (!inCategory(faq, categoryKey, popularIds)) return false;
    const haystack = [faq.question, faq.answer, ...faq.tags].join('\n').toLowerCase();
    return terms.every((term) => haystack.includes(term));
  });
}
