import { z } from 'zod';

/**
 * Email verification (issue 23, extensions of SPEC §7). GET /api/auth/verify-email: the caller's address and whether it
 * is verified. POST /api/auth/verify-email {token}: the token from the verification mail's link (no session needed).
 * POST /api/auth/verify-email/resend: another mail (throttled).
 */
export const EmailVerificationStatus = z.object({
  email: z.string(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
});
export type EmailVerificationStatus = z.infer<typeof EmailVerificationStatus>;

export const VerifyEmailRequest = z.object({
  token: z
    .string({ error: 'The verification link is incomplete: open the link from the mail again' })
    .trim()
    .min(1, 'The verification link is incomplete: open the link from the mail again')
    .max(200, 'This verification link is not valid'),
});
export type VerifyEmailRequest = z.input<typeof VerifyEmailRequest>;

export const VerifyEmailResponse = z.object({ message: z.string(), email: z.string() });
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponse>;
