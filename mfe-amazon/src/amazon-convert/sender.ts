import type { Address } from '@labeldesk/contracts';

/** The sender a conversion starts with (SPEC §2): the default saved sender address, else the first; null if none. */
export function defaultSenderId(addresses: readonly Address[]): string | null {
  return (addresses.find((address) => address.isDefault) ?? addresses[0])?._id ?? null;
}

/**
 * The lines summarising the chosen sender (SPEC §2): name, company, street1, street2, 'city, state zip'. Optional parts
 * that are blank (company, street2) are left out rather than shown as empty lines.
 */
export function senderSummaryLines(address: Address): string[] {
  const place = [[address.city, address.state].filter(present).join(', '), address.zip].filter(present).join(' ');
  return [address.name, address.company, address.street1, address.street2, place]
    .map((line) => line.trim())
    .filter(present);
}

/** One entry of the sender dropdown: 'Name (Company) — street1, city, state', plus '(default)' for the default one. */
export function senderOptionLabel(address: Address): string {
  const who = address.company.trim() ? `${address.name} (${address.company.trim()})` : address.name;
  const where = [address.street1, address.city, address.state].filter(present).join(', ');
  return `${who} — ${where}${address.isDefault ? ' (default)' : ''}`;
}

function present(text: string): boolean {
  return text.trim() !== '';
}
