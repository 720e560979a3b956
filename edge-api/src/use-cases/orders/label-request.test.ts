import { describe, expect, it } from 'vitest';
import { requestPathOf } from './label-request';

describe('requestPathOf: a provider refusal names the fields of the customer request', () => {
  it.each([
    ['to.zip', 'recipient.zip'],
    ['to.street1', 'recipient.street1'],
    ['from.state', 'sender.state'],
    ['package.weight', 'packageDetails.weight'],
    ['package.length', 'packageDetails.dimensions.length'],
    ['package.height', 'packageDetails.dimensions.height'],
    ['package.valueCents', 'packageDetails.value'],
    ['template', 'packageDetails.template'],
  ])('%s → %s', (provider, request) => {
    expect(requestPathOf(provider)).toBe(request);
  });

  it('keeps a path with no place in the request as it is', () => {
    expect(requestPathOf('serviceCode')).toBe('serviceCode');
    expect(requestPathOf('package.unknownField')).toBe('package.unknownField');
    expect(requestPathOf('to')).toBe('to');
  });
});
