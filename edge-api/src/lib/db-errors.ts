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

function messagesOf(err: unknown): string[] {
  const out: string[] = [];
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    out.push(current instanceof Error ? current.message : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return out;
}

/** True when `err` (or a cause) is SQLite's CHECK violation of the named constraint, on libSQL and D1 alike. */
export function isCheckViolation(err: unknown, constraint: string): boolean {
  return messagesOf(err).some((m) => m.includes('CHECK constraint failed') && m.includes(constraint));
}

/** True when `err` (or a cause) is SQLite's NOT NULL violation of `table.column`. */
export function isNotNullViolation(err: unknown, column: string): boolean {
  return messagesOf(err).some((m) => m.includes('NOT NULL constraint failed') && m.includes(column));
}
