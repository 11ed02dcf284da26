/**
 * `npm run bench:weight`: how much JavaScript three pages of the built app make the browser download, in headless
 * Chromium with an empty cache: the sign-in page, the work space (signed in as the demo admin) and an instrument's
 * page in the work space (its chart). Builds nothing: run `npm run build` first.
 *
 * It starts the built app as the end-to-end suite does (e2e/support/server.ts: a fresh embedded database with demo
 * data, on a free port), signs in once through the sign-in page and keeps the stored credential, then opens each page
 * in a new browser context (its own empty HTTP cache) and counts, over the Chrome DevTools protocol, every response
 * of the page's load: the bytes that crossed the wire (`Network.loadingFinished` encodedDataLength, headers included,
 * as DevTools' "transferred" column; less the response's headers, `Network.responseReceived` encodedDataLength, for the
 * bodies alone) and the bytes after content decoding (`Network.dataReceived` dataLength). A page is loaded when its
 * landmark shows and the network has been idle for 500 ms. The ratio is transferred / decoded: about 1.00 means served
 * uncompressed.
 *
 * BENCH_SCREENSHOTS=<folder> also saves a PNG of each page there.
 *
 *   npm run build && npm run bench:weight
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startServer } from '../e2e/support/server.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The flags of the end-to-end runs (e2e/support/browser.ts). */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
const VIEWPORT = { width: 1366, height: 900 };
const ADMIN = { login: 'admin', password: 'strata-admin-2026' };
const LIST = '/en/dashboard/search/instrument/list';

interface Totals {
  files: number;
  /** Bytes received: headers and body as sent (compressed or not). */
  transferred: number;
  /** The bodies as sent, without the headers. */
  body: number;
  decoded: number;
}

interface PageWeight {
  name: string;
  path: string;
  script: Totals;
  css: Totals;
  all: Totals;
  /** The largest scripts by transferred bytes: file name and bytes. */
  largest: { file: string; transferred: number; decoded: number }[];
}

type StorageState = Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['storageState']>>;

const empty = (): Totals => ({ files: 0, transferred: 0, body: 0, decoded: 0 });
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const ratio = (t: Totals) => (t.decoded ? (t.transferred / t.decoded).toFixed(2) : '–');

/** Loads `target` in a fresh context (empty cache) and sums what the page's load received, by resource type. */
async function measure(
  browser: Browser,
  baseUrl: string,
  name: string,
  target: string,
  ready: (page: Page) => Promise<void>,
  storageState?: StorageState,
): Promise<PageWeight> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT, ...(storageState ? { storageState } : {}) });
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`${name}: page error: ${error.message}`));
    const cdp = await context.newCDPSession(page);
    const requests = new Map<string, { url: string; type: string; decoded: number; headers: number }>();
    const finished: { url: string; type: string; decoded: number; headers: number; transferred: number }[] = [];
    cdp.on('Network.responseReceived', (event) => {
      // The response's encodedDataLength when it arrives: the bytes of its status line and headers.
      requests.set(event.requestId, {
        url: event.response.url,
        type: event.type,
        decoded: requests.get(event.requestId)?.decoded ?? 0,
        headers: event.response.encodedDataLength,
      });
    });
    cdp.on('Network.dataReceived', (event) => {
      const request = requests.get(event.requestId);
      if (request) request.decoded += event.dataLength;
      else requests.set(event.requestId, { url: '', type: 'Other', decoded: event.dataLength, headers: 0 });
    });
    cdp.on('Network.loadingFinished', (event) => {
      const request = requests.get(event.requestId);
      if (request) finished.push({ ...request, transferred: event.encodedDataLength });
    });
    await cdp.send('Network.enable');
    await page.goto(target);
    await ready(page);
    await page.waitForLoadState('networkidle');
    if (process.env.BENCH_SCREENSHOTS) {
      mkdirSync(process.env.BENCH_SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: path.join(process.env.BENCH_SCREENSHOTS, `${name.replace(/\W+/g, '-')}.png`) });
    }
    const weight: PageWeight = { name, path: target, script: empty(), css: empty(), all: empty(), largest: [] };
    for (const response of finished) {
      const buckets = [weight.all];
      if (response.type === 'Script') buckets.push(weight.script);
      if (response.type === 'Stylesheet') buckets.push(weight.css);
      for (const bucket of buckets) {
        bucket.files += 1;
        bucket.transferred += response.transferred;
        bucket.body += response.transferred - response.headers;
        bucket.decoded += response.decoded;
      }
    }
    weight.largest = finished
      .filter((response) => response.type === 'Script')
      .sort((a, b) => b.transferred - a.transferred)
      .slice(0, Number(process.env.BENCH_TOP) || 5)
      .map((response) => ({
        file: new URL(response.url).pathname.split('/').pop() ?? response.url,
        transferred: response.transferred,
        decoded: response.decoded,
      }));
    return weight;
  } finally {
    await context.close();
  }
}

/** Signs in through the sign-in page once and returns the stored credential, so the measured pages open signed in. */
async function signIn(browser: Browser, baseUrl: string): Promise<StorageState> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(`/en/account/login?redirect=${encodeURIComponent(LIST)}`);
    await page.getByLabel('Your Login Name').fill(ADMIN.login);
    await page.getByLabel('Your Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === LIST);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** An active instrument that draws a time chart (not an inclinometer, whose readings are by depth) of the admin's contracts. */
async function anInstrument(baseUrl: string): Promise<number> {
  const auth = await fetch(`${baseUrl}/api/v1/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: ADMIN.login, password: ADMIN.password }),
  });
  if (!auth.ok) throw new Error(`sign-in: ${auth.status}`);
  const { access_token: token } = (await auth.json()) as { access_token: string };
  const get = async <T>(url: string): Promise<T> => {
    const res = await fetch(`${baseUrl}/api/v1${url}`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
    return (await res.json()) as T;
  };
  const contracts = await get<{ records: { contract_id: number }[] }>('/contracts?limit=100');
  const ids = contracts.records.map((c) => c.contract_id);
  const list = await get<{ records: { instrument_id: number; status: string; type_code: string }[] }>(`/instruments?contracts=[${ids.join(',')}]&limit=200`);
  const instrument = list.records.find((i) => i.status === 'active' && i.type_code !== 'INC') ?? list.records[0];
  if (!instrument) throw new Error('the demo data has no instrument');
  return instrument.instrument_id;
}

function report(weights: PageWeight[]): void {
  console.log('\n| page | scripts | script transferred (with headers) | script bodies | script decoded | ratio | CSS transferred | everything transferred |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const w of weights) {
    console.log(
      `| ${w.name} | ${w.script.files} | ${kib(w.script.transferred)} | ${kib(w.script.body)} | ${kib(w.script.decoded)} | ${ratio(w.script)} | ${kib(w.css.transferred)} | ${kib(w.all.transferred)} (${w.all.files} responses) |`,
    );
  }
  console.log('\nratio: script transferred with headers / decoded.');
  for (const w of weights) {
    console.log(`\n${w.name} (${w.path}), largest scripts:`);
    for (const s of w.largest) console.log(`  ${s.file}: ${kib(s.transferred)} transferred, ${kib(s.decoded)} decoded`);
  }
}

async function main() {
  const server = await startServer({ LOG_LEVEL: 'warn' });
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    console.log(`Chromium ${browser.version()}, app at ${server.baseUrl}`);
    const instrumentId = await anInstrument(server.baseUrl);
    const signedIn = await signIn(browser, server.baseUrl);
    const heading = (name: string) => async (page: Page) => {
      await page.getByRole('heading', { level: 1, name }).waitFor();
    };
    const weights = [
      await measure(browser, server.baseUrl, 'sign-in', '/en/account/login', async (page) => {
        await page.getByLabel('Your Login Name').waitFor();
      }),
      await measure(browser, server.baseUrl, 'work space', LIST, heading('Work Space'), signedIn),
      await measure(
        browser,
        server.baseUrl,
        'instrument',
        `/en/dashboard/search/instrument/${instrumentId}`,
        async (page) => {
          await page.getByTestId('instrument-detail').locator('[data-testid^="chart-"] canvas').first().waitFor({ timeout: 30_000 });
        },
        signedIn,
      ),
    ];
    report(weights);
  } finally {
    await browser?.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
