import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { apiCall, apiSignIn } from '../support/api.js';
import { DEMO, DESKTOP, signInAndOpen } from '../support/browser.js';
import { reportOnFailure, watchContext } from '../support/diagnostics.js';

reportOnFailure();

/** A browser far from the configured zone: New York is 13 hours behind Singapore in November. */
test.use({ timezoneId: 'America/New_York', viewport: DESKTOP, baseURL: process.env.E2E_BASE_URL });

/** DD/MM/YYYY HH:mm:ss of an instant in a zone (the spec's display format). */
function inZone(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

interface Instrument {
  instrument_id: number;
  name: string;
  type_code: string;
  status: string;
}

test('every time of a reading — chart tooltip, time axis, readings table, CSV download — is in the configured zone, not the browser’s', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  watchContext(context);
  const admin = await apiSignIn(DEMO.admin.login, DEMO.admin.password);
  const config = await apiCall<{ timezone: string }>(admin, 'GET', '/config');
  const contracts = await apiCall<{ records: { contract_id: number }[] }>(admin, 'GET', '/contracts?limit=100');
  // The last instrument of the last contract: the specs that upload readings take the first ones that suit them, and a
  // reading of theirs would make the latest reading one that is not at an end of the time axis.
  const list = await apiCall<{ records: Instrument[] }>(admin, 'GET', `/instruments?contracts=[${contracts.records.at(-1)!.contract_id}]&limit=1000`);
  const target = list.records.filter((i) => i.status === 'active' && i.type_code !== 'INC').at(-1)!;
  const rows = await apiCall<{ records: { taken_at: string; code: string; value: number }[] }>(
    admin,
    'GET',
    `/instruments/${target.instrument_id}/reading-rows?limit=1`,
  );
  const latest = rows.records[0]!;
  const shown = inZone(latest.taken_at, config.timezone);
  const browserShown = inZone(latest.taken_at, 'America/New_York');
  expect(shown).not.toBe(browserShown);
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York');

  await signInAndOpen(page, `/en/dashboard/search/instrument/${target.instrument_id}`);
  const detail = page.getByTestId('instrument-detail');
  const chart = detail.getByTestId(`chart-${latest.code}`);
  await chart.locator('canvas').waitFor({ timeout: 30_000 });

  // The readings table: the newest reading first, at its configured-zone time.
  const table = detail.getByRole('table', { name: 'Readings', exact: true });
  await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(shown, { timeout: 20_000 });

  // Xmin/Xmax: the app's DD/MM/YYYY HH:mm:ss field, typed in the configured zone: two hours either side of the reading.
  const HOUR = 3_600_000;
  const at = Date.parse(latest.taken_at);
  for (const [name, ms] of [
    ['Xmin', at - 2 * HOUR],
    ['Xmax', at + 2 * HOUR],
  ] as const) {
    const field = chart.getByRole('group', { name });
    await field.getByRole('spinbutton', { name: 'Day' }).click();
    await page.keyboard.type(inZone(new Date(ms).toISOString(), config.timezone).replace(/\D/g, ''));
    await expect(field.locator('input')).toHaveValue(inZone(new Date(ms).toISOString(), config.timezone));
  }
  // The tooltip: the reading in the middle of the window (pointed at until the chart shows it), at the table's time.
  const box = (await chart.locator('[role="img"][data-points]').boundingBox())!;
  let nudge = 0;
  await expect
    .poll(async () => {
      nudge = 1 - nudge;
      await page.mouse.move(box.x + box.width / 2 + nudge, box.y + box.height / 2);
      return page
        .locator('[data-tooltip-time]')
        .textContent({ timeout: 1_000 })
        .catch(() => null);
    })
    .toBe(shown);

  // The time axis: the chart's SVG export (the same option, drawn by ECharts' SVG renderer at the chart's size) labels
  // the reading's hour in the configured zone, never the browser's.
  await chart.getByRole('button', { name: 'Chart options' }).click();
  const svgDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export SVG' }).click();
  const svg = readFileSync((await (await svgDownload).path())!, 'utf8');
  const labels = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
  expect(labels).toContain(shown.slice(11));
  expect(labels).not.toContain(browserShown.slice(11));

  // The readings download (CSV): the same wall-clock time, with the configured zone's offset.
  const csvDownload = page.waitForEvent('download');
  await detail.getByRole('button', { name: 'Download the readings as CSV' }).click();
  const csv = readFileSync((await (await csvDownload).path())!, 'utf8');
  // The download writes the time as the table shows it (DD/MM/YYYY HH:mm:ss in the configured zone).
  const line = csv.split('\r\n').find((l) => l.split(',')[1]?.startsWith(shown) && l.split(',')[2] === latest.code);
  expect(line, `a CSV row at ${shown}`).toBeTruthy();
  expect(Number(line!.split(',')[4])).toBe(latest.value);
});
