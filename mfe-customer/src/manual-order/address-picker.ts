import type { Address, AddressType } from '@labeldesk/contracts';
import { cityLine, TYPE_LABELS } from '../addresses/address-format';

export interface AddressOptionGroup {
  group: string;
  items: Array<{ value: string; label: string }>;
}

/** 'Home — 1 Main St, Austin, TX 78701 (default)': enough to tell saved addresses apart in a picker. */
export function addressOptionLabel(address: Address): string {
  const where = [address.street1.trim(), cityLine(address)].filter(Boolean).join(', ');
  const name = address.company.trim() ? `${address.name} (${address.company.trim()})` : address.name;
  return `${name}${where ? ` — ${where}` : ''}${address.isDefault ? ' · default' : ''}`;
}

/**
 * The saved-address picker of a From (sender) or To (recipient) block: addresses of that type first (the default one
 * at the top), then the others, each group by name. Empty groups are left out.
 */
export function savedAddressOptions(addresses: readonly Address[], role: AddressType): AddressOptionGroup[] {
  const byDefaultThenName = (a: Address, b: Address) =>
    Number(b.isDefault) - Number(a.isDefault) || a.name.localeCompare(b.name);
  const other: AddressType = role === 'sender' ? 'recipient' : 'sender';
  return [role, other]
    .map((type) => ({
      group: `${TYPE_LABELS[type]} addresses`,
      items: addresses
        .filter((a) => a.type === type)
        .sort(byDefaultThenName)
        .map((a) => ({ value: a._id, label: addressOptionLabel(a) })),
    }))
    .filter((g) => g.items.length > 0);
}
