import { z } from 'zod';

/**
 * Numbers written as text (CSV cells, the converter's dimension form, query strings, JSON fields carried as strings)
 * are read here and nowhere else. Only plain decimals are numbers: an optional sign, digits, an optional fraction
 * ("12", "-0.5", "1.", ".25"), with blanks around them ignored. `Number()` would also read "0x10" (16), "1e3",
 * "Infinity", "0b1", "1_000" or "" (0), which no customer means; "1 0" and "1,5" are refused too.
 */
const PLAIN_DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const PLAIN_INTEGER = /^[+-]?\d+$/;
/** Longer texts are refused before any regex runs (a pasted block is not a number). */
const MAX_NUMBER_TEXT = 64;

/** The plain decimal a text holds, or null (blank, not a plain decimal, or too large to be finite). */
export function parseDecimalText(text: string): number | null {
  if (text.length > MAX_NUMBER_TEXT * 4) return null;
  const trimmed = text.trim();
  if (trimmed.length > MAX_NUMBER_TEXT || !PLAIN_DECIMAL.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value + 0 : null;
}

/** The whole number a text holds ("42", "-3"), or null (anything else, or beyond ±2^53 where integers stop being exact). */
export function parseIntegerText(text: string): number | null {
  if (text.length > MAX_NUMBER_TEXT * 4) return null;
  const trimmed = text.trim();
  if (trimmed.length > MAX_NUMBER_TEXT || !PLAIN_INTEGER.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value + 0 : null;
}

/** A number given as a JSON number or as text: texts through {@link parseDecimalText}; anything else is NaN. */
export function decimalOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return parseDecimalText(value) ?? Number.NaN;
  return Number.NaN;
}

/**
 * A zod field for a whole number that may arrive as text (a query string): texts must be plain integers, or the field
 * fails with `message` (numbers pass through to the schema). Replaces `z.coerce.number()`, which reads "0x10" as 16.
 */
export const integerFromText = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (parseIntegerText(v) ?? Number.NaN) : v),
    z.number({ error: message }).int(message),
  );
