import { expect, test, type Browser, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import {
  baseUrl,
  choose,
  DEMO,
  DESKTOP,
  expectNoSideScroll,
  finishOnProfile,
  mainMenu,
  menuLinks,
  newPage,
  PHONE,
  routeAction,
  RUN,
  shots,
  signInToProfile,
} from '../support/browser.js';
import { reportOnFailure } from '../support/diagnostics.js';

const ROLE = `User Searcher ${RUN}`;
const PERSON = {
  login: `searcher.${RUN}`,
  fullname: 'Sara Searcher',
  email: `searcher.${RUN}@strata.example`,
  password: 'Tunnel-Lining-Ring-4821',
};

/** The admin's bearer, as a script would get it: POST /auth. */
async function adminToken(page: Page): Promise<string> {
  const res = await page.request.post(`${baseUrl()}/api/v1/auth`, { form: { username: DEMO.admin.login, password: DEMO.admin.password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

reportOnFailure();

test.describe('administration, as a person', () => {
  let browser: Browser;
  test.beforeAll(async ({ browser: shared }) => {
    browser = shared;
  });

  test('creates a role with one permission, registers a user with it, and that user sees a smaller menu', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInToProfile(page, DEMO.admin);
    const adminLinks = await menuLinks(page);
    expect(adminLinks).toEqual(expect.arrayContaining(['Role Management', 'User Management', 'Audit Logs', 'System Status']));

    // A role that can only search users.
    await mainMenu(page).getByRole('link', { name: 'Role Management' }).click();
    await page.waitForURL(/\/en\/admin\/roles$/);
    await page.getByRole('table', { name: 'Roles' }).getByText('Application Admin').waitFor();
    // The first action is a labelled button at the head of the page on desktop; Create Role opens New Role.
    await page.getByRole('main').getByRole('button', { name: 'Create Role' }).click();
    await page.waitForURL(/\/en\/admin\/roles\/add-new$/);
    await page.getByRole('heading', { level: 1, name: 'New Role' }).waitFor();
    await page.getByLabel('Role name').fill(ROLE);
    await page.getByLabel('Description', { exact: true }).fill('Can look people up, nothing else');
    await page.getByRole('searchbox', { name: 'Search permissions' }).fill('search users');
    await page.getByRole('checkbox', { name: 'Search Users' }).check();
    await page.getByText('1 permission selected').waitFor();
    await page.getByRole('button', { name: 'Create Role' }).click();
    await page.waitForURL(/\/en\/admin\/roles\/\d+$/);
    await page.getByText(`Role ${ROLE} created`).waitFor();
    await page.getByRole('searchbox', { name: 'Search permissions' }).fill('');
    await expect(page.getByRole('checkbox', { name: 'Search Users' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Manage Roles' })).not.toBeChecked();
    await shots(page, 'admin-1366-role-editor');

    // Register a user holding it.
    await page.goto('/en/admin/users/new');
    await page.getByRole('heading', { level: 1, name: 'Register New User' }).waitFor();
    await page.getByLabel('Login name').fill(PERSON.login);
    await page.getByLabel('Full name').fill(PERSON.fullname);
    await page.getByLabel('E-mail').fill(PERSON.email);
    await choose(page, 'User type', 'Authority');
    await choose(page, 'Role', ROLE);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.waitForURL(/\/en\/admin\/users\/\d+$/);
    await page.getByRole('heading', { name: PERSON.fullname }).waitFor();
    await page.getByText(ROLE).first().waitFor();

    // The activation mail, read from the outbox; the person activates and chooses a password.
    const token = await adminToken(page);
    const outbox = await page.request.get(`${baseUrl()}/api/v1/admin/outbox?to=${encodeURIComponent(PERSON.email)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(outbox.status()).toBe(200);
    const mails = (await outbox.json()) as { records: { to: string; text: string }[] };
    const link = mails.records.map((m) => /\/activation\?token=([^\s"&)]+)/.exec(m.text)?.[1]).find(Boolean);
    expect(link).toBeTruthy();
    const activated = await page.request.post(`${baseUrl()}/api/v1/account/activate`, { data: { token: decodeURIComponent(link!) } });
    expect(activated.status()).toBe(200);
    const { setup_token } = (await activated.json()) as { setup_token: string };
    const setup = await page.request.post(`${baseUrl()}/api/v1/account/setup-password`, { data: { token: setup_token, password: PERSON.password } });
    expect(setup.status()).toBe(200);
    await finishOnProfile(page);

    // The person signs in: only what the role allows is in the menu.
    const person = await newPage(browser, DESKTOP);
    await signInToProfile(person.page, PERSON);
    const personLinks = await menuLinks(person.page);
    expect(personLinks).toContain('User Management');
    expect(personLinks).not.toContain('Role Management');
    expect(personLinks).not.toContain('Audit Logs');
    expect(adminLinks.length).toBeGreaterThan(personLinks.length);
    for (const entry of personLinks) expect(adminLinks).toContain(entry);

    // Searching users with Enter.
    await mainMenu(person.page).getByRole('link', { name: 'User Management' }).click();
    const table = person.page.getByRole('table', { name: 'Users' });
    await table.getByText('Alicia Tan').waitFor();
    await person.page.getByRole('searchbox', { name: 'Search users' }).fill(PERSON.login);
    await expect(table.getByText('Alicia Tan')).toHaveCount(1);
    await person.page.getByRole('searchbox', { name: 'Search users' }).press('Enter');
    await person.page.waitForURL((url) => url.searchParams.get('q') === PERSON.login);
    await expect(table.getByText('Alicia Tan')).toHaveCount(0);
    await table.getByText(PERSON.fullname).waitFor();
    // No task for these actions: no action button.
    await expect(person.page.getByRole('button', { name: 'Register New User' })).toHaveCount(0);
    await finishOnProfile(person.page);
    await person.context.close();
    await context.close();
  });

  test('exports the audit log as XLSX and CSV and opens the files', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInToProfile(page, DEMO.admin);
    await page.goto('/en/admin/auditlog');
    const table = page.getByRole('table', { name: 'Audit log' });
    await table.getByText('auth.signin').first().waitFor();

    await routeAction(page, 'Export Audit Logs');
    const xlsx = page.waitForEvent('download');
    await page.getByRole('button', { name: 'XLSX' }).click();
    const xlsxFile = await xlsx;
    expect(xlsxFile.suggestedFilename()).toMatch(/^audit-logs-\d{8}-\d{6}\.xlsx$/);
    const xlsxBytes = readFileSync((await xlsxFile.path())!);
    expect(xlsxBytes.subarray(0, 2).toString('latin1')).toBe('PK');
    await page.getByText(`Downloaded ${xlsxFile.suggestedFilename()}`).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('export_job_id'))).toBeNull();

    // The filter applies to the export: only sign-ins, as CSV.
    await page.getByLabel('Action', { exact: true }).fill('auth.signin');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.searchParams.get('action') === 'auth.signin');
    await routeAction(page, 'Export Audit Logs');
    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV' }).click();
    const csvFile = await csv;
    const text = readFileSync((await csvFile.path())!, 'utf8').replace(/^\uFEFF/, '');
    const [header, ...rows] = text.trim().split(/\r?\n/);
    expect(header).toBe('Time,User ID,Login name,Client address,Action,Entity type,Entity ID,Before,After');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toContain('auth.signin');

    // The exports are listed with who made them.
    await page.goto('/en/admin/generate-uploaded-files');
    const files = page.getByRole('table', { name: 'Generated files' });
    await files.getByText(xlsxFile.suggestedFilename()).waitFor();
    await files.getByText(csvFile.suggestedFilename()).waitFor();
    await finishOnProfile(page);
    await context.close();
  });

  test('creates a daily schedule, runs it now and sees its log', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInToProfile(page, DEMO.admin);
    await page.goto('/en/master-data/schedules');
    const table = page.getByRole('table', { name: 'Schedules' });
    await table.getByText('Clean expired files').first().waitFor();
    const name = `Nightly clean-up ${RUN}`;

    await page.getByRole('button', { name: 'Create Schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Schedule' });
    await dialog.getByLabel('Name').fill(name);
    await choose(page, 'Job', 'Clean expired generated files');
    await choose(page, 'Type', 'Daily');
    await dialog.getByLabel('Hour').fill('23');
    await dialog.getByLabel('Minute').fill('45');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Schedule ${name} created`).waitFor();
    const row = table.getByRole('row').filter({ hasText: name });
    await row.getByText('Daily at 23:45').waitFor();

    await row.getByRole('button', { name: `Run now: ${name}` }).click();
    const toast = page.getByRole('alert').filter({ hasText: `${name}: Success` });
    await toast.waitFor();
    await toast.getByRole('button', { name: 'Logs' }).click();
    await page.waitForURL(/\/en\/master-data\/schedule-logs\/\d+$/);
    const runs = page.getByRole('table', { name: 'Runs' });
    const run = runs.getByRole('row').filter({ hasText: 'Manual' });
    await run.getByText('Success').waitFor();
    await finishOnProfile(page);
    await context.close();
  });

  test('shows the users list and the role editor at 1366 and at 390', async () => {
    for (const [viewport, width] of [
      [DESKTOP, 1366],
      [PHONE, 390],
    ] as const) {
      const { context, page } = await newPage(browser, viewport);
      await signInToProfile(page, DEMO.admin);
      await page.goto('/en/admin/users');
      await page.getByRole('table', { name: 'Users' }).getByText('Alicia Tan').waitFor();
      await shots(page, `admin-${width}-users`);
      await expectNoSideScroll(page);

      await page.goto('/en/admin/roles');
      await page.getByRole('table', { name: 'Roles' }).getByRole('link', { name: ROLE }).click();
      await page.getByRole('checkbox', { name: 'Select all in Admin' }).waitFor();
      await shots(page, `admin-${width}-role-editor`);
      await expectNoSideScroll(page);
      await finishOnProfile(page);
      await context.close();
    }
  });
});
