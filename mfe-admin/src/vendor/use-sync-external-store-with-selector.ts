/**
 * An ES-module copy of `use-sync-external-store/with-selector` (React's own implementation, MIT licence, React 18+).
 *
 * Why it exists: recharts (through react-redux) imports `use-sync-external-store/with-selector`, which ships only as
 * CommonJS. Vite's CommonJS conversion resolves its `require('react')` to a private copy of React bundled into the
 * remote, not to the React the shell shares through federation, so its hooks ran against a React that was not
 * rendering ("Cannot read properties of null (reading 'useRef')"). This module imports React as an ES module, which
 * the federation plugin turns into the shared singleton. mfe-admin's vite.config.ts aliases the package to this file.
 */
import { useDebugValue, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';

export { useSyncExternalStore };

interface Instance<Selection> {
  hasValue: boolean;
  value: Selection | null;
}

/** Same contract as React's: subscribes to a store and re-renders only when the selected value changes. */
export function useSyncExternalStoreWithSelector<Snapshot, Selection>(
  subscribe: (onStoreChange: () => void) => () => void,
  getSnapshot: () => Snapshot,
  getServerSnapshot: undefined | null | (() => Snapshot),
  selector: (snapshot: Snapshot) => Selection,
  isEqual?: (a: Selection, b: Selection) => boolean,
): Selection {
  // The selection last rendered, shared with the memoised selector so equal selections keep their identity.
  const instRef = useRef<Instance<Selection> | null>(null);
  if (instRef.current === null) instRef.current = { hasValue: false, value: null };
  const inst = instRef.current;

  const [getSelection, getServerSelection] = useMemo(() => {
    let hasMemo = false;
    let memoizedSnapshot: Snapshot;
    let memoizedSelection: Selection;
    const memoizedSelector = (nextSnapshot: Snapshot): Selection => {
      if (!hasMemo) {
        hasMemo = true;
        memoizedSnapshot = nextSnapshot;
        const nextSelection = selector(nextSnapshot);
        if (isEqual !== undefined && inst.hasValue) {
          const currentSelection = inst.value as Selection;
          if (isEqual(currentSelection, nextSelection)) {
            memoizedSelection = currentSelection;
            return currentSelection;
          }
        }
        memoizedSelection = nextSelection;
        return nextSelection;
      }
      const prevSnapshot = memoizedSnapshot;
      const prevSelection = memoizedSelection;
      if (Object.is(prevSnapshot, nextSnapshot)) return prevSelection;
      const nextSelection = selector(nextSnapshot);
      if (isEqual?.(prevSelection, nextSelection)) {
        memoizedSnapshot = nextSnapshot;
        return prevSelection;
      }
      memoizedSnapshot = nextSnapshot;
      memoizedSelection = nextSelection;
      return nextSelection;
    };
    const serverSnapshot = getServerSnapshot ?? null;
    const selectionOfSnapshot = () => memoizedSelector(getSnapshot());
    const selectionOfServerSnapshot = serverSnapshot === null ? undefined : () => memoizedSelector(serverSnapshot());
    return [selectionOfSnapshot, selectionOfServerSnapshot] as const;
  }, [getSnapshot, getServerSnapshot, selector, isEqual, inst]);

  const value = useSyncExternalStore(subscribe, getSelection, getServerSelection);
  useEffect(() => {
    inst.hasValue = true;
    inst.value = value;
  }, [inst, value]);
  useDebugValue(value);
  return value;
}
