import type { AmazonConfirmationsResponse } from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { requireUser } from '../../middleware/auth';
import { confirmAmazonOrders } from '../../use-cases/amazon/confirm-amazon-orders';
import { forgetSavedAmazonCredentials } from '../../use-cases/amazon/forget-saved-amazon-credentials';
import { getSavedAmazonCredentials } from '../../use-cases/amazon/get-saved-amazon-credentials';
import { listAmazonConfirmations } from '../../use-cases/amazon/list-amazon-confirmations';
import { amazonValidators } from './amazon.routes';

const factory = createFactory<AppEnv>();

export const confirm = factory.createHandlers(requireUser, amazonValidators.confirm, async (c) => {
  const body = await confirmAmazonOrders(c.get('services'), { caller: c.get('user'), request: c.req.valid('json') });
  return c.json(body, 200);
});

export const savedCredentials = factory.createHandlers(requireUser, amazonValidators.savedCredentials, async (c) => {
  const body = await getSavedAmazonCredentials(c.get('services'), {
    userId: c.get('user').id,
    includeCredentials: c.req.valid('query').includeCredentials,
  });
  c.header('Cache-Control', 'no-store');
  return c.json(body, 200);
});

export const forgetSavedCredentials = factory.createHandlers(requireUser, async (c) => {
  const body = await forgetSavedAmazonCredentials(c.get('services'), { userId: c.get('user').id });
  return c.json(body, 200);
});

export const confirmations = factory.createHandlers(requireUser, amazonValidators.confirmations, async (c) => {
  const body: AmazonConfirmationsResponse = {
    confirmations: await listAmazonConfirmations(c.get('services'), {
      bulkOrderId: c.req.valid('param').bulkOrderId,
      caller: c.get('user'),
    }),
  };
  return c.json(body, 200);
});
