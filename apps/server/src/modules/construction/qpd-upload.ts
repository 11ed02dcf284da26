/**
 * QP(D) design values upload (issue 19, `/upload/qpd`): one CSV or XLSX of predicted values per instrument, reading
 * code (and depth), construction site and stage (QPD_UPLOAD_COLUMNS). The upload pipeline (uploads module) moves the
 * row to `validating`/`loading` and hands type `qpd` to `QpdUploadPipeline`; the row checks are in qpd-upload.parse.ts.
 *
 * As the construction uploads (construction-upload.ts): validation reads the stored file in the uploader's scope and
 * with the uploader's permissions at that time (Upload Designed Value), checks every row against the instruments,
 * reading codes and sites of the upload's contract, writes the findings and keeps the valid rows, parsed, on the upload
 * row's `plan` with how many replace stored predictions. Nothing reaches `design_predictions` before approval; the load
 * is one transaction (upsert on the unique key, one `upload.load` audit row with the counts and the rows replaced),
 * then the uploader and the approver are told and DESIGN_VALUES_TOPIC is announced.
 *
 * The helpers `readUploadSheet` and `finishValidation` serve the instrument plan upload too.
 */
import { DESIGN_VALUE_TASKS, DESIGN_VALUES_TOPIC, QPD_UPLOAD_COLUMNS, UPLOADS_TOPIC, type PermissionCode } from '@strata/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { readSheet, SheetFileError, writeSheet, type SheetCell, type SheetFormat, type SheetRow } from '../../lib/sheet-file.js';
import type { MessageText } from '../../lib/server-messages.js';
import { safeError } from '../../platform/safe-error.js';
import type { Storage } from '../../platform/storage.js';
import { scopeOf, visibleContractIds } from '../contracts/contracts.service.js';
import { recordJobFailure } from '../system-admin/system-logs.js';
import type { UploadPipeline, UploadRow, UploadTypePipeline } from '../uploads/upload-pipeline.js';
import { permissionCodesOfRole } from '../users/users.service.js';
import { sitesOfContract, userRoleOf } from './construction-upload.repository.js';
import { TEMPLATE_SITES } from './construction-template.js';
import { checkQpdRows, predictionKey, QPD_REQUIRED_COLUMNS, type PredictionRow, type RowFindings } from './qpd-upload.parse.js';
import { instrumentsOfContract, predictionRefsPresent, readingCodesByType, storedPredictionKeys, upsertPredictions } from './qpd-upload.repository.js';

/** Validation progress: reading the file to 40 %, the lookups to 60 %, the checks to 90 %. */
export const PROGRESS = { read: 40, lookedUp: 60, checked: 90 } as const;

/** What an upload row of type qpd or instrument-plan keeps between validation and load. */
export interface RowsPlan<R> {
  type: 'qpd' | 'instrument-plan';
  /** The valid rows, parsed, in file order. */
  rows: R[];
  /** Valid rows that replace a stored row of the same key. */
  replaced: number;
}

export function rowsPlan<R>(row: Pick<UploadRow, 'plan' | 'type'>): RowsPlan<R> | undefined {
  const plan = row.plan as Partial<RowsPlan<R>> | null;
  if (!plan || plan.type !== row.type || !Array.isArray(plan.rows)) return undefined;
  return plan as RowsPlan<R>;
}

/** A load refused for a reason the uploader can act on (its message is the upload's error). */
export class LoadError extends Error {}

/**
 * The start every validation of these types shares: the uploader still active, holding `task` and seeing the
 * upload's contract; the stored file read as a sheet with `required` columns. A string is the reason the upload is
 * invalid.
 */
export async function readUploadSheet(
  ctx: AppContext,
  storage: Storage,
  pipeline: UploadPipeline,
  row: UploadRow,
  task: PermissionCode,
  what: string,
  columns: { required: readonly string[]; all: readonly string[] },
): Promise<{ contractId: number; format: SheetFormat; rows: SheetRow[] } | string> {
  const user = await pipeline.activeUploader(row);
  if (!user) return 'The uploader is no longer an active user';
  if (row.contractId === null) return 'The upload names no contract';
  const [visible] = await visibleContractIds(ctx.db.orm, scopeOf(user), [row.contractId]);
  if (visible === undefined) return 'The contract of the upload is no longer assigned to the uploader';
  const permissions = await permissionCodesOfRole(ctx.db.orm, await userRoleOf(ctx.db.orm, user.userId));
  if (!permissions.includes(task)) return `The uploader may no longer upload ${what}`;
  const data = await storage.read(row.storageKey);
  if (!data) return 'The uploaded file is missing';
  try {
    const sheet = await readSheet(data, columns.required, columns.all);
    return { contractId: row.contractId, ...sheet };
  } catch (err) {
    if (err instanceof SheetFileError) return err.message;
    throw err;
  }
}

/** Ends a validation with the findings and the plan (validated when a row is valid, else invalid). */
export function finishValidation<R>(
  pipeline: UploadPipeline,
  row: UploadRow,
  format: SheetFormat,
  checked: RowFindings<R>,
  replaced: number,
): Promise<'validated' | 'invalid' | 'skipped'> {
  const plan: RowsPlan<R> = { type: row.type as RowsPlan<R>['type'], rows: checked.rows, replaced };
  return pipeline.completeValidation(
    row.uploadId,
    {
      status: checked.rowsValid > 0 ? 'validated' : 'invalid',
      format,
      rowsTotal: checked.rowsTotal,
      rowsValid: checked.rowsValid,
      rowsInvalid: checked.rowsTotal - checked.rowsValid,
      errorsTotal: checked.errorsTotal,
      plan,
      contractIds: row.contractId === null ? [] : [row.contractId],
      error: checked.rowsValid > 0 ? null : 'No row of the file is valid',
    },
    checked.errors,
    null,
  );
}

/**
 * The load every upload of these types shares: `write` stores the plan's rows in the load's transaction and says how
 * many replaced stored ones; the audit row has the counts; then the users are told and `topic` announced. A LoadError's
 * message is the upload's error; any other failure is logged and recorded as a job failure with `failure` as the error.
 */
export async function loadRows<R>(
  ctx: AppContext,
  pipeline: UploadPipeline,
  row: UploadRow,
  opts: {
    write: (tx: Executor, plan: RowsPlan<R>, contractId: number) => Promise<{ replaced: number; audit: Record<string, unknown> }>;
    told: (rows: number) => MessageText;
    topic: string;
    failure: string;
  },
): Promise<'done' | 'failed' | 'skipped'> {
  const id = row.uploadId;
  const who = await pipeline.approverOf(row);
  try {
    const plan = rowsPlan<R>(row);
    const contractId = row.contractId;
    if (!plan || contractId === null) throw new LoadError('This upload was not validated: upload the file again');
    const loaded = await pipeline.loadInTransaction(row, who, async (tx) => {
      const r = await opts.write(tx, plan, contractId);
      return { rowsLoaded: plan.rows.length, audit: { contract_id: contractId, type: plan.type, count: plan.rows.length, replaced: r.replaced, ...r.audit } };
    });
    if (!loaded) return 'skipped';
    await pipeline.tell([row.uploadedBy, row.approvedBy], opts.told(loaded.rowsLoaded), 1, row);
    await pipeline.announce(loaded, opts.topic);
    await pipeline.announce(loaded, UPLOADS_TOPIC);
    return 'done';
  } catch (err) {
    const message = err instanceof LoadError ? err.message : opts.failure;
    if (!(err instanceof LoadError)) {
      ctx.log.error({ err: safeError(err), uploadId: id }, `${row.type} upload load failed`);
      await recordJobFailure(ctx, 'ingest-load', String(id), err, 'upload');
    }
    return pipeline.loadFailed(row, who, message);
  }
}

/** The validate and load steps of the QP(D) design values upload (see the top of this file). */
export class QpdUploadPipeline implements UploadTypePipeline {
  constructor(
    private readonly ctx: AppContext,
    private readonly storage: Storage,
    private readonly pipeline: UploadPipeline,
  ) {}

  private get db() {
    return this.ctx.db.orm;
  }

  approvable(row: UploadRow): boolean {
    return (row.status === 'validated' || row.status === 'failed') && row.rowsValid > 0 && rowsPlan(row) !== undefined;
  }

  async validate(row: UploadRow): Promise<'validated' | 'invalid' | 'skipped'> {
    const id = row.uploadId;
    try {
      const sheet = await readUploadSheet(this.ctx, this.storage, this.pipeline, row, DESIGN_VALUE_TASKS.upload, 'design values', {
        required: QPD_REQUIRED_COLUMNS,
        all: QPD_UPLOAD_COLUMNS,
      });
      if (typeof sheet === 'string') return await this.pipeline.completeValidation(id, { status: 'invalid', error: sheet }, [], null);
      const progress = this.pipeline.progressOf(id);
      await progress(PROGRESS.read, true);
      const [instruments, codesByType, sites] = await Promise.all([
        instrumentsOfContract(this.db, sheet.contractId),
        readingCodesByType(this.db),
        sitesOfContract(this.db, sheet.contractId),
      ]);
      await progress(PROGRESS.lookedUp, true);
      const checked = checkQpdRows(sheet.rows, { instruments, codesByType, sites });
      await progress(PROGRESS.checked, true);
      const stored = await storedPredictionKeys(this.db, [...new Set(checked.rows.map((r) => r.instrumentId))]);
      const replaced = checked.rows.filter((r) => stored.has(predictionKey(r))).length;
      return await finishValidation(this.pipeline, row, sheet.format, checked, replaced);
    } catch (err) {
      return this.pipeline.validationFailed(id, err);
    }
  }

  load(row: UploadRow): Promise<'done' | 'failed' | 'skipped'> {
    return loadRows<PredictionRow>(this.ctx, this.pipeline, row, {
      write: async (tx, plan, contractId) => {
        if (!(await predictionRefsPresent(tx, contractId, plan.rows)))
          throw new LoadError('An instrument, site or reading code of this file was deleted after the file was checked: upload the file again');
        const replaced = await upsertPredictions(tx, plan.rows, { uploadId: row.uploadId, userId: row.approvedBy });
        return {
          replaced,
          audit: { instruments: new Set(plan.rows.map((r) => r.instrumentId)).size, sites: new Set(plan.rows.map((r) => r.siteId)).size },
        };
      },
      told: (rows) => ({ key: 'upload.designValuesLoaded', params: { file: row.fileName, rows } }),
      topic: DESIGN_VALUES_TOPIC,
      failure: 'The design values could not be loaded; nothing was written',
    });
  }
}

/**
 * The example QP(D) file: the header row of QPD_UPLOAD_COLUMNS, then predictions for two demo instruments of contract
 * T301 at the demo station box (stages 2 and 3): a settlement marker (no depths) and an inclinometer (by depth).
 */
export const QPD_TEMPLATE_INSTRUMENTS = { marker: 'SM-T301-0001', inclinometer: 'INC-T301-0001' } as const;

export function qpdTemplate(format: SheetFormat): Promise<Buffer> {
  const site = TEMPLATE_SITES.excavation;
  const { marker, inclinometer } = QPD_TEMPLATE_INSTRUMENTS;
  const rows: Partial<Record<(typeof QPD_UPLOAD_COLUMNS)[number], SheetCell>>[] = [
    { instrument: marker, reading_code: 'DSPA', site, stage: 2, value: -9, remarks: 'QP(D) prediction, stage 2' },
    { instrument: marker, reading_code: 'DSPA', site, stage: 3, value: -14 },
    { instrument: inclinometer, reading_code: 'A', depth: 0.5, site, stage: 2, value: 18 },
    { instrument: inclinometer, reading_code: 'A', depth: 10, site, stage: 2, value: 12.5 },
    { instrument: inclinometer, reading_code: 'A', depth: 0.5, site, stage: 3, value: 27 },
    { instrument: inclinometer, reading_code: 'A', depth: 10, site, stage: 3, value: 19 },
  ];
  return writeSheet(
    format,
    'QPD design values',
    QPD_UPLOAD_COLUMNS,
    rows.map((r) => QPD_UPLOAD_COLUMNS.map((c) => r[c] ?? null)),
  );
}
