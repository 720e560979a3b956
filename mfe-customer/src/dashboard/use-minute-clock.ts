import { useEffect, useState } from 'react';
import { msUntilNextMinute } from './greeting';

/** The current time, re-rendering at the start of every minute (a clock that shows hours and minutes). */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setTimeout(() => setNow(new Date()), msUntilNextMinute(now) + 50);
    return () => clearTimeout(timer);
  }, [now]);
  return now;
}
