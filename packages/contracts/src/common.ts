import { z } from 'zod';

/** Trimmed text; `min` counts characters after trimming. */
export const trimmed = (max = 200) => z.string().trim().max(max);

/**
 * Characters that show nothing on their own: whitespace and separators, control and format characters (zero-width
 * space U+200B, joiners U+200C/D, word joiner U+2060, soft hyphen U+00AD, BOM U+FEFF, bidi marks), combining and
 * enclosing marks with nothing to sit on (variation selectors included), and the letters that render blank (Hangul
 * fillers U+115F, U+1160, U+3164, U+FFA0; braille blank U+2800). `trim()` removes only the first kind.
 */
const VISIBLE = /[^\s\p{Z}\p{Cc}\p{Cf}\p{Mn}\p{Me}\u115F\u1160\u3164\uFFA0\u2800]/u;

/** True when the text has at least one character that shows (a name of zero-width spaces only is not a name). */
export function hasVisibleText(text: string): boolean {
  return VISIBLE.test(text);
}

/**
 * Required text: trimmed, at most `max` characters, and at least one visible character, else `message` (the same text
 * as an empty field gets, once).
 */
export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().max(max).refine(hasVisibleText, message);

export const IsoDate = z.string();
export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;
