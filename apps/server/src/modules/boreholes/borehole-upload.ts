/**
 * Borehole uploads (issue 18, decision 036): an AGS file, or a ZIP holding AGS files, checked by the AGS checker, kept
 * with its report, and on approval loaded by `loadAgsFile` in one transaction. The upload pipeline (uploads module)
 * moves the row to `validating`/`loading` and hands borehole uploads to `BoreholeUploadPipeline`.
 *
 * Stored on the `uploads` row: `format` 'ags' or 'zip', `plan` `{ crs, report }` (the grid of LOCA_NATE/LOCA_NATN and
 * the checker report, ZAgsReport without its upload id and file name), `rows_total`/`rows_valid` the boreholes found.
 * Findings also go to `upload_errors` (row = line or 0, field = group or rule, message = "[rule] message").
 */
import type { Readable } from 'node:stream';
import { BOREHOLE_CRS, UPLOAD_REPORT_CAP, UPLOADS_TOPIC, type TAgsFinding, type TAgsReport, type TBoreholeCrs } from '@strata/shared';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import { inspectZip } from '../../lib/zip-inspect.js';
import { safeError } from '../../platform/safe-error.js';
import type { Storage } from '../../platform/storage.js';
import { scopeOf, visibleContractIds } from '../contracts/contracts.service.js';
import { recordJobFailure } from '../system-admin/system-logs.js';
import type { UploadPipeline, UploadRow, UploadTypePipeline } from '../uploads/upload-pipeline.js';
import { checkAgs, readAgs, toAgs4Names, type AgsFile, type AgsReport, type AgsSource } from './ags/index.js';
import { loadAgsFile } from './borehole-store.repository.js';
import { storedBoreholeNumbers } from './borehole-upload.repository.js';

/** What a ZIP upload may hold: entries, and bytes once inflated (an AGS file is text; it compresses about 10 times). */
export const BOREHOLE_ZIP_LIMITS = { maxEntries: 2000, maxUncompressedBytes: 1024 * 1024 * 1024 };

/** Bytes handed to the checker at a time when a stored file is streamed through it. */
const CHUNK = 64 * 1024;
/** Validation progress: reading and checking the file(s) goes to 90 %, the borehole look-up and report to 100 %. */
const READ_SHARE = 90;

export type BoreholeFileFormat = 'ags' | 'zip';

/** What the upload row keeps between validation and load. */
export interface BoreholePlan {
  crs: TBoreholeCrs;
  report: Omit<TAgsReport, 'upload_id' | 'file_name'>;
}

export const NOT_AGS =
  'The file is not an AGS file: upload an AGS4 or AGS3 file (its first line a GROUP row, or "**GROUP" in AGS3) or a ZIP holding .ags files';

const isAgsPath = (name: string) => /\.ags$/i.test(name) && !name.endsWith('/') && !/(^|\/)__MACOSX\//.test(name);

/** The first line that is not blank of text that may be AGS (undefined: binary, or no line at all). */
function firstLine(data: Buffer): string | undefined {
  const head = data.subarray(0, 64 * 1024);
  if (head.includes(0)) return undefined;
  let text = head.toString('latin1');
  if (text.startsWith('\xef\xbb\xbf')) text = text.slice(3);
  return text.split(/\r\n|\n|\r/).find((l) => l.trim() !== '');
}

/** AGS4: a GROUP row ("GROUP","LOCA"); AGS3: "**LOCA" (quoted or not). */
export function looksLikeAgs(data: Buffer): boolean {
  const line = firstLine(data)?.trim();
  return line !== undefined && (/^"?GROUP"?\s*,/.test(line) || /^"?\*\*[A-Z?]/i.test(line));
}

/**
 * The kind of a borehole upload by its content: an AGS file, or a ZIP (checked against its limits and bombs) holding at
 * least one .ags file. Anything else is a 400 on `files`.
 */
export async function sniffBoreholeFile(data: Buffer): Promise<BoreholeFileFormat> {
  if (data.length >= 4 && data.readUInt32LE(0) === 0x04034b50) {
    const z = await inspectZip(data, BOREHOLE_ZIP_LIMITS);
    if (!z.ok) {
      if (z.reason === 'too-many-entries') throw badRequest({ files: `The ZIP holds too many files (at most ${BOREHOLE_ZIP_LIMITS.maxEntries})` });
      if (z.reason === 'too-large')
        throw badRequest({ files: `The ZIP is too large once uncompressed (at most ${BOREHOLE_ZIP_LIMITS.maxUncompressedBytes / 1024 ** 3} GB)` });
      if (z.reason === 'encrypted') throw badRequest({ files: 'The ZIP is encrypted: upload it without a password' });
      throw badRequest({ files: 'The ZIP file cannot be read' });
    }
    if (!z.entries.some((e) => isAgsPath(e.name))) throw badRequest({ files: 'The ZIP holds no .ags file' });
    return 'zip';
  }
  if (!looksLikeAgs(data)) throw badRequest({ files: NOT_AGS });
  return 'ags';
}

/** One AGS file of an upload: its name (a ZIP's: the path inside it), its size, and a fresh stream of its bytes. */
interface AgsPart {
  name: string;
  size: number;
  open: () => Promise<AgsSource>;
}

async function* chunksOf(data: Buffer): AsyncGenerator<Buffer> {
  for (let i = 0; i < data.length; i += CHUNK) yield data.subarray(i, i + CHUNK);
}

/**
 * Calls `use` with the AGS files of a stored upload (one for an AGS file; every .ags of a ZIP, in its order) and the
 * ZIP's other paths (the files an AGS FILE group may name, rule 20).
 */
async function withAgsParts<T>(data: Buffer, fileName: string, format: string | null, use: (parts: AgsPart[], others: string[]) => Promise<T>): Promise<T> {
  if (format !== 'zip') return use([{ name: fileName, size: data.length, open: () => Promise.resolve(chunksOf(data)) }], []);
  const zip = await yauzl.fromBufferPromise(data, { lazyEntries: true, validateEntrySizes: true });
  try {
    const entries: yauzl.Entry[] = [];
    for await (const entry of zip.eachEntry()) entries.push(entry);
    const parts = entries
      .filter((e) => isAgsPath(e.fileName))
      .map((e) => ({ name: e.fileName, size: e.uncompressedSize, open: async (): Promise<AgsSource> => (await zip.openReadStreamPromise(e)) as Readable }));
    const others = entries.filter((e) => !isAgsPath(e.fileName) && !e.fileName.endsWith('/')).map((e) => e.fileName);
    return await use(parts, others);
  } finally {
    zip.close();
  }
}

/** The LOCA_ID of every LOCA row (AGS3: HOLE_ID of HOLE), in file order, once each. */
export function boreholeNumbers(file: AgsFile): string[] {
  const named = toAgs4Names(file);
  const out = new Set<string>();
  for (const g of named.groups) {
    if (g.name !== 'LOCA') continue;
    const at = g.headings.indexOf('LOCA_ID');
    if (at < 0) continue;
    for (const r of g.rows) {
      const no = r.values[at]?.trim();
      if (no) out.add(no);
    }
  }
  return [...out];
}

/** The reports of a ZIP's AGS files as one: findings keep their file's path when there are several. */
function mergeReports(reports: { name: string; report: AgsReport }[], found: { borehole_no: string; exists: boolean }[]): BoreholePlan['report'] {
  const several = reports.length > 1;
  const byRule = new Map<string, TAgsReport['by_rule'][number]>();
  const counts = { errors: 0, warnings: 0, fyi: 0 };
  const summary: string[] = [];
  for (const { name, report } of reports) {
    counts.errors += report.counts.errors;
    counts.warnings += report.counts.warnings;
    counts.fyi += report.counts.fyi;
    summary.push(...(several ? [`${name}:`, ...report.summary.map((l) => `  ${l}`)] : report.summary));
    for (const r of report.byRule) {
      const entry = byRule.get(r.rule) ?? { rule: r.rule, severity: r.severity, findings: [], omitted: 0 };
      entry.findings.push(...r.findings.map((f): TAgsFinding => (several ? { ...finding(f), file: name } : finding(f))));
      entry.omitted += r.omitted ?? 0;
      byRule.set(r.rule, entry);
    }
  }
  const first = reports.find((r) => r.report.version !== null)?.report ?? reports[0]?.report;
  return {
    version: first?.version ?? null,
    encoding: first?.encoding ?? 'ascii',
    dictionary: first?.dictionary ?? null,
    counts,
    summary,
    by_rule: [...byRule.values()],
    boreholes: found,
    files: reports.map((r) => r.name),
  };
}

function finding(f: AgsReport['findings'][number]): TAgsFinding {
  return {
    rule: f.rule,
    severity: f.severity,
    line: f.line,
    ...(f.group ? { group: f.group } : {}),
    ...(f.heading ? { heading: f.heading } : {}),
    message: f.message,
  };
}

/** The findings as upload_errors rows (the first UPLOAD_REPORT_CAP, rule by rule). */
function findingRows(report: BoreholePlan['report']): { row: number; field: string; message: string }[] {
  const out: { row: number; field: string; message: string }[] = [];
  for (const r of report.by_rule) {
    for (const f of r.findings) {
      if (out.length >= UPLOAD_REPORT_CAP) return out;
      out.push({ row: f.line ?? 0, field: f.group || f.rule, message: `[${f.rule}] ${f.file ? `${f.file}: ` : ''}${f.message}` });
    }
  }
  return out;
}

export function boreholePlan(row: Pick<UploadRow, 'plan'>): BoreholePlan | undefined {
  const plan = row.plan as Partial<BoreholePlan> | null;
  if (!plan || !plan.report || !BOREHOLE_CRS.includes(plan.crs as TBoreholeCrs)) return undefined;
  return plan as BoreholePlan;
}

class LoadError extends Error {}

/** The validate and load steps of borehole uploads (see the top of this file). */
export class BoreholeUploadPipeline implements UploadTypePipeline {
  constructor(
    private readonly ctx: AppContext,
    private readonly storage: Storage,
    private readonly pipeline: UploadPipeline,
  ) {}

  private get db() {
    return this.ctx.db.orm;
  }

  approvable(row: UploadRow): boolean {
    return (row.status === 'validated' || row.status === 'failed') && row.rowsValid > 0 && boreholePlan(row) !== undefined;
  }

  async validate(row: UploadRow): Promise<'validated' | 'invalid' | 'skipped'> {
    const id = row.uploadId;
    const invalid = (error: string) => this.pipeline.completeValidation(id, { status: 'invalid', error }, [], null);
    try {
      const user = await this.pipeline.activeUploader(row);
      if (!user) return await invalid('The uploader is no longer an active user');
      if (row.contractId === null) return await invalid('The upload names no contract');
      const [visible] = await visibleContractIds(this.db, scopeOf(user), [row.contractId]);
      if (visible === undefined) return await invalid('The contract of the upload is no longer assigned to the uploader');
      const crs = (row.plan as { crs?: TBoreholeCrs } | null)?.crs ?? '3414';
      const data = await this.storage.read(row.storageKey);
      if (!data) return await invalid('The uploaded file is missing');

      const progress = this.pipeline.progressOf(id);
      const checked = await withAgsParts(data, row.fileName, row.format, async (parts, others) => {
        const total = parts.reduce((n, p) => n + p.size, 0) || 1;
        let read = 0;
        const out: { name: string; report: AgsReport; nos: string[]; groups: number }[] = [];
        for (const part of parts) {
          const source = await part.open();
          const counted = async function* () {
            for await (const chunk of source as AsyncIterable<Buffer>) {
              read += chunk.length;
              await progress(Math.min(READ_SHARE, Math.floor((READ_SHARE * read) / total)));
              yield chunk;
            }
          };
          const { file, report } = await checkAgs(counted(), { attachedFiles: others });
          out.push({ name: part.name, report, nos: boreholeNumbers(file), groups: file.groups.length });
        }
        return out;
      });
      await progress(READ_SHARE, true);

      const nos = [...new Set(checked.flatMap((c) => c.nos))];
      const stored = await storedBoreholeNumbers(this.db, row.contractId, nos);
      const report = mergeReports(
        checked,
        nos.map((no) => ({ borehole_no: no, exists: stored.has(no) })),
      );
      const findings = report.counts.errors + report.counts.warnings + report.counts.fyi;
      const readable = checked.some((c) => c.groups > 0);
      const error = !readable
        ? 'The file could not be read as AGS: no GROUP row found'
        : nos.length === 0
          ? 'The file holds no borehole (no LOCA or HOLE row)'
          : null;
      const plan: BoreholePlan = { crs, report };
      return await this.pipeline.completeValidation(
        id,
        {
          status: error === null ? 'validated' : 'invalid',
          rowsTotal: nos.length,
          rowsValid: error === null ? nos.length : 0,
          rowsInvalid: 0,
          errorsTotal: findings,
          plan,
          contractIds: [row.contractId],
          error,
        },
        findingRows(report),
        null,
      );
    } catch (err) {
      return this.pipeline.validationFailed(id, err);
    }
  }

  async load(row: UploadRow): Promise<'done' | 'failed' | 'skipped'> {
    const id = row.uploadId;
    const who = await this.pipeline.approverOf(row);
    try {
      const plan = boreholePlan(row);
      const contractId = row.contractId;
      if (!plan || contractId === null) throw new LoadError('This upload was not validated: upload the file again');
      const data = await this.storage.read(row.storageKey);
      if (!data) throw new LoadError('The uploaded file is missing: upload it again');
      // Read first, outside the transaction; the writes are one transaction.
      const files = await withAgsParts(data, row.fileName, row.format, async (parts) => {
        const out: { name: string; file: AgsFile }[] = [];
        for (const p of parts) out.push({ name: p.name, file: await readAgs(await p.open()) });
        return out;
      });
      const loaded = await this.pipeline.loadInTransaction(row, who, async (tx) => {
        const made = new Set<number>();
        const agsFileIds: number[] = [];
        for (const f of files) {
          const r = await loadAgsFile(tx, { contractId, uploadId: id, fileName: f.name, file: f.file, crs: plan.crs, loadedBy: row.approvedBy });
          agsFileIds.push(r.agsFileId);
          for (const b of r.boreholes) made.add(b.boreholeId);
        }
        return { rowsLoaded: made.size, audit: { boreholes: made.size, ags_file_ids: agsFileIds, contract_id: contractId } };
      });
      if (!loaded) return 'skipped';
      await this.pipeline.tell(
        [row.uploadedBy, row.approvedBy],
        { key: 'upload.boreholesLoaded', params: { file: row.fileName, boreholes: loaded.rowsLoaded } },
        1,
        row,
      );
      await this.pipeline.announce(loaded, 'boreholes');
      await this.pipeline.announce(loaded, UPLOADS_TOPIC);
      return 'done';
    } catch (err) {
      const message = err instanceof LoadError ? err.message : 'The boreholes could not be loaded; nothing was written';
      if (!(err instanceof LoadError)) {
        this.ctx.log.error({ err: safeError(err), uploadId: id }, 'borehole upload load failed');
        await recordJobFailure(this.ctx, 'ingest-load', String(id), err, 'upload');
      }
      return this.pipeline.loadFailed(row, who, message);
    }
  }
}

// ---- the report as a download ----

const SEVERITY_LABEL = { error: 'Error', warning: 'Warning', fyi: 'FYI' } as const;

/** The report as text, like the AGS checker's own: the file, the summary, then the findings rule by rule. */
export function agsReportText(r: TAgsReport): string {
  const lines = [
    'AGS validation report',
    `File: ${r.file_name}`,
    ...(r.files.length > 1 ? [`AGS files: ${r.files.join(', ')}`] : []),
    `Version: ${r.version ?? 'not recognised'}`,
    `Encoding: ${r.encoding}`,
    `Checked against: ${r.dictionary ?? 'the file\u2019s own DICT group'}`,
    `Findings: ${r.counts.errors} errors, ${r.counts.warnings} warnings, ${r.counts.fyi} FYI`,
    '',
    'Summary',
    ...r.summary.map((l) => `  ${l}`),
    '',
    `Boreholes (${r.boreholes.length})`,
    ...r.boreholes.map((b) => `  ${b.borehole_no}${b.exists ? ' (exists: a new version)' : ''}`),
  ];
  for (const rule of r.by_rule) {
    lines.push('', `${rule.rule} (${SEVERITY_LABEL[rule.severity]})`);
    for (const f of rule.findings) {
      const where = [f.file, f.line === null ? null : `Line ${f.line}`, [f.group, f.heading].filter(Boolean).join(':') || null].filter(Boolean).join(' ');
      lines.push(`  ${where ? `${where}: ` : ''}${f.message}`);
    }
    if (rule.omitted > 0) lines.push(`  … and ${rule.omitted} more`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The report as a workbook: a Summary sheet and a Findings sheet (rule, severity, file, line, group, heading, message). */
export async function agsReportXlsx(r: TAgsReport): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const summary = wb.addWorksheet('Summary');
  summary.columns = [{ width: 22 }, { width: 80 }];
  summary.addRows([
    ['File', r.file_name],
    ['AGS files', r.files.join(', ')],
    ['Version', r.version ?? 'not recognised'],
    ['Encoding', r.encoding],
    ['Dictionary', r.dictionary ?? ''],
    ['Errors', r.counts.errors],
    ['Warnings', r.counts.warnings],
    ['FYI', r.counts.fyi],
    ['Boreholes', r.boreholes.map((b) => (b.exists ? `${b.borehole_no} (exists)` : b.borehole_no)).join(', ')],
    [],
    ...r.summary.map((l) => ['', l]),
  ]);
  const sheet = wb.addWorksheet('Findings');
  sheet.columns = [
    { header: 'Rule', key: 'rule', width: 30 },
    { header: 'Severity', key: 'severity', width: 10 },
    { header: 'File', key: 'file', width: 24 },
    { header: 'Line', key: 'line', width: 8 },
    { header: 'Group', key: 'group', width: 10 },
    { header: 'Heading', key: 'heading', width: 14 },
    { header: 'Message', key: 'message', width: 100 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const rule of r.by_rule) {
    for (const f of rule.findings) {
      sheet.addRow({
        rule: f.rule,
        severity: SEVERITY_LABEL[f.severity],
        file: f.file ?? '',
        line: f.line ?? '',
        group: f.group ?? '',
        heading: f.heading ?? '',
        message: f.message,
      });
    }
    if (rule.omitted > 0) sheet.addRow({ rule: rule.rule, severity: SEVERITY_LABEL[rule.severity], message: `… and ${rule.omitted} more` });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
