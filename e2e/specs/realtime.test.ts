import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCall, apiSignIn, type ApiSession } from '../support/api.js';
import { DEMO, launch, newPage, screenshot, signInThroughUi } from '../support/browser.js';

/** The bell's accessible name carries the unread count ("3 unread notifications"). */
async function unreadCount(page: Page): Promise<number> {
  const label = (await page.getByRole('link', { name: /unread notification|未读通知/ }).getAttribute('aria-label')) ?? '';
  return Number(label.match(/^(\d+)/)?.[1] ?? NaN);
}

describe('real-time notifications', () => {
  let browser: Browser;
  let admin: ApiSession;
  beforeAll(async () => {
    browser = await launch();
    admin = await apiSignIn(DEMO.admin.login, DEMO.admin.password);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows an admin-sent system notification as a toast and raises the bell count without a reload', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/en/account/login');
    await signInThroughUi(page, DEMO.authority.login, DEMO.authority.password);
    // Sign-in lands on the user's last page, whatever it is; the bell is on every signed-in page.
    const bell = page.getByRole('link', { name: /unread notification|未读通知/ });
    await bell.waitFor();
    const before = await unreadCount(page);
    const navigations: string[] = [];
    page.on('framenavigated', (f) => f === page.mainFrame() && navigations.push(f.url()));

    // Sent until one arrives: the first may go out before the socket has authenticated.
    const message = `Tunnel face inspection at 14:00 (${Date.now()})`;
    await expect
      .poll(
        async () => {
          await apiCall(admin, 'POST', '/notifications/system', { message, severity: 2 });
          return page.getByText(message).first().isVisible();
        },
        { timeout: 20_000, interval: 1500 },
      )
      .toBe(true);
    await expect.poll(() => unreadCount(page)).toBeGreaterThan(before);
    await screenshot(page, 'realtime-toast');
    expect(navigations).toEqual([]);
    await context.close();
  });

  it('queues a second toast until the first one closes', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/en/account/login');
    await signInThroughUi(page, DEMO.contractor.login, DEMO.contractor.password);
    await page.getByRole('link', { name: /unread notification|未读通知/ }).waitFor();
    // Make sure the socket is authenticated: a probe notification must arrive first.
    const probe = `Probe ${Date.now()}`;
    await expect
      .poll(
        async () => {
          await apiCall(admin, 'POST', '/notifications/system', { message: probe, severity: 1 });
          return page.getByText(probe).first().isVisible();
        },
        { timeout: 20_000, interval: 1500 },
      )
      .toBe(true);
    await page.getByText(probe).first().waitFor({ state: 'hidden', timeout: 10_000 });

    const first = `First notice ${Date.now()}`;
    const second = `Second notice ${Date.now()}`;
    await apiCall(admin, 'POST', '/notifications/system', { message: first, severity: 1 });
    await page.getByText(first).waitFor();
    await apiCall(admin, 'POST', '/notifications/system', { message: second, severity: 1 });
    await page.waitForTimeout(1000);
    expect(await page.getByText(second).isVisible()).toBe(false);
    await page.getByText(first).waitFor({ state: 'hidden', timeout: 10_000 });
    await page.getByText(second).waitFor({ timeout: 5000 });
    await context.close();
  });
});
