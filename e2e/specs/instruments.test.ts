import { expect, test, type Browser, type Page } from '@playwright/test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { choose, DESKTOP, expectNoSideScroll, newPage, PHONE, routeAction, shots, signInToProfile } from '../support/browser.js';
import { reportOnFailure } from '../support/diagnostics.js';

const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const TYPE_CODE = `E2E${RUN}`;
const TYPE_NAME = `Deck Monitor ${RUN}`;
const INSTRUMENT = `DM-${RUN}-01`;
const IMPORTED = `IMP-${RUN}`;

/** Files written for the uploads (CSV, as a person would export from a spreadsheet). */
const FILES = mkdtempSync(path.join(tmpdir(), 'strata-e2e-instruments-'));

/** The id of a contract by its number, as the Contract filter of the list offers it. */
async function contractIdOf(page: Page, no: string): Promise<string> {
  const res = await page.request.get('/api/v1/contracts?limit=1000', {
    headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('auth_token'))}` },
  });
  const body = (await res.json()) as { records: { contract_id: number; no: string }[] };
  const found = body.records.find((c) => c.no === no);
  if (!found) throw new Error(`no contract ${no}`);
  return String(found.contract_id);
}

/**
 * `count` instruments of type SM in contract T301, on a line inside the demo map bounds (SVY21, between the T301 and
 * T302 reference points of the demo data), with a header row; `bad` rows get an unknown type.
 */
function instrumentCsv(prefix: string, count: number, bad: number[] = []): string {
  const header = 'name,type,contract,zone,easting,northing,level,install_date,status,frequency,lta_code,remarks';
  const rows = Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const easting = (30350.5 + i * 12.5).toFixed(3);
    const northing = (28620.2 + i * 7.5).toFixed(3);
    const type = bad.includes(n) ? 'NOPE' : 'SM';
    return `${prefix}-${String(n).padStart(3, '0')},${type},T301,,${easting},${northing},15.2,2026-01-15,active,daily,,Imported by the e2e run`;
  });
  return `${header}\n${rows.join('\n')}\n`;
}

/** Runs an export from the page's actions as CSV; answers the downloaded file's name and text. */
async function exportCsv(page: Page, action: string): Promise<{ name: string; text: string }> {
  await routeAction(page, action);
  const dialog = page.getByRole('dialog', { name: action });
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'CSV' }).click();
  const file = await download;
  const saved = path.join(FILES, file.suggestedFilename());
  await file.saveAs(saved);
  await page.getByText(`Saved ${file.suggestedFilename()}`).waitFor();
  return { name: file.suggestedFilename(), text: readFileSync(saved, 'utf8') };
}

function writeCsv(name: string, text: string): string {
  const file = path.join(FILES, name);
  writeFileSync(file, text, 'utf8');
  return file;
}

reportOnFailure();

test.describe('instrument master data, as a person', () => {
  let browser: Browser;
  test.beforeAll(async ({ browser: shared }) => {
    browser = shared;
  });

  test('creates a type with two reading codes, then an instrument of it with thresholds at two levels that survive a reload', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInToProfile(page);

    // A new instrument type, from the Instrument Types tab.
    await page.goto('/en/master-data/instrument?tab=types');
    await page.getByRole('heading', { level: 1, name: 'Instrument Management' }).waitFor();
    await page.getByRole('table', { name: 'Instrument types' }).getByText('Settlement Marker').waitFor();
    await page.getByRole('button', { name: 'Add Instrument Type' }).click();
    await page.waitForURL(/\/en\/master-data\/instrument\/type\/new$/);
    await page.getByRole('textbox', { name: 'Type code' }).fill(TYPE_CODE);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(TYPE_NAME);
    await choose(page, 'Category', 'Structural');
    await choose(page, 'Icon', 'Star');
    const first = page.getByRole('group', { name: 'Reading code 1' });
    await first.getByRole('textbox', { name: 'Code', exact: true }).fill('DEF');
    await first.getByRole('textbox', { name: 'Description' }).fill('Deflection');
    await first.getByRole('textbox', { name: 'Unit' }).fill('mm');
    await page.getByRole('button', { name: 'Add reading code' }).click();
    const second = page.getByRole('group', { name: 'Reading code 2' });
    await second.getByRole('textbox', { name: 'Code', exact: true }).fill('ROT');
    await second.getByRole('textbox', { name: 'Description' }).fill('Rotation');
    await second.getByRole('textbox', { name: 'Unit' }).fill('deg');
    await second.getByRole('textbox', { name: 'Precision' }).fill('4');
    await shots(page, 'instruments-1366-type-editor');
    await page.getByRole('button', { name: 'Add Instrument Type' }).click();
    await page.waitForURL(/\/en\/master-data\/instrument\?tab=types$/);
    const typeRow = page.getByRole('table', { name: 'Instrument types' }).getByRole('row').filter({ hasText: TYPE_CODE });
    await typeRow.getByText(TYPE_NAME).waitFor();
    expect(await typeRow.getByRole('cell').nth(4).innerText()).toBe('2');
    await shots(page, 'instruments-1366-types');

    // An instrument of that type.
    await page.getByRole('tab', { name: 'Instruments' }).click();
    await page.getByRole('table', { name: 'Instruments' }).getByRole('link').first().waitFor();
    await shots(page, 'instruments-1366-list');
    await page.getByRole('main').getByRole('button', { name: 'Add Instrument' }).click();
    await page.waitForURL(/\/en\/master-data\/instrument\/new$/);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(INSTRUMENT);
    await choose(page, 'Type', `${TYPE_NAME} (${TYPE_CODE})`);
    await choose(page, 'Contract', 'T301');
    await choose(page, 'Zone', 'Marina South Station');
    await page.getByRole('textbox', { name: 'Easting (SVY21, m)' }).fill('30350.5');
    await page.getByRole('textbox', { name: 'Northing (SVY21, m)' }).fill('28620.2');
    // WGS84 follows as the position is typed (about 1.27 N, 103.85 E).
    const latitude = await page.getByRole('textbox', { name: 'Latitude (WGS84)' }).inputValue();
    const longitude = await page.getByRole('textbox', { name: 'Longitude (WGS84)' }).inputValue();
    expect(Number(latitude)).toBeGreaterThan(1.2);
    expect(Number(latitude)).toBeLessThan(1.35);
    expect(Number(longitude)).toBeGreaterThan(103.8);
    expect(Number(longitude)).toBeLessThan(103.9);
    await page.getByRole('textbox', { name: 'Level (mRL)' }).fill('102.35');
    await choose(page, 'Frequency', 'Daily');
    await page.getByRole('button', { name: 'Add Instrument' }).click();
    await page.waitForURL(/\/en\/master-data\/instrument\/\d+$/);
    await page.getByText(`Instrument ${INSTRUMENT} created. You can now set its thresholds.`).waitFor();
    const instrumentUrl = page.url();

    // Thresholds at two levels (AL and WSL) for the first reading code, one at AL for the second.
    await page.getByRole('table', { name: 'Thresholds of DEF' }).waitFor();
    await page.getByLabel('DEF AL lower').fill('-14');
    await page.getByLabel('DEF AL upper').fill('14');
    await page.getByLabel('DEF WSL lower').fill('-20');
    await page.getByLabel('DEF WSL upper').fill('20');
    await page.getByLabel('ROT AL upper').fill('0.5');
    await page.getByRole('button', { name: 'Save thresholds' }).click();
    // Saving asks first, listing every value that changes.
    const confirmSave = page.getByRole('dialog', { name: 'Save thresholds' });
    await expect(confirmSave.getByRole('listitem')).toHaveText([
      'DEF AL Lower: none → -14',
      'DEF AL Upper: none → 14',
      'DEF WSL Lower: none → -20',
      'DEF WSL Upper: none → 20',
      'ROT AL Upper: none → 0.5',
    ]);
    await confirmSave.getByRole('button', { name: 'Save thresholds' }).click();
    await page.getByText(`Thresholds of ${INSTRUMENT} saved`).waitFor();
    await shots(page, 'instruments-1366-instrument');

    await page.reload();
    await page.getByRole('table', { name: 'Thresholds of DEF' }).waitFor();
    // The grid is filled once the instrument's thresholds have loaded.
    await expect.poll(() => page.getByLabel('DEF AL lower').inputValue(), { timeout: 15_000 }).toBe('-14');
    await expect(page.getByLabel('DEF AL upper')).toHaveValue('14');
    await expect(page.getByLabel('DEF WSL lower')).toHaveValue('-20');
    await expect(page.getByLabel('DEF WSL upper')).toHaveValue('20');
    await expect(page.getByLabel('ROT AL upper')).toHaveValue('0.5');
    await expect(page.getByLabel('DEF PDL upper')).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(INSTRUMENT);

    // Export Thresholds of contract T301: the file holds them in the import format.
    await page.goto('/en/master-data/instrument?contract=' + (await contractIdOf(page, 'T301')));
    await page.getByRole('table', { name: 'Instruments' }).getByRole('link').first().waitFor();
    const thresholds = await exportCsv(page, 'Export Thresholds');
    expect(thresholds.name).toMatch(/^thresholds-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = thresholds.text.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(lines[0]).toBe('contract,instrument,reading_code,level,upper,lower');
    expect(lines).toEqual(expect.arrayContaining([`T301,${INSTRUMENT},DEF,AL,14,-14`, `T301,${INSTRUMENT},DEF,WSL,20,-20`, `T301,${INSTRUMENT},ROT,AL,0.5,`]));
    expect(lines.filter((line) => line !== '' && !line.startsWith('T301,') && !line.startsWith('contract,'))).toEqual([]);
    await context.close();

    // The same page on a phone.
    const phone = await newPage(browser, PHONE);
    await signInToProfile(phone.page);
    await phone.page.goto(instrumentUrl);
    await phone.page.getByRole('table', { name: 'Thresholds of ROT' }).waitFor();
    await expect(phone.page.getByLabel('DEF WSL upper')).toHaveValue('20');
    await expectNoSideScroll(phone.page);
    await shots(phone.page, 'instruments-390-instrument');
    await phone.page.goto('/en/master-data/icon');
    await phone.page.getByRole('region', { name: TYPE_NAME }).waitFor();
    await shots(phone.page, 'instruments-390-icons');
    await phone.context.close();
  });

  test('imports a file of 100 instruments after checking it, and lists them', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInToProfile(page);
    await page.goto('/en/master-data/instrument');
    await page.getByRole('table', { name: 'Instruments' }).getByRole('link').first().waitFor();
    await routeAction(page, 'Import Instruments');
    await page.waitForURL(/\/en\/master-data\/instrument\/import$/);
    await page.getByText('Every row is checked. If any row has an error, nothing is imported', { exact: false }).waitFor();

    await page.getByTestId('import-file').setInputFiles(writeCsv('instruments-100.csv', instrumentCsv(IMPORTED, 100)));
    await page.getByText('instruments-100.csv', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Check file' }).click();
    await page.getByText('All 100 rows are valid. Nothing has been imported yet: choose Import to import them.').waitFor();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: '100 instruments imported' }).first().waitFor();
    await shots(page, 'instruments-1366-import-done');

    await page.getByRole('link', { name: 'Back to Instrument Management' }).click();
    await page.waitForURL(/\/en\/master-data\/instrument$/);
    const search = page.getByRole('searchbox', { name: 'Search instruments' });
    await search.fill(IMPORTED);
    await search.press('Enter');
    await page.getByText('100 instruments', { exact: true }).waitFor();
    const table = page.getByRole('table', { name: 'Instruments' });
    await table.getByRole('link', { name: `${IMPORTED}-001` }).waitFor();
    await search.fill(`${IMPORTED}-042`);
    await search.press('Enter');
    await page.getByText('1 instrument', { exact: true }).waitFor();
    const row = table.getByRole('row').filter({ hasText: `${IMPORTED}-042` });
    await row.getByText('T301').waitFor();
    await row.getByText('Settlement Marker (SM)').waitFor();
    await shots(page, 'instruments-1366-imported-list');

    // Export Instruments follows the list's filters: the 100 imported ones, with their WGS84 position.
    await search.fill(IMPORTED);
    await search.press('Enter');
    await page.getByText('100 instruments', { exact: true }).waitFor();
    const exported = await exportCsv(page, 'Export Instruments');
    const rows = exported.text
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter((line) => line !== '');
    expect(rows[0]).toBe('name,type,contract,zone,easting,northing,level,install_date,status,frequency,lta_code,remarks,latitude,longitude');
    expect(rows).toHaveLength(101);
    expect(rows[42]).toMatch(new RegExp(`^${IMPORTED}-042,SM,T301,`));
    await context.close();

    const phone = await newPage(browser, PHONE);
    await signInToProfile(phone.page);
    await phone.page.goto(`/en/master-data/instrument?q=${IMPORTED}`);
    await phone.page.getByText('100 instruments', { exact: true }).waitFor();
    await shots(phone.page, 'instruments-390-list');
    await phone.context.close();
  });

  test('shows the per-row report of a file with one bad row and imports nothing', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInToProfile(page);
    const prefix = `BAD-${RUN}`;
    await page.goto('/en/master-data/instrument/import');
    await page.getByTestId('import-file').setInputFiles(writeCsv('instruments-bad.csv', instrumentCsv(prefix, 20, [7])));
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('Nothing was imported').waitFor();
    await page.getByText('1 of 20 rows has errors. Fix the rows below and upload the file again.').waitFor();
    const report = page.getByRole('table', { name: 'Import report' });
    const bad = report.getByRole('row').filter({ hasText: `${prefix}-007` });
    // Row 8 of the file: the header is row 1.
    expect(await bad.getByRole('cell').first().innerText()).toBe('8');
    await bad.getByText('Unknown instrument type NOPE', { exact: false }).waitFor();
    await shots(page, 'instruments-1366-import-report');

    // Nothing of the file is in the list.
    await page.goto(`/en/master-data/instrument?q=${prefix}`);
    await page.getByText('No instrument matches these filters.').waitFor();
    await page.getByText('0 instruments', { exact: true }).waitFor();
    await context.close();

    const phone = await newPage(browser, PHONE);
    await signInToProfile(phone.page);
    await phone.page.goto('/en/master-data/instrument/import');
    await phone.page.getByTestId('import-file').setInputFiles(writeCsv('instruments-bad-phone.csv', instrumentCsv(prefix, 3, [2])));
    await phone.page.getByRole('button', { name: 'Check file' }).click();
    await phone.page.getByText('Nothing was imported').waitFor();
    await shots(phone.page, 'instruments-390-import-report');
    await phone.context.close();
  });
});
