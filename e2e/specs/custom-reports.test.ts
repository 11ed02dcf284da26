import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiCall, apiSignIn } from '../support/api.js';
import { choose, DESKTOP, newPage, PHONE, RUN, shots, signInAndOpen } from '../support/browser.js';
import { reportOnFailure } from '../support/diagnostics.js';

/**
 * Custom reports, scheduled reports and document protection as people use them (issue 21, spec §2.8): a template with
 * fewer columns and a logo changes a generated report; a weekly schedule run now mails its report, with the file
 * attached (to the outbox; delivery to a real SMTP server is tested by the server's mail.test.ts); the watermark setting marks a generated PDF with the reader's name.
 */

const FILES = mkdtempSync(path.join(tmpdir(), 'strata-e2e-custom-reports-'));
const TEMPLATE = `Key columns ${RUN}`;
const SCHEDULE = `Weekly status ${RUN}`;

/** The PDF the report dialog shows, read back as text. */
async function dialogPdfText(page: Page, dialog: Locator, name: string): Promise<string> {
  const src = await dialog.locator('iframe').getAttribute('src');
  expect(src).toMatch(/\/api\/v1\/reports\/\d+\/get\?token=.+&_token=/);
  const file = await page.request.get(new URL(src!, page.url()).toString());
  expect(file.status()).toBe(200);
  const saved = path.join(FILES, `${name}-${RUN}.pdf`);
  writeFileSync(saved, await file.body());
  return execFileSync('pdftotext', ['-layout', saved, '-'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
}

/** Generates a Geotechnical Status PDF of the last 3 months on the open generation page, with `template`; its text. */
async function geotechnicalStatusPdf(page: Page, template: string, name: string): Promise<string> {
  const form = page.getByRole('form', { name: 'Report parameters' });
  await choose(page, 'Report type', 'Geotechnical Status', form);
  await choose(page, 'Period', 'Last 3 Months', form);
  await choose(page, 'Template', template, form);
  await form.getByRole('button', { name: 'Generate' }).click();
  const dialog = page.getByRole('dialog', { name: /Geotechnical Status|Status of/ });
  await dialog.waitFor({ timeout: 90_000 });
  const text = await dialogPdfText(page, dialog, name);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  return text;
}

reportOnFailure();

test.describe('custom and scheduled reports, as a person', () => {
  // Reports are read from the database, drawn and written before the page shows them: the waits are for their answers.
  test.describe.configure({ timeout: 180_000 });
  let browser: Browser;
  test.beforeAll(({ browser: shared }) => {
    browser = shared;
  });

  test('makes a template with fewer columns and a logo, and a report generated with it shows the change', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    // A logo: a small PNG the browser draws.
    await page.setContent('<div style="width:24px;height:24px;background:#1565c0"></div>');
    const logo = await page.screenshot({ clip: { x: 0, y: 0, width: 24, height: 24 } });

    await signInAndOpen(page, '/en/report/customize');
    await page
      .getByRole('link', { name: 'Add Template' })
      .or(page.getByRole('button', { name: 'Add Template' }))
      .first()
      .click();
    await expect(page).toHaveURL(/\/en\/report\/customize\/add$/);
    const form = page.getByRole('form', { name: 'Report template' });
    await form.getByLabel('Template name').fill(TEMPLATE);
    await choose(page, 'Report type', 'Geotechnical Status', form);
    await form.getByLabel('Report title').fill(`Status of key columns ${RUN}`);
    await form.getByLabel('Header text').fill(`Prepared for the weekly meeting ${RUN}`);
    await form.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await expect(form.getByRole('img', { name: "The cover's logo" })).toBeVisible();
    const columns = form.getByRole('group', { name: /^Columns of / });
    for (const column of ['Change since previous', 'Rate per day', 'Cumulative since baseline']) {
      await columns.getByRole('checkbox', { name: column }).uncheck();
    }
    await shots(page, `custom-template-form-${RUN}`);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Report template ${TEMPLATE} saved`)).toBeVisible();
    await expect(page).toHaveURL(/\/en\/report\/customize\/edit\/\d+$/);

    await page.goto('/en/reporting/geotechnical');
    const text = await geotechnicalStatusPdf(page, TEMPLATE, 'custom-template');
    expect(text).toContain(`Status of key columns ${RUN}`);
    expect(text).toContain(`Prepared for the weekly meeting ${RUN}`);
    expect(text).toContain('Latest');
    for (const dropped of ['Rate per', 'Cumulative', 'Change since']) expect(text).not.toContain(dropped);
    await context.close();
  });

  test('makes a weekly schedule, runs it now, and its report arrives by e-mail with the file attached', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signInAndOpen(page, '/en/report/scheduler/add');
    const form = page.getByRole('form', { name: 'Scheduled report' });
    await form.getByLabel('Schedule name').fill(SCHEDULE);
    await choose(page, 'Report type', 'Geotechnical Status', form);
    await form.getByRole('combobox', { name: 'Contracts' }).click();
    await page.getByRole('option', { name: /T301/ }).click();
    await page.keyboard.press('Escape');
    await choose(page, 'Period', 'The last week', form);
    await choose(page, 'Frequency', 'Weekly', form);
    await form.getByRole('checkbox', { name: 'Monday' }).check();
    await form.getByRole('checkbox', { name: 'Thursday' }).check();
    await form.getByLabel('Time (HH:MM)').fill('08:00');
    await form.getByRole('combobox', { name: 'Users' }).click();
    await page.getByRole('option', { name: /Chen Wei Ming/ }).click();
    await page.keyboard.press('Escape');
    await shots(page, `schedule-form-phone-${RUN}`);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Scheduled report ${SCHEDULE} saved`)).toBeVisible();

    await page.goto('/en/report/scheduler');
    const row = page.getByRole('row').filter({ hasText: SCHEDULE });
    await expect(row).toContainText('Weekly on Monday, Thursday at 08:00');
    await row.getByRole('button', { name: `Run ${SCHEDULE} now` }).click();
    await expect(page.getByText('The scheduled report is running; its recipients will get it by e-mail')).toBeVisible();

    // The mail is written to the outbox when the run has made the report: to the recipient, the report's PDF attached.
    const admin = await apiSignIn('admin', 'strata-admin-2026');
    type Mail = { to: string; subject: string; text: string; attachment_name: string | null };
    let mail: Mail | undefined;
    await expect
      .poll(
        async () => {
          const outbox = await apiCall<{ records: Mail[] }>(admin, 'GET', '/admin/outbox?limit=50');
          mail = outbox.records.find((m) => m.subject.includes(SCHEDULE));
          return mail !== undefined;
        },
        { timeout: 120_000, message: `the mail of ${SCHEDULE} in the outbox` },
      )
      .toBe(true);
    expect(mail!.to).toMatch(/^contractor@/);
    expect(mail!.attachment_name).toMatch(/^geostatus-.*\.pdf$/);
    expect(mail!.text).toContain('Hello Chen Wei Ming');

    // The run history says it was sent.
    await row
      .getByRole('link', { name: `Edit ${SCHEDULE}` })
      .or(row.getByRole('button', { name: `Edit ${SCHEDULE}` }))
      .first()
      .click();
    const runs = page.getByRole('table', { name: 'Runs' });
    await expect(runs.getByRole('row').filter({ hasText: 'Sent' })).toHaveCount(1);
    await shots(page, `schedule-runs-phone-${RUN}`);
    await context.close();
  });

  test('turns the watermark on and a generated PDF carries the reader\u2019s name', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const admin = await apiSignIn('admin', 'strata-admin-2026');
    try {
      await signInAndOpen(page, '/en/report/setting');
      const form = page.getByRole('form', { name: 'Report and document protection' });
      await form.getByLabel('Watermark generated PDFs').check();
      await form.getByLabel('Watermark text').fill(`{user} ${RUN} {contract}`);
      // A line at the top of every page: text read back whole (a diagonal one comes out of pdftotext in pieces).
      await choose(page, 'Position', 'Top of the page', form);
      await expect(form.getByText(/A PDF password is a deterrent, not access control/)).toBeVisible();
      await shots(page, `report-setting-${RUN}`);
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Report and document protection saved')).toBeVisible();

      await page.goto('/en/reporting/geotechnical');
      const text = await geotechnicalStatusPdf(page, 'Default', 'watermarked');
      expect(text).toContain(`Alicia Tan ${RUN}`);
    } finally {
      // The other specs read reports without a watermark.
      await apiCall(admin, 'PUT', '/reports/settings', { watermark_enabled: false });
    }
    await context.close();
  });
});
