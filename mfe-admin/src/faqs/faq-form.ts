import type { Faq } from '@labeldesk/contracts';

/** What the add/edit modal holds while the admin types. */
export interface FaqFormValues {
  question: string;
  answer: string;
  tags: string[];
}

export const EMPTY_FAQ_FORM: FaqFormValues = { question: '', answer: '', tags: [] };

export function faqToForm(faq: Faq): FaqFormValues {
  return { question: faq.question, answer: faq.answer, tags: [...faq.tags] };
}

/** A tag's issue ('tags.3') belongs to the tags input. */
export const faqFieldOf = (path: string): string => (path.startsWith('tags.') ? 'tags' : path);

/**
 * What the tags input holds after a change: a pasted or blurred value such as "a, b" becomes two tags, blanks go, and
 * each tag is kept once (case-insensitive, first spelling kept).
 */
export function splitTags(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of tags) {
    for (const part of raw.split(',')) {
      const tag = part.trim();
      if (tag && !isDuplicateTag(tag, out)) out.push(tag);
    }
  }
  return out;
}

/** TagsInput duplicate check: the same tag ignoring surrounding spaces and letter case. */
export function isDuplicateTag(value: string, current: string[]): boolean {
  const key = value.trim().toLowerCase();
  return current.some((tag) => tag.trim().toLowerCase() === key);
}

/** Every tag used by any FAQ, once, in first-seen order: suggestions for the tags input. */
export function knownTags(faqs: readonly Faq[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const faq of faqs) {
    for (const raw of faq.tags) {
      const tag = raw.trim();
      const key = tag.toLowerCase();
      if (tag && !seen.has(key)) {
        seen.add(key);
        out.push(tag);
      }
    }
  }
  return out;
}

/** One line of the answer for the list: whitespace collapsed, cut at a word boundary with an ellipsis. */
export function answerPreview(answer: string, max = 120): string {
  const text = answer.replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/**
 * TagsInput filter: known tags are suggested only while the admin types part of one. With nothing typed (on focus, and
 * right after Enter adds a tag) no list opens, so the suggestions never cover the form's own buttons: a click meant for
 * Add FAQ that landed on a suggestion used to add that tag instead of saving.
 */
export function suggestWhileTyping<T extends object>({ options, search }: { options: T[]; search: string }): T[] {
  const query = search.trim().toLowerCase();
  if (!query) return [];
  return options.filter((o) => 'label' in o && String(o.label).toLowerCase().includes(query));
}
