import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import {
  choose,
  DEMO,
  DESKTOP,
  expectNoSideScroll,
  finishOnProfile,
  newPage,
  PHONE,
  routeAction,
  RUN,
  shots,
  signInToProfile,
  tableRows,
} from '../support/browser.js';
import { reportOnFailure } from '../support/diagnostics.js';

const SITE = `E2E Station Box ${RUN}`;
const ZONE = `E2E Zone ${RUN}`;
const DRAWING = `e2e-plan-${RUN}.pdf`;
const CONTRACT = 'T301 — Tunnel T301 Marina South to Gardens';
/** T301's reference point (demo data): maps with nothing drawn open around it. */
const T301 = { easting: 30350.5, northing: 28620.2 };

/** Each corner lies near T301's reference point, in SVY21 metres (mm) and WGS84 (7 decimals). */
function expectNearT301(rows: string[][]): void {
  for (const [, e, n, lat, lon] of rows) {
    expect(Math.abs(Number(e) - T301.easting)).toBeLessThan(1000);
    expect(Math.abs(Number(n) - T301.northing)).toBeLessThan(1000);
    expect(e).toMatch(/^\d+\.\d{3}$/);
    expect(lat).toMatch(/^1\.2\d{6}$/);
    expect(lon).toMatch(/^103\.8\d{6}$/);
  }
}

/** A small but complete PDF: header, catalog, an empty page, cross-reference table and trailer. */
function minimalPdf(): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>'];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Draws a four-corner polygon on a map with the mouse: three clicks and a double-click. */
async function drawPolygon(page: Page, map: Locator): Promise<void> {
  await page.getByRole('button', { name: 'Draw' }).click();
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
  for (const [x, y] of [at(0.35, 0.3), at(0.65, 0.3), at(0.65, 0.7)]) {
    await page.mouse.move(x, y);
    await page.mouse.click(x, y);
  }
  const [lx, ly] = at(0.35, 0.7);
  await page.mouse.move(lx, ly);
  await page.mouse.dblclick(lx, ly);
}

reportOnFailure();

test.describe('construction sites and zones, as a person', () => {
  // In order, and retried together: the phone test opens the site the first test creates.
  test.describe.configure({ mode: 'serial' });
  let browser: Browser;
  let siteUrl = '';
  test.beforeAll(async ({ browser: shared }) => {
    browser = shared;
  });

  test('creates a construction site with an outline, uploads a PDF drawing and sees it listed', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInToProfile(page);

    await page.goto('/en/master-data/construction/site');
    const list = page.getByRole('table', { name: 'Construction sites' });
    // The demo data holds two excavation sites and a mined tunnel (each row links to its site).
    await list.getByRole('link').nth(2).waitFor();
    await shots(page, 'sites-1366-list');

    await routeAction(page, 'Add Site');
    await page.waitForURL(/\/en\/master-data\/construction\/site\/new$/);
    const form = page.getByRole('form', { name: 'New Construction Site' });
    await choose(page, /Contract/, CONTRACT, form);
    await choose(page, /^Type/, 'E · Excavation', form);
    await form.getByLabel('Site name').fill(SITE);
    await form.getByLabel('Description').fill('Cut-and-cover box, four levels of struts');
    await choose(page, 'Shape', 'Outline (polygon)', form);
    await drawPolygon(page, page.getByRole('application', { name: 'Site map' }));
    const outline = await tableRows(page, 'Site outline vertices');
    expect(outline).toHaveLength(4);
    expectNearT301(outline);
    await shots(page, 'sites-1366-new');
    await form.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/en\/master-data\/construction\/site\/\d+$/);
    await page.getByText(`Construction site ${SITE} created`).waitFor();
    siteUrl = new URL(page.url()).pathname;
    // The outline was saved with the site.
    expect(await tableRows(page, 'Site outline vertices')).toEqual(outline);

    // Upload Drawing: a small real PDF.
    await page.getByRole('button', { name: 'Upload Drawing' }).first().click();
    const dialog = page.getByRole('dialog', { name: `Upload Drawing: ${SITE}` });
    await dialog.getByText(/A PDF, PNG, JPEG or DXF file, at most/).waitFor();
    await dialog.getByTestId('upload-input').setInputFiles({ name: DRAWING, mimeType: 'application/pdf', buffer: minimalPdf() });
    // A PDF is a document: it cannot be placed on the map.
    await dialog.getByText(/^Only PNG and JPEG drawings can be shown on the map/).waitFor();
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText(`Drawing ${DRAWING} uploaded`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const drawings = page.getByRole('table', { name: `Drawings of ${SITE}` });
    await drawings.getByText(DRAWING).waitFor();
    await drawings.getByText('Alicia Tan').waitFor();
    await shots(page, 'sites-1366-site');

    // The drawing downloads as the same PDF.
    const download = page.waitForEvent('download');
    await drawings.getByRole('button', { name: `Download ${DRAWING}` }).click();
    expect((await download).suggestedFilename()).toBe(DRAWING);

    // The upload history lists it too. Searched by the file's own name: other specs of the run upload drawings whose
    // names hold the same run id (the construction spec's tunnel drawing), and they are listed here as well.
    await page.goto('/en/master-data/construction/site/uploads');
    await page.getByLabel('File or site name').fill(DRAWING);
    await page.getByLabel('File or site name').press('Enter');
    const history = page.getByRole('table', { name: 'Drawing upload history' });
    await history.getByText(DRAWING).waitFor();
    await expect(history.locator('tbody tr')).toHaveCount(1);
    await history.getByRole('link', { name: SITE }).waitFor();
    await shots(page, 'sites-1366-uploads');

    // Its stages and design values live on Excavation Activity.
    await page.goto(`/en/master-data/excavations?site=${siteUrl.split('/').pop()}`);
    const activity = page.getByRole('form', { name: `Stages and design values of ${SITE}` });
    await activity.getByRole('button', { name: 'Add stage' }).click();
    await activity.getByLabel('Stage name').fill('Excavate to 98 mRL');
    await activity.getByLabel('Formation level (mRL)').fill('98');
    await activity.getByRole('button', { name: 'Add design value' }).click();
    await activity.getByLabel(/^Name/).fill('max_wall_deflection_mm');
    await activity.getByLabel(/^Value/).fill('45');
    await activity.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Stages and design values of ${SITE} saved`).waitFor();
    await page.reload();
    expect(
      await page
        .getByRole('form', { name: `Stages and design values of ${SITE}` })
        .getByLabel('Stage name')
        .inputValue(),
    ).toBe('Excavate to 98 mRL');
    await shots(page, 'sites-1366-excavations');

    await finishOnProfile(page);
    await context.close();
  });

  test('creates a zone with a polygon drawn on the map and finds it in the zones list', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInToProfile(page);
    await page.goto('/en/master-data/zones');
    await page.getByRole('table', { name: 'Zones' }).getByRole('link').first().waitFor();

    await page.getByRole('button', { name: 'Add Zone' }).click();
    await page.waitForURL(/\/en\/master-data\/zones\/new$/);
    const form = page.getByRole('form', { name: 'New Zone' });
    await form.getByLabel(/^Name/).fill(ZONE);
    await choose(page, /Contract/, CONTRACT, form);
    await form.getByRole('switch', { name: 'Use this zone in reports' }).check();
    await drawPolygon(page, page.getByRole('application', { name: 'Zone map' }));
    const drawn = await tableRows(page, 'Zone vertices');
    expect(drawn).toHaveLength(4);
    expectNearT301(drawn);
    await shots(page, 'zones-1366-new');
    await form.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/en\/master-data\/zones\/\d+$/);
    await page.getByText(`Zone ${ZONE} created`).waitFor();
    const zoneUrl = new URL(page.url()).pathname;

    // After a reload the polygon is there.
    await page.reload();
    expect(await tableRows(page, 'Zone vertices')).toEqual(drawn);

    await page.goto('/en/master-data/zones');
    await page.getByLabel('Search zones').fill(ZONE);
    await page.getByLabel('Search zones').press('Enter');
    const zones = page.getByRole('table', { name: 'Zones' });
    const row = zones.locator('tbody tr', { hasText: ZONE });
    await row.waitFor();
    await expect(zones.locator('tbody tr')).toHaveCount(1);
    await row.getByText('T301').waitFor();
    await row.getByText('Report zone').waitFor();
    await shots(page, 'zones-1366-list');
    await row.getByRole('link', { name: ZONE }).click();
    await page.waitForURL((url) => url.pathname === zoneUrl);

    await finishOnProfile(page);
    await context.close();
  });

  test('fits a phone: the site, the activity page and the zones list at 390 px', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signInToProfile(page);

    await page.goto('/en/master-data/construction/site');
    await page.getByRole('table', { name: 'Construction sites' }).getByRole('link').first().waitFor();
    await expectNoSideScroll(page);
    await shots(page, 'sites-390-list');

    await page.goto(siteUrl || '/en/master-data/construction/site/1');
    await page
      .getByRole('table', { name: /^Drawings of / })
      .getByRole('button', { name: /^Download / })
      .first()
      .waitFor();
    await expectNoSideScroll(page);
    await shots(page, 'sites-390-site');

    await page.goto('/en/master-data/excavations');
    await page.getByRole('form', { name: /^Stages and design values of / }).waitFor();
    await expectNoSideScroll(page);
    await shots(page, 'sites-390-excavations');

    await page.goto('/en/master-data/zones');
    await page.getByRole('table', { name: 'Zones' }).getByRole('link').first().waitFor();
    await expectNoSideScroll(page);
    await shots(page, 'zones-390-list');

    await page.goto('/en/master-data/zones/new');
    await page.getByRole('application', { name: 'Zone map' }).waitFor();
    await expectNoSideScroll(page);
    await shots(page, 'zones-390-new');

    await finishOnProfile(page);
    await context.close();
  });

  test('keeps a contractor engineer (no site or zone task) out of these pages', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInToProfile(page, DEMO.contractor);
    for (const path of ['/en/master-data/construction/site', '/en/master-data/excavations', '/en/master-data/zones']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname !== path);
      await expect(page.getByRole('table', { name: /^(Construction sites|Zones)$/ })).toHaveCount(0);
    }
    await finishOnProfile(page);
    await context.close();
  });
});
