import { useCallback, useEffect, useRef, useState } from 'react';

/** SPEC §4: success messages clear after 3 s (some screens pass their own duration, e.g. Amazon's 5 s). */
export const FLASH_MS = 3000;

/**
 * A message that clears itself `ms` after it was last shown; showing a new one restarts the clock. Returns the current
 * message (or null), `show` and `clear`. The message is a text unless the screen needs more (e.g. a text and a colour).
 */
export function useFlash<T = string>(ms = FLASH_MS): [T | null, (message: T) => void, () => void] {
  const [message, setMessage] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);

  const show = useCallback(
    (next: T) => {
      clearTimeout(timer.current);
      setMessage(next);
      timer.current = setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );

  useEffect(() => () => clearTimeout(timer.current), []);
  return [message, show, clear];
}
