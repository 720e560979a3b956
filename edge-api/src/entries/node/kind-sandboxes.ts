import { join } from 'node:path';
import type { ProviderKind } from '@labeldesk/contracts';
import {
  createEasypostSandbox,
  createShippoSandbox,
  type EasypostSandboxControls,
  type ShippoSandboxControls,
} from '@labeldesk/sandbox-carrier';
import type { Clock } from '../../ports/clock';
import type { TestSandbox } from '../../ports/label-provider';
import { CARRIER_SANDBOX_DIR } from './carrier-sandbox';

/** The embedded EasyPost-protocol sandbox (CARRIER_SANDBOX=on) is mounted on the API's own port under this path. */
export const EASYPOST_SANDBOX_BASE_PATH = '/sandbox/easypost';
/** The embedded Shippo-protocol sandbox (CARRIER_SANDBOX=on) is mounted on the API's own port under this path. */
export const SHIPPO_SANDBOX_BASE_PATH = '/sandbox/shippo';
/** The keys test orders use at the embedded EasyPost and Shippo sandboxes (each takes any key of its test form). */
const EASYPOST_TEST_MODE_KEY = 'EZTKlabeldesktestmode';
const SHIPPO_TEST_MODE_KEY = 'shippo_test_labeldesktestmode';

export interface EmbeddedKindSandboxes {
  /** Their test controls, when they run. */
  easypost: EasypostSandboxControls | undefined;
  shippo: ShippoSandboxControls | undefined;
  /** The base URLs each answers at (known once the server listens): the URLs an API of its kind may use. */
  baseUrls: { easypost: string[]; shippo: string[] };
  /** Answers a request under one of their base paths; undefined for any other path. */
  fetch(request: Request, pathname: string): Response | Promise<Response> | undefined;
  /** Once the server listens at `url`: their base URLs, where test orders of their kinds go, and a log line each. */
  listening(url: string, port: number, testSandboxes: Partial<Record<ProviderKind, TestSandbox>>): string[];
}

/**
 * The provider-protocol sandboxes (EasyPost, Shippo) beside the embedded carrier sandbox, under the same switch
 * (CARRIER_SANDBOX=on) and DATA_DIR, served on the API's own port.
 */
export function createEmbeddedKindSandboxes(opts: {
  on: boolean;
  dataDir: string;
  clock?: Clock;
}): EmbeddedKindSandboxes {
  const common = { dataDir: join(opts.dataDir, CARRIER_SANDBOX_DIR), ...(opts.clock ? { clock: opts.clock } : {}) };
  const easypost = opts.on ? createEasypostSandbox({ basePath: EASYPOST_SANDBOX_BASE_PATH, ...common }) : undefined;
  const shippo = opts.on ? createShippoSandbox({ basePath: SHIPPO_SANDBOX_BASE_PATH, ...common }) : undefined;
  const baseUrls: { easypost: string[]; shippo: string[] } = { easypost: [], shippo: [] };
  return {
    easypost: easypost?.controls,
    shippo: shippo?.controls,
    baseUrls,
    fetch(request, pathname) {
      if (easypost && pathname.startsWith(`${EASYPOST_SANDBOX_BASE_PATH}/`)) return easypost.fetch(request);
      if (shippo && pathname.startsWith(`${SHIPPO_SANDBOX_BASE_PATH}/`)) return shippo.fetch(request);
      return undefined;
    },
    listening(url, port, testSandboxes) {
      const lines: string[] = [];
      if (easypost) {
        const base = EASYPOST_SANDBOX_BASE_PATH;
        baseUrls.easypost.push(`${url}${base}`, `http://localhost:${port}${base}`);
        testSandboxes.easypost = { baseUrl: `${url}${base}`, apiKey: EASYPOST_TEST_MODE_KEY };
        lines.push(
          `[labeldesk] EasyPost sandbox (sandbox labels only) under ${url}${base}: add an API of kind EasyPost with that base URL and any key starting with EZTK`,
        );
      }
      if (shippo) {
        const base = SHIPPO_SANDBOX_BASE_PATH;
        baseUrls.shippo.push(`${url}${base}`, `http://localhost:${port}${base}`);
        testSandboxes.shippo = { baseUrl: `${url}${base}`, apiKey: SHIPPO_TEST_MODE_KEY };
        lines.push(
          `[labeldesk] Shippo sandbox (sandbox labels only) under ${url}${base}: add an API of kind Shippo with that base URL and any key starting with shippo_test_`,
        );
      }
      return lines;
    },
  };
}
