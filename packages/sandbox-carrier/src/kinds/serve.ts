import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { EasypostSandboxControls } from './easypost';
import { createEasypostSandbox, createShippoSandbox, type KindSandboxApp } from './index';
import type { ShippoSandboxControls } from './shippo';

/**
 * The EasyPost- and Shippo-protocol sandboxes served on a loopback port of their own, for a Worker that cannot mount
 * them in-process (`wrangler dev`, the workerd test pool): `/sandbox/easypost` and `/sandbox/shippo`, as the Node
 * entry mounts them. With a control key (16+ characters) their test controls answer under `/_controls/{kind}/…` with
 * `X-Sandbox-Key`: PUT `down` {down}, PUT `fail-buys` {count}, PUT `break-label-files` {count}, GET `purchases`.
 */
export interface KindSandboxServerOptions {
  /** Default 0 (a free port). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** State files (easypost.json, shippo.json); memory only when unset. */
  dataDir?: string;
  controlKey?: string;
}

export interface KindSandboxServer {
  url: string;
  /** The base URL of an API of each kind. */
  baseUrls: { easypost: string; shippo: string };
  close(): Promise<void>;
}

type Controls = EasypostSandboxControls | ShippoSandboxControls;

export async function serveKindSandboxes(opts: KindSandboxServerOptions = {}): Promise<KindSandboxServer> {
  if (opts.controlKey !== undefined && opts.controlKey.length < 16) {
    throw new Error('the kind sandboxes control key must be 16 characters or more');
  }
  const dataDir = opts.dataDir ? { dataDir: opts.dataDir } : {};
  const sandboxes: Record<'easypost' | 'shippo', KindSandboxApp<Controls>> = {
    easypost: createEasypostSandbox({ basePath: '/sandbox/easypost', ...dataDir }),
    shippo: createShippoSandbox({ basePath: '/sandbox/shippo', ...dataDir }),
  };

  const control = async (request: Request, kind: string, action: string): Promise<Response> => {
    const sandbox = kind === 'easypost' || kind === 'shippo' ? sandboxes[kind] : undefined;
    if (!opts.controlKey || !sandbox) return new Response('not found', { status: 404 });
    if (request.headers.get('x-sandbox-key') !== opts.controlKey) return new Response('forbidden', { status: 403 });
    if (request.method === 'GET' && action === 'purchases') return Response.json(sandbox.controls.purchases());
    if (request.method !== 'PUT') return new Response('not found', { status: 404 });
    const body = (await request.json().catch(() => ({}))) as { down?: unknown; count?: unknown };
    const count = typeof body.count === 'number' && Number.isInteger(body.count) && body.count >= 0 ? body.count : 0;
    if (action === 'down') sandbox.controls.setDown(body.down === true);
    else if (action === 'fail-buys') sandbox.controls.failBuysAfterPurchase(count);
    else if (action === 'break-label-files') sandbox.controls.breakLabelFiles(count);
    else return new Response('not found', { status: 404 });
    return Response.json({ ok: true });
  };

  const fetch = (request: Request): Response | Promise<Response> => {
    const { pathname } = new URL(request.url);
    const controls = /^\/_controls\/([a-z]+)\/([a-z-]+)$/.exec(pathname);
    if (controls) return control(request, controls[1] ?? '', controls[2] ?? '');
    for (const sandbox of Object.values(sandboxes)) {
      if (pathname.startsWith(`${sandbox.basePath}/`)) return sandbox.fetch(request);
    }
    return new Response('not found', { status: 404 });
  };

  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch, port: opts.port ?? 0, hostname: opts.host ?? '127.0.0.1' }, () => resolve(s));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const host = opts.host ?? '127.0.0.1';
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url,
    baseUrls: { easypost: `${url}/sandbox/easypost`, shippo: `${url}/sandbox/shippo` },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
