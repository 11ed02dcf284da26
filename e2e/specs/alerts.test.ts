import { expect, test, type Browser } from '@playwright/test';
import { apiCall, apiSignIn, type ApiSession } from '../support/api.js';
import { canvasPixels, DEMO, DESKTOP, expectNoSideScroll, newPage, PHONE, RUN, shots, signInTo } from '../support/browser.js';
import { readingsCsv, uploadReadingsThroughUi } from '../support/readings-upload.js';
import { reportOnFailure } from '../support/diagnostics.js';

const LIST = '/en/dashboard/search/instrument/list';
const DAY = 86_400_000;

interface Threshold {
  reading_code: string;
  level_code: string;
  upper: number | null;
  lower: number | null;
}

interface Target {
  id: number;
  name: string;
  code: string;
  contractId: number;
  /** Past AL (below PDL), then past WSL, on the side the instrument's readings lie. */
  alValue: number;
  wslValue: number;
}

function unreadOf(label: string | null): number {
  const n = /^(\d+) unread/.exec(label ?? '');
  return n ? Number(n[1]) : 0;
}

const round = (v: number) => Math.round(v * 100) / 100;

/** The spike rule (DOMAIN.md): a reading more than twice the average of the 20 readings before it. */
function isSpike(value: number, history: number[]): boolean {
  const last = history.slice(-20);
  const average = last.reduce((a, b) => a + b, 0) / last.length;
  return Math.abs(value) > 1.8 * Math.abs(average); // 2× with a margin
}

/**
 * A demo instrument of the admin's active contract with AL, PDL and WSL thresholds on a reading code, no open alert,
 * and a latest reading below AL; and readings just past AL then just past WSL for it that are not also a spike (so
 * the toasts of this test are the breach's: a later toast replaces one still waiting).
 */
async function pickTarget(admin: ApiSession): Promise<Target> {
  const contracts = await apiCall<{ records: { contract_id: number }[]; last_filtered: number[] }>(admin, 'GET', '/contracts?limit=100');
  const contractId = (contracts.records.find((c) => contracts.last_filtered.includes(c.contract_id)) ?? contracts.records[0])!.contract_id;
  const list = await apiCall<{ records: { instrument_id: number; name: string; type_code: string; status: string }[] }>(
    admin,
    'GET',
    `/instruments?contracts=[${contractId}]&limit=1000`,
  );
  const open = await apiCall<{ records: { instrument_id: number | null }[] }>(admin, 'GET', `/alerts?status=open&contracts=[${contractId}]&limit=1000`);
  const alerted = new Set(open.records.map((a) => a.instrument_id));
  const candidates = list.records.filter((i) => i.status === 'active' && i.type_code !== 'INC' && !alerted.has(i.instrument_id));
  for (const instrument of candidates) {
    const { thresholds } = await apiCall<{ thresholds: Threshold[] }>(admin, 'GET', `/instruments/${instrument.instrument_id}/thresholds`);
    const code = thresholds.find((t) => t.level_code === 'WSL')?.reading_code;
    const at = (level: string) => thresholds.find((t) => t.reading_code === code && t.level_code === level);
    const [al, pdl, wsl] = [at('AL'), at('PDL'), at('WSL')];
    if (!code || !al || !pdl || !wsl) continue;
    // Long enough for 20 readings of a twice-weekly standpipe (levels in mRL: a breach of them is never also a spike).
    const from = new Date(Date.now() - 180 * DAY).toISOString();
    const readings = await apiCall<{ series: { depth: number | null; points: [number, number][] }[] }>(
      admin,
      'GET',
      `/instruments/${instrument.instrument_id}/readings?codes=${code}&from=${from}&max_points=1000`,
    );
    const history = (readings.series.find((s) => s.depth === null)?.points ?? []).map((p) => p[1]);
    if (history.length < 20) continue;
    const latest = history.at(-1)!;
    const average = history.slice(-20).reduce((a, b) => a + b, 0) / 20;
    const upper = wsl.upper !== null && al.upper !== null && pdl.upper !== null && (wsl.lower === null || average >= 0);
    const side = upper ? { al: al.upper, pdl: pdl.upper, wsl: wsl.upper } : { al: al.lower, pdl: pdl.lower, wsl: wsl.lower };
    if (side.al === null || side.pdl === null || side.wsl === null) continue;
    if (upper ? latest > side.al : latest < side.al) continue;
    const alValue = round(side.al + 0.3 * (side.pdl - side.al));
    const beyond = Math.max(0.03 * Math.abs(side.wsl), 0.05);
    const wslValue = round(upper ? side.wsl + beyond : side.wsl - beyond);
    if (isSpike(alValue, history) || isSpike(wslValue, [...history, alValue])) continue;
    return { id: instrument.instrument_id, name: instrument.name, code, contractId, alValue, wslValue };
  }
  throw new Error('no demo instrument fits: every candidate would also spike');
}

/**
 * The demo's missing-reading alerts (its two offline loggers, opened by the seed or at the latest by the first
 * scheduled check, which tells each person in one summary notification): waits for them, so that toast does not
 * replace this test's.
 */
async function firstChecksDone(admin: ApiSession): Promise<void> {
  await expect
    .poll(
      async () => {
        const summary = await apiCall<{ tiles: { key: string; open_count: number | null }[] }>(admin, 'GET', '/alerts/summary');
        return summary.tiles.find((t) => t.key === 'missing')?.open_count ?? 0;
      },
      { timeout: 150_000, message: 'the first missing-readings check runs within 150 s' },
    )
    .toBeGreaterThan(0);
}

reportOnFailure();

test.describe('alerts, as a person', () => {
  // In order, and retried together: the later tests look at the alert the first one raises.
  test.describe.configure({ mode: 'serial' });
  let browser: Browser;
  let admin: ApiSession;
  let target: Target;
  let wslColor = '#8b0000';
  let alertPath = '';

  test.beforeAll(async ({ browser: shared }) => {
    browser = shared;
    test.setTimeout(240_000); // the first scheduled checks run up to 150 s after the server starts
    admin = await apiSignIn(DEMO.admin.login, DEMO.admin.password);
    target = await pickTarget(admin);
    await firstChecksDone(admin);
    const config = await apiCall<{ thresholds: { code: string; color: string }[] }>(admin, 'GET', '/config');
    wslColor = config.thresholds.find((l) => l.code === 'WSL')?.color ?? wslColor;
  });

  test('uploads readings past AL then WSL: a toast arrives without reload, the bell rises, the instrument shows WSL; the alert has its chart and takes a QPS comment', async () => {
    const { context, page: watch } = await newPage(browser, DESKTOP);
    const keywordList = `${LIST}?keyword=${encodeURIComponent(target.name)}`;
    await signInTo(watch, keywordList);
    const item = watch.getByRole('list', { name: 'Instruments' }).getByRole('button').filter({ hasText: target.name }).first();
    await item.waitFor({ timeout: 20_000 });
    // Below AL (at most CL) before the upload.
    const levelBefore = (await item.getByTestId('instrument-level').count()) > 0 ? await item.getByTestId('instrument-level').textContent() : null;
    expect([null, 'CL']).toContain(levelBefore);
    // The bell in the top bar (the menu has a Notifications entry too).
    const bell = watch.locator('a[href="/en/account/notification"][aria-label]').first();
    const before = unreadOf(await bell.getAttribute('aria-label'));

    // Another tab of the same person uploads the readings: past AL ten minutes ago, past WSL five minutes ago. Both are
    // newer than any demo reading (the demo's readings run up to its first start, often every 15 minutes), so the WSL
    // reading is the instrument's latest and its level shows WSL.
    const uploader = await context.newPage();
    const csv = readingsCsv([
      { instrument: target.name, at: new Date(Date.now() - 10 * 60_000), code: target.code, value: target.alValue },
      { instrument: target.name, at: new Date(Date.now() - 5 * 60_000), code: target.code, value: target.wslValue },
    ]);
    await uploadReadingsThroughUi(uploader, { name: `alert-${RUN}-readings.csv`, csv }, { valid: 2 });

    // The work space tab, never reloaded: the toast of the WSL alert, the bell, the instrument's level.
    const toast = watch.locator('.MuiSnackbar-root').filter({ hasText: new RegExp(`${target.name} ${target.code} .* passed WSL`) });
    await toast.waitFor({ timeout: 45_000 }).catch(async (error: unknown) => {
      // Diagnostics: what the server told the admin meanwhile.
      const told = await apiCall<{ records: { type: string; message: string; created: string }[] }>(admin, 'GET', '/notifications?limit=10');
      console.error('notifications of the admin:', told.records.map((n) => `${n.created} ${n.type}: ${n.message}`).join('\n'));
      throw error;
    });
    await expect.poll(async () => unreadOf(await bell.getAttribute('aria-label')), { timeout: 10_000 }).toBeGreaterThan(before);
    await expect.poll(() => item.getByTestId('instrument-level').textContent(), { timeout: 5_000 }).toBe('WSL');
    await shots(watch, 'alerts-toast-1366');

    await toast.getByRole('button', { name: 'Open' }).click();
    await watch.waitForURL((url) => /^\/en\/alert-detail\/\d+$/.test(url.pathname));
    alertPath = new URL(watch.url()).pathname;
    const summary = watch.getByRole('region', { name: new RegExp(`${target.name} ${target.code}`) });
    await summary.waitFor();
    await expect(summary.getByTestId('alert-level').first()).toHaveText('WSL');
    await summary
      .getByText(/passed WSL/)
      .first()
      .waitFor();

    // The chart: the readings around the alert with the threshold levels as lines in their colours.
    const chart = watch.getByTestId(`alert-chart-${target.code}`);
    await chart.locator('canvas').first().waitFor({ timeout: 20_000 });
    expect(await chart.getByTestId('threshold-legend').textContent()).toContain('WSL (');
    await expect.poll(() => canvasPixels(watch, `[data-testid="alert-chart-${target.code}"]`, wslColor), { timeout: 10_000 }).toBeGreaterThan(20);
    // The history: AL first, WSL after.
    const history = watch.getByRole('table', { name: 'History of the alert' });
    await history.getByText('WSL').first().waitFor();
    await shots(watch, 'alerts-detail-1366');

    // A QPS comment.
    const qp = watch.getByRole('region', { name: 'QP Comments' });
    await qp.getByRole('button', { name: 'QPS comment' }).click();
    const dialog = watch.getByRole('dialog', { name: 'QPS Comment' });
    await dialog.getByRole('textbox', { name: 'Comment' }).fill(`Checked on site ${RUN}: settlement confirmed by survey; works paused.`);
    await dialog.getByRole('button', { name: 'Post' }).click();
    await watch.getByText('QPS comment posted.').waitFor();
    const posted = qp.getByRole('listitem', { name: `QPS comment by ${DEMO.admin.fullname}` });
    await posted.getByText(`Checked on site ${RUN}`, { exact: false }).waitFor();
    // It is one of the alert's comments as well.
    await watch.getByRole('region', { name: 'Comments', exact: true }).getByText(`Checked on site ${RUN}`, { exact: false }).waitFor();
    await qp.scrollIntoViewIfNeeded();
    await shots(watch, 'alerts-qps-1366');
    await context.close();
  });

  test('shows the landing counts, the breached instruments on a list and a map, the instrument status and the risk rating at 1366', async () => {
    expect(alertPath).not.toBe('');
    const { context, page } = await newPage(browser, DESKTOP);
    await signInTo(page, '/en/alert');
    const tiles = page.getByRole('list', { name: 'Alert types' });
    await tiles.getByRole('heading', { name: 'Breached Instrument' }).waitFor();
    const breachedTile = tiles.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Breached Instrument' }) });
    await expect
      .poll(async () => Number((await breachedTile.getByTestId('tile-count').textContent())?.split(' ')[0] ?? 0), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'View Data Alerts' })).toHaveCount(1);
    await shots(page, 'alerts-landing-1366');

    await tiles.getByRole('link', { name: /Breached Instrument/ }).click();
    await page.waitForURL((url) => url.pathname === '/en/alert/breached');
    const table = page.getByRole('table', { name: 'Breached instruments at WSL' });
    await table.getByRole('link', { name: target.name }).waitFor({ timeout: 15_000 });
    await page.getByRole('region', { name: 'Map' }).locator('canvas').first().waitFor({ timeout: 20_000 });
    await shots(page, 'alerts-breached-1366');
    await table.getByRole('link', { name: target.name }).click();
    await page.waitForURL((url) => url.pathname === alertPath);

    await page.goto(`/en/alert/instrument-status?keyword=${encodeURIComponent(target.name)}`);
    const status = page.getByRole('table', { name: 'Instrument status' });
    const row = status.getByRole('row').filter({ hasText: target.name });
    await row.waitFor({ timeout: 15_000 });
    await expect(row.getByTestId('alert-level')).toHaveText('WSL');
    await page.goto('/en/alert/instrument-status');
    await status.getByRole('row').nth(1).waitFor({ timeout: 15_000 });
    await shots(page, 'alerts-status-1366');

    await page.goto('/en/alert/project-risks');
    await page.getByRole('table', { name: 'Project performance risk rating' }).getByTestId('risk-rating').first().waitFor({ timeout: 15_000 });
    await page.getByRole('region', { name: '30-day trend' }).locator('canvas').first().waitFor({ timeout: 15_000 });
    await shots(page, 'alerts-risks-1366');

    await page.goto('/en/alerts/instruments?tab=0');
    await page.getByRole('table', { name: 'Spike alerts' }).waitFor();
    await shots(page, 'alerts-instruments-1366');
    await context.close();
  });

  test('fits a phone (390 px): landing, breached, the alert, instrument status, risk rating', async () => {
    expect(alertPath).not.toBe('');
    const { context, page } = await newPage(browser, PHONE);
    await signInTo(page, '/en/alert');
    await page.getByRole('list', { name: 'Alert types' }).getByTestId('tile-count').first().waitFor({ timeout: 15_000 });
    await expectNoSideScroll(page);
    await shots(page, 'alerts-landing-390');

    await page.goto('/en/alert/breached');
    await page.getByRole('table', { name: 'Breached instruments at WSL' }).getByRole('link', { name: target.name }).waitFor({ timeout: 15_000 });
    await expectNoSideScroll(page);
    await shots(page, 'alerts-breached-390');

    await page.goto(alertPath);
    await page.getByTestId(`alert-chart-${target.code}`).locator('canvas').first().waitFor({ timeout: 20_000 });
    await page.getByRole('region', { name: 'QP Comments' }).getByText(`Checked on site ${RUN}`, { exact: false }).waitFor();
    await expectNoSideScroll(page);
    await shots(page, 'alerts-detail-390');

    await page.goto('/en/alert/instrument-status');
    await page.getByRole('table', { name: 'Instrument status' }).getByRole('row').nth(1).waitFor({ timeout: 15_000 });
    await expectNoSideScroll(page);
    await shots(page, 'alerts-status-390');

    await page.goto('/en/alert/project-risks');
    await page.getByRole('table', { name: 'Project performance risk rating' }).getByTestId('risk-rating').first().waitFor({ timeout: 15_000 });
    await expectNoSideScroll(page);
    await shots(page, 'alerts-risks-390');
    await context.close();
  });
});
