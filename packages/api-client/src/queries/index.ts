/**
 * Query keys, fetchers and mutations for TanStack Query, one module per resource, next to the typed API client (every
 * answer is validated by the contracts in `api`). Screens use them through @labeldesk/ui's useQuery / useApiMutation.
 * See spec.ts for the shapes and how to add a resource.
 */

export { addressKeys, addressMutations, addressQueries } from './addresses';
export { adminOrderKeys, adminOrderQueries } from './admin-orders';
export { amazonKeys, amazonMutations, amazonQueries } from './amazon';
export { balanceKeys, balanceMutations, balanceQueries } from './balance';
export { bulkKeys, bulkMutations, bulkQueries } from './bulk';
export { customerKeys, customerMutations, customerQueries } from './customers';
export { faqKeys, faqMutations, faqQueries } from './faqs';
export { labelSettingsKeys, labelSettingsMutations, labelSettingsQueries } from './label-settings';
export { marginKeys, marginQueries } from './margins';
export {
  notificationSettingsKeys,
  notificationSettingsMutations,
  notificationSettingsQueries,
} from './notification-settings';
export { orderKeys, orderMutations, orderQueries } from './orders';
export { providerKeys, providerMutations, providerQueries } from './provider-config';
export { securityKeys, securityMutations, securityQueries } from './security';
export { serviceReportKeys, serviceReportQueries } from './service-report';
export { sessionKeys, sessionQueries } from './session';
export { settingsKeys, settingsMutations, settingsQueries } from './settings';
export { shippingKeys, shippingMutations, shippingQueries } from './shipping';
export { type Key, type MutationSpec, mutation, type QuerySpec, query } from './spec';
export { webhookKeys, webhookMutations, webhookQueries } from './webhooks';
