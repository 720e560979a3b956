import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { LabelRecord, ServiceDefinition, ServiceStatus } from './types';

/** An Idempotency-Key seen on POST /v1/labels. */
export interface IdempotencyRecord {
  key: string;
  /** SHA-256 of the canonical request body. */
  requestHash: string;
  labelId: string;
  createdAt: string;
}

/** Run-time changes to a catalogue's services, kept apart from its definition so code changes still apply. */
export interface ServiceOverrides {
  /** Services added at run time (a code already defined is replaced by the added definition). */
  added: ServiceDefinition[];
  /** Codes retired at run time. */
  retired: string[];
  /** Status changes at run time. */
  status: Record<string, ServiceStatus>;
}

/** Everything one catalogue keeps across restarts. */
export interface CatalogueState {
  version: 1;
  /** First start: the zero of the services' lifecycle (appearsAfterHours, retiresAfterHours). */
  epoch: string;
  apiKey: string;
  labels: LabelRecord[];
  idempotency: IdempotencyRecord[];
  overrides: ServiceOverrides;
}

/**
 * One change to a catalogue's labels, appended to its journal: a label bought or changed (voided), replacing any
 * earlier record with its labelId, or an Idempotency-Key seen.
 */
export type StateChange = { kind: 'label'; label: LabelRecord } | { kind: 'idempotency'; record: IdempotencyRecord };

/** Where a catalogue's state lives: files under the data dir, or nowhere (memory only). */
export interface StateStore {
  load(): CatalogueState | undefined;
  /** Writes the whole state (service changes, a new API key: rare). */
  save(state: CatalogueState): void;
  /** Records label changes, without rewriting the rest (every purchase: must not grow with the number of labels). */
  record(state: CatalogueState, changes: StateChange[]): void;
}

export const memoryStore: StateStore = { load: () => undefined, save: () => {}, record: () => {} };

let tmpCounter = 0;

/** Writes `data` to `file` atomically: a temporary file beside it, fsync, then rename over the old one. */
export function writeFileAtomic(file: string, data: string): void {
  tmpCounter += 1;
  const tmp = `${file}.${process.pid}.${tmpCounter}.tmp`;
  writeFileSync(tmp, data, { mode: 0o600 });
  const fd = openSync(tmp, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}

/**
 * Applies journal changes to a loaded state: a label record replaces the one with its labelId; a key record the state
 * already holds is skipped (a crash between writing a snapshot and removing the journal replays changes the snapshot
 * already holds), and one that reuses a key for another label (the key had expired) replaces the older record.
 */
function applyChanges(state: CatalogueState, changes: StateChange[]): void {
  const labelAt = new Map(state.labels.map((l, i) => [l.labelId, i]));
  const keys = new Map(state.idempotency.map((r) => [r.key, r]));
  for (const change of changes) {
    if (change.kind === 'idempotency') {
      const known = keys.get(change.record.key);
      if (known?.labelId === change.record.labelId) continue;
      if (known) state.idempotency.splice(state.idempotency.indexOf(known), 1);
      state.idempotency.push(change.record);
      keys.set(change.record.key, change.record);
      continue;
    }
    const at = labelAt.get(change.label.labelId);
    if (at === undefined) {
      labelAt.set(change.label.labelId, state.labels.length);
      state.labels.push(change.label);
    } else {
      state.labels[at] = change.label;
    }
  }
}

/**
 * `<dataDir>/carrier-<catalogueId>.json`, the state as of the last snapshot, and `carrier-<catalogueId>.journal`, one
 * JSON line per label change since. A purchase appends its lines and fsyncs them, so it costs the same with ten labels
 * or a hundred thousand (rewriting the whole file on every label made each purchase slower than the one before). The
 * journal is folded into a new snapshot when the store is loaded, and once it holds more changes than both
 * `compactAfter` and the labels of the last snapshot: a fold writes every label, so it waits for as many appends,
 * which keeps the cost per purchase flat. A last line cut short by a crash is dropped: its purchase was never answered.
 */
export function fileStore(dataDir: string, catalogueId: string, opts: { compactAfter?: number } = {}): StateStore {
  const file = join(dataDir, `carrier-${catalogueId}.json`);
  const journal = join(dataDir, `carrier-${catalogueId}.journal`);
  const compactAfter = opts.compactAfter ?? 1_000;
  let journalled = 0;
  /** Labels in the last snapshot: folding costs a write of them all, so it waits for at least as many changes. */
  let snapshotLabels = 0;

  function save(state: CatalogueState): void {
    mkdirSync(dataDir, { recursive: true });
    writeFileAtomic(file, `${JSON.stringify(state, null, 2)}\n`);
    // The snapshot holds everything the journal did: start it again.
    rmSync(journal, { force: true });
    journalled = 0;
    snapshotLabels = state.labels.length;
  }

  function readJournal(): StateChange[] {
    if (!existsSync(journal)) return [];
    const lines = readFileSync(journal, 'utf8').split('\n');
    const changes: StateChange[] = [];
    for (const [i, line] of lines.entries()) {
      if (line.trim() === '') continue;
      let change: unknown;
      try {
        change = JSON.parse(line);
      } catch (err) {
        const last = lines.slice(i + 1).every((l) => l.trim() === '');
        if (last) break; // cut short by a crash while appending
        throw new Error(`sandbox-carrier: ${journal} line ${i + 1} is not valid JSON; fix or remove it`, {
          cause: err,
        });
      }
      if (!isStateChange(change)) {
        throw new Error(`sandbox-carrier: ${journal} line ${i + 1} is not a label change; fix or remove it`);
      }
      changes.push(change);
    }
    return changes;
  }

  return {
    load() {
      if (!existsSync(file)) return undefined;
      const text = readFileSync(file, 'utf8');
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (err) {
        throw new Error(`sandbox-carrier: ${file} is not valid JSON; fix or remove it`, { cause: err });
      }
      if (!isCatalogueState(parsed)) throw new Error(`sandbox-carrier: ${file} is not a catalogue state (version 1)`);
      const changes = readJournal();
      if (changes.length > 0) {
        applyChanges(parsed, changes);
        save(parsed);
      }
      snapshotLabels = parsed.labels.length;
      return parsed;
    },
    save,
    record(state, changes) {
      if (changes.length === 0) return;
      if (journalled + changes.length > Math.max(compactAfter, snapshotLabels)) return save(state);
      mkdirSync(dataDir, { recursive: true });
      const fd = openSync(journal, 'a', 0o600);
      try {
        writeSync(fd, changes.map((c) => `${JSON.stringify(c)}\n`).join(''));
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      journalled += changes.length;
    },
  };
}

function isStateChange(v: unknown): v is StateChange {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Record<string, unknown>;
  const label = c.label as Record<string, unknown> | undefined;
  const record = c.record as Record<string, unknown> | undefined;
  if (c.kind === 'label') return typeof label === 'object' && label !== null && typeof label.labelId === 'string';
  return c.kind === 'idempotency' && typeof record === 'object' && record !== null && typeof record.key === 'string';
}

function isCatalogueState(v: unknown): v is CatalogueState {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Record<string, unknown>;
  const o = s.overrides as Record<string, unknown> | undefined;
  return (
    s.version === 1 &&
    typeof s.epoch === 'string' &&
    typeof s.apiKey === 'string' &&
    Array.isArray(s.labels) &&
    Array.isArray(s.idempotency) &&
    typeof o === 'object' &&
    o !== null &&
    Array.isArray(o.added) &&
    Array.isArray(o.retired) &&
    typeof o.status === 'object'
  );
}
