import { z } from 'zod';
import { requiredText } from './common';
import { newPasswordProblems, PASSWORD_MESSAGES, passwordMatchesEmail } from './password-policy';

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
  /**
   * Extension (issue 23): whether the account proved it receives mail at `email`. Optional so a user record stored by
   * an older client still reads.
   */
  emailVerified: z.boolean().optional(),
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

/** A new password's own rules (length); rules that need the email are added where the email is known. */
const newPassword = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .superRefine((value, ctx) => {
      if (value === '') return; // already "required"
      for (const message of newPasswordProblems(value, undefined)) ctx.addIssue({ code: 'custom', message });
    });

/** SPEC §7 register: name, email, password; the password must pass the password policy (password-policy.ts). */
export const RegisterRequest = z
  .object({
    name: requiredText('Name is required', 100),
    email,
    password: newPassword('Password is required'),
  })
  .superRefine((value, ctx) => {
    if (passwordMatchesEmail(value.password, value.email)) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_MESSAGES.isEmail });
    }
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

/** POST /api/auth/change-password (an extension of SPEC §7): the current password and the new one. */
export const ChangePasswordRequest = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(1024),
  newPassword: newPassword('New password is required'),
});
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequest>;

/**
 * POST /api/auth/change-email (an extension of SPEC §7, issue 23): the new address and the account's password. The
 * address is unverified until its mail's link is opened.
 */
export const ChangeEmailRequest = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
});
export type ChangeEmailRequest = z.input<typeof ChangeEmailRequest>;
export const ChangeEmailResponse = z.object({ message: z.string(), user: User });
export type ChangeEmailResponse = z.infer<typeof ChangeEmailResponse>;

/** POST /api/auth/forgot-password (an extension of SPEC §7): answered 200 with one message whatever the address. */
export const ForgotPasswordRequest = z.object({ email });
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequest>;

/** POST /api/auth/reset-password: the token from the reset mail's link and the new password (the password policy). */
export const ResetPasswordRequest = z.object({
  token: z
    .string({ error: 'The reset link is incomplete: open the link from the mail again' })
    .min(1, 'The reset link is incomplete: open the link from the mail again')
    .max(200, 'The reset link is not valid'),
  password: newPassword('New password is required'),
});
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequest>;

export const VerifyResponse = z.object({
  valid: z.boolean(),
  expired: z.boolean(),
  user: User.optional(),
  message: z.string().optional(),
});
export type VerifyResponse = z.infer<typeof VerifyResponse>;
