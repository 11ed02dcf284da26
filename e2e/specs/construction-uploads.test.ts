import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiCall, apiSignIn, type ApiSession } from '../support/api.js';
import { choose, DEMO, DESKTOP, finishOnProfile, newPage, routeAction, RUN, shots, signInAndOpen } from '../support/browser.js';
import { reportOnFailure } from '../support/diagnostics.js';

/**
 * The rest of issue 19's pages as people use them (spec §2.9, §2.12): the QP(D)'s design values filled into the
 * page's template, checked, approved and drawn on the instrument's chart; an instrument plan uploaded and seen against
 * reality; the construction-site alerts of a chosen site; the user import's Upload and Filter actions.
 */

const FILES = mkdtempSync(path.join(tmpdir(), 'strata-e2e-construction-uploads-'));

/** Saves the next download started by `start` and answers its name and text (without a byte-order mark). */
async function download(page: Page, start: () => Promise<void>): Promise<{ name: string; text: string }> {
  const waiting = page.waitForEvent('download');
  await start();
  const file = await waiting;
  const saved = path.join(FILES, `${RUN}-${file.suggestedFilename()}`);
  await file.saveAs(saved);
  return { name: file.suggestedFilename(), text: readFileSync(saved, 'utf8').replace(/^\uFEFF/, '') };
}

/** The cells of one CSV line (RFC 4180: a quoted cell may hold commas and doubled quotes). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

/** The header and the data rows of a CSV file, each row as column → text. */
function readCsv(text: string): { header: string[]; rows: Record<string, string>[] } {
  const [first, ...lines] = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = csvCells(first ?? '');
  return { header, rows: lines.map((line) => Object.fromEntries(csvCells(line).map((cell, i) => [header[i] ?? '', cell]))) };
}

/** A CSV file of `rows` in the columns of `header` (a column a row lacks is left empty). */
function writeCsv(header: readonly string[], rows: readonly Record<string, string | number | undefined>[]): string {
  const quote = (value: string | number) => {
    const text = String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [header, ...rows.map((row) => header.map((column) => row[column] ?? ''))].map((cells) => cells.map(quote).join(',')).join('\n') + '\n';
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A date in the platform's time zone (the demo's: Singapore), `days` from today, as YYYY-MM-DD. */
function singaporeDate(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(new Date(Date.now() + days * 86_400_000));
}

/**
 * On a sheet upload page (`/en/upload/qpd`, `/en/upload/instrument-plan`): the page's Upload, the contract and the file
 * in the dialog, Upload; then the upload's check, on the same page (`?upload=<id>`).
 */
async function uploadSheet(page: Page, dialogName: string, contract: string, file: { name: string; csv: string }): Promise<void> {
  await page.getByRole('main').getByRole('button', { name: 'Upload', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await choose(page, 'Contract', contract, dialog);
  await page.getByTestId('construction-file-input').setInputFiles({ name: file.name, mimeType: 'text/csv', buffer: Buffer.from(file.csv, 'utf8') });
  await dialog.getByText(file.name).waitFor();
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.waitForURL((url) => url.searchParams.has('upload'));
  await page.getByText('The file is checked. Approve it to write its valid rows (rows with findings are left out), or reject it.').waitFor({ timeout: 60_000 });
}

/** Approves the upload the page shows and waits until its valid rows are written. */
async function approveUpload(page: Page, rows: number): Promise<void> {
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await page.getByRole('dialog', { name: 'Approve Upload' }).getByRole('button', { name: 'Approve' }).click();
  await page.getByText('Upload approved: its valid rows are being written').waitFor();
  await page.getByText(rows === 1 ? '1 row written.' : `${rows} rows written.`).waitFor({ timeout: 60_000 });
}

/**
 * Turns the pages of the table in `scope` (its "Go to next page") until `row` is on the page shown; each turn waits
 * for the next page's range ("26–50 of 56") before looking again.
 */
async function turnPagesTo(scope: Locator, row: Locator): Promise<void> {
  const range = scope.getByText(/^\d+–\d+ of \d+$/);
  for (let turn = 0; (await row.count()) === 0; turn++) {
    expect(turn, 'the row is on one of the pages').toBeLessThan(40);
    const shown = (await range.textContent({ timeout: 5_000 })) ?? '';
    const next = scope.getByRole('button', { name: 'Go to next page' });
    await expect(next, 'there is a next page').toBeEnabled({ timeout: 5_000 });
    await next.click();
    await expect(range).not.toHaveText(shown);
  }
}

/** The number in a cell ("1,234" → 1234). */
async function cellNumber(cell: Locator): Promise<number> {
  return Number(((await cell.textContent()) ?? '').replace(/[^\d.-]/g, ''));
}

reportOnFailure();

test.describe('construction uploads and site alerts, as a person', () => {
  let browser: Browser;
  let admin: ApiSession;
  test.beforeAll(async ({ browser: shared }) => {
    browser = shared;
    admin = await apiSignIn(DEMO.admin.login, DEMO.admin.password);
  });

  test('fills the QP(D) template from the page, reads the check, approves it, and sees the predicted line on the instrument’s chart', async () => {
    test.setTimeout(180_000);
    // The stages of the example's site, as its design report lists them.
    const sites = await apiCall<{ records: { site_id: number; site_name: string }[] }>(admin, 'GET', '/civil/progress?type=E');
    const marina = sites.records.find((s) => s.site_name === 'Marina South Station Box');
    expect(marina).toBeDefined();
    const { stages } = await apiCall<{ stages: { stage_no: number }[] }>(admin, 'GET', `/civil/sites/${marina!.site_id}`);
    expect(stages.length).toBeGreaterThan(1);

    const { context, page } = await newPage(browser, DESKTOP);
    await signInAndOpen(page, '/en/upload/qpd');
    await page.getByRole('table', { name: 'Design value uploads' }).waitFor();

    // The template, from the page's description of the file: its columns, and an example settlement marker's row.
    const template = await download(page, () => page.getByRole('region', { name: 'The file' }).getByRole('button', { name: 'CSV template' }).click());
    expect(template.name).toBe('qpd-template.csv');
    const { header, rows: examples } = readCsv(template.text);
    for (const column of ['instrument', 'reading_code', 'depth', 'site', 'stage', 'value']) expect(header).toContain(column);
    const example = examples.find((row) => row.depth === '' && row.site === 'Marina South Station Box');
    expect(example).toBeDefined();
    const [instrument, code, site] = [example!.instrument!, example!.reading_code!, example!.site!];

    // A prediction for every stage (this run's values, so a stored older value is told apart), and a stage the site lacks.
    const bump = (parseInt(RUN, 36) % 9) + 1;
    const predicted = (stage: number) => -(4 * stage + bump / 10);
    const shown = (stage: number) => String(Number(predicted(stage).toFixed(2)));
    const file = {
      name: `qpd-${RUN}.csv`,
      csv: writeCsv(header, [
        ...stages.map((s) => ({ instrument, reading_code: code, site, stage: s.stage_no, value: shown(s.stage_no), remarks: `e2e ${RUN}` })),
        { instrument, reading_code: code, site, stage: 99, value: -1 },
      ]),
    };
    await uploadSheet(page, 'Upload Design Values', 'T301', file);

    // The check: the counts, and the finding of the last row (the header is row 1).
    const counts = page.getByRole('group', { name: 'Row counts' });
    await expect(counts).toContainText(`Valid${stages.length}`);
    await expect(counts).toContainText('Invalid1');
    const finding = page.getByRole('table', { name: 'Findings' }).getByRole('row').filter({ hasText: 'has no stage 99' });
    await expect(finding.getByRole('cell').first()).toHaveText(String(stages.length + 2));
    await expect(finding.getByRole('cell').nth(1)).toHaveText('stage');
    await shots(page, 'construction-uploads-qpd-checked');

    await approveUpload(page, stages.length);
    await page.getByRole('link', { name: 'Open the Instrument List' }).click();
    await page.waitForURL((url) => url.pathname === '/en/dashboard/search/instrument/list');

    // The instrument in the work space: its chart draws the prediction of the site's current stage, dashed.
    await page.getByRole('combobox', { name: 'Contract' }).click();
    await page.getByRole('option', { name: /^T301 — / }).click();
    const keyword = page.getByRole('searchbox', { name: 'Keyword' });
    await keyword.fill(instrument);
    await keyword.press('Enter');
    await page.getByRole('list', { name: 'Instruments' }).getByRole('button').filter({ hasText: instrument }).first().click();
    await page.waitForURL((url) => /\/en\/dashboard\/search\/instrument\/\d+$/.test(url.pathname));
    const detail = page.getByTestId('instrument-detail');
    await detail.getByRole('heading', { name: instrument }).waitFor();
    const chart = detail.getByTestId(`chart-${code}`);
    await expect(chart.locator('[data-predicted-lines]')).toHaveAttribute('data-predicted-lines', '1', { timeout: 30_000 });
    const ours = stages.map((s) => `${s.stage_no}: ${literal(shown(s.stage_no))}`).join('|');
    await expect(chart.locator('[role="img"]').first()).toHaveAccessibleDescription(
      new RegExp(`Predicted \\(QP\\(D\\)\\) · ${literal(site)} stage (${ours}) mm`),
      { timeout: 30_000 },
    );
    await chart.scrollIntoViewIfNeeded();
    await shots(page, 'construction-uploads-qpd-predicted');
    await finishOnProfile(page);
    await context.close();
  });

  test('uploads an instrument plan and sees it in the plan against reality, planned and not yet installed', async () => {
    test.setTimeout(180_000);
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAndOpen(page, '/en/upload/instrument-plan');
    const plan = page.getByRole('region', { name: 'Plan against reality' });
    const settlement = plan.getByRole('table', { name: 'Totals per instrument type' }).getByRole('row').filter({ hasText: '(SM)' });
    await settlement.waitFor();
    const plannedBefore = await cellNumber(settlement.getByRole('cell').nth(1));
    const installedBefore = await cellNumber(settlement.getByRole('cell').nth(2));

    const template = await download(page, () => page.getByRole('region', { name: 'The file' }).getByRole('button', { name: 'CSV template' }).click());
    expect(template.name).toBe('instrument-plan-template.csv');
    const { header, rows: examples } = readCsv(template.text);
    for (const column of ['name', 'type', 'easting', 'northing', 'planned_install_date', 'planned_frequency']) expect(header).toContain(column);
    const placed = examples.find((row) => row.type === 'SM' && row.easting !== '');
    expect(placed).toBeDefined();

    // Two settlement markers to come (one placed beside the example's, one still without a place), and an unknown type.
    const names = [`SM-T301-E2E-${RUN}-1`, `SM-T301-E2E-${RUN}-2`];
    const installOn = singaporeDate(21);
    const file = {
      name: `plan-${RUN}.csv`,
      csv: writeCsv(header, [
        {
          name: names[0]!,
          type: 'SM',
          easting: Number(placed!.easting) + 5,
          northing: placed!.northing!,
          planned_install_date: installOn,
          planned_frequency: 'daily',
          remarks: `e2e ${RUN}`,
        },
        { name: names[1]!, type: 'SM', remarks: 'Location to follow' },
        { name: `XX-T301-E2E-${RUN}`, type: 'NOPE' },
      ]),
    };
    await uploadSheet(page, 'Upload Instrument Plan', 'T301', file);
    const counts = page.getByRole('group', { name: 'Row counts' });
    await expect(counts).toContainText('Valid2');
    await expect(counts).toContainText('Invalid1');
    const finding = page.getByRole('table', { name: 'Findings' }).getByRole('row').filter({ hasText: 'Unknown instrument type NOPE' });
    await expect(finding.getByRole('cell').first()).toHaveText('4');
    await approveUpload(page, 2);

    // The plan against reality follows at once: two more settlement markers planned, none of them installed.
    await expect.poll(() => cellNumber(settlement.getByRole('cell').nth(1)), { timeout: 20_000 }).toBe(plannedBefore + 2);
    expect(await cellNumber(settlement.getByRole('cell').nth(2))).toBe(installedBefore);

    // Among the planned instruments not installed yet, a page at a time: both, with the planned date and frequency.
    await choose(page, 'State', 'Planned', plan);
    // The menu closed (while it is open the rest of the page is hidden from the accessibility tree) and the choice shown.
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await expect(plan.getByRole('combobox', { name: 'State' })).toHaveText('Planned');
    const table = plan.getByRole('table', { name: 'Planned instruments' });
    await expect(table.locator('tbody tr').first()).toContainText('Planned');
    // The plan is in name order: the second comes on the first one's page or a later one.
    const first = table.getByRole('row').filter({ hasText: names[0] });
    const second = table.getByRole('row').filter({ hasText: names[1] });
    await turnPagesTo(plan, first);
    await expect(first).toContainText('T301');
    await expect(first).toContainText('Planned');
    await expect(first).toContainText(installOn.split('-').reverse().join('/'));
    await expect(first).toContainText('Daily');
    await turnPagesTo(plan, second);
    await expect(second).toContainText('Planned');
    await expect(second).toContainText('T301');
    await second.scrollIntoViewIfNeeded();
    await shots(page, 'construction-uploads-plan');
    await finishOnProfile(page);
    await context.close();
  });

  test('chooses a construction site and sees the scenario-based alerts that concern it, then opens one', async () => {
    test.setTimeout(120_000);
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAndOpen(page, '/en/civil/construction-site');
    // Spec §4: the construction site selector picks the first site when none is chosen.
    const selector = page.getByRole('combobox', { name: 'Contract / site' });
    await page.waitForURL((url) => url.searchParams.has('site'));
    await expect(selector).toHaveText(/ \/ .+ \((Excavation|Mined tunnel)\)$/);

    // Every status: a person looking back at a site sees the closed alerts too.
    await choose(page, 'Status', 'All');
    await page.waitForURL((url) => url.searchParams.get('status') === 'all');

    await choose(page, 'Contract / site', 'T301 / Marina South Station Box (Excavation)');
    const marina = page.getByRole('table', { name: 'Scenario-based alerts of Marina South Station Box' });
    const group = marina.getByRole('row').filter({ hasText: 'Marina South box — settlement markers' });
    await expect(group.first()).toContainText('Monitoring group');
    await expect(marina.getByRole('row').filter({ hasText: 'Gardens adit' })).toHaveCount(0);
    await shots(page, 'construction-uploads-site-alerts');

    await choose(page, 'Contract / site', 'T302 / Gardens NATM Adit (Mined tunnel)');
    const adit = page.getByRole('table', { name: 'Scenario-based alerts of Gardens NATM Adit' });
    const scenario = adit.getByRole('row').filter({ hasText: 'Gardens adit — two or more at AL' }).first();
    await expect(scenario).toContainText('Scenario based');
    await expect(adit.getByRole('row').filter({ hasText: 'Marina South' })).toHaveCount(0);

    // The alert: its scenario, its message, the instruments behind it.
    await scenario.getByRole('link', { name: 'Gardens adit — two or more at AL' }).click();
    await page.waitForURL((url) => /^\/en\/alerts\/scenario-based\/\d+$/.test(url.pathname));
    await expect(page.getByRole('heading', { level: 2, name: /Gardens adit — two or more at AL/ })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(/\d+ instruments at AL or above/);
    await expect(
      page
        .getByRole('list', { name: 'Instruments behind the alert' })
        .getByRole('link', { name: /-T302-/ })
        .first(),
    ).toBeVisible();
    await shots(page, 'construction-uploads-site-alert');
    await finishOnProfile(page);
    await context.close();
  });

  test('user import: Upload stages users from the template, the pending list shows them, and Filter narrows it', async () => {
    test.setTimeout(120_000);
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAndOpen(page, '/en/upload/user-import');
    const pending = page.getByRole('table', { name: 'Users waiting for approval' });
    await pending.waitFor();

    // Upload (the page's action) opens the bulk user upload; the template gives the columns.
    await page.getByRole('main').getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByRole('tab', { name: 'Bulk User Upload' })).toHaveAttribute('aria-selected', 'true');
    const template = await download(page, () =>
      page.getByRole('region', { name: '1. Download the template' }).getByRole('button', { name: 'CSV template' }).click(),
    );
    const { header } = readCsv(template.text);
    for (const column of ['login_name', 'fullname', 'email', 'user_type', 'role', 'contractor', 'contracts']) expect(header).toContain(column);
    const login = (who: string) => `e2e-${RUN}-${who}`;
    const users = [
      { login_name: login('anna'), fullname: `Anna Koh ${RUN}`, email: `${login('anna')}@strata.example`, user_type: 'Authority', role: 'Authority Engineer' },
      {
        login_name: login('ben'),
        fullname: `Ben Ong ${RUN}`,
        email: `${login('ben')}@strata.example`,
        user_type: 'Contractor',
        role: 'Contractor Engineer',
        contractor: 'Lion City Tunnelling Pte Ltd',
        contracts: 'T301',
      },
      { login_name: login('cai'), fullname: `Cai Lim ${RUN}`, email: `${login('cai')}@strata.example`, user_type: 'Authority', role: 'No Such Role' },
    ];
    const name = `users-${RUN}.csv`;
    await page.getByTestId('upload-input').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(writeCsv(header, users), 'utf8') });

    // The dry run's report: two valid rows, the unknown role refused; nothing is staged before the confirmation.
    const report = page.getByRole('region', { name: '3. Check and confirm' });
    await expect(report).toContainText(`${name}: 2 valid rows, 1 row with errors.`);
    await expect(
      report
        .getByRole('table', { name: 'Upload report' })
        .getByRole('row')
        .filter({ hasText: login('cai') }),
    ).toContainText('role: Unknown role "No Such Role"');
    await shots(page, 'construction-uploads-user-import-report');
    await report.getByRole('button', { name: 'Confirm upload (2 users)' }).click();
    await page.getByRole('dialog').getByText('Stage 2 users for approval? Rows with errors are left out.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.getByText('2 users were staged as pending. Approve them in the Pending Users tab.').waitFor();
    await page.getByRole('button', { name: 'Pending Users' }).click();

    // The pending list has both.
    await expect(page.getByRole('tab', { name: 'Pending Users' })).toHaveAttribute('aria-selected', 'true');
    await expect(pending.getByRole('row').filter({ hasText: login('anna') })).toHaveCount(1);
    await expect(pending.getByRole('row').filter({ hasText: login('ben') })).toContainText('Lion City Tunnelling Pte Ltd');
    await expect(pending.getByRole('row').filter({ hasText: login('cai') })).toHaveCount(0);

    // Filter (the page's action) shows the search: this run's users, then one of them.
    await routeAction(page, 'Filter');
    const search = page.getByRole('searchbox', { name: 'Search by login name, name or e-mail' });
    await search.fill(`e2e-${RUN}-`);
    await search.press('Enter');
    await expect(pending.locator('tbody tr')).toHaveCount(2);
    await search.fill(`Ben Ong ${RUN}`);
    await search.press('Enter');
    await expect(pending.locator('tbody tr')).toHaveCount(1);
    await expect(pending.locator('tbody tr')).toContainText(login('ben'));
    await shots(page, 'construction-uploads-user-import-filtered');

    // Leave no pending request behind for the specs after this one.
    const left = await apiCall<{ records: { user_id: number; login_name: string }[] }>(admin, 'GET', `/admin/users/pending?keyword=e2e-${RUN}-&limit=50`);
    for (const user of left.records) await apiCall(admin, 'POST', `/admin/users/${user.user_id}/reject`, { reason: 'End-to-end test user' });
    await finishOnProfile(page);
    await context.close();
  });
});
