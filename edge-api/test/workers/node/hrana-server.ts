import { createServer, type Server } from 'node:http';
import { type Client, createClient, type InValue, type ResultSet, type Transaction } from '@libsql/client';
import { listenOnLoopback } from './loopback';

/**
 * A small Hrana-over-HTTP (protocol v2, JSON) server in front of a local libSQL file: the protocol Turso and sqld
 * speak, and the one `@libsql/client/web` uses from inside workerd. It exists so the Worker tests can prove the Turso
 * path end to end without the network: requests are served one at a time, in order, like a single-writer database.
 * Supported: execute, batch (with conditions), sequence, store_sql/close_sql, get_autocommit, close.
 */

type HValue =
  | { type: 'null' }
  | { type: 'integer'; value: string }
  | { type: 'float'; value: number }
  | { type: 'text'; value: string }
  | { type: 'blob'; base64: string };

interface HStmt {
  sql?: string;
  sql_id?: number;
  args?: HValue[];
  named_args?: { name: string; value: HValue }[];
  want_rows?: boolean;
}

type HCond =
  | { type: 'ok'; step: number }
  | { type: 'error'; step: number }
  | { type: 'not'; cond: HCond }
  | { type: 'and'; conds: HCond[] }
  | { type: 'or'; conds: HCond[] }
  | { type: 'is_autocommit' };

type HRequest =
  | { type: 'execute'; stmt: HStmt }
  | { type: 'batch'; batch: { steps: { condition?: HCond | null; stmt: HStmt }[] } }
  | { type: 'sequence'; sql?: string; sql_id?: number }
  | { type: 'store_sql'; sql_id: number; sql: string }
  | { type: 'close_sql'; sql_id: number }
  | { type: 'get_autocommit' }
  | { type: 'close' };

interface StmtResult {
  cols: { name: string; decltype: string | null }[];
  rows: HValue[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
}

function decodeValue(v: HValue): InValue {
  switch (v.type) {
    case 'null':
      return null;
    case 'integer':
      return BigInt(v.value);
    case 'float':
      return v.value;
    case 'text':
      return v.value;
    case 'blob':
      return new Uint8Array(Buffer.from(v.base64, 'base64'));
  }
}

function encodeValue(v: unknown): HValue {
  if (v === null || v === undefined) return { type: 'null' };
  if (typeof v === 'bigint') return { type: 'integer', value: v.toString() };
  if (typeof v === 'number') return { type: 'float', value: v };
  if (typeof v === 'string') return { type: 'text', value: v };
  if (v instanceof ArrayBuffer) return { type: 'blob', base64: Buffer.from(v).toString('base64') };
  if (v instanceof Uint8Array) return { type: 'blob', base64: Buffer.from(v).toString('base64') };
  throw new Error(`cannot encode ${typeof v}`);
}

function toResult(rs: ResultSet, wantRows: boolean): StmtResult {
  return {
    cols: rs.columns.map((name, i) => ({ name, decltype: rs.columnTypes[i] || null })),
    rows: wantRows
      ? rs.rows.map((row) => Array.from({ length: rs.columns.length }, (_, i) => encodeValue(row[i])))
      : [],
    affected_row_count: rs.rowsAffected,
    last_insert_rowid: rs.lastInsertRowid === undefined ? null : rs.lastInsertRowid.toString(),
  };
}

const EMPTY_RESULT: StmtResult = { cols: [], rows: [], affected_row_count: 0, last_insert_rowid: null };

/**
 * Explicit BEGIN / COMMIT / ROLLBACK statements are mapped onto a libSQL `Transaction` (the local client runs each
 * bare statement on its own), so a batch's steps between them are atomic, as on sqld.
 */
class HranaDatabase {
  private tx: Transaction | null = null;
  private readonly sqlById = new Map<number, string>();

  constructor(private readonly client: Client) {}

  private sqlOf(stmt: { sql?: string; sql_id?: number }): string {
    if (stmt.sql !== undefined) return stmt.sql;
    const sql = stmt.sql_id === undefined ? undefined : this.sqlById.get(stmt.sql_id);
    if (sql === undefined) throw new Error(`unknown sql_id ${stmt.sql_id}`);
    return sql;
  }

  async execute(stmt: HStmt): Promise<StmtResult> {
    const sql = this.sqlOf(stmt);
    const args: InValue[] | Record<string, InValue> = stmt.named_args?.length
      ? Object.fromEntries(stmt.named_args.map((a) => [a.name.replace(/^[:@$]/, ''), decodeValue(a.value)]))
      : (stmt.args ?? []).map(decodeValue);
    const head = sql.trim().toUpperCase();
    if (head.startsWith('BEGIN')) {
      if (this.tx) throw new Error('cannot start a transaction within a transaction');
      this.tx = await this.client.transaction(
        head.includes('IMMEDIATE') || head.includes('EXCLUSIVE') ? 'write' : 'deferred',
      );
      return EMPTY_RESULT;
    }
    if (head.startsWith('COMMIT') || head.startsWith('END') || head.startsWith('ROLLBACK')) {
      const tx = this.tx;
      if (!tx) throw new Error('cannot commit - no transaction is active');
      this.tx = null;
      if (head.startsWith('ROLLBACK')) await tx.rollback();
      else await tx.commit();
      return EMPTY_RESULT;
    }
    const rs = await (this.tx ?? this.client).execute({ sql, args });
    return toResult(rs, stmt.want_rows ?? true);
  }

  async handle(req: HRequest): Promise<unknown> {
    switch (req.type) {
      case 'execute':
        return { type: 'execute', result: await this.execute(req.stmt) };
      case 'batch': {
        const results: (StmtResult | null)[] = [];
        const errors: ({ message: string } | null)[] = [];
        const holds = (c: HCond): boolean => {
          switch (c.type) {
            case 'ok':
              return results[c.step] != null;
            case 'error':
              return errors[c.step] != null;
            case 'not':
              return !holds(c.cond);
            case 'and':
              return c.conds.every(holds);
            case 'or':
              return c.conds.some(holds);
            case 'is_autocommit':
              return this.tx === null;
          }
        };
        for (const step of req.batch.steps) {
          if (step.condition && !holds(step.condition)) {
            results.push(null);
            errors.push(null);
            continue;
          }
          try {
            results.push(await this.execute(step.stmt));
            errors.push(null);
          } catch (err) {
            results.push(null);
            errors.push({ message: err instanceof Error ? err.message : String(err) });
          }
        }
        return { type: 'batch', result: { step_results: results, step_errors: errors } };
      }
      case 'sequence':
        await this.client.executeMultiple(this.sqlOf(req));
        return { type: 'sequence' };
      case 'store_sql':
        this.sqlById.set(req.sql_id, req.sql);
        return { type: 'store_sql' };
      case 'close_sql':
        this.sqlById.delete(req.sql_id);
        return { type: 'close_sql' };
      case 'get_autocommit':
        return { type: 'get_autocommit', is_autocommit: this.tx === null };
      case 'close':
        // A stream closed inside a transaction loses it, as on sqld.
        if (this.tx) {
          const tx = this.tx;
          this.tx = null;
          await tx.rollback();
        }
        return { type: 'close' };
    }
  }
}

export interface HranaServer {
  url: string;
  /** Pipeline requests served so far (proves traffic went through this server). */
  requests(): number;
  close(): Promise<void>;
}

/** Starts the server on 127.0.0.1 (random port) over the libSQL database at `fileUrl` (e.g. `file:/tmp/x.db`). */
export async function startHranaServer(fileUrl: string, authToken: string): Promise<HranaServer> {
  const client = createClient({ url: fileUrl, intMode: 'bigint' });
  const db = new HranaDatabase(client);
  let served = 0;
  let queue: Promise<void> = Promise.resolve();

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      queue = queue.then(async () => {
        if (req.headers.authorization !== `Bearer ${authToken}`) {
          res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
          return;
        }
        if (req.method === 'GET' && req.url === '/v2') {
          res.writeHead(200).end();
          return;
        }
        if (req.method !== 'POST' || req.url !== '/v2/pipeline') {
          res.writeHead(404).end();
          return;
        }
        served++;
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          baton: string | null;
          requests: HRequest[];
        };
        const results: unknown[] = [];
        let closed = false;
        for (const r of body.requests) {
          try {
            results.push({ type: 'ok', response: await db.handle(r) });
          } catch (err) {
            results.push({ type: 'error', error: { message: err instanceof Error ? err.message : String(err) } });
          }
          if (r.type === 'close') closed = true;
        }
        const baton = closed ? null : `baton-${served}`;
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ baton, base_url: null, results }));
      });
    });
  });
  const { url, close } = await listenOnLoopback(server);
  return {
    url,
    requests: () => served,
    close: async () => {
      await close();
      client.close();
    },
  };
}
