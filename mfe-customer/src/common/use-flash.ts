import { useCallback, useEffect, useState } from 'react';

/** SPEC §4: successes auto-clear after 3 s. A message that clears itself `ms` after it was last shown. */
export function useFlash(ms = 3000): [message: string | null, show: (message: string | null) => void] {
  // A fresh object per show, so showing the same text twice restarts the countdown.
  const [flash, setFlash] = useState<{ text: string } | null>(null);

  useEffect(() => {
    if (flash === null) return;
    const timer = setTimeout(() => setFlash(null), ms);
    return () => clearTimeout(timer);
  }, [flash, ms]);

  const show = useCallback((text: string | null) => setFlash(text === null ? null : { text }), []);
  return [flash?.text ?? null, show];
}
