import type { FaqListResponse, FaqResponse, MessageResponse } from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { presentFaq } from '../../lib/presenters/faq';
import { requireAdmin, requireUser } from '../../middleware/auth';
import { createFaq } from '../../use-cases/faqs/create-faq';
import { deleteFaq } from '../../use-cases/faqs/delete-faq';
import { listFaqs } from '../../use-cases/faqs/list-faqs';
import { updateFaq } from '../../use-cases/faqs/update-faq';
import { faqsValidators } from './faqs.routes';

const factory = createFactory<AppEnv>();

export const list = factory.createHandlers(requireUser, async (c) => {
  const body: FaqListResponse = { faqs: (await listFaqs(c.get('services'))).map(presentFaq) };
  return c.json(body, 200);
});

export const adminList = factory.createHandlers(requireAdmin, async (c) => {
  const body: FaqListResponse = { faqs: (await listFaqs(c.get('services'))).map(presentFaq) };
  return c.json(body, 200);
});

export const create = factory.createHandlers(requireAdmin, faqsValidators.create, async (c) => {
  const faq = await createFaq(c.get('services'), c.req.valid('json'));
  const body: FaqResponse = { faq: presentFaq(faq), message: 'FAQ created successfully' };
  return c.json(body, 201);
});

export const update = factory.createHandlers(requireAdmin, faqsValidators.id, faqsValidators.update, async (c) => {
  const faq = await updateFaq(c.get('services'), c.req.valid('param').id, c.req.valid('json'));
  const body: FaqResponse = { faq: presentFaq(faq), message: 'FAQ updated successfully' };
  return c.json(body, 200);
});

export const remove = factory.createHandlers(requireAdmin, faqsValidators.id, async (c) => {
  await deleteFaq(c.get('services'), c.req.valid('param').id);
  const body: MessageResponse = { message: 'FAQ deleted successfully' };
  return c.json(body, 200);
});
