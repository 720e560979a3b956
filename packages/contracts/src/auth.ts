import { z } from 'zod';
import { requiredText } from './common';

export const User = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  /** USD with 2 decimals (the API speaks decimals; storage is integer cents). */
  balance: z.number(),
  totalSpend: z.number(),
  createdAt: z.string(),
  isAdmin: z.boolean(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
});
export type User = z.infer<typeof User>;

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Please enter a valid email address' }))
  .transform((v) => v.toLowerCase());

export const LoginRequest = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
});
export type LoginRequest = z.input<typeof LoginRequest>;

export const RegisterRequest = z.object({
  name: requiredText('Name is required', 100),
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1024, 'Password is too long'),
});
export type RegisterRequest = z.input<typeof RegisterRequest>;

/**
 * POST /api/auth/bootstrap-admin (an extension, not in SPEC): the first admin of a deployment without one (Workers),
 * authorised by the operator's ADMIN_BOOTSTRAP_TOKEN secret.
 */
export const BootstrapAdminRequest = RegisterRequest.extend({
  bootstrapToken: z
    .string({ error: 'Bootstrap token is required' })
    .min(1, 'Bootstrap token is required')
    .max(1024, 'Bootstrap token is too long'),
});
export type BootstrapAdminRequest = z.input<typeof BootstrapAdminRequest>;

export const AuthResponse = z.object({
  token: z.string(),
  user: User,
  message: z.string(),
});
export type AuthResponse = z.infer<typeof AuthResponse>;

export const VerifyResponse = z.object({
  valid: z.boolean(),
  expired: z.boolean(),
  user: User.optional(),
  message: z.string().optional(),
});
export type VerifyResponse = z.infer<typeof VerifyResponse>;
