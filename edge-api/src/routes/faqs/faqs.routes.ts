import { CreateFaqRequest, UpdateFaqRequest } from '@labeldesk/contracts';
import { z } from 'zod';
import { jsonBody, pathParams } from '../../middleware/validate';

/** GET /faqs: any logged-in user. /admin/faqs: admins (list, create, update incl. reorder, delete). */
export const faqsRoutes = {
  list: '/faqs',
  adminList: '/admin/faqs',
  adminItem: '/admin/faqs/:id',
} as const;

export const FaqIdParam = z.object({ id: z.string().trim().min(1).max(100) });

export const faqsValidators = {
  id: pathParams(FaqIdParam),
  create: jsonBody(CreateFaqRequest),
  update: jsonBody(UpdateFaqRequest),
};
