import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiCall, apiSignIn } from '../support/api.js';
import { DEMO, DESKTOP, finishOnProfile, newPage, PHONE, settled, shots, signInTo } from '../support/browser.js';
import { reportOnFailure } from '../support/diagnostics.js';

const LIST = '/en/dashboard/search/instrument/list';

/** What axe-core checks: WCAG 2.0 and 2.1, levels A and AA, and its best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * axe-core's violations on the page as it is now, of every impact (critical and serious, and moderate and minor ones
 * such as `region`, `landmark-unique`, `heading-order`), one line each (rule, impact, help, the first targets), so that
 * a failure says what to fix. The whole page: no region excluded, no rule disabled.
 */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations.map((v) => {
    const targets = v.nodes.slice(0, 3).map((node) => node.target.join(' '));
    return `${v.id} (${v.impact}, ${v.nodes.length} nodes): ${v.help} — ${targets.join(' | ')}`;
  });
}

async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Colours are judged as drawn: an element half-way through a fade (a menu, a toast, a tooltip) would read as low
  // contrast. Checked once nothing moves.
  await settled(page);
  const found = await violations(page);
  expect(found, `axe-core on ${screen}:\n${found.join('\n')}`).toEqual([]);
}

/** An active instrument of the admin's first contract that is not an inclinometer (its chart is by time). */
async function instrumentWithChart(): Promise<number> {
  const session = await apiSignIn(DEMO.admin.login, DEMO.admin.password);
  const contracts = await apiCall<{ records: { contract_id: number }[]; last_filtered: number[] }>(session, 'GET', '/contracts?limit=100');
  const active = contracts.records.filter((c) => contracts.last_filtered.includes(c.contract_id));
  const contractId = (active[0] ?? contracts.records[0])!.contract_id;
  const list = await apiCall<{ records: { instrument_id: number; status: string; type_code: string }[] }>(
    session,
    'GET',
    `/instruments?contracts=[${contractId}]&limit=1000`,
  );
  const found = list.records.find((i) => i.status === 'active' && i.type_code !== 'INC') ?? list.records[0]!;
  return found.instrument_id;
}

reportOnFailure();

test.describe('accessibility (axe-core: no violation of any impact)', () => {
  let browser: Browser;
  let instrumentId: number;
  test.beforeAll(async ({ browser: shared }) => {
    browser = shared;
    instrumentId = await instrumentWithChart();
  });

  for (const [viewport, width] of [
    [DESKTOP, 1366],
    [PHONE, 390],
  ] as const) {
    test(`the sign-in page at ${width} px`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await page.goto('/en/account/login');
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      await shots(page, `a11y-${width}-sign-in`);
      await expectAccessible(page, `the sign-in page at ${width} px`);
      await context.close();
    });

    test(`the work space (map and instrument list) at ${width} px`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await signInTo(page, LIST);
      await page.getByRole('heading', { level: 1, name: 'Work Space' }).waitFor();
      await page.getByRole('list', { name: 'Instruments' }).getByRole('button').first().waitFor({ timeout: 20_000 });
      await page.locator('.ws-instruments canvas').first().waitFor({ timeout: 20_000 });
      await shots(page, `a11y-${width}-workspace`);
      await expectAccessible(page, `the work space at ${width} px`);
      await finishOnProfile(page);
      await context.close();
    });

    test(`an instrument's detail page with its chart at ${width} px`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await signInTo(page, `/en/dashboard/search/instrument/${instrumentId}`);
      const detail = page.getByTestId('instrument-detail');
      await detail.getByRole('table', { name: 'Thresholds' }).waitFor();
      await detail.locator('[data-testid^="chart-"] canvas').first().waitFor({ timeout: 20_000 });
      await shots(page, `a11y-${width}-instrument-detail`);
      await expectAccessible(page, `the instrument detail at ${width} px`);
      await finishOnProfile(page);
      await context.close();
    });
  }

  test('the alerts landing and an alert list at 1366 px', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInTo(page, '/en/alert');
    await page.getByRole('heading', { name: 'Breached Instrument' }).waitFor();
    await expectAccessible(page, 'the alerts landing');
    await page.goto('/en/alerts/instruments?tab=0');
    await page.getByRole('table', { name: 'Spike alerts' }).waitFor();
    await shots(page, 'a11y-1366-alerts');
    await expectAccessible(page, 'the spike alerts list');
    await finishOnProfile(page);
    await context.close();
  });

  test('the users list of the administration at 1366 px', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInTo(page, '/en/admin/users');
    await page.getByRole('table', { name: 'Users' }).getByText('Alicia Tan').waitFor();
    await shots(page, 'a11y-1366-admin-users');
    await expectAccessible(page, 'the users list');
    await finishOnProfile(page);
    await context.close();
  });

  test('the master data landing and the instrument management at 1366 px', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInTo(page, '/en/master-data');
    await page.getByRole('heading', { level: 1, name: 'Master Data' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Instrument Management' }).waitFor();
    await shots(page, 'a11y-1366-master-data');
    await expectAccessible(page, 'the master data landing');
    await page.goto('/en/master-data/instrument');
    await page.getByRole('table', { name: 'Instruments' }).getByRole('link').first().waitFor();
    await shots(page, 'a11y-1366-instrument-management');
    await expectAccessible(page, 'the instrument management');
    await finishOnProfile(page);
    await context.close();
  });

  // Screens where axe-core found something once: colours of chips (a filled "Medium", an outlined "MT · Mined tunnel"),
  // a label drawn as a button, a sub-heading out of order, and on a phone two landmarks of one name (a table that
  // scrolls sideways, named as the section around it).
  for (const [viewport, width] of [
    [DESKTOP, 1366],
    [PHONE, 390],
  ] as const) {
    test(`settings, construction sites, documents, system status and contracts at ${width} px`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await signInTo(page, '/en/master-data/risk-rating');
      const screens: [string, () => Promise<void>][] = [
        ['/en/master-data/risk-rating', () => page.getByRole('status').filter({ hasText: 'Score' }).locator('.MuiChip-root').waitFor()],
        ['/en/master-data/construction/site', () => page.getByRole('table', { name: 'Construction sites' }).getByText('Mined tunnel').first().waitFor()],
        ['/en/master-data/documentations', () => page.getByRole('button', { name: 'Upload document' }).waitFor()],
        ['/en/master-data/system-setting', () => page.getByRole('group', { name: 'Map bounds (SVY21 metres)' }).waitFor()],
        ['/en/admin/system/status', () => page.getByRole('table', { name: 'Job queues' }).getByRole('row').nth(1).waitFor()],
        ['/en/contracts/management', () => page.getByRole('table', { name: 'Contracts' }).getByRole('link', { name: 'C303' }).waitFor()],
      ];
      for (const [route, ready] of screens) {
        if (route !== '/en/master-data/risk-rating') await page.goto(route);
        await ready();
        await shots(page, `a11y-${width}-${route.split('/').slice(2).join('-')}`);
        await expectAccessible(page, `${route} at ${width} px`);
      }
      await finishOnProfile(page);
      await context.close();
    });
  }

  test('the account profile at 1366 px', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInTo(page, '/en/account/profile/info');
    await page.getByRole('heading', { level: 1, name: 'Profile Information' }).waitFor();
    await page.getByText(DEMO.admin.fullname, { exact: true }).first().waitFor();
    await shots(page, 'a11y-1366-profile');
    await expectAccessible(page, 'the account profile');
    await context.close();
  });
});
