import { describe, expect, it } from 'vitest';
import { RegisterRequest } from './auth';
import { newPasswordProblems, PASSWORD_MESSAGES, passwordLength, passwordMatchesEmail } from './password-policy';

describe('password policy (the rules the browser can check)', () => {
  it('counts characters as code points: 8 emoji are 8 characters', () => {
    expect(passwordLength('😀'.repeat(8))).toBe(8);
    expect(newPasswordProblems('😀'.repeat(7), undefined)).toEqual([PASSWORD_MESSAGES.tooShort]);
    expect(newPasswordProblems('😀'.repeat(8), undefined)).toEqual([]);
  });

  it('allows 8 to 128 characters, with no composition rules', () => {
    expect(newPasswordProblems('abcdefg', undefined)).toEqual([PASSWORD_MESSAGES.tooShort]);
    expect(newPasswordProblems('abcdefgh', undefined)).toEqual([]);
    expect(newPasswordProblems('x'.repeat(128), undefined)).toEqual([]);
    expect(newPasswordProblems('x'.repeat(129), undefined)).toEqual([PASSWORD_MESSAGES.tooLong]);
  });

  it('refuses the email and its local part, case-insensitively, and nothing merely containing them', () => {
    const email = 'Grace.Hopper@Example.com';
    for (const password of ['grace.hopper@example.com', ' GRACE.HOPPER@EXAMPLE.COM ', 'Grace.Hopper']) {
      expect(passwordMatchesEmail(password, email), password).toBe(true);
    }
    for (const password of ['grace.hopper1', 'example.com', 'grace.hopper@example.co']) {
      expect(passwordMatchesEmail(password, email), password).toBe(false);
    }
    expect(newPasswordProblems('grace.hopper', email)).toEqual([PASSWORD_MESSAGES.isEmail]);
  });

  it('RegisterRequest reports each broken rule on the password field', () => {
    const parsed = RegisterRequest.safeParse({
      name: 'Grace',
      email: 'gracehopper@example.com',
      password: 'GraceHopper',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['password', PASSWORD_MESSAGES.isEmail],
    ]);
    const empty = RegisterRequest.safeParse({ name: 'Grace', email: 'g@example.com', password: '' });
    expect(empty.error?.issues.map((i) => i.message)).toEqual(['Password is required']);
  });
});
