/** True when `err` (or one of its causes) is SQLite's UNIQUE violation, on libSQL and D1 alike. */
export function isUniqueViolation(err: unknown, column?: string): boolean {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const message = current instanceof Error ? current.message : String(current);
    if (message.includes('UNIQUE constraint failed') && (!column || message.includes(column))) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}
