import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { choose, DEMO, DESKTOP, newPage, PHONE, RUN, routeAction, shots, signInAndOpen } from '../support/browser.js';
import { reportOnFailure } from '../support/diagnostics.js';

/**
 * A full monitoring report from template to publication, as the people who make it (issue 20, decision 040): the
 * contractor's engineer writes a monitoring template and generates the week's report from it and submits it; the
 * administrator checks it; the authority's engineer approves it and reads it published, with the hash of the draft
 * they reviewed printed on every page.
 */

const FILES = mkdtempSync(path.join(tmpdir(), 'strata-e2e-full-monitoring-'));
const TEMPLATE = `Weekly IMR ${RUN}`;
const REPORT_NO = `T301-W-${RUN}`;
const LABEL = `${REPORT_NO} rev 1`;
/** Spec §7: the answer of POST /reports/full-monitoring, as a toast. */
const FULL_MONITORING_TOAST = 'Generating full monitoring report. Strata will notify once done.';

reportOnFailure();

/** Picks the option of a select whose text starts with `prefix` (contracts show as "T301 — title"). */
async function chooseStarting(page: Page, scope: Locator, label: string, prefix: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: new RegExp(`^${prefix}`) }).click();
}

/** Takes the detail panel's step `action` with a comment, and waits for the status it leads to. */
async function takeStep(page: Page, action: string, comment: string, status: string): Promise<void> {
  await page.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: action });
  await dialog.getByLabel(/Comment/).fill(comment);
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog).toBeHidden();
  // The panel's steps say what was done (the toast that also says it may be gone by the time it is looked for).
  await expect(page.getByRole('list', { name: 'Steps' })).toContainText(`→ ${status}`);
}

test.describe('a full monitoring report, from template to publication', () => {
  // The report is generated (read, drawn and written) between two steps: seconds on a quiet machine, more on a busy one.
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let browser: Browser;
  let reportId = 0;
  test.beforeAll(({ browser: shared }) => {
    browser = shared;
  });

  test('the contractor writes a monitoring template, generates the report from it and submits it for checking', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAndOpen(page, '/en/reporting/template-manager', DEMO.contractor);
    await routeAction(page, 'Add Template');
    await expect(page).toHaveURL(/\/en\/reporting\/monitoring-template\/add$/);
    const form = page.getByRole('form', { name: 'Monitoring template' });
    await chooseStarting(page, form, 'Contract', 'T301');
    await form.getByLabel('Template name').fill(TEMPLATE);
    await form
      .getByRole('listitem', { name: 'Section 2: Executive Summary' })
      .getByLabel('Text')
      .fill(`Settlement along the drive stayed within its levels (${RUN}).`);
    await choose(page, 'Section to add', 'Location Plan', form);
    await form.getByRole('button', { name: 'Add section' }).click();
    await expect(form.getByRole('listitem', { name: /^Section \d+: Location Plan$/ })).toBeVisible();
    await shots(page, `full-monitoring-template-${RUN}`);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/en\/reporting\/template-manager/);
    await expect(page.getByRole('table', { name: 'Monitoring templates' }).getByText(TEMPLATE)).toBeVisible();

    await page.goto('/en/reporting/full-monitoring');
    await page.getByRole('link', { name: /Generate Report/ }).click();
    await expect(page).toHaveURL(/\/en\/reporting\/full-monitoring\/generate$/);
    const params = page.getByRole('form', { name: 'Full monitoring report parameters' });
    await chooseStarting(page, params, 'Contract', 'T301');
    await choose(page, 'Template', TEMPLATE, params);
    await params.getByLabel('Report number').fill(REPORT_NO);
    await params.getByRole('button', { name: 'Generate' }).click();
    await expect(page.getByText(FULL_MONITORING_TOAST)).toBeVisible();
    await expect(page).toHaveURL(/\/en\/reporting\/full-monitoring\/build\?id=\d+/);
    reportId = Number(new URL(page.url()).searchParams.get('id'));

    // The build page follows the report section by section until the draft is ready, then links to it.
    await expect(page.getByText(`${LABEL} is ready for checking`)).toBeVisible({ timeout: 150_000 });
    await shots(page, `full-monitoring-build-${RUN}`);
    await page.getByRole('link', { name: 'Open in the list' }).click();
    await expect(page).toHaveURL(new RegExp(`/en/reporting/full-monitoring/list\\?.*report=${reportId}`));
    await takeStep(page, 'Submit for Checking', 'For checking, week ending today', 'Submitted for Checking');
    await context.close();
  });

  test('the administrator checks it on the approval page', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAndOpen(page, `/en/reporting/full-monitoring/approval?report=${reportId}`, DEMO.admin);
    await expect(page.getByText('Submit for Checking ·', { exact: false })).toBeVisible();
    await takeStep(page, 'Checked', `Checked against the readings (${RUN})`, 'Checked');
    await context.close();
  });

  test('the authority approves it on a phone and reads the published PDF, the reviewed draft’s hash on its pages', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signInAndOpen(page, `/en/reporting/full-monitoring/approval?report=${reportId}`, DEMO.authority);
    await takeStep(page, 'Approve and Publish', 'Approved for issue', 'Published');
    await shots(page, `full-monitoring-approved-phone-${RUN}`);

    await page.goto('/en/reporting/full-monitoring/published');
    const table = page.getByRole('table', { name: 'Published reports' });
    await expect(table.getByText(REPORT_NO)).toBeVisible();
    await shots(page, `full-monitoring-published-phone-${RUN}`);
    const waiting = page.waitForEvent('download', { timeout: 60_000 });
    await table.getByRole('button', { name: `Download ${LABEL}` }).click();
    const download = await waiting;
    const saved = path.join(FILES, `${RUN}-${download.suggestedFilename()}`);
    await download.saveAs(saved);
    const text = execFileSync('pdftotext', ['-layout', saved, '-'], { encoding: 'utf8' });
    expect(text).toContain(`${REPORT_NO} Rev 1 · Published`);
    expect(text).toMatch(/Content SHA-256 [0-9a-f]{64}/);
    expect(text).toContain('Approval Record');
    for (const name of [DEMO.contractor.fullname, DEMO.admin.fullname, DEMO.authority.fullname]) expect(text).toContain(name);
    expect(text).toContain(`Settlement along the drive stayed within its levels (${RUN}).`);
    expect(text).toMatch(/Location plan: [1-9]\d* instruments/);
    await context.close();
  });
});
