import { newPasswordProblems, PASSWORD_MESSAGES } from '@labeldesk/contracts';
import { ApiError } from '../errors';
import { COMMON_PASSWORDS_TEXT } from './common-passwords';

let common: ReadonlySet<string> | undefined;

/** Whether the password is one of the 10,000 most common ones (case-insensitively). The set is built on first use. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split('\n'));
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
