import { join } from 'node:path';
import { alphaCatalogue } from '../default-catalogues';
import type { Clock, ServiceDefinition } from '../types';
import { createEasypostSandboxApp, EASYPOST_SERVICE_NAMES, type EasypostSandboxControls } from './easypost';
import { KindEngine } from './engine';
import { createShippoSandboxApp, SHIPPO_SERVICE_LEVELS, type ShippoSandboxControls } from './shippo';

export { EASYPOST_SERVICE_NAMES, type EasypostSandboxControls } from './easypost';
export { SHIPPO_SERVICE_LEVELS, type ShippoSandboxControls } from './shippo';

/** A provider-protocol sandbox to mount inside another server (the Node entry: /sandbox/easypost, /sandbox/shippo). */
export interface KindSandboxApp<Controls> {
  basePath: string;
  fetch(request: Request): Response | Promise<Response>;
  controls: Controls;
}

export interface KindSandboxOptions {
  basePath: string;
  /** Directory for the state file; memory only when unset. */
  dataDir?: string;
  clock?: Clock;
  exceptionRate?: number;
}

function offered(services: ServiceDefinition[], names: Record<string, unknown>): ServiceDefinition[] {
  // The LabelDesk-only ounce splits (usps_ground_advantage_4oz, ...) are not services these providers sell.
  return services.filter(
    (s) =>
      s.serviceCode in names && (s.status ?? 'active') === 'active' && !s.appearsAfterHours && !s.retiresAfterHours,
  );
}

/** The EasyPost-protocol sandbox: the alpha catalogue's carriers, services and prices under EasyPost's names. */
export function createEasypostSandbox(opts: KindSandboxOptions): KindSandboxApp<EasypostSandboxControls> {
  const basePath = opts.basePath.replace(/\/+$/, '');
  const engine = new KindEngine({
    catalogueId: 'easypost',
    services: offered(alphaCatalogue().services, EASYPOST_SERVICE_NAMES),
    clock: opts.clock ?? { now: () => new Date() },
    ...(opts.dataDir ? { file: join(opts.dataDir, 'easypost.json') } : {}),
    ...(opts.exceptionRate !== undefined ? { exceptionRate: opts.exceptionRate } : {}),
  });
  const { app, controls } = createEasypostSandboxApp(engine, basePath);
  return { basePath, fetch: (request) => app.fetch(request), controls };
}

/** The Shippo-protocol sandbox: the alpha catalogue's carriers, services and prices under Shippo's service levels. */
export function createShippoSandbox(opts: KindSandboxOptions): KindSandboxApp<ShippoSandboxControls> {
  const basePath = opts.basePath.replace(/\/+$/, '');
  const engine = new KindEngine({
    catalogueId: 'shippo',
    services: offered(alphaCatalogue().services, SHIPPO_SERVICE_LEVELS),
    clock: opts.clock ?? { now: () => new Date() },
    ...(opts.dataDir ? { file: join(opts.dataDir, 'shippo.json') } : {}),
    ...(opts.exceptionRate !== undefined ? { exceptionRate: opts.exceptionRate } : {}),
  });
  const { app, controls } = createShippoSandboxApp(engine, basePath);
  return { basePath, fetch: (request) => app.fetch(request), controls };
}
