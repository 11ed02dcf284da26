import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { choose, DESKTOP, newPage, PHONE, RUN, shots, signInAndOpen } from '../support/browser.js';
import { reportOnFailure } from '../support/diagnostics.js';

/**
 * Monitoring reports as people use them (issue 20, spec §2.7, §2.15, §4): a geotechnical status report generated in
 * the background, its notification opened, the PDF read in the full-screen report dialog; an IMR reading report
 * downloaded as an Excel workbook and opened; an IMC quality audit and the summary of work done read in the dialog; the
 * installation status report downloaded as a PDF and found among the generated ones.
 */

const FILES = mkdtempSync(path.join(tmpdir(), 'strata-e2e-reporting-'));

/** The PDF the report dialog shows, read back as text (its frame's address carries the access token). */
async function dialogPdfText(page: Page, dialog: Locator, name: string): Promise<string> {
  const src = await dialog.locator('iframe').getAttribute('src');
  expect(src).toMatch(/\/api\/v1\/reports\/\d+\/get\?token=.+&_token=/);
  const file = await page.request.get(new URL(src!, page.url()).toString());
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  const saved = path.join(FILES, `${name}-${RUN}.pdf`);
  writeFileSync(saved, await file.body());
  // A quality audit of three months is hundreds of pages: more text than execFileSync's default 1 MB buffer.
  return execFileSync('pdftotext', ['-layout', saved, '-'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
}

reportOnFailure();

test.describe('monitoring reports, as a person', () => {
  // A report is read from the database, drawn and written before the page shows it: seconds on a quiet machine, more
  // on a busy one. The waits below are for the report's own answer (check's status), not for time to pass.
  test.describe.configure({ timeout: 180_000 });
  let browser: Browser;
  test.beforeAll(({ browser: shared }) => {
    browser = shared;
  });

  test('generates a geotechnical status report in the background, opens it from the notification and reads the PDF in the dialog', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAndOpen(page, '/en/reporting');
    await page.getByRole('link', { name: /Monitoring Report Generation/ }).click();
    await expect(page).toHaveURL(/\/en\/reporting\/monitoring$/);
    await page
      .getByRole('list', { name: 'Monitoring report types' })
      .getByRole('link', { name: /^Geotechnical/ })
      .click();
    await expect(page).toHaveURL(/\/en\/reporting\/geotechnical$/);

    const form = page.getByRole('form', { name: 'Report parameters' });
    await choose(page, 'Report type', 'Geotechnical Status', form);
    await choose(page, 'Period', 'Last 3 Months', form);
    await form.getByLabel('Run in background').check();
    await shots(page, `reporting-geotechnical-${RUN}`);
    await form.getByRole('button', { name: 'Generate' }).click();
    await expect(page.getByText('Generate report run in background')).toBeVisible();

    // The server tells the user when the file is ready: a toast with an Open action, whose link is the report's page.
    const ready = page.locator('.MuiSnackbar-root').filter({ hasText: /Report ready: .*Geotechnical Status/ });
    await ready.waitFor({ timeout: 60_000 });
    await ready.getByRole('button', { name: 'Open' }).click();
    await expect(page).toHaveURL(/\/en\/reporting\/report\/\d+$/);

    const dialog = page.getByRole('dialog', { name: /Geotechnical Status/ });
    await dialog.waitFor();
    const frame = dialog.locator('iframe');
    const src = await frame.getAttribute('src');
    expect(src).toMatch(/\/api\/v1\/reports\/\d+\/get\?token=.+&_token=/);
    // The frame holds the report, not the browser's "refused to connect" page (a PDF must be allowed in our frames).
    const framed = () =>
      page
        .frames()
        .find((f) => f !== page.mainFrame() && f.url() !== 'about:blank')
        ?.url() ?? '';
    await expect.poll(framed, { timeout: 15_000 }).not.toBe('');
    expect(framed()).toContain('/api/v1/reports/');
    await shots(page, `reporting-dialog-${RUN}`);

    // What the frame shows is the PDF itself: read it back as text.
    const file = await page.request.get(new URL(src!, page.url()).toString());
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    const saved = path.join(FILES, `geostatus-${RUN}.pdf`);
    writeFileSync(saved, await file.body());
    const text = execFileSync('pdftotext', ['-layout', saved, '-'], { encoding: 'utf8' });
    expect(text).toContain('Geotechnical Status');
    expect(text).toMatch(/T301/);
    expect(text).toMatch(/Page 1/);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await context.close();
  });

  test('downloads an IMR reading report as an Excel workbook that opens with its readings', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signInAndOpen(page, '/en/reporting/imr');
    const form = page.getByRole('form', { name: 'Report parameters' });
    await choose(page, 'Report type', 'Instrument Reading Report', form);
    await form.getByRole('button', { name: /xls/i }).click();
    await shots(page, `reporting-imr-phone-${RUN}`);
    const waiting = page.waitForEvent('download', { timeout: 90_000 });
    await form.getByRole('button', { name: 'Generate' }).click();
    const download = await waiting;
    expect(download.suggestedFilename()).toMatch(/^reading-.+\.xlsx$/);
    const saved = path.join(FILES, `${RUN}-${download.suggestedFilename()}`);
    await download.saveAs(saved);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync(saved) as unknown as ArrayBuffer);
    const names = book.worksheets.map((s) => s.name);
    expect(names[0]).toBe('Report');
    // A sheet of readings: a header row with Instrument and Value, and rows under it.
    let readings = 0;
    book.eachSheet((sheet) => {
      let header: unknown[] | null = null;
      sheet.eachRow((row) => {
        const values = (row.values as unknown[]).slice(1);
        if (values.includes('Instrument') && values.includes('Value')) header = values;
        else if (header && typeof values[(header as unknown[]).indexOf('Value')] === 'number') readings += 1;
      });
    });
    expect(readings).toBeGreaterThan(0);
    await context.close();
  });

  test('generates an IMC quality audit and reads it in the report dialog', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAndOpen(page, '/en/reporting/imc');
    const form = page.getByRole('form', { name: 'Report parameters' });
    await choose(page, 'Report type', 'Quality Audit', form);
    await choose(page, 'Period', 'Last 3 Months', form);
    await form.getByRole('button', { name: 'Generate' }).click();
    // Not in the background: the page waits for the file and opens it in the dialog.
    const dialog = page.getByRole('dialog', { name: /Quality Audit/ });
    await dialog.waitFor({ timeout: 90_000 });
    await shots(page, `reporting-imc-dialog-${RUN}`);
    const text = await dialogPdfText(page, dialog, 'imc-quality-audit');
    expect(text).toContain('Quality Audit');
    expect(text).toMatch(/T301/);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await context.close();
  });

  test('reads the summary of monitoring work done on a phone', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signInAndOpen(page, '/en/reporting');
    await page.getByRole('link', { name: /Summary of Monitoring Work Done/ }).click();
    await expect(page).toHaveURL(/\/en\/reporting\/summaryworkdone$/);
    const form = page.getByRole('form', { name: 'Report parameters' });
    await choose(page, 'Period', 'This Month', form);
    await form.getByRole('button', { name: 'Generate' }).click();
    const dialog = page.getByRole('dialog', { name: /Summary of Monitoring Work Done/ });
    await dialog.waitFor({ timeout: 90_000 });
    await shots(page, `reporting-summary-phone-${RUN}`);
    const text = await dialogPdfText(page, dialog, 'summary-work-done');
    expect(text).toContain('Summary of Monitoring Work Done');
    expect(text).toMatch(/T301/);
    await context.close();
  });

  test('downloads the installation status report as a PDF and finds it among the generated reports', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAndOpen(page, '/en/reporting/installation-status');
    const form = page.getByRole('form', { name: 'Report parameters' });
    const waiting = page.waitForEvent('download', { timeout: 90_000 });
    await form.getByRole('button', { name: 'Download PDF' }).click();
    const download = await waiting;
    expect(download.suggestedFilename()).toMatch(/^installation-status-.+\.pdf$/);
    const saved = path.join(FILES, `${RUN}-${download.suggestedFilename()}`);
    await download.saveAs(saved);
    const text = execFileSync('pdftotext', ['-layout', saved, '-'], { encoding: 'utf8' });
    expect(text).toContain('Instrument Installation Status');

    await page.getByRole('link', { name: 'Generated reports' }).click();
    await expect(page).toHaveURL(/\/en\/reporting\/installation-status\/generated$/);
    // The file just saved is listed, with its own download action.
    await expect(page.getByRole('button', { name: new RegExp(`Download ${download.suggestedFilename().replace('.', '\\.')}`) })).toBeVisible();
    await shots(page, `reporting-installation-generated-${RUN}`);
    await context.close();
  });
});
