/** Stable React keys for a list whose items may repeat: 'a', 'b', 'a#2', … (the nth repeat of a value gets '#n'). */
export function uniqueKeys(values: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return values.map((value) => {
    const count = (seen.get(value) ?? 0) + 1;
    seen.set(value, count);
    return count === 1 ? value : `${value}#${count}`;
  });
}
