import { useCallback, useState } from 'react';

/**
 * The state of a modal opened for one item (a customer's balance, an FAQ to edit, a bulk order's details): whether it
 * is open, the item it shows, and a `key` that changes on every open, so `<Modal key={modal.key} …>` starts from fresh
 * form state each time while the closing transition still shows the last item.
 *
 * Usage:
 *   const balance = useModalItem<User>();
 *   <Button onClick={() => balance.open(user)}>Adjust balance</Button>
 *   <BalanceModal key={balance.key} opened={balance.opened} user={balance.item} onClose={balance.close} />
 */
export interface ModalItem<T> {
  opened: boolean;
  item: T | null;
  key: number;
  open: (item: T) => void;
  close: () => void;
  /** Replaces the item shown (e.g. with the server's answer) without reopening. */
  setItem: (update: (item: T | null) => T | null) => void;
}

export function useModalItem<T>(): ModalItem<T> {
  const [state, setState] = useState<{ opened: boolean; item: T | null; key: number }>({
    opened: false,
    item: null,
    key: 0,
  });
  const open = useCallback((item: T) => setState((s) => ({ opened: true, item, key: s.key + 1 })), []);
  const close = useCallback(() => setState((s) => ({ ...s, opened: false })), []);
  const setItem = useCallback(
    (update: (item: T | null) => T | null) => setState((s) => ({ ...s, item: update(s.item) })),
    [],
  );
  return { ...state, open, close, setItem };
}
