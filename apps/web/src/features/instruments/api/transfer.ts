import { ZImportResult, type TImportResult } from '@strata/shared';
import { sendFiles } from '../../../components/upload-button';
import { downloadFile } from '../../../lib/download';
import type { InstrumentFilter } from './instruments';

/** What a bulk file holds: instruments (upload type `instrument-plan`) or thresholds. */
export type ImportKind = 'instruments' | 'thresholds';
export type FileFormat = 'csv' | 'xlsx';

const IMPORT_PATH: Record<ImportKind, string> = { instruments: '/instruments/import', thresholds: '/thresholds/import' };

/**
 * Sends one CSV/XLSX file to the import; the answer is the per-row report. With `dryRun` the server only checks;
 * otherwise it writes everything or, when any row is invalid, nothing.
 */
export async function sendImport(
  kind: ImportKind,
  file: File,
  dryRun: boolean,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<TImportResult> {
  const answer = await sendFiles({
    path: `${IMPORT_PATH[kind]}?dry_run=${dryRun ? 'true' : 'false'}`,
    files: [file],
    emitHttpError: false,
    ...options,
  });
  return ZImportResult.parse(answer);
}

function query(values: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== '') search.set(key, String(value));
  return search.toString();
}

/** Saves the import template of a kind; resolves with the file name. */
export function downloadTemplate(kind: ImportKind, format: FileFormat): Promise<string> {
  const base = kind === 'instruments' ? '/instruments/import/template' : '/thresholds/import/template';
  return downloadFile(`${base}?${query({ format })}`);
}

/** Saves the instruments matching the list filters, in the import format. */
export function downloadInstruments(filter: InstrumentFilter, format: FileFormat): Promise<string> {
  return downloadFile(`/instruments/export?${query({ ...filter, format })}`);
}

/** Saves the thresholds of the visible instruments (of one contract when given), in the import format. */
export function downloadThresholds(contractId: number | undefined, format: FileFormat): Promise<string> {
  return downloadFile(`/thresholds/export?${query({ contract_id: contractId, format })}`);
}
