import { readFileSync } from 'node:fs';
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Download,
  type Locator,
  type Page,
  type Route,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

/** Debian's Chromium, started the way this machine allows (no sandbox as root, no background networking). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * The embedded default of this worker (global-setup.ts starts one per e2e worker): files that run at the same time
 * never share a server.
 */
function lane(): { baseUrl: string; dataDir: string } {
  const lanes = inject('lanes');
  const index = Number(process.env.VITEST_POOL_ID ?? '1') - 1;
  const own = lanes[index];
  if (!own) throw new Error(`No e2e server for worker ${process.env.VITEST_POOL_ID} (${lanes.length} started)`);
  return own;
}
export const baseUrl = (): string => lane().baseUrl;
/** The DATA_DIR of this worker's embedded default (the carrier sandbox's generated API keys are in it). */
export const dataDir = (): string => lane().dataDir;
export const adminCredentials = () => inject('admin');

let counter = 0;
/**
 * A client address of its own for each browser context or API caller (see TRUST_PROXY in the setup). It only travels
 * in a header; random across the shared-address range so parallel test files do not share one.
 */
export function nextClientIp(): string {
  const r = (n: number) => Math.floor(Math.random() * n);
  return `100.${64 + r(64)}.${r(256)}.${1 + r(254)}`;
}

/** A unique, valid email for one test run. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@e2e.labeldesk.test`;
}

/**
 * The Chromium of this e2e worker (lane), started by the first file that asks for it and reused by the next files of
 * the lane: the e2e project does not isolate its files (vitest.config.ts), so this module and its browser outlive a
 * file. A start is about 0.55 CPU s and 1-2 s of wall on this machine, 32 times a run before (issue 20). Every test
 * still gets a fresh context (own storage, cookies, cache), and a file closes every context it opened. The browser
 * ends with the worker (Playwright closes the browsers it launched when its process exits).
 */
let laneBrowser: Promise<Browser> | undefined;
/** The seeded admin's session over the API, once per file (see signInAsAdmin). */
let adminSession: Promise<{ token: string; user: unknown }> | undefined;
function sharedBrowser(): Promise<Browser> {
  const current = laneBrowser;
  if (current) {
    return current.then((b) => {
      if (b.isConnected()) return b;
      if (laneBrowser === current) laneBrowser = undefined;
      return sharedBrowser();
    });
  }
  const started = launchChromium();
  laneBrowser = started;
  started.catch(() => {
    if (laneBrowser === started) laneBrowser = undefined;
  });
  return started;
}

/** The lane's browser for a test file; each test gets a fresh context (own storage) via `newPage()`. */
export function setupBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await sharedBrowser();
    // A file's admin session is its own: an earlier file of the lane may have signed the admin out everywhere.
    adminSession = undefined;
  });
  // A test's pages close when it ends: left open, each keeps its screen's polls (balance, pending payments, bulk
  // progress) hitting the shared server and its renderer busy for the rest of the file. No test uses a page that an
  // earlier test or a beforeAll opened.
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close().catch(() => undefined)));
  });
  afterAll(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close().catch(() => undefined)));
    // Nothing of this file stays open in the lane's browser (beforeAll pages are closed above too).
    for (const context of browser?.contexts() ?? []) await context.close().catch(() => undefined);
  });
  return {
    /** A page in a fresh context; 1280×900 unless another viewport is asked for. */
    async newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
      const context = await browser.newContext({ baseURL: baseUrl(), acceptDownloads: true, viewport });
      await context.setExtraHTTPHeaders({ 'X-Forwarded-For': nextClientIp() });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return page;
    },
  };
}

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** Registers through the UI and waits for the dashboard. */
export async function registerViaUi(page: Page, account: Account): Promise<void> {
  await page.goto('/auth/register');
  await page.getByLabel('Full Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password').fill(account.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/dashboard');
}

/** Logs in through the UI. */
export async function loginViaUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Registers a customer over the API and stores the session in the page, as the login screen would. */
export async function signInAsNewCustomer(
  page: Page,
  name = 'Casey Customer',
  emailPrefix = 'customer',
): Promise<Account & { token: string }> {
  const account = { name, email: uniqueEmail(emailPrefix), password: 'customer-password-1' };
  const res = await fetch(`${baseUrl()}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextClientIp() },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const { token, user } = (await res.json()) as { token: string; user: unknown };
  await storeSession(page, token, JSON.stringify(user));
  return { ...account, token };
}

/** A blank document of the app's origin, answered in the browser: the server and the app's bundles are not involved. */
const BLANK_PATH = '/__e2e-blank';

/**
 * Stores a session in the page's origin, as the login screen does (localStorage `token` and `user`), without loading
 * the app: the page opens a blank document of the same origin, answered by the browser itself. Loading the login
 * screen for it cost a whole app start per signed-in test (issue 20); tests of the login screen still use that. The page
 * is left on that blank document: the caller's next `goto` starts the app signed in.
 */
export async function storeSession(page: Page, token: string, user: string): Promise<void> {
  const url = `${baseUrl()}${BLANK_PATH}`;
  const blank = (route: Route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>e2e</title>' });
  await page.route(url, blank);
  try {
    await page.goto(url);
  } finally {
    await page.unroute(url, blank);
  }
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', u);
    },
    [token, user] as const,
  );
}

/** Calls the API as the given user (for arranging data the test is not about). */
export async function apiAs<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Logs the seeded admin in over the API (a session of its own each call). */
async function adminLogin(): Promise<{ token: string; user: unknown }> {
  const res = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextClientIp() },
    body: JSON.stringify(adminCredentials()),
  });
  if (!res.ok) throw new Error(`admin login failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { token: string; user: unknown };
}

/** A fresh admin token, for arranging data over the API with apiAs. */
export async function adminToken(): Promise<string> {
  return (await adminLogin()).token;
}

/** Adds `amount` USD to the balance of the customer signed in with `customerToken` (as the admin); returns their id. */
export async function fundCustomer(admin: string, customerToken: string, amount: number, reason = 'E2E') {
  const { user } = await apiAs<{ user: { _id: string } }>(customerToken, 'GET', '/api/auth/verify');
  await apiAs(admin, 'PATCH', `/api/admin/users/${user._id}/balance`, { mode: 'add', amount, reason });
  return user._id;
}

/** The customer's default shipping API and the name of its active UPS Ground service, as the order screens offer them. */
export async function defaultUpsGround(token: string): Promise<{ apiId: string; service: string }> {
  const { apis } = await apiAs<{ apis: Array<{ _id: string; isDefault: boolean }> }>(
    token,
    'GET',
    '/api/shipping/apis',
  );
  const apiId = (apis.find((a) => a.isDefault) ?? apis[0])?._id ?? '';
  const services = await apiAs<{ UPS: Array<{ name: string; active: boolean }> }>(
    token,
    'GET',
    `/api/shipping/all-services?apiId=${apiId}`,
  );
  const service = services.UPS.find((s) => s.active && s.name.startsWith('UPS Ground'))?.name ?? '';
  return { apiId, service };
}

/** Logs the seeded admin in over the API (once per file) and stores the session in the page. */
export async function signInAsAdmin(page: Page): Promise<void> {
  adminSession ??= adminLogin();
  const { token, user } = await adminSession;
  await storeSession(page, token, JSON.stringify(user));
}

/** Waits until the locator is visible (Playwright auto-waiting, usable from vitest). */
export async function visible(locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: 'visible' });
}

/** The trimmed visible text of the first match, for `expect.poll(...)`. */
export async function textOf(locator: Locator): Promise<string> {
  const text = await locator
    .first()
    .innerText({ timeout: 2_000 })
    .catch(() => '');
  return text.trim();
}

/** Picks `label` in a select (combobox) by opening it and clicking the first matching option. */
export async function choose(page: Page, select: Locator, label: string | RegExp): Promise<void> {
  await select.click();
  await page.getByRole('option', { name: label }).first().click();
}

/** The bytes of a finished download. */
export async function readDownload(download: Download): Promise<Buffer> {
  const path = await download.path();
  if (!path) throw new Error('download has no file');
  return readFileSync(path);
}

/** An address in the API's shape for seeding orders (New York unless told otherwise). */
export const party = (name: string, city = 'New York', state = 'NY', zip = '10001') => ({
  name,
  street1: '1 Main St',
  city,
  state,
  zip,
  phone: '212-555-0100',
});

/**
 * Clicks a row action that sits in the row's menu (RowMenu, where a table has no room for every button at 1280 px):
 * opens the menu by its test id, then clicks the item by the test id it had as a button.
 */
export async function clickRowMenuItem(row: Locator, menuTestId: string, itemTestId: string): Promise<void> {
  await row.getByTestId(menuTestId).first().click();
  await row.page().getByTestId(`${menuTestId}-menu`).getByTestId(itemTestId).click();
}
