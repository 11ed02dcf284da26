import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiCall, apiSignIn, type ApiSession } from '../support/api.js';
import { DEMO, liveAuthenticated, markDocument, newPage, screenshot, signInThroughUi, stillSameDocument } from '../support/browser.js';
import { reportOnFailure } from '../support/diagnostics.js';

/** The bell's accessible name carries the unread count ("3 unread notifications"). */
async function unreadCount(page: Page): Promise<number> {
  const label = (await page.getByRole('link', { name: /unread notification|未读通知/ }).getAttribute('aria-label')) ?? '';
  return Number(label.match(/^(\d+)/)?.[1] ?? NaN);
}

reportOnFailure();

test.describe('real-time notifications', () => {
  let browser: Browser;
  let admin: ApiSession;
  test.beforeAll(async ({ browser: shared }) => {
    browser = shared;
    test.setTimeout(120_000); // hooks get more time than a test (sign-ins and demo data look-ups through the API)
    admin = await apiSignIn(DEMO.admin.login, DEMO.admin.password);
  });

  test('shows an admin-sent system notification as a toast and raises the bell count without a reload', async () => {
    const { context, page } = await newPage(browser);
    const live = liveAuthenticated(page);
    await page.goto('/en/account/login');
    await signInThroughUi(page, DEMO.authority.login, DEMO.authority.password);
    // Sign-in lands on the user's last page, whatever it is; the bell is on every signed-in page.
    const bell = page.getByRole('link', { name: /unread notification|未读通知/ });
    await bell.waitFor();
    const before = await unreadCount(page);
    await markDocument(page);

    // Sent once the page's live connection is authenticated (one sent before would not reach it).
    await live;
    const message = `Tunnel face inspection at 14:00 (${Date.now()})`;
    await apiCall(admin, 'POST', '/notifications/system', { message, severity: 2 });
    await expect(page.getByText(message).first()).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => unreadCount(page)).toBeGreaterThan(before);
    await screenshot(page, 'realtime-toast');
    expect(await stillSameDocument(page)).toBe(true);
    await context.close();
  });

  test('queues a second toast until the first one closes', async () => {
    const { context, page } = await newPage(browser);
    const live = liveAuthenticated(page);
    await page.goto('/en/account/login');
    await signInThroughUi(page, DEMO.contractor.login, DEMO.contractor.password);
    await page.getByRole('link', { name: /unread notification|未读通知/ }).waitFor();
    // The notices are sent once the page's live connection is authenticated.
    await live;

    const first = `First notice ${Date.now()}`;
    const second = `Second notice ${Date.now()}`;
    await expect.poll(() => unreadCount(page)).not.toBeNaN();
    const before = await unreadCount(page);
    await apiCall(admin, 'POST', '/notifications/system', { message: first, severity: 1 });
    await page.getByText(first).waitFor();
    await expect.poll(() => unreadCount(page)).toBeGreaterThan(before);
    const withFirst = await unreadCount(page);
    await apiCall(admin, 'POST', '/notifications/system', { message: second, severity: 1 });
    // The second has arrived (the bell counts it) while the first is still shown: its toast waits its turn.
    await expect.poll(() => unreadCount(page)).toBeGreaterThan(withFirst);
    await expect(page.getByText(first)).toBeVisible();
    await expect(page.getByText(second)).toBeHidden();
    await page.getByText(first).waitFor({ state: 'hidden', timeout: 10_000 });
    await page.getByText(second).waitFor({ timeout: 5000 });
    await context.close();
  });
});
