/**
 * The password rules for a new password (registration, password change), after OWASP ASVS 5.0 V6.2: at least 8
 * characters, long passphrases allowed, no composition rules, not the account's email, not a common password.
 *
 * Lengths count Unicode code points (what a person counts as characters), not UTF-16 units. The maximum of 128 is far
 * above the 64 ASVS asks us to allow and above what password managers generate; it exists so that every input the
 * server hashes is bounded. Logging in checks none of this: accounts made before these rules keep working.
 *
 * The list of common passwords is the server's (the register screen must stay small); the browser checks the rest.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  isEmail: 'Password must not be your email address or the part of it before the @',
  common: 'This password is one of the 10,000 most common passwords. Please choose a less common one.',
} as const;

/** Length in Unicode code points. */
export function passwordLength(password: string): number {
  let n = 0;
  for (const _ of password) n += 1;
  return n;
}

/** Whether the password is the email address or its local part (before the @), case-insensitively. */
export function passwordMatchesEmail(password: string, email: string): boolean {
  const address = email.trim().toLowerCase();
  if (!address) return false;
  const candidate = password.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  return candidate === address || (at > 0 && candidate === address.slice(0, at));
}

/**
 * What is wrong with a new password by the rules the browser can check (length, email), as messages to show; empty
 * when it passes. A local part shorter than the minimum length is refused by the length rule anyway.
 */
export function newPasswordProblems(password: string, email: string | undefined): string[] {
  const problems: string[] = [];
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) problems.push(PASSWORD_MESSAGES.tooShort);
  if (length > PASSWORD_MAX_LENGTH) problems.push(PASSWORD_MESSAGES.tooLong);
  if (email !== undefined && passwordMatchesEmail(password, email)) problems.push(PASSWORD_MESSAGES.isEmail);
  return problems;
}
