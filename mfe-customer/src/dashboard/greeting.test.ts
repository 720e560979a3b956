import { describe, expect, it } from 'vitest';
import { greetingFor, greetingLine, msUntilNextMinute } from './greeting';

const at = (hour: number, minute = 0, second = 0, ms = 0) => new Date(2025, 5, 14, hour, minute, second, ms);

describe('greetingFor', () => {
  it('says Good Morning from midnight until just before noon', () => {
    expect(greetingFor(at(0, 0))).toBe('Good Morning');
    expect(greetingFor(at(6, 30))).toBe('Good Morning');
    expect(greetingFor(at(11, 59, 59, 999))).toBe('Good Morning');
  });

  it('switches to Good Afternoon exactly at 12:00 and keeps it until just before 18:00', () => {
    expect(greetingFor(at(12, 0))).toBe('Good Afternoon');
    expect(greetingFor(at(15, 45))).toBe('Good Afternoon');
    expect(greetingFor(at(17, 59, 59))).toBe('Good Afternoon');
  });

  it('switches to Good Evening exactly at 18:00 and keeps it until midnight', () => {
    expect(greetingFor(at(18, 0))).toBe('Good Evening');
    expect(greetingFor(at(23, 59, 59))).toBe('Good Evening');
  });
});

describe('greetingLine', () => {
  it('adds the trimmed user name after the greeting', () => {
    expect(greetingLine(at(9), '  Ada Lovelace ')).toBe('Good Morning, Ada Lovelace');
    expect(greetingLine(at(20), 'Grace')).toBe('Good Evening, Grace');
  });

  it('shows the greeting alone when the name is blank', () => {
    expect(greetingLine(at(13), '   ')).toBe('Good Afternoon');
  });
});

describe('msUntilNextMinute', () => {
  it('counts down to the next full minute', () => {
    expect(msUntilNextMinute(at(10, 15, 0, 0))).toBe(60_000);
    expect(msUntilNextMinute(at(10, 15, 59, 500))).toBe(500);
    expect(msUntilNextMinute(at(10, 15, 30, 250))).toBe(29_750);
  });
});
