import { typeid } from 'typeid-js';

/**
 * The one id helper: prefixed, time-sortable TypeIDs (UUIDv7 inside), e.g. `newId('usr')` → `usr_01h…`.
 * Prefixes in use: usr, faq, adr, job, req.
 */
export function newId<const P extends string>(prefix: P): `${P}_${string}` {
  return typeid(prefix).toString() as `${P}_${string}`;
}
