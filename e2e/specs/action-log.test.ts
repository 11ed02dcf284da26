import { expect, test, type Browser, type Page } from '@playwright/test';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { apiCall, apiSignIn, type ApiSession } from '../support/api.js';
import { DEMO, DESKTOP, newPage, PHONE, RUN, screenshot, signInAndOpen } from '../support/browser.js';
import { reportOnFailure } from '../support/diagnostics.js';

/** Screenshots are kept with the run's artifacts and, for a look by hand, in /tmp. */
const LOOK = process.env.E2E_SHOTS_DIR ?? '/tmp/strata-ac-shots';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  let c = 0xffffffff;
  for (const byte of body) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE((c ^ 0xffffffff) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A real PNG (RGB) of `width` × `height` in two-colour stripes: the photo of the follow-up. */
function stripedPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const start = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) rows.set(Math.floor((x + y) / 20) % 2 === 0 ? [219, 23, 13] : [250, 250, 250], start + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function shots(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  mkdirSync(LOOK, { recursive: true });
  await page.screenshot({ path: path.join(LOOK, `${name}.png`), fullPage: true });
}

/** What `probe` answers once it answers something (the server works in the background), polled. */
async function until<T>(what: string, probe: () => Promise<T | undefined>, timeout = 60_000): Promise<T> {
  let found: T | undefined;
  await expect.poll(async () => (found = await probe()) !== undefined, { timeout, message: `waiting for ${what}` }).toBe(true);
  return found!;
}

interface Breach {
  instrumentId: number;
  name: string;
  alertId: number;
  message: string;
}

/**
 * A demo instrument of the admin's first active contract crosses its WSL: a readings file with one value past the
 * WSL upper threshold is uploaded and approved through the API, and the engine's WSL alert is awaited.
 */
async function breachWsl(session: ApiSession): Promise<Breach> {
  const contracts = await apiCall<{ records: { contract_id: number }[]; last_filtered: number[] }>(session, 'GET', '/contracts?limit=100');
  const contractId = (contracts.records.find((c) => contracts.last_filtered.includes(c.contract_id)) ?? contracts.records[0])!.contract_id;
  const list = await apiCall<{ records: { instrument_id: number; name: string; status: string; type_code: string }[] }>(
    session,
    'GET',
    `/instruments?contracts=[${contractId}]&limit=1000`,
  );
  let target: { id: number; name: string; code: string; value: number } | undefined;
  for (const i of list.records.filter((r) => r.status === 'active' && r.type_code !== 'INC')) {
    const t = await apiCall<{ thresholds: { reading_code: string; level_code: string; upper: number | null }[] }>(
      session,
      'GET',
      `/instruments/${i.instrument_id}/thresholds`,
    );
    const wsl = t.thresholds.find((x) => x.level_code === 'WSL' && x.upper !== null);
    if (!wsl) continue;
    const open = await apiCall<{ total_records: number }>(session, 'GET', `/alerts?instrument_id=${i.instrument_id}&kind=breached&level=WSL&status=open`);
    if (open.total_records > 0) continue;
    target = { id: i.instrument_id, name: i.name, code: wsl.reading_code, value: Math.round((wsl.upper! + 5) * 100) / 100 };
    break;
  }
  if (!target) throw new Error('no demo instrument with a WSL upper threshold and no open WSL alert');
  const when = new Date(Date.now() - 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const csv = ['instrument,date_time,reading_code,value', `${target.name},${when},${target.code},${target.value}`, ''].join('\n');
  const form = new FormData();
  form.append('files', new Blob([csv], { type: 'text/csv' }), `wsl-${RUN}.csv`);
  const res = await fetch(`${session.base}/api/v1/uploads/instrument?force=true`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'x-csrf-token': session.csrf },
    body: form,
  });
  if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
  const { upload_id: uploadId } = (await res.json()) as { upload_id: number };
  await until('the upload to validate', async () => {
    const u = await apiCall<{ status: string }>(session, 'GET', `/uploads/${uploadId}`);
    if (u.status === 'invalid' || u.status === 'failed') throw new Error(`upload ${u.status}`);
    return u.status === 'validated' ? true : undefined;
  });
  await apiCall(session, 'POST', `/uploads/${uploadId}/approve`, {});
  await until('the upload to load', async () =>
    (await apiCall<{ status: string }>(session, 'GET', `/uploads/${uploadId}`)).status === 'done' ? true : undefined,
  );
  const alert = await until('the WSL alert', async () => {
    const l = await apiCall<{ records: { alert_id: number; message: string }[] }>(
      session,
      'GET',
      `/alerts?instrument_id=${target!.id}&kind=breached&level=WSL&status=open`,
    );
    return l.records[0];
  });
  return { instrumentId: target.id, name: target.name, alertId: alert.alert_id, message: alert.message };
}

reportOnFailure();

test.describe('the Log of Actions Taken, as a person', () => {
  // In order, and retried together: the later tests look at the case the first one opens.
  test.describe.configure({ mode: 'serial' });
  let browser: Browser;
  let admin: ApiSession;
  let breach: Breach;
  let casePath = '';
  const followUp = `Inspected ${RUN}: hoarding crack, marker re-surveyed.`;
  const photo = `crack-${RUN}.png`;

  test.beforeAll(async ({ browser: shared }) => {
    browser = shared;
    test.setTimeout(180_000); // breaching an instrument goes through an upload and the alert checks
    admin = await apiSignIn(DEMO.admin.login, DEMO.admin.password);
    breach = await breachWsl(admin);
  });

  test('opens a case for a WSL alert, adds a follow-up with a photo, closes it, and downloads its PDF', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAndOpen(page, '/en/alert');

    // The View Data Alerts landing leads to the log.
    await page.getByRole('link', { name: /Logs of Action Taken/ }).click();
    await page.waitForURL((url) => url.pathname === '/en/alert/action/breached');
    await page.getByRole('tab', { name: /Breached Instrument/, selected: true }).waitFor();
    await page.getByRole('table', { name: 'Breached instrument cases' }).waitFor();
    await shots(page, 'action-log-list-1366');

    // Open case: the alert is among the open ones of the tab.
    await page.getByRole('button', { name: 'Open case' }).click();
    const pick = page.getByRole('dialog', { name: 'Open a case for an alert' });
    await pick.getByRole('searchbox', { name: 'Search open alerts' }).fill(breach.name);
    await pick.getByRole('searchbox', { name: 'Search open alerts' }).press('Enter');
    const choice = pick.getByRole('button', { name: new RegExp(breach.message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    await choice.waitFor({ timeout: 15_000 });
    await shots(page, 'action-log-pick-1366');
    await choice.click();
    await page.waitForURL((url) => url.pathname === '/en/alert/action/new' && url.search === `?alert_id=${breach.alertId}`);
    const opening = page.getByRole('region', { name: 'Open a case for an alert' });
    await opening.getByRole('link', { name: breach.message }).waitFor();
    await shots(page, 'action-log-new-1366');
    await opening.getByRole('button', { name: 'Open case' }).click();
    await page.waitForURL((url) => /^\/en\/alert\/action-detail\/\d+$/.test(url.pathname));
    casePath = new URL(page.url()).pathname;
    const summary = page.getByRole('region', { name: new RegExp(`^Case #\\d+: `) });
    await summary.getByText('Open', { exact: true }).first().waitFor();
    await page.getByRole('region', { name: 'Alert' }).getByText(breach.message).waitFor();

    // A follow-up with a photo sent through the shared upload dialog.
    const form = page.getByRole('form', { name: 'Add a follow-up' });
    await form.getByRole('textbox', { name: 'What was done' }).fill(followUp);
    await form.getByRole('button', { name: 'Attach photos' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload photo' });
    await page.getByTestId('attachment-file-input').setInputFiles({ name: photo, mimeType: 'image/png', buffer: stripedPng(480, 320) });
    await upload.getByText(photo).waitFor();
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await upload.waitFor({ state: 'hidden', timeout: 15_000 });
    await form.getByRole('list', { name: 'Files of this follow-up' }).getByText(photo).waitFor();
    await shots(page, 'action-log-follow-up-form-1366');
    await form.getByRole('button', { name: 'Add follow-up' }).click();
    await page.getByText('Follow-up added.').waitFor();
    const timeline = page.getByRole('list', { name: 'Follow-ups' });
    await timeline.getByText(followUp).waitFor();
    const thumb = timeline.getByRole('img', { name: photo });
    await thumb.waitFor();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
    await shots(page, 'action-log-case-1366');

    // Close with a reason: the case and its alert close.
    await summary.getByRole('button', { name: 'Close case' }).click();
    const close = page.getByRole('dialog', { name: 'Close case' });
    await close.getByRole('textbox', { name: 'Reason' }).fill('Marker reinstated; readings back below AL.');
    await expect(close.getByRole('checkbox', { name: `Also close alert #${breach.alertId}` })).toBeChecked();
    await shots(page, 'action-log-close-1366');
    await close.getByRole('button', { name: 'Close case' }).click();
    await page.getByText('Case closed.').waitFor();
    await close.waitFor({ state: 'hidden' });
    await summary.getByText('Closed', { exact: true }).first().waitFor();
    await summary.getByText('Marker reinstated; readings back below AL.').waitFor();
    await expect(page.getByRole('form', { name: 'Add a follow-up' })).toHaveCount(0);
    const alert = await apiCall<{ alert: { status: string } }>(admin, 'GET', `/alerts/${breach.alertId}`);
    expect(alert.alert.status).toBe('closed');
    await shots(page, 'action-log-closed-1366');

    // The PDF: a real download of a real PDF.
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), summary.getByRole('button', { name: 'Download PDF' }).click()]);
    const caseId = casePath.split('/').at(-1)!;
    expect(download.suggestedFilename()).toBe(`case-${caseId}.pdf`);
    const file = await download.path();
    const pdf = readFileSync(file);
    copyFileSync(file, path.join(LOOK, `case-${caseId}.pdf`));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain(`(Case ${caseId}: `);
    await context.close();
  });

  test('shows the case, the log and the log across cases at phone width', async () => {
    expect(casePath).not.toBe('');
    const { context, page } = await newPage(browser, PHONE);
    await signInAndOpen(page, `${casePath}`);
    await page.getByRole('list', { name: 'Follow-ups' }).getByText(followUp).waitFor();
    await shots(page, 'action-log-case-390');
    await page.goto('/en/alert/action/breached?status=closed');
    await page
      .getByRole('table', { name: 'Breached instrument cases' })
      .getByText(`#${casePath.split('/').at(-1)}`)
      .waitFor();
    await shots(page, 'action-log-list-390');
    await page.goto('/en/alerts/investigation');
    await page
      .getByRole('table', { name: 'Cases of every category' })
      .getByText(`#${casePath.split('/').at(-1)}`)
      .waitFor();
    await shots(page, 'action-log-investigation-390');
    await context.close();
  });

  test('shows the log across every case at desktop width', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAndOpen(page, '/en/alerts/investigation');
    await page
      .getByRole('table', { name: 'Cases of every category' })
      .getByText(`#${casePath.split('/').at(-1)}`)
      .waitFor();
    await shots(page, 'action-log-investigation-1366');
    await context.close();
  });
});
