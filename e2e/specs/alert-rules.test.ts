import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiCall, apiSignIn, type ApiSession } from '../support/api.js';
import { DEMO, DESKTOP, expectNoSideScroll, newPage, PHONE, RUN, shots, signInTo } from '../support/browser.js';
import { reportOnFailure } from '../support/diagnostics.js';

const LONG = { timeout: 30_000 };

interface Demo {
  contractId: number;
  /** Two instruments of the admin's active contract at a level now, picked by name. */
  names: [string, string];
}

async function demoOf(admin: ApiSession): Promise<Demo> {
  const contracts = await apiCall<{ records: { contract_id: number }[]; last_filtered: number[] }>(admin, 'GET', '/contracts?limit=100');
  const contractId = (contracts.records.find((c) => contracts.last_filtered.includes(c.contract_id)) ?? contracts.records[0])!.contract_id;
  // Two instruments whose latest reading is at a level: the demo's last 30 days hold breaches of CL for them.
  const status = await apiCall<{ records: { name: string; level_code: string | null }[] }>(
    admin,
    'GET',
    `/alerts/instrument-status?contracts=${encodeURIComponent(JSON.stringify([contractId]))}&limit=1000`,
  );
  const names = status.records
    .filter((i) => i.level_code !== null)
    .map((i) => i.name)
    .sort();
  expect(names.length).toBeGreaterThan(1);
  return { contractId, names: [names[0]!, names[1]!] };
}

/**
 * The centre of a non-member dot on the group map (blue-grey #90a4ae, drawn by the map's own canvas) with nothing
 * else within 5 px, in page coordinates; null until the map has drawn one.
 */
async function freeInstrumentDot(page: Page): Promise<{ x: number; y: number }> {
  await page.locator('.alert-group-members').scrollIntoViewIfNeeded();
  const handle = await page.waitForFunction(
    () => {
      const canvas = document.querySelector<HTMLCanvasElement>('.alert-group-members canvas');
      const ctx = canvas?.getContext('2d');
      if (!canvas || !ctx || canvas.width === 0) return null;
      const { width, height } = canvas;
      const data = ctx.getImageData(0, 0, width, height).data;
      const grey = (x: number, y: number) => {
        const i = (y * width + x) * 4;
        return Math.abs(data[i]! - 144) < 10 && Math.abs(data[i + 1]! - 164) < 10 && Math.abs(data[i + 2]! - 174) < 10 && data[i + 3]! > 200;
      };
      const rect = canvas.getBoundingClientRect();
      const scale = rect.width / width;
      for (let y = 6; y < height - 6; y += 1) {
        for (let x = 6; x < width - 6; x += 1) {
          if (!grey(x, y)) continue;
          let dot = 0;
          for (let dy = -2; dy <= 2; dy += 1) for (let dx = -2; dx <= 2; dx += 1) if (grey(x + dx, y + dy)) dot += 1;
          // The dot's middle (a 5 × 5 block of its colour) with no member ring (dark) within 5 px.
          if (dot < 25) continue;
          let dark = false;
          for (let dy = -5; dy <= 5 && !dark; dy += 1) {
            for (let dx = -5; dx <= 5; dx += 1) {
              const i = ((y + dy) * width + x + dx) * 4;
              if (data[i + 3]! > 200 && data[i]! < 60 && data[i + 1]! < 60 && data[i + 2]! < 60) dark = true;
            }
          }
          const at = { x: rect.left + x * scale, y: rect.top + y * scale };
          if (dark || at.y <= 0 || at.y >= window.innerHeight || at.x <= 0 || at.x >= window.innerWidth) continue;
          // Not under the map's controls (zoom, base map picker, notes).
          const top = document.elementFromPoint(at.x, at.y);
          if (top?.tagName === 'CANVAS' || top?.classList.contains('ol-layer')) return at;
        }
      }
      return null;
    },
    undefined,
    { timeout: 45_000, polling: 500 },
  );
  return (await handle.jsonValue()) as { x: number; y: number };
}

async function memberCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('member-count').textContent()) ?? '';
  return Number(/\d+/.exec(text)?.[0] ?? NaN);
}

reportOnFailure();

test.describe('alert templates, monitoring groups and alert scenarios, as a person', () => {
  let browser: Browser;
  let demo: Demo;
  test.beforeAll(async ({ browser: shared }) => {
    browser = shared;
    test.setTimeout(120_000); // hooks get more time than a test (sign-ins and demo data look-ups through the API)
    demo = await demoOf(await apiSignIn(DEMO.admin.login, DEMO.admin.password));
  });

  test('creates an alert template in the Instrument Alerts tab and sees it listed', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInTo(page, '/en/master-data');
    await page.getByRole('list', { name: 'Master data pages' }).getByRole('heading', { name: 'Alert Templates' }).click();
    await page.waitForURL(/\/en\/master-data\/scenarios/, LONG);
    await page.getByRole('heading', { level: 1, name: 'Alert Templates' }).waitFor(LONG);
    await page.getByRole('tab', { name: 'Instrument Alerts' }).click();
    await page.waitForURL(/tab=instrument/, LONG);
    await page.getByRole('button', { name: 'Add Scenario' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Scenario' });
    const name = `E2E template ${RUN}`;
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('checkbox', { name: 'Spike' }).check();
    await dialog.getByRole('checkbox', { name: /^WSL/ }).check();
    await dialog.getByRole('textbox', { name: 'Spike: factor' }).fill('2.5');
    await shots(page, 'alert-rules-1366-template-form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached', ...LONG });
    const row = page.getByRole('table', { name: 'Instrument Alerts templates' }).getByRole('row', { name: new RegExp(name) });
    await row.waitFor(LONG);
    await expect(row).toContainText('Default rule');
    await shots(page, 'alert-rules-1366-templates');

    await page.setViewportSize(PHONE);
    await page.reload();
    await row.waitFor(LONG);
    await expectNoSideScroll(page);
    await shots(page, 'alert-rules-390-templates');
    await row.click();
    await page.getByRole('dialog', { name: 'Edit alert template' }).getByRole('textbox', { name: 'Name' }).waitFor(LONG);
    await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Spike: factor' })).toHaveValue('2.5');
    await shots(page, 'alert-rules-390-template-form');
    await context.close();
  });

  test('creates a monitoring group from the list and the map, with a rule, and reopens it', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInTo(page, '/en/dashboard/monitoring-group');
    await page.getByRole('heading', { level: 1, name: 'Monitoring Groups' }).waitFor(LONG);
    await page.getByRole('button', { name: 'New group' }).click();
    await page.waitForURL(/\/en\/dashboard\/monitoring-group\/new$/, LONG);
    const name = `E2E group ${RUN}`;
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    const list = page.getByRole('list', { name: 'Instruments of the contract' });
    await list.waitFor(LONG);
    for (const instrument of demo.names) {
      await page.getByRole('searchbox', { name: 'Search instruments' }).fill(instrument);
      await list
        .getByRole('button', { name: new RegExp(`^${instrument}`) })
        .first()
        .click();
    }
    await page.getByRole('searchbox', { name: 'Search instruments' }).fill('');
    expect(await memberCount(page)).toBe(2);

    // One more by a click on the map: a dot that is not a member yet.
    const dot = await freeInstrumentDot(page);
    await page.mouse.click(dot.x, dot.y);
    await expect.poll(() => memberCount(page), LONG).toBe(3);

    await page.getByRole('switch', { name: 'Raise an alert by a rule' }).check();
    await page.getByRole('textbox', { name: 'Instruments (at least)' }).fill('2');
    await page.getByRole('combobox', { name: 'Level' }).click();
    await page.getByRole('option', { name: /^AL/ }).click();
    await shots(page, 'alert-rules-1366-group-editor');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/en\/dashboard\/monitoring-group$/, LONG);
    const row = page.getByRole('table', { name: 'Monitoring groups' }).getByRole('row', { name: new RegExp(name) });
    await row.waitFor(LONG);
    await expect(row).toContainText('2 instruments at AL or above within 24 h');
    await shots(page, 'alert-rules-1366-groups');

    await row.getByRole('link', { name }).click();
    await page.waitForURL(/\/en\/dashboard\/monitoring-group\/\d+$/, LONG);
    await page.getByRole('heading', { level: 1, name: 'Manage Monitoring Group' }).waitFor(LONG);
    await expect.poll(() => memberCount(page), LONG).toBe(3);
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
    for (const instrument of demo.names) {
      await expect(list.getByRole('checkbox', { name: new RegExp(`^${instrument}`) }).first()).toBeChecked();
    }

    await page.setViewportSize(PHONE);
    await freeInstrumentDot(page);
    await expectNoSideScroll(page);
    await shots(page, 'alert-rules-390-group-editor');
    await context.close();
  });

  test('creates an alert scenario, previews it and finds it in Alert Scenarios', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInTo(page, '/en/dashboard/user-scenarios');
    await page.getByRole('heading', { level: 1, name: 'Alert Scenarios' }).waitFor(LONG);
    await page.getByRole('button', { name: 'New scenario' }).click();
    await page.waitForURL(/\/en\/dashboard\/alert-scenarios\/new$/, LONG);
    const name = `E2E scenario ${RUN}`;
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    const instruments = page.getByRole('combobox', { name: 'Instruments' });
    for (const instrument of demo.names) {
      await instruments.fill(instrument);
      await page.getByRole('option', { name: instrument, exact: true }).click(LONG);
    }
    await page.getByRole('textbox', { name: 'Instruments (at least)' }).fill('1');
    await page.getByRole('combobox', { name: 'Level' }).click();
    await page.getByRole('option', { name: /^CL/ }).click();
    await page.getByRole('textbox', { name: 'Within (hours)' }).fill('720');
    await page.getByRole('button', { name: 'Preview' }).click();
    // Both instruments are at a level now: the rule would have raised at least one alert.
    const found = page.getByRole('table', { name: 'Alerts the rule would have raised' });
    await found.waitFor({ timeout: 60_000 });
    expect(await found.getByRole('row').count()).toBeGreaterThan(1);
    await page.getByText(/^From .* over 2 instruments\.$/).waitFor(LONG);
    await shots(page, 'alert-rules-1366-scenario-preview');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/en\/dashboard\/user-scenarios$/, LONG);
    const row = page.getByRole('table', { name: 'Alert scenarios' }).getByRole('row', { name: new RegExp(name) });
    await row.waitFor(LONG);
    await expect(row).toContainText('1 instrument at CL or above within 720 h');
    await expect(row).toContainText(DEMO.admin.fullname);
    await shots(page, 'alert-rules-1366-scenarios');

    await page.setViewportSize(PHONE);
    await row.waitFor(LONG);
    await expectNoSideScroll(page);
    await shots(page, 'alert-rules-390-scenarios');
    await row.getByRole('link', { name }).click();
    await page.waitForURL(/\/en\/dashboard\/alert-scenarios\/\d+$/, LONG);
    await page.getByRole('button', { name: 'Preview' }).click();
    await found.waitFor({ timeout: 60_000 });
    await expectNoSideScroll(page);
    await shots(page, 'alert-rules-390-scenario-editor');
    await context.close();
  });
});
