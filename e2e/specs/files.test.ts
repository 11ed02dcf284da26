import { expect, test, type Browser, type Page } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { apiCall, apiSignIn, type ApiSession } from '../support/api.js';
import { DEMO, DESKTOP, expectNoSideScroll, newPage, PHONE, RUN, shots, signInAndOpen } from '../support/browser.js';
import { reportOnFailure } from '../support/diagnostics.js';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG (RGB, 8 bit) of `width` × `height`: diagonal stripes of two colours, so the viewer shows a picture. */
function stripedPng(width: number, height: number, a: [number, number, number], b: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const start = y * (width * 3 + 1);
    rows[start] = 0;
    for (let x = 0; x < width; x += 1) {
      const color = Math.floor((x + y) / 24) % 2 === 0 ? a : b;
      rows.set(color, start + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small valid PDF (one empty page). */
function tinyPdf(): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>'];
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

/** The admin's first active contract's first instrument. */
async function demoInstrument(session: ApiSession): Promise<{ id: number; name: string }> {
  const contracts = await apiCall<{ records: { contract_id: number }[]; last_filtered: number[] }>(session, 'GET', '/contracts?limit=100');
  const contractId = (contracts.records.find((c) => contracts.last_filtered.includes(c.contract_id)) ?? contracts.records[0])!.contract_id;
  const list = await apiCall<{ records: { instrument_id: number; name: string }[] }>(session, 'GET', `/instruments?contracts=[${contractId}]&limit=1000`);
  const first = list.records[0]!;
  return { id: first.instrument_id, name: first.name };
}

/** Pixels of the file markers' canvas close to the theme's primary blue (#1565c0): the markers are drawn. */
async function markerPixels(page: Page): Promise<number> {
  return page.locator('.file-markers canvas').evaluate((canvas: HTMLCanvasElement) => {
    const ctx = canvas.getContext('2d');
    if (!ctx) return 0;
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (Math.abs(data[i]! - 0x15) < 24 && Math.abs(data[i + 1]! - 0x65) < 24 && Math.abs(data[i + 2]! - 0xc0) < 24 && data[i + 3]! > 200) n += 1;
    }
    return n;
  });
}

/** True once the image has loaded with pixels (its address answered with a picture). */
async function loaded(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
}

reportOnFailure();

test.describe('photos and documents of a record, as a person', () => {
  // In order, and retried together: the later tests find the files the first one uploads.
  test.describe.configure({ mode: 'serial' });
  let browser: Browser;
  let admin: ApiSession;
  let instrument: { id: number; name: string };
  const photoA = `north-face-${RUN}.png`;
  const photoB = `south-face-${RUN}.png`;
  const pdf = `method-statement-${RUN}.pdf`;

  test.beforeAll(async ({ browser: shared }) => {
    browser = shared;
    test.setTimeout(120_000); // hooks get more time than a test (sign-ins and demo data look-ups through the API)
    admin = await apiSignIn(DEMO.admin.login, DEMO.admin.password);
    instrument = await demoInstrument(admin);
  });

  test('uploads two photos and a PDF to an instrument, sees thumbnails and the table, opens a photo, downloads the PDF and deletes a photo', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const photoPath = `/en/dashboard/search/instrument/${instrument.id}/photo`;
    await signInAndOpen(page, photoPath);

    // The Photo tab of the instrument: empty at first.
    await page.getByRole('tab', { name: 'Photo', selected: true }).waitFor();
    await page.getByText('No photo yet.').waitFor();

    // Upload two photos through the dialog.
    await page.getByRole('button', { name: 'Upload photo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload photo' });
    await dialog.waitFor();
    await page.getByTestId('attachment-file-input').setInputFiles([
      { name: photoA, mimeType: 'image/png', buffer: stripedPng(480, 320, [4, 113, 209], [255, 255, 255]) },
      { name: photoB, mimeType: 'image/png', buffer: stripedPng(320, 480, [1, 142, 39], [240, 240, 240]) },
    ]);
    await dialog.getByText(photoA).waitFor();
    await shots(page, 'files-upload-dialog-1366');
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('2 photos uploaded').waitFor({ timeout: 15_000 });
    await dialog.waitFor({ state: 'hidden' });

    // Thumbnails (128 px, through the resource token) load as pictures.
    const grid = page.getByRole('list', { name: 'Photos' });
    await grid.getByRole('button', { name: `Open photo ${photoA}` }).waitFor();
    await grid.getByRole('button', { name: `Open photo ${photoB}` }).waitFor();
    await expect.poll(() => loaded(page, `[aria-label="Open photo ${photoA}"] img`), { timeout: 10_000 }).toBe(true);
    expect(await page.locator(`[aria-label="Open photo ${photoA}"] img`).getAttribute('src')).toMatch(/size=128&_token=/);
    await shots(page, 'files-photos-1366');

    // The viewer: the original, then the next photo.
    await grid.getByRole('button', { name: `Open photo ${photoB}` }).click();
    const viewer = page.getByRole('dialog', { name: photoB });
    await viewer.waitFor();
    await expect.poll(() => loaded(page, `[role="dialog"] img[alt="${photoB}"]`), { timeout: 10_000 }).toBe(true);
    await expect(viewer.getByText('1 of 2')).toHaveCount(1);
    await shots(page, 'files-viewer-1366');
    await viewer.getByRole('button', { name: 'Next photo' }).click();
    await page.getByRole('dialog', { name: photoA }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: photoA }).waitFor({ state: 'hidden' });

    // Documents: upload the PDF, see it in the table, download it under its name.
    await page.getByRole('tab', { name: 'Documents' }).click();
    await page.waitForURL((url) => url.pathname.endsWith(`/instrument/${instrument.id}/documents`));
    await page.getByText('No document yet.').waitFor();
    await page.getByRole('button', { name: 'Upload document' }).click();
    const docDialog = page.getByRole('dialog', { name: 'Upload document' });
    await page.getByTestId('attachment-file-input').setInputFiles({ name: pdf, mimeType: 'application/pdf', buffer: tinyPdf() });
    await docDialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('1 document uploaded').waitFor({ timeout: 15_000 });
    const table = page.getByRole('table', { name: 'Documents' });
    const row = table.getByRole('row').filter({ hasText: pdf });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/\d+ B|kB/);
    await shots(page, 'files-documents-1366');
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: `Download ${pdf}` }).click()]);
    expect(download.suggestedFilename()).toBe(pdf);

    // The Files tab lists both kinds.
    await page.getByRole('tab', { name: 'Files' }).click();
    const all = page.getByRole('table', { name: 'Files' });
    await all.getByText(pdf).waitFor();
    await all.getByText(photoA).waitFor();

    // Delete a photo after the confirmation.
    await page.getByRole('tab', { name: 'Photo' }).click();
    await grid.getByRole('button', { name: `Delete ${photoA}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove file' });
    await confirm.getByText('Are you sure you want to delete this file?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('File successfully deleted').waitFor();
    await grid.getByRole('button', { name: `Open photo ${photoA}` }).waitFor({ state: 'detached' });
    await expect(grid.getByRole('listitem')).toHaveCount(1);
    await context.close();
  });

  test('finds the PDF from the map file search and opens its record', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAndOpen(page, '/en/dashboard/search/file');
    const table = page.getByRole('table', { name: 'Files found' });
    await table.waitFor();
    await page.getByRole('searchbox', { name: 'File name, record or uploader' }).fill(`method-statement-${RUN}`);
    await page.keyboard.press('Enter');
    const row = table.getByRole('row').filter({ hasText: pdf });
    await row.waitFor();
    await page.getByText('1 file found').waitFor();
    expect(new URL(page.url()).searchParams.get('keyword')).toBe(`method-statement-${RUN}`);
    // The instrument holding it is on the map: one marker.
    await expect.poll(() => markerPixels(page), { timeout: 10_000 }).toBeGreaterThan(100);
    await shots(page, 'files-search-1366');
    await row.getByRole('link', { name: instrument.name }).click();
    await page.waitForURL((url) => url.pathname === `/en/dashboard/search/instrument/${instrument.id}/documents`);
    await page.getByRole('table', { name: 'Documents' }).getByText(pdf).waitFor();
    await context.close();
  });

  test('works on a phone: the photo grid, the documents table and the file search at 390 px', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signInAndOpen(page, `/en/dashboard/search/instrument/${instrument.id}/photo`);
    await page
      .getByRole('list', { name: 'Photos' })
      .getByRole('button', { name: `Open photo ${photoB}` })
      .waitFor();
    await expect.poll(() => loaded(page, `[aria-label="Open photo ${photoB}"] img`), { timeout: 10_000 }).toBe(true);
    await shots(page, 'files-photos-390');
    await page
      .getByRole('list', { name: 'Photos' })
      .getByRole('button', { name: `Open photo ${photoB}` })
      .click();
    await page.getByRole('dialog', { name: photoB }).waitFor();
    await expect.poll(() => loaded(page, `[role="dialog"] img[alt="${photoB}"]`), { timeout: 10_000 }).toBe(true);
    await shots(page, 'files-viewer-390');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('tab', { name: 'Documents' }).click();
    await page.getByRole('table', { name: 'Documents' }).getByText(pdf).waitFor();
    await shots(page, 'files-documents-390');
    await page.goto(`/en/dashboard/search/file?keyword=${RUN}`);
    await page.getByRole('table', { name: 'Files found' }).getByText(pdf).waitFor();
    await expect.poll(() => markerPixels(page), { timeout: 10_000 }).toBeGreaterThan(100);
    await shots(page, 'files-search-390');
    // Nothing sticks out sideways.
    await expectNoSideScroll(page);
    await context.close();
  });

  test('opens the two upload histories from the upload landing and uploads a drawing to the base map', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAndOpen(page, '/en/upload');
    const tiles = page.getByRole('list', { name: 'Upload types' });
    await tiles.getByRole('link', { name: /Other Files/ }).click();
    await page.waitForURL((url) => url.pathname === '/en/upload/document');
    await page.getByRole('table', { name: 'Other files' }).waitFor();
    await shots(page, 'files-other-files-1366');
    await page.goto('/en/upload');
    await tiles.getByRole('link', { name: /Drawings to Base Map/ }).click();
    await page.waitForURL((url) => url.pathname === '/en/upload/map');
    const drawings = page.getByRole('table', { name: 'Drawings uploaded to the base map' });
    await drawings.waitFor();
    // A drawing becomes a map layer and is listed with it.
    await page.getByRole('button', { name: 'Upload drawing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload drawing to base map' });
    await dialog.getByRole('textbox', { name: 'Layer name' }).fill(`Alignment ${RUN}`);
    const line = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: {},
          geometry: {
            type: 'LineString',
            coordinates: [
              [103.85, 1.29],
              [103.86, 1.3],
            ],
          },
        },
      ],
    };
    await page
      .getByTestId('map-file-input')
      .setInputFiles({ name: `alignment-${RUN}.geojson`, mimeType: 'application/geo+json', buffer: Buffer.from(JSON.stringify(line)) });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText(`Layer Alignment ${RUN} added to the map`).waitFor({ timeout: 15_000 });
    await drawings
      .getByRole('row')
      .filter({ hasText: `alignment-${RUN}.geojson` })
      .getByText(`Alignment ${RUN}`)
      .waitFor();
    await shots(page, 'files-map-uploads-1366');
    await context.close();
  });
});
