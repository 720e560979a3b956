/**
 * The deepest nesting of arrays and objects any JSON body may have. The API's own request shapes nest at most 4 deep
 * (a bulk call's `orders[i].recipient.zip`); 64 leaves room for extensions while keeping every walk over a parsed body
 * short. A deeper body is refused before `JSON.parse` builds its object graph: 500,000 levels fit in a 1 MB body and
 * cost a third of a second to build, and a recursive walk over them overflows the stack.
 */
export const MAX_JSON_DEPTH = 64;

export const jsonTooDeepMessage = (max: number = MAX_JSON_DEPTH): string => `JSON nesting is deeper than ${max} levels`;

const OPEN_BRACE = 0x7b; // {
const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACE = 0x7d; // }
const CLOSE_BRACKET = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Whether JSON text nests arrays and objects more than `max` levels deep, read in one pass over its characters without
 * parsing it (brackets inside strings do not count). Text that is not JSON is judged the same way: the parser refuses
 * it afterwards, so this only has to be right for text that parses.
 */
export function jsonNestsDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === BACKSLASH) i += 1;
      else if (ch === QUOTE) inString = false;
    } else if (ch === QUOTE) {
      inString = true;
    } else if (ch === OPEN_BRACE || ch === OPEN_BRACKET) {
      depth += 1;
      if (depth > max) return true;
    } else if (ch === CLOSE_BRACE || ch === CLOSE_BRACKET) {
      depth -= 1;
    }
  }
  return false;
}

/** Thrown by {@link parseBoundedJson} for text nested deeper than its limit. */
export class JsonTooDeepError extends Error {
  constructor(readonly max: number) {
    super(jsonTooDeepMessage(max));
    this.name = 'JsonTooDeepError';
  }
}

/**
 * `JSON.parse` for text from outside (request bodies, webhooks, upstream answers): refuses nesting deeper than `max`
 * with {@link JsonTooDeepError} before building anything; malformed text throws `SyntaxError` as `JSON.parse` does.
 */
export function parseBoundedJson(text: string, max: number = MAX_JSON_DEPTH): unknown {
  if (jsonNestsDeeperThan(text, max)) throw new JsonTooDeepError(max);
  return JSON.parse(text);
}
