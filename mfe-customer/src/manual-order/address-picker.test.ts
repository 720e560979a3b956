import type { Address } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import { savedAddress } from '../ordering/test-fixtures';
import { addressOptionLabel, savedAddressOptions } from './address-picker';

const address = (over: Partial<Address> & { _id: string; name: string }) => savedAddress(over);

describe('savedAddressOptions', () => {
  const list = [
    address({ _id: 'r1', name: 'Zed', type: 'recipient' }),
    address({ _id: 's1', name: 'Warehouse' }),
    address({ _id: 's2', name: 'Office', isDefault: true }),
    address({ _id: 'r2', name: 'Amy', type: 'recipient' }),
  ];

  it('offers senders first in the From block, the default on top', () => {
    const groups = savedAddressOptions(list, 'sender');
    expect(groups.map((g) => g.group)).toEqual(['Sender addresses', 'Recipient addresses']);
    expect(groups[0]?.items.map((i) => i.value)).toEqual(['s2', 's1']);
    expect(groups[1]?.items.map((i) => i.value)).toEqual(['r2', 'r1']);
  });

  it('offers recipients first in the To block', () => {
    expect(savedAddressOptions(list, 'recipient').map((g) => g.group)).toEqual([
      'Recipient addresses',
      'Sender addresses',
    ]);
  });

  it('leaves out empty groups', () => {
    expect(savedAddressOptions([address({ _id: 's1', name: 'Only' })], 'recipient')).toEqual([
      { group: 'Sender addresses', items: [{ value: 's1', label: 'Only — 1 Main St, Austin, TX 78701' }] },
    ]);
    expect(savedAddressOptions([], 'sender')).toEqual([]);
  });
});

describe('addressOptionLabel', () => {
  it('names the company and marks the default', () => {
    expect(addressOptionLabel(address({ _id: 'a', name: 'Ada', company: 'Acme', isDefault: true }))).toBe(
      'Ada (Acme) — 1 Main St, Austin, TX 78701 · default',
    );
  });
});
