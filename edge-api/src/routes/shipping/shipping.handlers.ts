import type {
  AllServicesResponse,
  CustomerApiListResponse,
  DefaultApiResponse,
  ServiceReliabilityResponse,
} from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { requireUser } from '../../middleware/auth';
import { getDefaultApi, listCustomerApis } from '../../use-cases/shipping/list-customer-apis';
import { listCustomerServices } from '../../use-cases/shipping/list-customer-services';
import { listServiceReliability } from '../../use-cases/shipping/list-service-reliability';
import { shippingValidators } from './shipping.routes';

const factory = createFactory<AppEnv>();

export const apis = factory.createHandlers(requireUser, async (c) => {
  const body: CustomerApiListResponse = { apis: await listCustomerApis(c.get('services')) };
  return c.json(body, 200);
});

export const defaultApi = factory.createHandlers(requireUser, async (c) => {
  const body: DefaultApiResponse = { api: await getDefaultApi(c.get('services')) };
  return c.json(body, 200);
});

export const allServices = factory.createHandlers(requireUser, shippingValidators.allServices, async (c) => {
  const body: AllServicesResponse = await listCustomerServices(c.get('services'), {
    userId: c.get('user').id,
    apiId: c.req.valid('query').apiId,
  });
  return c.json(body, 200);
});

export const reliability = factory.createHandlers(requireUser, async (c) => {
  const body: ServiceReliabilityResponse = await listServiceReliability(c.get('services'));
  return c.json(body, 200);
});
