import {
  type AddableProviderKind,
  CARRIERS,
  type Carrier,
  PROVIDER_KIND_INFO,
  type Service,
  type ShippingApiConfig,
} from '@labeldesk/contracts';

/** Carrier keys as the API speaks them, with the names screens show (SPEC §2: UPS, USPS, FedEx). */
export const CARRIER_LABELS: Record<Carrier, string> = { UPS: 'UPS', USPS: 'USPS', FEDEX: 'FedEx' };

/** The API the screen shows first: the one already selected if it still exists, else the default, else the first. */
export function pickApi(apis: readonly ShippingApiConfig[], current: string | null = null): string | null {
  if (current && apis.some((a) => a._id === current)) return current;
  return (apis.find((a) => a.isDefault) ?? apis[0])?._id ?? null;
}

/**
 * SPEC §2: deleting the selected API selects the default (as the server reports it after the deletion) or the first
 * remaining; deleting another one keeps the selection.
 */
export function selectionAfterDelete(
  remaining: readonly ShippingApiConfig[],
  selectedId: string | null,
  defaultApiId: string | null,
): string | null {
  if (selectedId && remaining.some((a) => a._id === selectedId)) return selectedId;
  if (defaultApiId && remaining.some((a) => a._id === defaultApiId)) return defaultApiId;
  return pickApi(remaining);
}

/** Select options; the default API is marked (SPEC §2 Service Status: "API dropdown marking the default"). */
export function apiOptions(apis: readonly ShippingApiConfig[]): Array<{ value: string; label: string }> {
  return apis.map((a) => ({ value: a._id, label: a.isDefault ? `${a.name} (Default)` : a.name }));
}

/** One carrier's services of a config, by name. */
export function servicesOf(api: ShippingApiConfig, carrier: Carrier): Service[] {
  return Object.values(api.services[carrier]).sort((a, b) => a.name.localeCompare(b.name));
}

/** Number of services of a config over all carriers. */
export function serviceCount(api: ShippingApiConfig): number {
  return CARRIERS.reduce((n, carrier) => n + Object.keys(api.services[carrier]).length, 0);
}

/** Replaces one service inside a config (after a save answered the updated service), keeping everything else. */
export function replaceService(api: ShippingApiConfig, service: Service): ShippingApiConfig {
  const carrier = service.carrier;
  const entries = Object.entries(api.services[carrier]);
  const key = entries.find(([, s]) => s.id === service.id)?.[0] ?? service.name;
  return { ...api, services: { ...api.services, [carrier]: { ...api.services[carrier], [key]: service } } };
}

export interface AddApiFormValues {
  name: string;
  key: string;
  baseUrl: string;
  isDefault: boolean;
  kind: AddableProviderKind;
}

export const EMPTY_ADD_API_FORM: AddApiFormValues = {
  name: '',
  key: '',
  baseUrl: '',
  isDefault: false,
  kind: 'generic',
};

/**
 * Choosing a kind pre-fills the base URL with that provider's official one (EasyPost: https://api.easypost.com), unless
 * the admin typed a URL of their own; back to generic clears a pre-filled official URL.
 */
export function withKind(form: AddApiFormValues, kind: AddableProviderKind): AddApiFormValues {
  const official = new Set(Object.values(PROVIDER_KIND_INFO).map((k) => k.officialBaseUrl));
  const typed = form.baseUrl.trim() !== '' && !official.has(form.baseUrl.trim());
  return { ...form, kind, baseUrl: typed ? form.baseUrl : (PROVIDER_KIND_INFO[kind].officialBaseUrl ?? '') };
}

/** SPEC §2: the delete confirmation names the API and says it 'cannot be undone'. */
export function deleteConfirmText(api: Pick<ShippingApiConfig, 'name'>): string {
  return `Are you sure you want to delete "${api.name}"? Its services and prices go with it. This action cannot be undone.`;
}
