import { expect, test, type Browser } from '@playwright/test';
import { apiCall, apiSignIn, type ApiSession } from '../support/api.js';
import { chartData, DEMO, DESKTOP, expectChartFitted, expectNoSideScroll, newPage, PHONE, RUN, settled, shots, signInAndOpen } from '../support/browser.js';
import { reportOnFailure } from '../support/diagnostics.js';

interface Instrument {
  instrument_id: number;
  name: string;
  type_code: string;
  status: string;
}

interface Target {
  id: number;
  name: string;
  code: string;
  value: number;
  shown: string;
  /** The reading code's decimals (the chart's tooltip rounds to them). */
  precision: number;
}

/**
 * Two active, non-inclinometer demo instruments of the admin's first contract that no earlier spec touched (those leave
 * open alerts) and whose latest reading is older than an hour (the demo's loggers read up to the server's start, every
 * 15 minutes for some), each with its first reading code and a value near its latest one (so it is within the code's
 * physical range) that the demo data does not have.
 */
async function pickTargets(session: ApiSession): Promise<Target[]> {
  const contracts = await apiCall<{ records: { contract_id: number }[]; last_filtered: number[] }>(session, 'GET', '/contracts?limit=100');
  const contractId = (contracts.records.find((c) => contracts.last_filtered.includes(c.contract_id)) ?? contracts.records[0])!.contract_id;
  const list = await apiCall<{ records: Instrument[] }>(session, 'GET', `/instruments?contracts=[${contractId}]&limit=1000`);
  const open = await apiCall<{ records: { instrument_id: number | null }[] }>(session, 'GET', `/alerts?status=open&contracts=[${contractId}]&limit=1000`);
  const alerted = new Set(open.records.map((a) => a.instrument_id));
  const candidates = list.records.filter((i) => i.status === 'active' && i.type_code !== 'INC' && !alerted.has(i.instrument_id));
  const targets: Target[] = [];
  for (const instrument of candidates) {
    if (targets.length === 2) break;
    if (targets.some((t) => t.name === instrument.name)) continue;
    const readings = await apiCall<{ series: { code: string; precision: number; depth: number | null; points: [number, number][] }[] }>(
      session,
      'GET',
      `/instruments/${instrument.instrument_id}/readings?max_points=50`,
    );
    const series = readings.series[0];
    const last = series?.points.at(-1);
    if (!series || !last || series.depth !== null || last[0] > Date.now() - 60 * 60_000) continue;
    const precision = Math.max(series.precision, 2);
    const step = 10 ** -precision;
    const value = Number((last[1] + 7 * step).toFixed(precision));
    targets.push({
      id: instrument.instrument_id,
      name: instrument.name,
      code: series.code,
      value,
      shown: value.toFixed(series.precision),
      precision: series.precision,
    });
  }
  expect(targets).toHaveLength(2);
  return targets;
}

/** A reading time as the CSV holds it: whole seconds, UTC. */
const csvTime = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * A long-layout CSV: one reading per target at `at`, and a bad row. The specs before this one load readings up to an
 * hour before their own run (alerts, action-log): ten minutes ago is later than any of them, so the new reading is
 * its instrument's latest.
 */
function readingsCsv(targets: Target[], at: Date): string {
  const when = csvTime(at);
  const rows = targets.map((t) => `${t.name},${when},${t.code},${t.value}`);
  return ['instrument,date_time,reading_code,value', ...rows, `NO-SUCH-INSTRUMENT-${RUN},${when},${targets[0]!.code},1.5`, ''].join('\n');
}

reportOnFailure();

test.describe('readings upload, as a person', () => {
  // In order, and retried together: the phone test opens the upload the first test makes.
  test.describe.configure({ mode: 'serial' });
  let browser: Browser;
  let admin: ApiSession;
  let targets: Target[];
  let uploadPath = '';

  test.beforeAll(async ({ browser: shared }) => {
    browser = shared;
    test.setTimeout(120_000); // hooks get more time than a test (sign-ins and demo data look-ups through the API)
    admin = await apiSignIn(DEMO.admin.login, DEMO.admin.password);
    targets = await pickTargets(admin);
  });

  test('uploads a readings CSV, sees the report with the bad row, approves it, and sees the new reading on the instrument', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAndOpen(page, '/en/upload');

    // The landing: a tile per served upload type, in the Data Upload menu.
    const tiles = page.getByRole('list', { name: 'Upload types' });
    await tiles.getByRole('heading', { name: 'Instrumentation' }).waitFor();
    expect(await tiles.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      'Instrumentation',
      'SI Borehole',
      'MC Excavation Activity',
      'Mined Tunnel',
      'Design Values (QP(D))',
      'Drawings to Base Map',
      'Other Files',
      'User Import',
      'Instrument Plan',
    ]);
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Upload' })).toHaveCount(1);
    await shots(page, 'uploads-landing-1366');
    await tiles.getByRole('link', { name: /Instrumentation/ }).click();
    await page.waitForURL((url) => url.pathname === '/en/upload/instrument');
    await page.getByRole('table', { name: 'Instrumentation upload history' }).waitFor();

    // Upload: the dialog, the file, then the upload's page.
    await page.getByRole('main').getByRole('button', { name: 'Upload', exact: true }).first().click(); // the header's (an empty history has one too)
    const dialog = page.getByRole('dialog', { name: 'Upload Instrumentation' });
    await dialog.getByRole('button', { name: 'CSV · one reading per row' }).waitFor();
    const readAt = new Date(Date.now() - 10 * 60_000);
    const csv = readingsCsv(targets, readAt);
    await page.getByTestId('readings-file-input').setInputFiles({ name: `readings-${RUN}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByText(`readings-${RUN}.csv`).waitFor();
    await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeEnabled();
    await shots(page, 'uploads-dialog-1366');
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.waitForURL((url) => /^\/en\/upload\/instrument\/\d+$/.test(url.pathname));
    uploadPath = new URL(page.url()).pathname;

    // Validated: the counts and the report with the bad row (row 4: the header is row 1).
    const approve = page.getByRole('button', { name: 'Approve', exact: true });
    await approve.waitFor({ timeout: 30_000 });
    const counts = page.getByRole('group', { name: 'Reading counts' });
    await expect.poll(() => counts.textContent()).toContain('Valid2');
    await expect(counts).toContainText('Invalid1');
    const report = page.getByRole('table', { name: 'Validation report' });
    const bad = report.getByRole('row').filter({ hasText: `NO-SUCH-INSTRUMENT-${RUN}` });
    await bad.waitFor();
    await expect(bad.getByRole('cell').first()).toHaveText('4');
    await shots(page, 'uploads-validated-1366');

    await approve.click();
    const confirm = page.getByRole('dialog', { name: 'Approve Upload' });
    await confirm.getByText(`Load 2 valid readings of readings-${RUN}.csv?`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('2 readings loaded.').waitFor({ timeout: 30_000 });
    await expect(page.locator('dd').getByText('Done', { exact: true })).toHaveCount(1);
    await shots(page, 'uploads-done-1366');

    // The history lists it as done.
    await page.goto('/en/upload/instrument');
    const history = page.getByRole('table', { name: 'Instrumentation upload history' });
    const listed = history.getByRole('row').filter({ hasText: `readings-${RUN}.csv` });
    await listed.getByText('Done').waitFor();
    await shots(page, 'uploads-history-1366');

    // The instrument on the work space, over the last week (every reading drawn, none merged by downsampling): the new
    // reading is the last point on the chart of its code, and the tooltip there shows its value; it is in the table too.
    const target = targets[0]!;
    await page.goto(`/en/dashboard/search/instrument/${target.id}?date-range=${encodeURIComponent('{"option":"week"}')}`);
    const detail = page.getByTestId('instrument-detail');
    await detail.getByRole('heading', { name: target.name }).waitFor();
    const chart = detail.getByTestId(`chart-${target.code}`);
    await chart.locator('canvas').waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await chartData(chart)).lastX, { timeout: 20_000 }).toBe(new Date(csvTime(readAt)).toISOString());
    expect((await chartData(chart)).points).toBeGreaterThan(1);
    await expectChartFitted(chart);
    const plot = chart.locator('[role="img"][data-points]');
    await plot.scrollIntoViewIfNeeded();
    const box = (await plot.boundingBox())!;
    // From the right edge leftwards until a tooltip shows: the first place inside the plot (right of it are the labels
    // of the levels and latest values, of varying width) is nearest the last point, which the axis tooltip snaps to.
    const f = 10 ** target.precision;
    const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
    const tooltip = new RegExp(`${literal(target.code)}${literal(String(Math.round(target.value * f) / f))}$`);
    let x = box.width - 10;
    await expect
      .poll(
        async () => {
          const shown = (await plot.textContent())?.trim() ?? '';
          if (!tooltip.test(shown) && x > box.width / 2) await page.mouse.move(box.x + (x -= 10), box.y + box.height / 2);
          return shown;
        },
        { timeout: 15_000, intervals: [100] },
      )
      .toMatch(tooltip);
    await shots(page, 'uploads-instrument-chart-1366');
    await page.mouse.move(0, 0);
    const readings = detail.getByRole('table', { name: 'Readings', exact: true });
    // Among the newest rows (other specs on the same server may have loaded later readings of this instrument since).
    await expect
      .poll(async () => (await readings.getByRole('row').allTextContents()).slice(1).some((row) => row.includes(`${target.code}${target.shown}`)), {
        timeout: 20_000,
      })
      .toBe(true);
    await readings.scrollIntoViewIfNeeded();
    await shots(page, 'uploads-instrument-1366');
    await context.close();
  });

  test('shows the history and the upload at phone width', async () => {
    expect(uploadPath).not.toBe('');
    const { context, page } = await newPage(browser, PHONE);
    await signInAndOpen(page, '/en/upload/instrument');
    const history = page.getByRole('table', { name: 'Instrumentation upload history' });
    await history
      .getByRole('row')
      .filter({ hasText: `readings-${RUN}.csv` })
      .waitFor();
    // The Filter action shows the filters (a phone keeps every action in the speed dial).
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Filter' }).click();
    await page.getByRole('search', { name: 'Upload filters' }).waitFor();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Done', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'done');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await settled(page); // the menu's closing transition, for the screenshot
    await history
      .getByRole('row')
      .filter({ hasText: `readings-${RUN}.csv` })
      .waitFor();
    await shots(page, 'uploads-history-390');
    // Nothing wider than the screen.
    await expectNoSideScroll(page);

    await page.goto(uploadPath);
    await page.getByText('2 readings loaded.').waitFor();
    await page.getByRole('table', { name: 'Validation report' }).getByText(`NO-SUCH-INSTRUMENT-${RUN}`, { exact: false }).waitFor();
    await expectNoSideScroll(page);
    await shots(page, 'uploads-done-390');

    await page.goto('/en/upload');
    await page.getByRole('list', { name: 'Upload types' }).waitFor();
    await shots(page, 'uploads-landing-390');
    await context.close();
  });
});
