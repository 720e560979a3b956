import { useCallback, useEffect, useRef, useState } from 'react';

/** A message that clears itself `ms` after it was last shown (SPEC §9: Amazon successes stay 5 s). */
export function useFlashMessage(
  ms: number,
): [message: string | null, show: (message: string) => void, clear: () => void] {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);

  const show = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      setMessage(text);
      timer.current = setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );

  useEffect(() => () => clearTimeout(timer.current), []);
  return [message, show, clear];
}
