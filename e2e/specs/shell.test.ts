import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, finishOnProfile, mainMenu, newPage, PHONE, screenshot, shots, signInToProfile } from '../support/browser.js';
import { reportOnFailure } from '../support/diagnostics.js';

const DESKTOP = { width: 1440, height: 900 };
const TABLET = { width: 900, height: 1000 };

/** The side drawer's paper ends its width transition at `expected` pixels. */
async function expectDrawerWidth(page: Page, expected: number): Promise<void> {
  const paper = page.locator('.MuiDrawer-paper').filter({ has: mainMenu(page) });
  await expect.poll(async () => Math.round((await paper.boundingBox())?.width ?? 0), { timeout: 5000 }).toBe(expected);
}

async function menuLinks(page: Page): Promise<string[]> {
  return (await mainMenu(page).getByRole('link').allTextContents()).map((text) => text.trim());
}

reportOnFailure();

test.describe('the application shell', () => {
  let browser: Browser;
  test.beforeAll(async ({ browser: shared }) => {
    browser = shared;
  });

  test('has a permanent drawer at 1440 px that the toggle collapses to the mini drawer and back', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInToProfile(page, DEMO.admin);
    await expectDrawerWidth(page, 300);
    await expect.poll(() => menuLinks(page)).toContain('Profile Information');
    await screenshot(page, 'shell-1440-profile');

    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expectDrawerWidth(page, 82);
    // icons only; the name is the tooltip
    await expect(mainMenu(page).getByText('Profile Information')).toHaveCount(0);
    await mainMenu(page).getByRole('link', { name: 'User Manual' }).hover();
    await page.getByRole('tooltip', { name: 'User Manual' }).waitFor();
    await screenshot(page, 'shell-1440-mini');

    // a desktop keeps the choice across navigation
    await mainMenu(page).getByRole('link', { name: 'User Manual' }).click();
    await page.waitForURL(/\/en\/user-manual$/);
    await expectDrawerWidth(page, 82);
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expectDrawerWidth(page, 300);
    await finishOnProfile(page);
    await context.close();
  });

  test('collapses the drawer to mini after navigating at 900 px (tablet)', async () => {
    const { context, page } = await newPage(browser, TABLET);
    await signInToProfile(page, DEMO.admin);
    await expectDrawerWidth(page, 82);
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expectDrawerWidth(page, 300);
    await mainMenu(page).getByRole('link', { name: 'User Manual' }).click();
    await page.waitForURL(/\/en\/user-manual$/);
    await expectDrawerWidth(page, 82);
    await finishOnProfile(page);
    await context.close();
  });

  test('makes the menu a temporary overlay at 390 px, opened by "Toggle menu" and closed by choosing a page', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signInToProfile(page, DEMO.contractor);
    await expect(mainMenu(page)).toBeHidden();
    await screenshot(page, 'shell-390-profile');

    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await mainMenu(page).waitFor({ state: 'visible' });
    const paper = page.locator('.MuiDrawer-paper').filter({ has: mainMenu(page) });
    // over the page from the left edge, once it has slid in
    await expect.poll(async () => (await paper.boundingBox())?.x).toBe(0);
    expect((await paper.boundingBox())?.width).toBeLessThanOrEqual(300);
    await shots(page, 'shell-390-menu-open');

    await mainMenu(page).getByRole('link', { name: 'User Manual' }).click();
    await page.waitForURL(/\/en\/user-manual$/);
    await mainMenu(page).waitFor({ state: 'hidden' });
    await page.getByRole('navigation', { name: 'Contents' }).waitFor();
    await shots(page, 'shell-390-manual');
    await finishOnProfile(page);
    await context.close();
  });

  test('shows only permitted routes: the restricted contractor sees no more than the admin', async () => {
    const admin = await newPage(browser, DESKTOP);
    await signInToProfile(admin.page, DEMO.admin);
    await expect.poll(() => menuLinks(admin.page)).toContain('User Manual');
    const adminLinks = await menuLinks(admin.page);
    const adminHeadings = await mainMenu(admin.page).getByRole('heading').allTextContents();

    const contractor = await newPage(browser, DESKTOP);
    await signInToProfile(contractor.page, DEMO.contractor);
    await expect.poll(() => menuLinks(contractor.page)).toContain('User Manual');
    const contractorLinks = await menuLinks(contractor.page);

    expect(contractorLinks).toContain('Profile Information');
    for (const link of contractorLinks) expect(adminLinks).toContain(link);
    expect(adminLinks.length).toBeGreaterThanOrEqual(contractorLinks.length);
    // headings are upper-case and in the product's order
    for (const heading of adminHeadings) expect(heading).toBe(heading.toUpperCase());
    expect(adminHeadings.indexOf('USER ACCOUNT')).toBeLessThan(adminHeadings.indexOf('USER MANUAL'));
    await admin.context.close();
    await contractor.context.close();
  });

  test('changes the active contracts from the contract toolbar, and the choice survives a reload', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInToProfile(page, DEMO.contractor);
    const bar = page.getByRole('group', { name: 'Contracts' });
    const t301 = bar.getByRole('button', { name: 'T301' });
    const t302 = bar.getByRole('button', { name: 'T302' });
    await t302.waitFor();
    // the contractor holds T301 and T302 only, both active until chosen otherwise
    expect(await bar.getByRole('button').allTextContents()).toEqual(['T301', 'T302']);
    await expect(t301).toHaveAttribute('aria-pressed', 'true');
    await expect(t302).toHaveAttribute('aria-pressed', 'true');
    await t302.hover();
    await page.getByRole('tooltip', { name: /Tunnel T302/ }).waitFor();

    const saved = page.waitForResponse((response) => response.url().endsWith('/api/v1/filter-contracts'));
    await t302.click();
    await expect(t302).toHaveAttribute('aria-pressed', 'false');
    const response = await saved;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toMatchObject({ contract_ids: [expect.any(Number)] });

    await page.reload();
    await t301.waitFor();
    await expect(t302).toHaveAttribute('aria-pressed', 'false');
    await expect(t301).toHaveAttribute('aria-pressed', 'true');
    // the profile shows the same choice
    const t302Row = page.getByRole('listitem').filter({ hasText: 'T302' });
    await expect(t302Row.getByText('Selected')).toHaveCount(0);

    const restored = page.waitForResponse((r) => r.url().endsWith('/api/v1/filter-contracts'));
    await t302.click();
    await restored;
    await context.close();
  });

  test('switches language by reloading the same page under /zh/', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInToProfile(page, DEMO.authority);
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitemradio', { name: '简体中文' }).click();
    await page.waitForURL(/\/zh\/account\/profile\/info$/);
    await page.getByRole('heading', { level: 1, name: '个人资料' }).waitFor();
    await page.getByRole('navigation', { name: '主菜单' }).getByRole('heading', { name: '用户手册' }).waitFor();
    await screenshot(page, 'shell-1440-zh');
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await page.waitForURL(/\/en\/account\/profile\/info$/);
    await context.close();
  });

  test('shows the user manual with its table of contents', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInToProfile(page, DEMO.contractor);
    await mainMenu(page).getByRole('link', { name: 'User Manual' }).click();
    await page.waitForURL(/\/en\/user-manual$/);
    const contents = page.getByRole('navigation', { name: 'Contents' });
    await contents.waitFor();
    const entries = await contents.getByRole('link').allTextContents();
    expect(entries).toEqual(expect.arrayContaining(['Getting started', 'Signing in', 'The screen', 'The contract toolbar', 'Your account']));
    await shots(page, 'shell-1440-manual');
    await contents.getByRole('link', { name: 'The contract toolbar' }).click();
    await page.waitForURL(/#the-contract-toolbar$/);
    const heading = page.getByRole('heading', { name: 'The contract toolbar' });
    await expect.poll(async () => (await heading.boundingBox())?.y ?? -1).toBeLessThan(400);
    await finishOnProfile(page);
    await context.close();
  });

  test('opens the security page from the "Report a vulnerability" link of the footer', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInToProfile(page, DEMO.contractor);
    const footer = page.getByRole('contentinfo');
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()}`);
    await footer.getByRole('link', { name: 'Report a vulnerability' }).click();
    await page.waitForURL(/\/en\/security$/);
    await page.getByRole('heading', { level: 1, name: 'Report a vulnerability' }).waitFor();
    // The server's SECURITY_CONTACT setting (support/server.ts), never an address made up from the host name.
    const contact = page.getByRole('link', { name: 'security@strata.example' });
    await contact.waitFor();
    expect(await contact.getAttribute('href')).toBe('mailto:security@strata.example');
    await screenshot(page, 'shell-1440-security');
    const txt = await page.request.get((await page.getByRole('link', { name: '/.well-known/security.txt' }).getAttribute('href')) ?? '');
    expect(await txt.text()).toContain('/en/security');
    await context.close();
  });

  test('shows the security page to people who are not signed in', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/en/security');
    await page.getByRole('heading', { level: 1, name: 'Report a vulnerability' }).waitFor();
    await expect(page).toHaveURL(/\/en\/security$/);
    await context.close();
  });
});
