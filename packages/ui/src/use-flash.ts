import { useCallback, useEffect, useRef, useState } from 'react';

/** SPEC §4: success messages clear after 3 s (some screens pass their own duration, e.g. Amazon's 5 s). */
export const FLASH_MS = 3000;

/**
 * A message that clears itself `ms` after it was last shown; showing a new one restarts the clock. Returns the current
 * message (or null), `show` and `clear`.
 */
export function useFlash(ms = FLASH_MS): [string | null, (message: string) => void, () => void] {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);

  const show = useCallback(
    (next: string) => {
      clearTimeout(timer.current);
      setMessage(next);
      timer.current = setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );

  useEffect(() => () => clearTimeout(timer.current), []);
  return [message, show, clear];
}
