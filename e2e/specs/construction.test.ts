import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiCall, apiSignIn } from '../support/api.js';
import { choose, DEMO, DESKTOP, expectNoSideScroll, finishOnProfile, newPage, PHONE, RUN, shots, signInAndOpen } from '../support/browser.js';
import { reportOnFailure } from '../support/diagnostics.js';

/**
 * Construction activity as people use it (issue 19, decision 038): the contractor's daily MC excavation sheet uploaded
 * and approved moves the site's progress and its chart; a tunnel shift report moves the drive's face; a progress
 * drawing uploaded for a date lies on the tunnel's map from that date on; the delete buttons and the delete API are
 * only for holders of the delete task.
 */

/** A date in the platform's time zone (the demo's: Singapore), `days` from today, as YYYY-MM-DD. */
function singaporeDate(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(new Date(Date.now() + days * 86_400_000));
}

/** DD/MM/YYYY, as the screens show a date. */
const shown = (iso: string) => iso.split('-').reverse().join('/');

/** Uploads `csv` on `/en/upload/{type}` into `contract`, waits for its check, approves it, and waits for its rows. */
async function uploadAndApprove(page: Page, type: 'excavation' | 'tunnel', contract: string, name: string, csv: string, rows: number): Promise<void> {
  await page.goto(`/en/upload/${type}`);
  await page.getByRole('main').getByRole('button', { name: 'Upload', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: type === 'excavation' ? 'Upload MC Excavation Activity' : 'Upload Mined Tunnel Activity' });
  await choose(page, 'Contract', contract, dialog);
  await page.getByTestId('construction-file-input').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await dialog.getByText(name).waitFor();
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.waitForURL((url) => url.searchParams.has('upload'));
  await page.getByText('The file is checked. Approve it to write its valid rows (rows with findings are left out), or reject it.').waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await page.getByRole('dialog', { name: 'Approve Upload' }).getByRole('button', { name: 'Approve' }).click();
  await page.getByText(rows === 1 ? '1 row written.' : `${rows} rows written.`).waitFor({ timeout: 60_000 });
}

/** Opens a site of `contract` from the work-space list of its type. */
async function openSite(page: Page, type: 'excavation' | 'tunnel', contract: string, site: string): Promise<void> {
  await page.goto(`/en/dashboard/search/${type}/list`);
  await page.getByRole('combobox', { name: 'Contract' }).click();
  await page.getByRole('option', { name: new RegExp(`^${contract} — `) }).click();
  await page.getByRole('main').getByText(site, { exact: true }).click();
  await page.waitForURL((url) => new RegExp(`/en/dashboard/search/${type}/\\d+$`).test(url.pathname));
  await page.getByRole('heading', { name: `${contract} / ${site}` }).waitFor();
}

reportOnFailure();

test.describe('construction activity, as a person', () => {
  let browser: Browser;
  test.beforeAll(async ({ browser: shared }) => {
    browser = shared;
  });

  test('an approved MC excavation sheet moves the site to its new level, in the progress, the table and the chart', async () => {
    test.setTimeout(180_000);
    const { context, page } = await newPage(browser, DESKTOP);
    const today = singaporeDate();
    const yesterday = singaporeDate(-1);
    // Bayshore Station Box (C303, one zone) is above 89 mRL in the demo; formation level 87.00.
    const csv = [
      'site,record,date,time,zone,stage,level_mrl,label,remarks',
      `Bayshore Station Box,level,${today},,,3,88.8,,e2e ${RUN}`,
      `Bayshore Station Box,strut,${yesterday},08:00,,3,89.1,W3-E2E-${RUN},e2e`,
    ].join('\n');
    await signInAndOpen(page, '/en/upload/excavation');
    await uploadAndApprove(page, 'excavation', 'C303', `bayshore-${RUN}.csv`, csv, 2);

    await openSite(page, 'excavation', 'C303', 'Bayshore Station Box');
    await expect(page.getByRole('main')).toContainText('88.80 / 87.00 mRL');
    await expect(page.getByRole('main')).toContainText(`as of ${shown(today)}`);
    // The levels table has today's row, newest first; the struts list has the new one.
    await expect(page.getByRole('table', { name: 'Levels reached' }).locator('tbody tr').first()).toContainText(shown(today));
    await expect(page.getByRole('table', { name: 'Levels reached' }).locator('tbody tr').first()).toContainText('88.80');
    await expect(page.getByRole('main').getByText(`W3-E2E-${RUN}`).first()).toBeVisible();
    // The progress chart ends on today (a level reached on a date is plotted at that date's start in Singapore).
    const chart = page.getByRole('img', { name: 'Excavated level over time at Bayshore Station Box' });
    await expect.poll(() => chart.getAttribute('data-last-x')).toBe(new Date(`${today}T00:00:00+08:00`).toISOString());
    await shots(page, 'construction-excavation');
    await finishOnProfile(page);
    await context.close();
  });

  test('an approved shift report moves the mined tunnel’s top heading, on its page and at its date', async () => {
    test.setTimeout(180_000);
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAndOpen(page, '/en/dashboard/search/tunnel/list');
    await openSite(page, 'tunnel', 'T302', 'Gardens NATM Adit');
    const faces = page.getByRole('main');
    const before = Number(/Top heading: Ch ([\d.]+) m/.exec((await faces.textContent()) ?? '')?.[1]);
    expect(before).toBeGreaterThan(1200);
    const after = Math.round((before + 2.5) * 10) / 10;
    // Tonight's shift: the latest of the day whatever the demo seeded (a stored row of the same key is replaced).
    const csv = [
      'drive,record,date,shift,face_part,chainage,rock_bolts,shotcrete_mm,lattice_girders,geology_class,remarks',
      `Gardens NATM Adit,shift,${singaporeDate()},night,top_heading,${after},8,200,2,III,e2e ${RUN}`,
    ].join('\n');
    await uploadAndApprove(page, 'tunnel', 'T302', `adit-${RUN}.csv`, csv, 1);

    await openSite(page, 'tunnel', 'T302', 'Gardens NATM Adit');
    await expect(page.getByRole('main')).toContainText(`Top heading: Ch ${after.toFixed(1)} m`);
    await expect(page.getByRole('main')).toContainText(`Ch ${after.toFixed(1)} / `);
    await shots(page, 'construction-tunnel');

    // On a phone the page stacks and does not scroll sideways.
    await page.setViewportSize(PHONE);
    await expectNoSideScroll(page);
    await finishOnProfile(page);
    await context.close();
  });

  test('a progress drawing uploaded for a date lies on the tunnel’s map from that date on, and not before', async () => {
    test.setTimeout(180_000);
    const { context, page } = await newPage(browser, DESKTOP);
    const today = singaporeDate();
    await signInAndOpen(page, '/en/dashboard/search/tunnel/list');
    await openSite(page, 'tunnel', 'T302', 'Gardens NATM Adit');
    // The demo's drawing of two weeks ago is on the map already.
    const onMap = page.getByTestId('progress-drawing');
    const status = onMap.getByRole('status');
    await expect(status).toContainText(`Drawing of ${shown(singaporeDate(-14))}`);
    await expect(onMap).toHaveAttribute('data-image', 'loaded', { timeout: 30_000 });
    const demoDrawing = await onMap.getAttribute('data-drawing-id');

    // Today's drawing, a PNG drawn in the browser, placed where the dialog proposes (the drive with a margin).
    const name = `adit-face-${RUN}.png`;
    const png = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 480;
      canvas.height = 320;
      const g = canvas.getContext('2d')!;
      g.fillStyle = '#fffde7';
      g.fillRect(0, 0, 480, 320);
      g.strokeStyle = '#c62828';
      g.lineWidth = 12;
      g.beginPath();
      g.moveTo(40, 280);
      g.lineTo(300, 120);
      g.stroke();
      g.fillStyle = '#212121';
      g.font = '20px sans-serif';
      g.fillText('Face survey', 20, 30);
      return canvas.toDataURL('image/png').split(',')[1]!;
    });
    await page.getByRole('button', { name: 'Upload progress drawing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Drawing: Gardens NATM Adit' });
    await page.getByTestId('upload-input').setInputFiles({ name, mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
    await dialog.getByText(name).waitFor();
    await expect(dialog.getByRole('group', { name: /Drawing date/ }).locator('input')).toHaveValue(shown(today));
    await expect(dialog.getByRole('textbox', { name: 'Lower-left Easting' })).toHaveValue(/^\d+$/);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText(`Drawing ${name} uploaded`).waitFor();
    await expect(page.getByTestId('progress-drawing-row').filter({ hasText: name })).toContainText(`Drawing of ${shown(today)} · on the map`);

    // On the map: today's drawing, its image loaded.
    await expect(status).toHaveText(`Drawing of ${shown(today)} (${name})`);
    await expect(onMap).toHaveAttribute('data-layer', 'on');
    await expect(onMap).toHaveAttribute('data-image', 'loaded', { timeout: 30_000 });
    const uploaded = await onMap.getAttribute('data-drawing-id');
    expect(uploaded).not.toBe(demoDrawing);
    await shots(page, 'construction-progress-drawing');

    // The slider a day back: today's drawing goes, the demo's of two weeks ago is drawn again.
    const slider = page.getByRole('slider', { name: 'Show the drive at the end of a date' });
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('tunnel-date')).toHaveText(`At the end of ${shown(singaporeDate(-1))}`);
    await expect(onMap).toHaveAttribute('data-drawing-id', demoDrawing!);
    await expect(status).not.toContainText(name);
    // Before the first drawing: none on the map.
    await page.keyboard.press('Home');
    await expect(status).toHaveText('No progress drawing placed by this date');
    await expect(onMap).not.toHaveAttribute('data-layer');
    await expect(onMap).not.toHaveAttribute('data-drawing-id');

    // Back to today, and "Show progress drawing" off takes it off the map.
    await slider.focus();
    await page.keyboard.press('End');
    await expect(onMap).toHaveAttribute('data-drawing-id', uploaded!);
    await expect(onMap).toHaveAttribute('data-layer', 'on');
    await onMap.getByRole('switch', { name: 'Show progress drawing' }).uncheck();
    await expect(onMap).not.toHaveAttribute('data-layer');
    await finishOnProfile(page);
    await context.close();
  });

  test('a settlement marker inside an excavation draws the QP(D) prediction of the site’s current stage beside its readings', async () => {
    test.setTimeout(120_000);
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAndOpen(page, '/en/dashboard/search/excavation/list');
    await openSite(page, 'excavation', 'T301', 'Marina South Station Box');
    const nearby = page.getByRole('table', { name: 'Instruments in or near the site' });
    await nearby
      .getByRole('button', { name: /^SM-T301-/ })
      .first()
      .click();
    await page.waitForURL((url) => /\/en\/dashboard\/search\/instrument\/\d+$/.test(url.pathname));
    // The time series: measured points and one dashed predicted line, named in the chart's description.
    const chart = page.locator('[data-predicted-lines]').first();
    await expect(chart).toHaveAttribute('data-predicted-lines', /^[1-9]/, { timeout: 30_000 });
    await expect.poll(async () => Number(await chart.locator('[role="img"][data-points]').first().getAttribute('data-points'))).toBeGreaterThan(0);
    await expect(chart.locator('[role="img"]').first()).toHaveAccessibleDescription(/Predicted \(QP\(D\)\) · Marina South Station Box stage \d+: -?[\d.]+ mm/);
    await chart.scrollIntoViewIfNeeded();
    await shots(page, 'construction-predicted');
    await finishOnProfile(page);
    await context.close();
  });

  test('without the delete task, a contractor sees no delete buttons and the API refuses the delete', async () => {
    test.setTimeout(120_000);
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAndOpen(page, '/en/dashboard/search/excavation/list', DEMO.contractor);
    await openSite(page, 'excavation', 'T301', 'Marina South Station Box');
    const levels = page.getByRole('table', { name: 'Levels reached' });
    await expect(levels.locator('tbody tr').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);

    // The API says the same: 403 for the contractor, though the row is in one of their contracts.
    const session = await apiSignIn(DEMO.contractor.login, DEMO.contractor.password);
    const sites = await apiCall<{ records: { site_id: number; site_name: string }[] }>(session, 'GET', '/civil/progress?type=E');
    const site = sites.records.find((s) => s.site_name === 'Marina South Station Box');
    expect(site).toBeDefined();
    const progress = await apiCall<{ levels: { progress_id: number }[] }>(session, 'GET', `/civil/sites/${site!.site_id}/excavation-progress`);
    const row = progress.levels.at(-1)!;
    const res = await fetch(`${session.base}/api/v1/civil/sites/${site!.site_id}/excavation-progress/${row.progress_id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${session.token}`, 'x-csrf-token': session.csrf },
    });
    expect(res.status).toBe(403);
    const still = await apiCall<{ levels: { progress_id: number }[] }>(session, 'GET', `/civil/sites/${site!.site_id}/excavation-progress`);
    expect(still.levels.map((l) => l.progress_id)).toContain(row.progress_id);
    await finishOnProfile(page);
    await context.close();
  });
});
