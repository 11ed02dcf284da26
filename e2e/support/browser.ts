import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { watchContext } from './diagnostics.js';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.artifacts');

export const DEMO = {
  admin: { login: 'admin', password: 'strata-admin-2026', fullname: 'Alicia Tan' },
  authority: { login: 'authority', password: 'strata-authority-2026', fullname: 'Benjamin Lim' },
  contractor: { login: 'contractor', password: 'strata-contractor-2026', fullname: 'Chen Wei Ming' },
} as const;

export function baseUrl(): string {
  return inject('baseUrl');
}

export async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}; .ci/run installs it with apt-get`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
}

/** A new browser context (its own storage) and page; `base` is the server, the run's one unless given. */
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
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { timeout })
    .toBeLessThanOrEqual(1);
}
