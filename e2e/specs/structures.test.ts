import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { apiCall, apiSignIn } from '../support/api.js';
import { DESKTOP, finishOnProfile, newPage, RUN, shots, signInAndOpen } from '../support/browser.js';
import { reportOnFailure } from '../support/diagnostics.js';

/**
 * Critical interfaces as a person sets one up (issue 19, decision 037): a building beside the T301 works, its outline
 * drawn on the map, two instruments picked from its contract's list, and its page showing each instrument's status
 * as the monitoring API gives it.
 */

const NAME = `E2E Block ${RUN}`;
const PICKED = ['SM-T301-0001', 'SM-T301-0002'];

/** Draws a polygon of four corners in the middle of `map` (Draw, three clicks, a double-click to close). */
async function drawPolygon(page: Page, map: Locator): Promise<void> {
  await page.getByRole('button', { name: 'Draw' }).click();
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
  for (const [x, y] of [at(0.35, 0.3), at(0.65, 0.3), at(0.65, 0.7)]) {
    await page.mouse.move(x, y);
    await page.mouse.click(x, y);
  }
  const [lx, ly] = at(0.35, 0.7);
  await page.mouse.move(lx, ly);
  await page.mouse.dblclick(lx, ly);
}

reportOnFailure();

test.describe('critical interfaces, as a person', () => {
  let browser: Browser;
  test.beforeAll(async ({ browser: shared }) => {
    browser = shared;
  });

  test('creates a critical interface by drawing its outline and picking instruments, and sees their status on its page', async () => {
    test.setTimeout(120_000);
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAndOpen(page, '/en/dashboard/critical-interface/new');
    const form = page.getByRole('form', { name: 'New Critical Interface' });
    await form.getByLabel(/^Name/).fill(NAME);
    await form.getByRole('combobox', { name: /^Contract/ }).click();
    await page.getByRole('option', { name: /^T301 — / }).click();
    await form.getByLabel(/^Owner/).fill('Housing board');

    // The outline: a polygon drawn on the map; its four corners are listed.
    await drawPolygon(page, page.getByRole('application', { name: 'Map to draw the outline' }));
    await expect(page.getByRole('table', { name: 'Corners of the outline' }).locator('tbody tr')).toHaveCount(4);

    // Two instruments of T301 picked from the list.
    const list = page.getByRole('list', { name: 'Instruments of the contract' });
    for (const name of PICKED) {
      await page.getByLabel('Filter by name').fill(name);
      await list.getByRole('checkbox', { name, exact: true }).click();
      await expect(list.getByRole('checkbox', { name, exact: true })).toBeChecked();
    }
    await expect(page.getByText('2 instruments picked')).toBeVisible();
    await form.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL((url) => /\/en\/dashboard\/critical-interface\/\d+$/.test(url.pathname));
    const id = Number(/(\d+)$/.exec(new URL(page.url()).pathname)![1]);

    // Its page: each picked instrument with the status the monitoring API gives it.
    const table = page.getByRole('table', { name: 'Instruments' });
    await expect(table.locator('tbody tr')).toHaveCount(2);
    const session = await apiSignIn('admin', 'strata-admin-2026');
    const monitoring = await apiCall<{ instruments: { name: string; level_code: string | null }[] }>(session, 'GET', `/critical-interfaces/${id}/monitoring`);
    expect(monitoring.instruments.map((i) => i.name).sort()).toEqual(PICKED);
    for (const i of monitoring.instruments) {
      const status = table.locator('tbody tr', { hasText: i.name }).locator('td').nth(1);
      if (i.level_code === null) await expect(status).toHaveText('Normal');
      else await expect(status).toHaveText(new RegExp(`^${i.level_code} · `));
    }
    await shots(page, 'structures-critical-interface');

    // The Civil table lists it.
    await page.goto('/en/civil/critical-interface');
    await expect(page.getByRole('main').getByText(NAME)).toBeVisible();
    await finishOnProfile(page);
    await context.close();
  });
});
