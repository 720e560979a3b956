import { z } from 'zod';
import { AuthResponse } from './auth';

/** Two-factor sign-in (TOTP) — extensions of SPEC §7 (issue 23). */

/** A code from an authenticator app (6 digits) or, where allowed, a recovery code (xxxxx-xxxxx). */
const code = z
  .string({ error: 'Code is required' })
  .trim()
  .min(1, 'Code is required')
  .max(32, 'Enter the 6-digit code from your app or a recovery code')
  .transform((v) => v.replace(/\s+/g, ''));

export const TwoFactorSetupResponse = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  /** otpauth://totp/…, shown as a QR code. */
  otpauthUrl: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof TwoFactorSetupResponse>;

export const TwoFactorEnableRequest = z.object({ code });
export type TwoFactorEnableRequest = z.input<typeof TwoFactorEnableRequest>;

export const TwoFactorEnableResponse = z.object({
  message: z.string(),
  /** Ten one-time codes, shown once (only their hashes are kept). */
  recoveryCodes: z.array(z.string()),
});
export type TwoFactorEnableResponse = z.infer<typeof TwoFactorEnableResponse>;

/**
 * Proof that the person signed in is the account's owner, asked again before a sensitive change (turning two-factor
 * off, signing sessions out: OWASP ASVS 5.0 V7.5): the account's password, or a code from the app or a recovery code.
 */
export const ConfirmIdentityRequest = z
  .object({
    code: z.string().trim().max(32).optional(),
    password: z.string().max(1024).optional(),
  })
  .refine((v) => Boolean(v.code) || Boolean(v.password), {
    message: 'Enter your password or a code from your app',
    path: ['password'],
  });
export type ConfirmIdentityRequest = z.input<typeof ConfirmIdentityRequest>;

/** POST /api/auth/2fa/disable: the password or a code (ConfirmIdentityRequest). */
export const TwoFactorDisableRequest = ConfirmIdentityRequest;
export type TwoFactorDisableRequest = z.input<typeof TwoFactorDisableRequest>;

export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

/** POST /api/auth/2fa/verify: the login's mfaToken with a code from the app or a recovery code. */
export const TwoFactorVerifyRequest = z.object({
  mfaToken: z.string({ error: 'Sign in again' }).min(1, 'Sign in again').max(200),
  code,
});
export type TwoFactorVerifyRequest = z.input<typeof TwoFactorVerifyRequest>;

/** What POST /api/auth/login answers when the account has 2FA on: no session yet. */
export const MfaRequiredResponse = z.object({
  mfaRequired: z.literal(true),
  mfaToken: z.string(),
  message: z.string(),
});
export type MfaRequiredResponse = z.infer<typeof MfaRequiredResponse>;

/** POST /api/auth/login: a session, or the second step. */
export const LoginResponse = z.union([AuthResponse, MfaRequiredResponse]);
export type LoginResponse = z.infer<typeof LoginResponse>;
