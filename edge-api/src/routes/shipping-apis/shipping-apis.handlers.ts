import type {
  ApiConfigListResponse,
  ApiConfigResponse,
  DeleteApiConfigResponse,
  ProviderHealthResponse,
  ProviderPricesResponse,
} from '@labeldesk/contracts';
import { FAILOVER_MESSAGES } from '@labeldesk/contracts';
import { eq } from 'drizzle-orm';
import { createFactory } from 'hono/factory';
import type { ShippingApiRow } from '../../db/schema/shipping-apis';
import { shippingServices } from '../../db/schema/shipping-services';
import type { AppEnv, Services } from '../../env';
import { presentApiConfig } from '../../lib/presenters/shipping';
import { requireAdmin } from '../../middleware/auth';
import { listProviderHealth } from '../../use-cases/provider-failover/list-provider-health';
import { updateFailoverSettings } from '../../use-cases/provider-failover/update-failover-settings';
import { createApiConfig } from '../../use-cases/shipping-apis/create-api-config';
import { deleteApiConfig } from '../../use-cases/shipping-apis/delete-api-config';
import { getProviderPrices } from '../../use-cases/shipping-apis/get-provider-prices';
import { listApiConfigs } from '../../use-cases/shipping-apis/list-api-configs';
import { setDefaultApi } from '../../use-cases/shipping-apis/set-default-api';
import { updateApiKey } from '../../use-cases/shipping-apis/update-api-key';
import { shippingApisValidators } from './shipping-apis.routes';

const factory = createFactory<AppEnv>();

async function presentOne(services: Services, api: ShippingApiRow) {
  const rows = await services.db.select().from(shippingServices).where(eq(shippingServices.apiId, api.id));
  return presentApiConfig(api, rows);
}

export const list = factory.createHandlers(requireAdmin, async (c) => {
  const { apis, services } = await listApiConfigs(c.get('services'));
  const body: ApiConfigListResponse = { apis: apis.map((api) => presentApiConfig(api, services)) };
  return c.json(body, 200);
});

export const create = factory.createHandlers(requireAdmin, shippingApisValidators.create, async (c) => {
  const api = await createApiConfig(c.get('services'), c.req.valid('json'));
  const body: ApiConfigResponse = {
    api: await presentOne(c.get('services'), api),
    message: 'New API added successfully',
  };
  return c.json(body, 201);
});

export const updateKey = factory.createHandlers(
  requireAdmin,
  shippingApisValidators.id,
  shippingApisValidators.updateKey,
  async (c) => {
    const { key, enabled } = c.req.valid('json');
    const api = await updateApiKey(c.get('services'), { id: c.req.valid('param').id, key, enabled });
    const body: ApiConfigResponse = {
      api: await presentOne(c.get('services'), api),
      message: 'API key updated successfully',
    };
    return c.json(body, 200);
  },
);

export const remove = factory.createHandlers(requireAdmin, shippingApisValidators.id, async (c) => {
  const { defaultApiId } = await deleteApiConfig(c.get('services'), c.req.valid('param').id);
  const body: DeleteApiConfigResponse = { message: 'API deleted successfully', defaultApiId };
  return c.json(body, 200);
});

export const setDefault = factory.createHandlers(requireAdmin, shippingApisValidators.id, async (c) => {
  const api = await setDefaultApi(c.get('services'), c.req.valid('param').id);
  const body: ApiConfigResponse = {
    api: await presentOne(c.get('services'), api),
    message: 'Default API updated successfully',
  };
  return c.json(body, 200);
});

export const providerPrices = factory.createHandlers(requireAdmin, shippingApisValidators.id, async (c) => {
  const body: ProviderPricesResponse = await getProviderPrices(c.get('services'), c.req.valid('param').id);
  return c.json(body, 200);
});

export const failover = factory.createHandlers(
  requireAdmin,
  shippingApisValidators.id,
  shippingApisValidators.failover,
  async (c) => {
    const api = await updateFailoverSettings(c.get('services'), {
      id: c.req.valid('param').id,
      ...c.req.valid('json'),
    });
    const body: ApiConfigResponse = {
      api: await presentOne(c.get('services'), api),
      message: FAILOVER_MESSAGES.updated,
    };
    return c.json(body, 200);
  },
);

export const health = factory.createHandlers(requireAdmin, async (c) => {
  const body: ProviderHealthResponse = await listProviderHealth(c.get('services'));
  return c.json(body, 200);
});
