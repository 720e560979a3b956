import { type Address, type AddressType, COUNTRIES } from '@labeldesk/contracts';

export type CountryCode = (typeof COUNTRIES)[number];

export const COUNTRY_NAMES: Record<CountryCode, string> = {
  US: 'United States',
  CA: 'Canada',
  MX: 'Mexico',
  UK: 'United Kingdom',
  AU: 'Australia',
  DE: 'Germany',
  FR: 'France',
  JP: 'Japan',
  CN: 'China',
};

/** The Country select's choices, by name with the code: 'United States (US)'. */
export const COUNTRY_OPTIONS = COUNTRIES.map((code) => ({ value: code, label: `${COUNTRY_NAMES[code]} (${code})` }));
export const isCountry = (v: string | null): v is CountryCode => COUNTRIES.some((c) => c === v);

export const TYPE_LABELS: Record<AddressType, string> = { sender: 'Sender', recipient: 'Recipient' };

/** 'city, state zip' as on the card, without dangling separators when a part is missing. */
export function cityLine(address: Pick<Address, 'city' | 'state' | 'zip'>): string {
  const stateZip = [address.state, address.zip]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');
  return [address.city.trim(), stateZip].filter(Boolean).join(', ');
}
