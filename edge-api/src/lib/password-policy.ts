import { newPasswordProblems, PASSWORD_MESSAGES } from '@labeldesk/contracts';
import { ApiError } from '../errors';
/**
 * The 10,000 most common passwords, most common first: the first 10,000 entries of `src/passwords.json` in the npm
 * package @zxcvbn-ts/language-common 4.1.3 (MIT licence, see common-passwords.LICENSE.txt). zxcvbn-ts ranks the
 * passwords of Mark Burnett's ten-million-password corpus (the same corpus as SecLists'
 * 10-million-password-list-top-*), lower-cased, by how often they occur. A data file, not code: a JSON import is read
 * the same by tsx (Node entry), vite (vitest) and esbuild (wrangler's Worker bundle), with no loader rule.
 *
 * Server-only: the register screen must not download it (the login bundle has a budget), so it lives in the API and
 * not in @labeldesk/contracts. Compared lower-cased: 'Password123' is as guessable as 'password123'.
 */
import COMMON_PASSWORDS from './common-passwords.json' with { type: 'json' };

let common: ReadonlySet<string> | undefined;

/** Whether the password is one of the 10,000 most common ones (case-insensitively). The set is built on first use. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS);
  return common.has(password.toLowerCase());
}

/** Every rule a new password breaks (contracts' password policy plus the common-password list), as messages. */
export function newPasswordIssues(password: string, email: string): string[] {
  const problems = newPasswordProblems(password, email);
  if (isCommonPassword(password)) problems.push(PASSWORD_MESSAGES.common);
  return problems;
}

/**
 * Refuses a new password that breaks the password policy: 400 `invalid_input`, the first problem as the message and
 * every problem as a detail on `field`. The server is the authority; the browser shows the same rules it can check.
 */
export function assertNewPasswordAllowed(password: string, email: string, field = 'password'): void {
  const problems = newPasswordIssues(password, email);
  if (problems.length === 0) return;
  throw new ApiError('invalid_input', problems[0] ?? PASSWORD_MESSAGES.common, {
    details: problems.map((message) => ({ path: field, message })),
  });
}
