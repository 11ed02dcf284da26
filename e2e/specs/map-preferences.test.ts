import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiCall, apiSignIn, type ApiSession } from '../support/api.js';
import { DEMO, DESKTOP, newPage, opaquePixels, RUN, shots, signInThroughUi } from '../support/browser.js';
import { reportOnFailure } from '../support/diagnostics.js';

const LIST = '/en/dashboard/search/instrument/list';
const PREFERENCE = '/en/account/preference';

interface Preferences {
  show_stations: boolean;
  layers: string[];
  [key: string]: unknown;
}

interface Config {
  map_layers: { layer_id: number; name: string; kind: string; visible: boolean }[];
  stations: { name: string }[];
}

/** Saving a preference: the page posts the whole object. */
function preferencesSaved(page: Page) {
  return page.waitForResponse((response) => response.url().endsWith('/api/v1/preferences') && response.request().method() === 'POST');
}

reportOnFailure();

test.describe('map preferences, as a person', () => {
  let browser: Browser;
  let contractor: ApiSession;
  let before: Preferences;

  test.beforeAll(async ({ browser: shared }) => {
    browser = shared;
    test.setTimeout(120_000); // hooks get more time than a test (sign-ins and demo data look-ups through the API)
    contractor = await apiSignIn(DEMO.contractor.login, DEMO.contractor.password);
    before = await apiCall<Preferences>(contractor, 'GET', '/preferences');
  });
  test.afterAll(async () => {
    // The other specs find the contractor's preferences as they were.
    if (contractor && before) await apiCall(contractor, 'POST', '/preferences', before);
  });

  test('turns stations on in the preferences and sees them on the work-space map; turns an overlay on from the map and finds it kept', async () => {
    const config = await apiCall<Config>(contractor, 'GET', '/config');
    expect(config.stations.length).toBeGreaterThan(0);
    const railways = config.map_layers.find((l) => l.kind === 'overlay' && !l.visible)!;
    expect(railways).toBeTruthy();

    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto(`/en/account/login?redirect=${encodeURIComponent(PREFERENCE)}`);
    await signInThroughUi(page, DEMO.contractor.login, DEMO.contractor.password);
    await page.waitForURL((url) => url.pathname === PREFERENCE);

    const stations = page.getByRole('switch', { name: 'Show stations' });
    await stations.waitFor();
    if (await stations.isChecked()) {
      const saved = preferencesSaved(page);
      await stations.click();
      await saved;
    }
    // Off: the work-space map draws no station and the legend lists none.
    await page.goto(LIST);
    await page.locator('.ws-instruments canvas').first().waitFor();
    await page.getByTestId('map-legend').waitFor();
    await expect(page.getByTestId('legend-stations')).toHaveCount(0);
    await expect(page.locator('.ws-stations canvas')).toHaveCount(0);

    await page.goto(PREFERENCE);
    await stations.waitFor();
    const saved = preferencesSaved(page);
    await stations.click();
    await saved;
    expect((await apiCall<Preferences>(contractor, 'GET', '/preferences')).show_stations).toBe(true);

    // On: the stations' layer holds their symbols and names, and the legend has a Stations entry with their count.
    await page.goto(LIST);
    await expect.poll(() => page.getByTestId('legend-stations').textContent(), { timeout: 20_000 }).toBe(`Stations${config.stations.length}`);
    await page.locator('.ws-stations canvas').first().waitFor();
    await expect.poll(() => opaquePixels(page, '.ws-stations'), { timeout: 20_000 }).toBeGreaterThan(20);
    await shots(page, 'map-preferences-stations-1366');

    // The map's Layers menu: the overlay the admin hides by default, turned on, is kept in the preferences' layers.
    await page.getByRole('button', { name: 'Map layers' }).click();
    const menu = page.getByRole('menu', { name: 'Map layers' });
    const item = menu.getByRole('menuitemcheckbox', { name: railways.name });
    await expect(item).toHaveAttribute('aria-checked', 'false');
    const kept = preferencesSaved(page);
    await item.click();
    await kept;
    await expect(item).toHaveAttribute('aria-checked', 'true');
    await shots(page, 'map-preferences-layers-menu-1366');
    expect((await apiCall<Preferences>(contractor, 'GET', '/preferences')).layers).toContain(`${railways.layer_id}:on`);

    await page.reload();
    await page.getByRole('button', { name: 'Map layers' }).click();
    await expect(page.getByRole('menu', { name: 'Map layers' }).getByRole('menuitemcheckbox', { name: railways.name })).toHaveAttribute('aria-checked', 'true');
    await context.close();
  });

  test('finds a construction site of the chosen contract in the location search', async () => {
    const contracts = await apiCall<{ records: { contract_id: number; no: string }[]; last_filtered: number[] }>(contractor, 'GET', '/contracts?limit=100');
    const contract = (contracts.records.find((c) => contracts.last_filtered.includes(c.contract_id)) ?? contracts.records[0])!;
    // A site of its own, outlined around one of the contract's instruments (300 m square), as the sites page saves it.
    const { records: instruments } = await apiCall<{ records: { easting: number | null; northing: number | null }[] }>(
      contractor,
      'GET',
      `/instruments?contracts=[${contract.contract_id}]&limit=100`,
    );
    const placed = instruments.find((i) => i.easting !== null && i.northing !== null);
    if (!placed) throw new Error(`no instrument with a position in contract ${contract.no}`);
    const [e, n] = [Math.round(placed.easting!), Math.round(placed.northing!)];
    const ring = [
      [e - 150, n - 150],
      [e + 150, n - 150],
      [e + 150, n + 150],
      [e - 150, n + 150],
      [e - 150, n - 150],
    ];
    const admin = await apiSignIn(DEMO.admin.login, DEMO.admin.password);
    const site = await apiCall<{ site_id: number; site_name: string; contract_no: string }>(admin, 'POST', '/master-data/sites', {
      site_name: `E2E Search Box ${RUN}`,
      contract_id: contract.contract_id,
      type: 'E',
      geometry: { type: 'Polygon', coordinates: [ring] },
    });

    const { context, page } = await newPage(browser, DESKTOP);
    const target = '/en/dashboard/search/location';
    await page.goto(`/en/account/login?redirect=${encodeURIComponent(target)}`);
    await signInThroughUi(page, DEMO.contractor.login, DEMO.contractor.password);
    await page.waitForURL((url) => url.pathname === target);
    // The map opens on its home view and writes its position into the URL.
    await expect.poll(() => new URL(page.url()).searchParams.get('pos'), { timeout: 20_000 }).not.toBeNull();
    const home = new URL(page.url()).searchParams.get('pos');
    const search = page.getByRole('searchbox', { name: 'Location' });
    await search.fill(site.site_name);
    await search.press('Enter');
    const results = page.getByRole('list', { name: 'Places found' });
    await expect(results.getByRole('button', { name: new RegExp(`^${site.site_name}\\s*Construction site · ${site.contract_no}$`) })).toBeVisible();
    // An exact name goes there at once: the map fits the site (centred on it, closer than its home view), and the URL follows.
    const position = () => JSON.parse(new URL(page.url()).searchParams.get('pos') ?? 'null') as { x: number; y: number; zoom: number } | null;
    await expect.poll(() => Math.hypot((position()?.x ?? 0) - e, (position()?.y ?? 0) - n), { timeout: 20_000 }).toBeLessThanOrEqual(2);
    expect(position()!.zoom).toBeGreaterThan((JSON.parse(home!) as { zoom: number }).zoom);
    await shots(page, 'map-preferences-site-search-1366');
    await context.close();
  });
});
