import { z } from 'zod';
import { requiredText } from './common';

export const COUNTRIES = ['US', 'CA', 'MX', 'UK', 'AU', 'DE', 'FR', 'JP', 'CN'] as const;
export const Country = z.enum(COUNTRIES);
export const AddressType = z.enum(['sender', 'recipient']);
export type AddressType = z.infer<typeof AddressType>;

export const Address = z.object({
  _id: z.string(),
  name: z.string(),
  company: z.string(),
  street1: z.string(),
  street2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: Country,
  phone: z.string(),
  type: AddressType,
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Address = z.infer<typeof Address>;

const req = (message: string, max: number) => requiredText(message, max);
const opt = (max: number) => z.string().trim().max(max).default('');

/** SPEC §5 texts: Name required; 'Street address is required'; ... company and street2 optional. */
export const AddressInput = z.object({
  name: req('Name is required', 100),
  company: opt(100),
  street1: req('Street address is required', 200),
  street2: opt(200),
  city: req('City is required', 100),
  state: req('State is required', 100),
  zip: req('ZIP code is required', 20),
  country: Country.default('US'),
  phone: req('Phone number is required', 40),
  type: AddressType.default('recipient'),
  isDefault: z.boolean().default(false),
});
export type AddressInput = z.input<typeof AddressInput>;

export const AddressListResponse = z.object({ addresses: z.array(Address) });
export type AddressListResponse = z.infer<typeof AddressListResponse>;
export const AddressResponse = z.object({ address: Address, message: z.string() });
export type AddressResponse = z.infer<typeof AddressResponse>;
