import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  DEMO,
  DESKTOP,
  expectNoSideScroll,
  finishOnProfile,
  liveAuthenticated,
  mainMenu,
  markDocument,
  menuLinks,
  newPage,
  PHONE,
  RUN,
  shots,
  signInToProfile,
  stillSameDocument,
} from '../support/browser.js';
import { reportOnFailure } from '../support/diagnostics.js';

async function tileTitles(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Master data pages' });
  await list.waitFor();
  return (await list.getByRole('heading', { level: 2 }).allTextContents()).map((text) => text.trim());
}

reportOnFailure();

test.describe('master data, as a person', () => {
  let browser: Browser;
  test.beforeAll(async ({ browser: shared }) => {
    browser = shared;
  });

  test('shows the admin the master data tiles, and the contractor none', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInToProfile(page, DEMO.admin);
    expect(await menuLinks(page)).toContain('Master Data');
    await mainMenu(page).getByRole('link', { name: 'Master Data' }).click();
    await page.waitForURL(/\/en\/master-data$/);
    await page.getByRole('heading', { level: 1, name: 'Master Data' }).waitFor();
    const tiles = await tileTitles(page);
    // The pages of this issue and the administration's schedules and realtime processes, in the spec's order;
    // other tiles show as their pages are added.
    const spec = [
      'Instrument Management',
      'Construction Sites',
      'Excavation Activity',
      'Mined Tunnel Activity',
      'Instrument Icon',
      'System Settings',
      'Map Layers',
      'User Manual',
      'Risk Rating Settings',
      'Schedules',
      'Alert Templates',
      'Zone Management',
      'Realtime Monitor',
    ];
    expect(tiles).toEqual(expect.arrayContaining(['System Settings', 'Map Layers', 'User Manual', 'Risk Rating Settings', 'Schedules', 'Realtime Monitor']));
    expect(tiles).toEqual(spec.filter((title) => tiles.includes(title)));
    await shots(page, 'master-data-1366-landing');

    await page.getByRole('link', { name: /Risk Rating Settings/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Risk Rating Settings' }).waitFor();
    await page
      .getByRole('region', { name: 'Worked example' })
      .getByText(/^Score /)
      .waitFor();
    await shots(page, 'master-data-1366-risk-rating');
    await page.goto('/en/master-data/documentations');
    await page.getByRole('table', { name: 'User manual documents' }).waitFor();
    await shots(page, 'master-data-1366-documentations');
    await finishOnProfile(page);
    await context.close();

    const contractor = await newPage(browser, DESKTOP);
    await signInToProfile(contractor.page, DEMO.contractor);
    expect(await menuLinks(contractor.page)).not.toContain('Master Data');
    await contractor.page.goto('/en/master-data');
    // No master data task: the guard sends the contractor to the default page; no tile is shown.
    await contractor.page.waitForURL((url) => !url.pathname.startsWith('/en/master-data'));
    await expect(contractor.page.getByRole('list', { name: 'Master data pages' })).toHaveCount(0);
    await finishOnProfile(contractor.page);
    await contractor.context.close();
  });

  test('shows a saved system setting in a second tab without a reload', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInToProfile(page, DEMO.admin);
    await page.goto('/en/master-data/system-setting');
    const range = page.getByLabel('Maximum date range');
    await range.waitFor();
    const before = await range.inputValue();
    const next = String((Number(before) % 11) + 1);

    // The second tab: the same browser, signed in through the first; it shows the settings and stays put.
    const tab2 = await context.newPage();
    const live = liveAuthenticated(tab2);
    await tab2.goto('/en/master-data/system-setting');
    const range2 = tab2.getByLabel('Maximum date range');
    await range2.waitFor();
    await expect(range2).toHaveValue(before);
    await markDocument(tab2);
    const navigations: string[] = [];
    tab2.on('framenavigated', (frame) => frame === tab2.mainFrame() && navigations.push(frame.url()));
    // Its live connection is open before anything changes.
    await live;

    await range.fill(next);
    await page.getByText(new RegExp(`^Maximum date range: ${next} months?$`)).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('System settings saved (1 setting changed)').waitFor();
    await shots(page, 'master-data-1366-system-settings');

    await expect.poll(() => range2.inputValue(), { timeout: 15_000 }).toBe(next);
    expect(await stillSameDocument(tab2)).toBe(true);
    expect(navigations).toEqual([]);
    expect(new URL(tab2.url()).pathname).toBe('/en/master-data/system-setting');

    // Put it back.
    await range.fill(before);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('System settings saved (1 setting changed)').waitFor();
    await expect.poll(() => range2.inputValue(), { timeout: 15_000 }).toBe(before);
    await tab2.close();
    await finishOnProfile(page);
    await context.close();
  });

  test('adds a map layer and sees it listed, then deletes it; the pages work on a phone', async () => {
    const name = `Survey grid ${RUN}`;
    const { context, page } = await newPage(browser, DESKTOP);
    await signInToProfile(page, DEMO.admin);
    await page.goto('/en/master-data/map-layers');
    await page.getByRole('list', { name: 'Base maps' }).getByRole('listitem').first().waitFor();
    await page.getByRole('button', { name: 'Add Map Layer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Map Layer' });
    await dialog.getByLabel(/^Name/).fill(name);
    await dialog.getByLabel(/^Address/).fill('https://tiles.example.org/grid/{z}/{x}/{y}.png');
    await dialog.getByLabel('Attribution').fill('Survey section');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Map layer ${name} added`).waitFor();
    const overlays = page.getByRole('list', { name: 'Overlays' });
    await overlays.getByRole('listitem', { name }).waitFor();
    await shots(page, 'master-data-1366-map-layers');
    await finishOnProfile(page);
    await context.close();

    const phone = await newPage(browser, PHONE);
    await signInToProfile(phone.page, DEMO.admin);
    await phone.page.goto('/en/master-data');
    await tileTitles(phone.page);
    await shots(phone.page, 'master-data-390-landing');
    await phone.page.goto('/en/master-data/system-setting');
    await phone.page.getByLabel('Maximum date range').waitFor();
    await shots(phone.page, 'master-data-390-system-settings');
    await phone.page.goto('/en/master-data/risk-rating');
    await phone.page
      .getByRole('region', { name: 'Worked example' })
      .getByText(/^Score /)
      .waitFor();
    await shots(phone.page, 'master-data-390-risk-rating');
    await phone.page.goto('/en/master-data/map-layers');
    const phoneOverlays = phone.page.getByRole('list', { name: 'Overlays' });
    await phoneOverlays.getByRole('listitem', { name }).waitFor();
    await shots(phone.page, 'master-data-390-map-layers');
    // No page is wider than the phone.
    await expectNoSideScroll(phone.page);

    await phone.page.getByRole('button', { name: `Delete ${name}` }).click();
    await phone.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await phone.page.getByText(`Map layer ${name} deleted`).waitFor();
    await expect(phoneOverlays.getByRole('listitem', { name })).toHaveCount(0);
    await finishOnProfile(phone.page);
    await phone.context.close();
  });
});
