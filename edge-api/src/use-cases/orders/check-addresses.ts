import { ORDER_MESSAGES } from '@labeldesk/contracts';
import { ApiError } from '../../errors';
import type { CreateOrderData } from './order-columns';

type Party = Pick<CreateOrderData['sender'], 'state' | 'zip' | 'country'>;

const US_ZIP = /^\d{5}(-\d{4})?$/;
const US_STATE = /^[A-Za-z]{2}$/;

/**
 * The carriers' address rules that the contract schemas do not hold (they take any text, as SPEC §5 only requires the
 * fields): a US address needs a five-digit ZIP code or ZIP+4 and a two-letter state code. Every carrier refuses a
 * shipment without them, so the server refuses it first — before any money moves — and POST /api/v1/rates refuses the
 * same parcel with the same answer, since a rate for an address no carrier takes is no rate (getApiRates and
 * createOrder both call assertShippableAddresses). The answer names the request's own fields (`recipient.zip`).
 */
export function addressIssues(request: { sender: Party; recipient: Party }): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  for (const side of ['sender', 'recipient'] as const) {
    const party = request[side];
    if ((party.country || 'US') !== 'US') continue;
    if (!US_ZIP.test(party.zip)) issues.push({ path: `${side}.zip`, message: ORDER_MESSAGES.usZip });
    if (!US_STATE.test(party.state)) issues.push({ path: `${side}.state`, message: ORDER_MESSAGES.usState });
  }
  return issues;
}

/** 400 `invalid_input` naming every address field no carrier takes (see addressIssues); nothing else is checked. */
export function assertShippableAddresses(request: { sender: Party; recipient: Party }): void {
  const details = addressIssues(request);
  const [first] = details;
  if (first) throw new ApiError('invalid_input', first.message, { details });
}
