export type Greeting = 'Good Morning' | 'Good Afternoon' | 'Good Evening';

/** SPEC §2/§9: Good Morning before 12:00, Good Afternoon before 18:00, else Good Evening (the viewer's local time). */
export function greetingFor(date: Date): Greeting {
  const hour = date.getHours();
  if (hour < 12) return 'Good Morning';
  if (hour < 18) return 'Good Afternoon';
  return 'Good Evening';
}

/** "Good Morning, Ada" — the name is trimmed and left out when empty. */
export function greetingLine(date: Date, name: string): string {
  const trimmed = name.trim();
  return trimmed ? `${greetingFor(date)}, ${trimmed}` : greetingFor(date);
}

/** Milliseconds from `date` to the start of the next minute, so a clock showing minutes ticks on time. */
export function msUntilNextMinute(date: Date): number {
  return 60_000 - (date.getSeconds() * 1000 + date.getMilliseconds());
}
