import { expect, test, type Browser, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chartData,
  choose,
  DESKTOP,
  expectNoSideScroll,
  finishOnProfile,
  newPage,
  opaquePixels,
  PHONE,
  RUN,
  shots,
  signInAndOpen,
} from '../support/browser.js';
import { reportOnFailure } from '../support/diagnostics.js';

/**
 * Site-investigation boreholes as a person uses them (issue 18): a public AGS4 file (British National Grid) uploaded
 * into contract C303, its checker report, approval; the borehole found in the SI Borehole List and on the map; its
 * groups paged, the group and page kept over a reload; its log; the PDF and AGS4 downloads read back.
 */

const SOURCE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server/test-data/ags/ags4/dlr-woolwich-extension.ags');
const FILES = mkdtempSync(path.join(tmpdir(), 'strata-e2e-boreholes-'));

/**
 * The file with this run's project name, so that a second attempt of the spec on the same server is a new file (the
 * same bytes twice are refused as a duplicate); its boreholes then get a new version, which the spec allows.
 */
function agsFile(): { name: string; mimeType: string; buffer: Buffer } {
  const text = readFileSync(SOURCE, 'latin1').replace('"DLR Woolwich Extension"', `"DLR Woolwich Extension ${RUN}"`);
  return { name: `dlr-woolwich-${RUN}.ags`, mimeType: 'application/octet-stream', buffer: Buffer.from(text, 'latin1') };
}

/** Saves the next download started by `start` and answers its name and bytes. */
async function download(page: Page, start: () => Promise<void>): Promise<{ name: string; bytes: Buffer; file: string }> {
  const waiting = page.waitForEvent('download');
  await start();
  const file = await waiting;
  const saved = path.join(FILES, file.suggestedFilename());
  await file.saveAs(saved);
  return { name: file.suggestedFilename(), bytes: readFileSync(saved), file: saved };
}

/** Opaque pixels on the borehole layers' canvases (the boreholes, and the ring of the open one). */
async function boreholePixels(page: Page): Promise<number> {
  return page.evaluate(() => {
    let n = 0;
    for (const canvas of document.querySelectorAll<HTMLCanvasElement>('.ws-boreholes canvas')) {
      const ctx = canvas.getContext('2d');
      if (!ctx || canvas.width === 0 || canvas.height === 0) continue;
      const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 200) n += 1;
    }
    return n;
  });
}

reportOnFailure();

test.describe('SI boreholes, as a person', () => {
  let browser: Browser;
  test.beforeAll(async ({ browser: shared }) => {
    browser = shared;
  });

  test('uploads an AGS file in the British grid, reads the checker report, approves it, and works with a borehole', async () => {
    test.setTimeout(180_000);
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAndOpen(page, '/en/upload/borehole');

    // Upload: contract C303, British National Grid, the file.
    await page.getByRole('table', { name: 'SI borehole uploads' }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Upload', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload SI Borehole (AGS)' });
    await choose(page, 'Contract', 'C303', dialog);
    await choose(page, 'Coordinate system', 'British National Grid (EPSG:27700)', dialog);
    const file = agsFile();
    await page.getByTestId('ags-file-input').setInputFiles(file);
    await dialog.getByText(file.name).waitFor();
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.has('upload'));

    // The checker's report: 25 boreholes found, findings grouped by rule with their lines.
    const report = page.getByRole('region', { name: 'AGS check report' });
    await report.waitFor({ timeout: 60_000 });
    await expect(report).toContainText('25 boreholes found');
    await expect(report.getByText(/^Rule /).first()).toBeVisible();
    await shots(page, 'boreholes-report');

    // The report downloads as text.
    const text = await download(page, () => report.getByRole('button', { name: 'Text' }).click());
    expect(text.bytes.toString('utf8')).toContain('AGS');

    // Approve: the boreholes are loaded.
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByRole('dialog', { name: 'Approve upload' }).getByRole('button', { name: 'Approve' }).click();
    await page.getByText(/25 boreholes loaded\./).waitFor({ timeout: 60_000 });

    // The SI Borehole List finds BH101 of C303.
    await page.goto('/en/dashboard/search/borehole/list');
    await page.getByRole('combobox', { name: 'Contract' }).click();
    await page.getByRole('option', { name: /^C303 — / }).click();
    const keyword = page.getByRole('searchbox', { name: 'Borehole number, type or contract' });
    await keyword.fill('BH101');
    await keyword.press('Enter');
    const row = page.getByRole('main').getByText('BH101', { exact: true });
    await row.waitFor();

    // Its detail: the title, its easting and northing in the file's grid; the map goes to it (in London) and draws it.
    await row.click();
    await page.waitForURL((url) => /\/en\/dashboard\/search\/borehole\/\d+$/.test(url.pathname));
    await page.getByRole('heading', { name: 'C303 / BH101' }).waitFor();
    await expect.poll(() => JSON.parse(new URL(page.url()).searchParams.get('pos') ?? '{}').zoom as number | undefined).toBe(19);
    await expect.poll(() => boreholePixels(page), { timeout: 20_000 }).toBeGreaterThan(50);

    // GEOL paged to its third page, then ISPT to its second.
    await expect(page.getByText('Easting (British National Grid (EPSG:27700))')).toBeVisible();
    const geol = page.getByRole('table', { name: 'GEOL records' });
    await expect(geol.locator('tbody tr')).toHaveCount(5);
    // Each page turn is seen before the next one (a person turns a page when the last one has shown).
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect(page.getByText('6–10 of 12')).toBeVisible();
    await expect(geol.locator('tbody tr')).toHaveCount(5);
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect(page.getByText('11–12 of 12')).toBeVisible();
    await page.getByRole('group', { name: 'Borehole groups' }).getByRole('button', { name: 'ISPT' }).click();
    const ispt = page.getByRole('table', { name: 'ISPT records' });
    await expect(ispt.locator('tbody tr')).toHaveCount(5);
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect(page.getByText('6–10 of 11')).toBeVisible();
    // Top first: the sixth test of BH101 is at 10.20 m.
    const firstDepth = (table: typeof ispt) => table.locator('tbody tr').first().locator('td').first();
    await expect(firstDepth(ispt)).toHaveText('10.20');

    // A reload keeps the group and the page.
    await page.reload();
    await expect(firstDepth(page.getByRole('table', { name: 'ISPT records' }))).toHaveText('10.20');
    await expect(page.getByText('6–10 of 11')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Borehole groups' }).getByRole('button', { name: 'ISPT' })).toHaveAttribute('aria-pressed', 'true');
    await shots(page, 'boreholes-detail');

    // Downloads: the PDF is a real PDF of pages; the AGS4 reads back with the borehole's groups.
    const pdf = await download(page, async () => {
      await page.getByRole('button', { name: 'Download' }).click();
      await page.getByRole('menuitem', { name: 'PDF' }).click();
    });
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const info = execFileSync('pdfinfo', [pdf.file], { encoding: 'utf8' });
    expect(Number(/Pages:\s+(\d+)/.exec(info)?.[1])).toBeGreaterThanOrEqual(2);
    expect(execFileSync('pdftotext', [pdf.file, '-'], { encoding: 'utf8' })).toContain('BH101');
    const ags = await download(page, async () => {
      await page.getByRole('button', { name: 'Download' }).click();
      await page.getByRole('menuitem', { name: 'AGS4' }).click();
    });
    const agsText = ags.bytes.toString('utf8');
    expect(agsText.startsWith('"GROUP","PROJ"')).toBe(true);
    for (const group of ['LOCA', 'GEOL', 'ISPT']) expect(agsText).toContain(`"GROUP","${group}"`);
    expect(agsText.match(/^"DATA","BH101",/gm)?.length).toBeGreaterThanOrEqual(1 + 12 + 11);
    expect(agsText).not.toMatch(/^"DATA","BH102",/m);

    // The log: the strata and the SPT N values drawn.
    await page.getByRole('button', { name: 'Logs' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/log'));
    await page.getByRole('img', { name: 'Borehole log' }).waitFor();
    // Its series hold the 12 strata and 11 SPT tests (and the core and cone points, none here)…
    await expect.poll(async () => (await chartData(page.locator('main'))).points, { timeout: 20_000 }).toBeGreaterThanOrEqual(12 + 11);
    // …and the canvas shows them: a blank chart has only its axes.
    await expect.poll(() => opaquePixels(page, '[role="img"][aria-label="Borehole log"]'), { timeout: 20_000 }).toBeGreaterThan(5_000);
    await shots(page, 'boreholes-log');

    // On the map: a demo borehole of C303 (SVY21) found in the list, opened, drawn where the map centres on it.
    await page.goto('/en/dashboard/search/borehole/list');
    const search = page.getByRole('searchbox', { name: 'Borehole number, type or contract' });
    await search.fill('C303-BH01');
    await search.press('Enter');
    await page.getByRole('main').getByText('C303-BH01', { exact: true }).click();
    await page.getByRole('heading', { name: 'C303 / C303-BH01' }).waitFor();
    await expect(page.getByText('Easting (SVY21)')).toBeVisible();
    await expect.poll(() => boreholePixels(page), { timeout: 20_000 }).toBeGreaterThan(50);
    await shots(page, 'boreholes-map');

    // At a phone's width the page does not scroll sideways.
    await page.setViewportSize(PHONE);
    await expectNoSideScroll(page);
    await finishOnProfile(page);
    await context.close();
  });
});
