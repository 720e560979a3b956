import { Modal as MantineModal, type ModalProps } from '@mantine/core';
import { useEffect, useRef } from 'react';

/** Gives focus back to `opener` unless something else took it meanwhile (as Mantine's own focus return does). */
function giveFocusBack(opener: HTMLElement | null) {
  if (!opener) return;
  const atClose = document.activeElement;
  setTimeout(() => {
    // The page (or a test's DOM) may be gone by then.
    if (typeof document === 'undefined') return;
    const now = document.activeElement;
    if (opener.isConnected && (now === null || now === document.body || now === atClose)) {
      opener.focus({ preventScroll: true });
    }
  }, 10);
}

/**
 * Mantine's Modal that also gives focus back to what opened it when it is mounted already open, which is how screens
 * start each opening clean (a new `key` per opening). Mantine records the opener only when `opened` changes after
 * mount, so such a modal dropped keyboard users on <body> when it closed (WCAG 2.4.3).
 */
export function Modal(props: ModalProps) {
  const opener = useRef<HTMLElement | null>(null);
  if (props.opened && opener.current === null && typeof document !== 'undefined') {
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body) opener.current = active;
  }
  useEffect(() => {
    if (props.opened) return;
    giveFocusBack(opener.current);
    opener.current = null;
  }, [props.opened]);
  useEffect(() => () => giveFocusBack(opener.current), []);
  return <MantineModal {...props} />;
}
