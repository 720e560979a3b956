import {
  type AllServicesResponse,
  CARRIERS,
  type Carrier,
  type CustomerService,
  ORDER_MESSAGES,
} from '@labeldesk/contracts';

/**
 * The API → carrier → service (→ USPS template) choice that Manual Order and Bulk Order both make (SPEC §2, §5): what
 * the pickers hold, their options and the rules between them.
 */
export interface ServicePick {
  apiId: string | null;
  apiName: string | null;
  carrier: Carrier | null;
  service: string | null;
  template: string;
}

export const CARRIER_LABELS: Record<Carrier, string> = { UPS: 'UPS', USPS: 'USPS', FEDEX: 'FedEx' };

export const isCarrier = (v: string | null): v is Carrier => CARRIERS.some((c) => c === v);

/** Carriers the selected API has services for, in the SPEC §9 order. */
export function carrierOptions(services: AllServicesResponse | null): Array<{ value: Carrier; label: string }> {
  if (!services) return [];
  return CARRIERS.filter((c) => services[c].length > 0).map((c) => ({ value: c, label: CARRIER_LABELS[c] }));
}

/**
 * The service picker's options for a carrier: every enabled service by name; inactive ones are listed but disabled,
 * saying 'Service currently unavailable' (SPEC §5).
 */
export function serviceOptions(
  services: AllServicesResponse | null,
  carrier: Carrier | null,
): Array<{ value: string; label: string; disabled: boolean }> {
  if (!services || !carrier) return [];
  return [...services[carrier]]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((s) => ({
      value: s.name,
      label: s.active ? s.name : `${s.name} — ${ORDER_MESSAGES.serviceUnavailable}`,
      disabled: !s.active,
    }));
}

export function findService(
  services: AllServicesResponse | null,
  carrier: Carrier | null,
  name: string | null,
): CustomerService | null {
  if (!services || !carrier || !name) return null;
  return services[carrier].find((s) => s.name === name) ?? null;
}

/**
 * After the API's services (re)load: keep the carrier and service when the new list still offers them (the service
 * active), else fall back to the first carrier with services and no service.
 */
export function reconcileSelection(
  services: AllServicesResponse,
  carrier: Carrier | null,
  serviceType: string | null,
): { carrier: Carrier | null; serviceType: string | null } {
  const carriers = carrierOptions(services).map((o) => o.value);
  const nextCarrier = carrier && carriers.includes(carrier) ? carrier : (carriers[0] ?? null);
  const service = findService(services, nextCarrier, serviceType);
  return { carrier: nextCarrier, serviceType: service?.active ? service.name : null };
}

// Templates (SPEC §5, §9) --------------------------------------------------------------------------------------------

export const USPS_TEMPLATES = [
  'BASIC',
  'EVS',
  'EVS_V2',
  'AMZ',
  'EASYPOST',
  'ENDICIA',
  'ROLLO',
  'PITNEY_BOWES',
  'STAMPS',
] as const;
export const DEFAULT_TEMPLATE = 'BASIC';
/** The API whose USPS labels take no template choice (SPEC §5). */
export const NO_TEMPLATE_API_NAME = 'API 2';

/** SPEC §5: the template picker is offered only for USPS, and only when the selected API is not named 'API 2'. */
export function offersTemplate(carrier: Carrier | null, apiName: string | null | undefined): boolean {
  return carrier === 'USPS' && (apiName ?? '').trim() !== NO_TEMPLATE_API_NAME;
}

/** The template sent with the rows: the picked one where it is offered, else none. */
export function templateFor(pick: ServicePick): string | null {
  return offersTemplate(pick.carrier, pick.apiName) ? pick.template || DEFAULT_TEMPLATE : null;
}

/** The pickers are complete enough to price. */
export function pickReady(
  pick: ServicePick,
): pick is ServicePick & { apiId: string; carrier: Carrier; service: string } {
  return Boolean(pick.apiId && pick.carrier && pick.service);
}
