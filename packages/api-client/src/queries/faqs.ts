import type { CreateFaqRequest, UpdateFaqRequest } from '@labeldesk/contracts';
import { api } from '../endpoints';
import { mutation, query } from './spec';

/** FAQs: the customers' list and the admin's (with unpublished ones). An admin change refreshes both. */
export const faqKeys = {
  all: ['faqs'] as const,
  public: () => [...faqKeys.all, 'public'] as const,
  admin: () => [...faqKeys.all, 'admin'] as const,
};

export const faqQueries = {
  public: () => query(faqKeys.public(), () => api.faqs.list()),
  admin: () => query(faqKeys.admin(), (signal) => api.adminFaqs.list(signal)),
};

export const faqMutations = {
  create: mutation((body: CreateFaqRequest) => api.adminFaqs.create(body), [faqKeys.all]),
  update: mutation(
    ({ id, body }: { id: string; body: UpdateFaqRequest }) => api.adminFaqs.update(id, body),
    [faqKeys.all],
  ),
  remove: mutation((id: string) => api.adminFaqs.remove(id), [faqKeys.all]),
};
