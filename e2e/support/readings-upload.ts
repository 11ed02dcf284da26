import { expect, type Page } from '@playwright/test';

/**
 * The readings upload as a person does it (the steps of specs/uploads.test.ts): on `/en/upload/instrument`, the
 * page header's Upload, the file in the dialog, Upload, then Approve once validated, and confirm. Ends on the
 * upload's page once the readings are loaded ("N readings loaded."). Returns the upload's path.
 */
export async function uploadReadingsThroughUi(page: Page, file: { name: string; csv: string }, expected: { valid: number }): Promise<string> {
  await page.goto('/en/upload/instrument');
  await page.getByRole('table', { name: 'Instrumentation upload history' }).waitFor();
  await page.getByRole('main').getByRole('button', { name: 'Upload', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload Instrumentation' });
  await dialog.getByRole('button', { name: 'CSV · one reading per row' }).waitFor();
  await page.getByTestId('readings-file-input').setInputFiles({ name: file.name, mimeType: 'text/csv', buffer: Buffer.from(file.csv) });
  await dialog.getByText(file.name).waitFor();
  await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.waitForURL((url) => /^\/en\/upload\/instrument\/\d+$/.test(url.pathname));
  const uploadPath = new URL(page.url()).pathname;

  const approve = page.getByRole('button', { name: 'Approve', exact: true });
  await approve.waitFor({ timeout: 30_000 });
  await expect(page.getByRole('group', { name: 'Reading counts' })).toContainText(`Valid${expected.valid}`);
  await approve.click();
  const confirm = page.getByRole('dialog', { name: 'Approve Upload' });
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await page.getByText(`${expected.valid} reading${expected.valid === 1 ? '' : 's'} loaded.`).waitFor({ timeout: 30_000 });
  return uploadPath;
}

/** A long-layout readings CSV (instrument, date_time, reading_code, value). */
export function readingsCsv(rows: { instrument: string; at: Date; code: string; value: number }[]): string {
  const when = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return ['instrument,date_time,reading_code,value', ...rows.map((r) => `${r.instrument},${when(r.at)},${r.code},${r.value}`), ''].join('\n');
}
