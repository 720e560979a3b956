import { describe, expect, it } from 'vitest';
import { cityLine } from './address-format';

describe('cityLine', () => {
  it("formats 'city, state zip'", () => {
    expect(cityLine({ city: 'Austin', state: 'TX', zip: '78701' })).toBe('Austin, TX 78701');
  });

  it('leaves out missing parts without stray separators', () => {
    expect(cityLine({ city: 'London', state: '', zip: 'SW1A 1AA' })).toBe('London, SW1A 1AA');
    expect(cityLine({ city: 'Austin', state: '', zip: '' })).toBe('Austin');
    expect(cityLine({ city: '', state: 'TX', zip: '78701' })).toBe('TX 78701');
  });
});
