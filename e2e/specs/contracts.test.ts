import { expect, test, type Browser } from '@playwright/test';
import { DEMO, DESKTOP, expectNoSideScroll, finishOnProfile, newPage, PHONE, RUN, shots, signInToProfile, tableRows } from '../support/browser.js';
import { reportOnFailure } from '../support/diagnostics.js';

const CONTRACT = { no: `E2E-${RUN}`.toUpperCase(), title: `Boundary walk ${RUN}` };

reportOnFailure();

test.describe('contracts management, as a person', () => {
  let browser: Browser;
  test.beforeAll(async ({ browser: shared }) => {
    browser = shared;
  });

  test('creates a contract, draws its boundary with the mouse, saves it, sees it after a reload, and assigns a user', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInToProfile(page);

    // The landing is in the menu under ADMINISTRATIVE, with both tiles for the administrator.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Contracts', exact: true }).click();
    await page.waitForURL(/\/en\/contracts$/);
    await page.getByRole('link', { name: /Contractors Management/ }).waitFor();
    await page.getByRole('link', { name: /Contracts Management/ }).click();
    await page.waitForURL(/\/en\/contracts\/management$/);
    await page.getByRole('table', { name: 'Contracts' }).locator('tbody tr').first().waitFor();
    await shots(page, 'contracts-1366-list');

    // Add Contract (the page's only action: a floating button).
    await page.getByRole('button', { name: 'Add Contract' }).click();
    await page.waitForURL(/\/en\/contracts\/management\/new$/);
    await page.getByLabel('Contract no.').fill(CONTRACT.no);
    await page.getByLabel('Title').fill(CONTRACT.title);
    await page.getByLabel('Description').fill('Cut-and-cover station box and its approach tunnels');
    await page.getByRole('checkbox', { name: 'Civil' }).check();
    await page.getByRole('checkbox', { name: 'IM' }).check();
    await page.getByLabel('Easting (SVY21)').fill('28001.642');
    await page.getByLabel('Northing (SVY21)').fill('38744.572');
    // The WGS84 position of the reference point is computed as it is typed (the SVY21 origin).
    await expect(page.getByLabel('Latitude (WGS84)')).toHaveValue('1.3666667');
    await expect(page.getByLabel('Longitude (WGS84)')).toHaveValue('103.8333333');
    await shots(page, 'contracts-1366-form');
    await page.getByRole('button', { name: 'Create Contract' }).click();
    await page.waitForURL(/\/en\/contracts\/management\/\d+$/);
    await page.getByText(`Contract ${CONTRACT.no} created`).waitFor();
    const contractUrl = page.url();

    // Boundary tab: draw four corners with the mouse, the last one double-clicked.
    await page.getByRole('tab', { name: 'Boundary' }).click();
    await page.waitForURL(/\/boundaries$/);
    const map = page.getByRole('application', { name: `Boundary map of contract ${CONTRACT.no}` });
    await map.waitFor();
    await page.getByText('This contract has no boundary yet.').waitFor();
    await page.getByRole('button', { name: 'Draw' }).click();
    const box = (await map.boundingBox())!;
    const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
    for (const [x, y] of [at(0.3, 0.3), at(0.7, 0.3), at(0.7, 0.7)]) {
      await page.mouse.move(x, y);
      await page.mouse.click(x, y);
    }
    const [lx, ly] = at(0.3, 0.7);
    await page.mouse.move(lx, ly);
    await page.mouse.dblclick(lx, ly);
    const drawn = await tableRows(page, 'Boundary vertices');
    expect(drawn).toHaveLength(4);
    // Each corner in SVY21 (metres, mm) and WGS84 (7 decimals), near the reference point the map was centred on.
    for (const [, e, n, lat, lon] of drawn) {
      expect(Math.abs(Number(e) - 28001.642)).toBeLessThan(2000);
      expect(Math.abs(Number(n) - 38744.572)).toBeLessThan(2000);
      expect(lat).toMatch(/^1\.3\d{6}$/);
      expect(lon).toMatch(/^103\.8\d{6}$/);
    }
    // The pointer position shows in both systems.
    await page.mouse.move(...at(0.5, 0.5));
    await expect.poll(() => page.getByTestId('pointer-position').innerText()).toMatch(/^Pointer: E \d+\.\d{3}, N \d+\.\d{3} · 1\.\d{7}, 103\.\d{7}$/);
    await page.getByText('The boundary has unsaved changes.').waitFor();
    await shots(page, 'contracts-1366-boundary');
    await page.getByRole('button', { name: 'Save Boundary' }).click();
    await page.getByText(`Boundary of ${CONTRACT.no} saved`).waitFor();

    // After a reload the saved boundary is there.
    await page.reload();
    expect(await tableRows(page, 'Boundary vertices')).toEqual(drawn);

    // Users tab: assign the demo authority user.
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.waitForURL(/\/users$/);
    await page.getByText('No users are assigned to this contract.').waitFor();
    await page.getByRole('button', { name: 'Assign User' }).click();
    const dialog = page.getByRole('dialog', { name: `Assign users to ${CONTRACT.no}` });
    await dialog.getByLabel('Search users').fill(DEMO.authority.login);
    await dialog.getByRole('checkbox', { name: `${DEMO.authority.fullname} (${DEMO.authority.login})` }).check();
    await dialog.getByText('1 user selected').waitFor();
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
    await page.getByText(`1 user assigned to contract ${CONTRACT.no}`).waitFor();
    const users = page.getByRole('table', { name: 'Assigned users' });
    await users.getByText(DEMO.authority.fullname).waitFor();
    await users.getByText(DEMO.authority.login, { exact: true }).waitFor();
    await shots(page, 'contracts-1366-users');

    // The list finds the new contract, with its boundary.
    await page.goto('/en/contracts/management');
    await page.getByRole('searchbox', { name: 'Search contracts' }).fill(CONTRACT.no);
    await page.keyboard.press('Enter');
    const row = page.getByRole('table', { name: 'Contracts' }).getByRole('row', { name: new RegExp(CONTRACT.no) });
    await row.waitFor();
    expect(await row.innerText()).toContain('Yes');
    expect(contractUrl).toMatch(/\/contracts\/management\/\d+$/);

    await finishOnProfile(page);
    await context.close();
  });

  test('works on a phone: the list, the form and the boundary tab at 390 px', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signInToProfile(page);
    await page.goto('/en/contracts/management');
    await page.getByRole('table', { name: 'Contracts' }).locator('tbody tr').first().waitFor();
    await shots(page, 'contracts-390-list');
    await expectNoSideScroll(page);

    await page.goto('/en/contracts/management/new');
    await page.getByLabel('Contract no.').waitFor();
    await shots(page, 'contracts-390-form');
    await expectNoSideScroll(page);

    // The contract made by the walk above, found by its number.
    await page.goto(`/en/contracts/management?q=${encodeURIComponent(CONTRACT.no)}`);
    await page.getByRole('link', { name: CONTRACT.no }).click();
    await page.getByRole('tab', { name: 'Boundary' }).click();
    await page.getByRole('application', { name: `Boundary map of contract ${CONTRACT.no}` }).waitFor();
    expect(await tableRows(page, 'Boundary vertices')).toHaveLength(4);
    await shots(page, 'contracts-390-boundary');
    await expectNoSideScroll(page);

    await finishOnProfile(page);
    await context.close();
  });
});
