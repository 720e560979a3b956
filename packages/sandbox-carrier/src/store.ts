import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
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

/** Where a catalogue's state lives: a JSON file under the data dir, or nowhere (memory only). */
export interface StateStore {
  load(): CatalogueState | undefined;
  save(state: CatalogueState): void;
}

export const memoryStore: StateStore = { load: () => undefined, save: () => {} };

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

/** `<dataDir>/carrier-<catalogueId>.json`. */
export function fileStore(dataDir: string, catalogueId: string): StateStore {
  const file = join(dataDir, `carrier-${catalogueId}.json`);
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
      return parsed;
    },
    save(state) {
      mkdirSync(dataDir, { recursive: true });
      writeFileAtomic(file, `${JSON.stringify(state, null, 2)}\n`);
    },
  };
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
