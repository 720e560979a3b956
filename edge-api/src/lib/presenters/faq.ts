import type { Faq } from '@labeldesk/contracts';
import type { FaqRow } from '../../db/schema';

export function presentFaq(row: FaqRow): Faq {
  return {
    _id: row.id,
    question: row.question,
    answer: row.answer,
    tags: row.tags,
    order: row.sortOrder,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
