import {
  CarrierInput,
  UpdateDynamicPricingRequest,
  UpdateReliabilityRequest,
  UpdateServicePricingRequest,
} from '@labeldesk/contracts';
import { z } from 'zod';
import { jsonBody, pathParams } from '../../middleware/validate';

/** Admin: one service of one config — our price, reliability, dynamic tiers (SPEC §7 /api/admin/config/...). */
export const serviceConfigRoutes = {
  pricing: '/admin/config/pricing/:apiId/:carrier/:service',
  reliability: '/admin/config/service-reliability/:apiId/:carrier/:serviceName',
  dynamicPricing: '/admin/config/dynamic-pricing/:apiId/:carrier/:service',
} as const;

const apiId = z.string().trim().min(1).max(100);
const serviceName = z.string().min(1).max(200);

export const ServiceParam = z.object({ apiId, carrier: CarrierInput, service: serviceName });
export const ServiceNameParam = z.object({ apiId, carrier: CarrierInput, serviceName });

export const serviceConfigValidators = {
  service: pathParams(ServiceParam),
  serviceName: pathParams(ServiceNameParam),
  pricing: jsonBody(UpdateServicePricingRequest),
  reliability: jsonBody(UpdateReliabilityRequest),
  dynamicPricing: jsonBody(UpdateDynamicPricingRequest),
};
