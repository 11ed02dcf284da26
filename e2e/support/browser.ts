import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { watchContext } from './diagnostics.js';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.artifacts');

export const DEMO = {
  admin: { login: 'admin', password: 'strata-admin-2026', fullname: 'Alicia Tan' },
  authority: { login: 'authority', password: 'strata-authority-2026', fullname: 'Benjamin Lim' },
  contractor: { login: 'contractor', password: 'strata-contractor-2026', fullname: 'Chen Wei Ming' },
} as const;

/** The two widths every screen is looked at. */
export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** A suffix unique to this spec file's run, for the names it creates on the server the specs share. */
export const RUN = Date.now().toString(36).slice(-5);

export interface Person {
  login: string;
  password: string;
}

/** The run's server, started by support/global-setup.ts. */
export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the specs with `playwright test` (its global setup starts the server)');
  return url;
}

/**
 * A new browser context (its own storage) and page in Playwright's `browser` fixture; `base` is the server, the run's
 * one unless given. Tracing (on a retry) follows the contexts the fixture's browser opens.
 */
export async function newPage(
  browser: Browser,
  viewport = { width: 1366, height: 900 },
  base: string = baseUrl(),
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: base, viewport });
  watchContext(context);
  const page = await context.newPage();
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** The full page and what a person sees without scrolling (`<name>-viewport.png`), under e2e/.artifacts. */
export async function shots(page: Page, name: string): Promise<void> {
  const file = await screenshot(page, name);
  await page.screenshot({ path: path.join(path.dirname(file), `${name}-viewport.png`) });
}

/** Signs in through the login page (by default as the demo admin) and waits on the profile page it was sent to. */
export async function signInToProfile(page: Page, who: Person = DEMO.admin): Promise<void> {
  await page.goto('/en/account/login?redirect=/en/account/profile/info');
  await signInThroughUi(page, who.login, who.password);
  await page.waitForURL((url) => url.pathname === '/en/account/profile/info');
  await page.getByRole('heading', { level: 1, name: 'Profile Information' }).waitFor();
}

/** Signs in with `target` as the login page's redirect and waits until that page is open. */
export async function signInTo(page: Page, target: string, who: Person = DEMO.admin): Promise<void> {
  await page.goto(`/en/account/login?redirect=${encodeURIComponent(target)}`);
  await signInThroughUi(page, who.login, who.password);
  await page.waitForURL((url) => url.pathname === target.split('?')[0]);
}

/** Signs in, then opens `target` (sign-in itself lands on the last page visited, which another spec may have set). */
export async function signInAndOpen(page: Page, target: string, who: Person = DEMO.admin): Promise<void> {
  await page.goto('/en/account/login');
  await signInThroughUi(page, who.login, who.password);
  await page.waitForURL((url) => !url.pathname.includes('/account/login'));
  await page.goto(target);
}

/** Sign-in returns to the last page visited: end a test where the other specs expect to land. */
export async function finishOnProfile(page: Page): Promise<void> {
  const posted = page.waitForResponse((response) => response.url().endsWith('/api/v1/last-url'));
  await page.goto('/en/account/profile/info');
  await posted;
}

/** Picks an option of a MUI select found by its label within `scope` (the page by default; the options are in a popup). */
export async function choose(page: Page, label: string | RegExp, option: string, scope: Page | Locator = page): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

export function mainMenu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main menu' });
}

/** The main menu's links, once it has loaded (User Manual is everyone's). */
export async function menuLinks(page: Page): Promise<string[]> {
  await mainMenu(page).getByRole('link', { name: 'User Manual' }).waitFor();
  return (await mainMenu(page).getByRole('link').allTextContents()).map((text) => text.trim());
}

/** Runs a route action from the account menu (it lists the page's actions). */
export async function routeAction(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name }).click();
}

/** The cell texts of a table's body rows, once the table (found by its accessible name) is there. */
export async function tableRows(page: Page, name: string): Promise<string[][]> {
  const table = page.getByRole('table', { name });
  await table.waitFor();
  const rows = table.locator('tbody tr');
  const out: string[][] = [];
  for (let i = 0; i < (await rows.count()); i++) out.push((await rows.nth(i).locator('td').allTextContents()).map((s) => s.trim()));
  return out;
}

/** How many opaque pixels of the first canvas under `selector` are within 24 per channel of `hex` (#rrggbb). */
export async function canvasPixels(page: Page, selector: string, hex: string): Promise<number> {
  return page.locator(selector).evaluate((element, color) => {
    const canvas = element.querySelector('canvas');
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return 0;
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (Math.abs(data[i]! - r!) < 24 && Math.abs(data[i + 1]! - g!) < 24 && Math.abs(data[i + 2]! - b!) < 24 && data[i + 3]! > 200) n += 1;
    }
    return n;
  }, hex);
}

/** How many pixels of the first canvas under the first element matching `selector` are opaque (alpha above 200). */
export async function opaquePixels(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const canvas = element instanceof HTMLCanvasElement ? element : element.querySelector('canvas');
      const ctx = canvas?.getContext('2d');
      if (!canvas || !ctx || canvas.width === 0 || canvas.height === 0) return 0;
      const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      let n = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 200) n += 1;
      return n;
    });
}

/**
 * What the chart in `box` plots, as its element (role img) says: components/chart EChart sets `data-points`,
 * `data-first-x` and `data-last-x` from the option it draws (x: ISO instants on a time axis, numbers otherwise).
 */
export async function chartData(box: Locator): Promise<{ points: number; firstX: string | null; lastX: string | null }> {
  const element = box.locator('[role="img"][data-points]').first();
  const [points, firstX, lastX] = await Promise.all([
    element.getAttribute('data-points'),
    element.getAttribute('data-first-x'),
    element.getAttribute('data-last-x'),
  ]);
  return { points: Number(points), firstX, lastX };
}

/** Signs in through the login page as a person would. */
export async function signInThroughUi(page: Page, login: string, password: string): Promise<void> {
  await page.getByLabel('Your Login Name').fill(login);
  await page.getByLabel('Your Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * The page does not scroll sideways: its content is no wider than the viewport (a pixel of rounding allowed). Polled
 * for a few seconds, since a page that was just resized or rendered may lay out again in the next frames (media
 * queries switching the drawer, a tooltip or menu placing itself).
 */
export async function expectNoSideScroll(page: Page, timeout = 5_000): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { timeout }).toBeLessThanOrEqual(1);
}

/**
 * The page has stopped moving: two frames drawn and no transition or finite animation running (a menu closing, a
 * drawer sliding, a toast fading). For screenshots; endless animations (a spinner) are not waited for.
 */
export async function settled(page: Page, timeout = 5_000): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            new Promise<boolean>((resolve) =>
              requestAnimationFrame(() =>
                requestAnimationFrame(() =>
                  resolve(document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)),
                ),
              ),
            ),
        ),
      { timeout, message: 'the page stops animating' },
    )
    .toBe(true);
}

/**
 * The chart in `box` has followed its box's size: components/chart EChart resizes its canvas 500 ms after the box
 * changes (debounced), so until then what it draws is the old size's picture.
 */
export async function expectChartFitted(box: Locator, timeout = 10_000): Promise<void> {
  const element = box.locator('[role="img"][data-points]').first();
  await expect
    .poll(
      () =>
        element.evaluate((el) => {
          const canvas = el.querySelector('canvas');
          return !!canvas && Math.abs(canvas.clientWidth - el.clientWidth) <= 1 && Math.abs(canvas.clientHeight - el.clientHeight) <= 1;
        }),
      { timeout, message: 'the chart fits its box' },
    )
    .toBe(true);
}

/**
 * Resolves once the page's live connection (lib/live-connection.ts) is authenticated: the server answers the token
 * with `status: authenticated`, and from then on the page hears of changes. Any socket of the page counts (one opened
 * before sign-in never authenticates). Call before the page opens the app; a connection that never authenticates
 * fails the test on its timeout.
 */
export function liveAuthenticated(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        if (/"status"\s*:\s*"authenticated"/.test(String(frame.payload))) resolve();
      }),
    );
  });
}

/**
 * Marks the page's document, so that `stillSameDocument` can tell later whether it was reloaded (a reload drops the
 * mark). Not `framenavigated`: the app's own `history.replaceState` (the work space's map position in the URL) fires
 * it too, without reloading anything.
 */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __strataMarker?: string }).__strataMarker = 'still here';
  });
}

/** Whether the page still shows the document `markDocument` marked (no reload since). */
export async function stillSameDocument(page: Page): Promise<boolean> {
  return (await page.evaluate(() => (window as unknown as { __strataMarker?: string }).__strataMarker)) === 'still here';
}
