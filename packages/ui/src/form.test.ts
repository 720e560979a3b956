import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractOutput, contractResolver, fieldErrorsFrom, setServerErrors } from './form';

const Party = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  zip: z.string().trim().min(1, 'ZIP code is required'),
});
const Order = z.object({
  sender: Party,
  packageDetails: z.object({ weight: z.number({ error: 'Weight is required' }).min(0.1, 'Must be at least 0.1') }),
});
type OrderValues = { sender: { name: string; zip: string }; packageDetails: { weight: number | '' } };
const toInput = (v: OrderValues) => ({
  ...v,
  packageDetails: { weight: v.packageDetails.weight === '' ? undefined : v.packageDetails.weight },
});

describe('contractResolver', () => {
  it("gives the contract's own texts keyed by the dotted path, through the form-to-request mapping", () => {
    const validate = contractResolver(Order, toInput);
    expect(validate({ sender: { name: ' ', zip: '10001' }, packageDetails: { weight: '' } })).toEqual({
      'sender.name': 'Name is required',
      'packageDetails.weight': 'Weight is required',
    });
    expect(validate({ sender: { name: 'Ann', zip: '10001' }, packageDetails: { weight: 2 } })).toEqual({});
  });

  it('puts an issue on the form field that holds it when the request names it differently (fieldOf)', () => {
    const Change = z.discriminatedUnion('mode', [
      z.object({ mode: z.literal('add'), amount: z.number().positive('Please enter a valid amount') }),
      z.object({ mode: z.literal('set'), balance: z.number().positive('Please enter a valid amount') }),
    ]);
    type Values = { mode: 'add' | 'set'; amount: number };
    const asRequest = (v: Values) => (v.mode === 'add' ? v : { mode: v.mode, balance: v.amount });
    const validate = contractResolver(Change, asRequest, (path) => (path === 'balance' ? 'amount' : path));
    expect(validate({ mode: 'set', amount: 0 })).toEqual({ amount: 'Please enter a valid amount' });
    expect(validate({ mode: 'add', amount: -1 })).toEqual({ amount: 'Please enter a valid amount' });
    expect(validate({ mode: 'set', amount: 5 })).toEqual({});
  });

  it('a .pick() of the contract checks only the fields the form holds', () => {
    const validate = contractResolver(Order.pick({ sender: true }));
    expect(validate({ sender: { name: '', zip: '' } })).toEqual({
      'sender.name': 'Name is required',
      'sender.zip': 'ZIP code is required',
    });
  });
});

describe('contractOutput', () => {
  it("is the schema's parsed output (trimmed) and refuses values that do not pass", () => {
    expect(contractOutput(Party, { name: ' Ann ', zip: ' 10001 ' })).toEqual({ name: 'Ann', zip: '10001' });
    expect(() => contractOutput(Party, { name: '', zip: '1' })).toThrow('Name is required');
  });
});

describe('fieldErrorsFrom / setServerErrors', () => {
  const values = { name: '', zip: '', sender: { zip: '' } };

  it('puts each detail on the longest path that is a field, first message per field, unknown paths left out', () => {
    expect(
      fieldErrorsFrom(values, [
        { path: 'sender.zip', message: 'ZIP code is required' },
        { path: 'zip.0', message: 'Bad ZIP' },
        { path: 'zip', message: 'second message for zip' },
        { path: 'nope', message: 'not a field' },
        { path: '', message: 'whole body' },
      ]),
    ).toEqual({ 'sender.zip': 'ZIP code is required', zip: 'Bad ZIP' });
  });

  it("sets a server error's details on the form, and leaves the form alone for an error without details", () => {
    let errors: Record<string, unknown> = { name: 'old' };
    const form = { getValues: () => values, setErrors: (e: Record<string, unknown>) => (errors = e) };
    const apiError = Object.assign(new Error('Invalid address'), {
      details: [{ path: 'zip', message: 'Invalid ZIP' }],
    });
    expect(setServerErrors(form, apiError)).toBe(true);
    expect(errors).toEqual({ zip: 'Invalid ZIP' });
    expect(setServerErrors(form, new Error('Network error'))).toBe(false);
    expect(setServerErrors(form, { details: 'not a list' })).toBe(false);
    expect(errors).toEqual({ zip: 'Invalid ZIP' });
  });
});
