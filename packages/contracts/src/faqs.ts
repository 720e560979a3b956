import { z } from 'zod';
import { requiredText } from './common';

export const Faq = z.object({
  _id: z.string(),
  question: z.string(),
  answer: z.string(),
  tags: z.array(z.string()),
  order: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Faq = z.infer<typeof Faq>;

const FAQ_EMPTY = 'Question and answer cannot be empty';

/** Tags are trimmed, empty ones dropped, duplicates (case-insensitive) removed keeping the first spelling. */
export const FaqTags = z
  .array(z.string().max(40, 'A tag is at most 40 characters'))
  .max(20, 'At most 20 tags')
  .default([])
  .transform((tags) => {
    const seen = new Set<string>();
    const out: string[] = [];
    for (const raw of tags) {
      const tag = raw.trim();
      const key = tag.toLowerCase();
      if (tag && !seen.has(key)) {
        seen.add(key);
        out.push(tag);
      }
    }
    return out;
  });

export const CreateFaqRequest = z.object({
  question: requiredText(FAQ_EMPTY, 500),
  answer: requiredText(FAQ_EMPTY, 5000),
  tags: FaqTags,
});
export type CreateFaqRequest = z.input<typeof CreateFaqRequest>;

export const UpdateFaqRequest = z.object({
  question: requiredText(FAQ_EMPTY, 500).optional(),
  answer: requiredText(FAQ_EMPTY, 5000).optional(),
  tags: FaqTags.optional(),
  /** Moving a FAQ to a position: the others shift so orders stay 1..n without gaps. */
  order: z.number().int().min(1).optional(),
});
export type UpdateFaqRequest = z.input<typeof UpdateFaqRequest>;

export const FaqListResponse = z.object({ faqs: z.array(Faq) });
export type FaqListResponse = z.infer<typeof FaqListResponse>;
export const FaqResponse = z.object({ faq: Faq, message: z.string() });
export type FaqResponse = z.infer<typeof FaqResponse>;
