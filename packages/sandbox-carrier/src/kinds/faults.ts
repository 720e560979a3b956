import type { Context } from 'hono';

/** The faults a kind sandbox fakes on request (its control routes, see serve.ts): the same for EasyPost and Shippo. */
export interface KindFaultControls {
  /** Every request answers 503 (the sandbox is "down"). */
  setDown(down: boolean): void;
  /** The next `count` buys make the label, then answer 500 (an unclear outcome for the client). */
  failBuysAfterPurchase(count: number): void;
  /** The next `count` label file downloads answer something that is not a PDF (an unusable label). */
  breakLabelFiles(count: number): void;
}

/** One sandbox's fault state: whether it is down, and how many buys and label files are still to fail. */
export function kindFaults() {
  const state = { down: false, failBuys: 0, brokenFiles: 0 };
  const takeOne = (key: 'failBuys' | 'brokenFiles') => {
    if (state[key] <= 0) return false;
    state[key] -= 1;
    return true;
  };
  const controls: KindFaultControls = {
    setDown: (down) => {
      state.down = down;
    },
    failBuysAfterPurchase: (count) => {
      state.failBuys = count;
    },
    breakLabelFiles: (count) => {
      state.brokenFiles = count;
    },
  };
  return {
    isDown: () => state.down,
    /** True (and counted) when this buy is to fail after making its label. */
    failThisBuy: () => takeOne('failBuys'),
    /** True (and counted) when this label file is to be unusable. */
    breakThisFile: () => takeOne('brokenFiles'),
    controls,
  };
}

/** An unusable label file: a storage error body served as application/pdf, as a broken signed link answers. */
export const brokenLabelFile = (c: Context) =>
  c.text('<Error><Code>InternalError</Code></Error>', 200, { 'Content-Type': 'application/pdf' });
