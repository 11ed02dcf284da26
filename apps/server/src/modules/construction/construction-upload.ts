/**
 * Construction uploads (issue 19, decision 038): `excavation` (MC excavation activity: level, strut, anchor and design
 * rows) and `tunnel` (mined tunnel: shift and sequence rows), one CSV or XLSX with a `record` column. The upload
 * pipeline (uploads module) moves the row to `validating`/`loading` and hands these types to
 * `ConstructionUploadPipeline`; the row checks are in construction-upload.parse.ts.
 *
 * Validation reads the stored file, checks every row against the sites of the upload's contract (in the uploader's
 * scope and with the uploader's permissions at that time) and writes the findings to `upload_errors`. Nothing reaches
 * the progress tables before approval. What the load needs is kept on the upload row's `plan` (jsonb,
 * `ConstructionPlan`): the valid rows, parsed, with the count per kind and how many of them replace stored rows — so
 * the load writes exactly what the checker report showed, and never reads the file again. A file with some invalid
 * rows may be approved: its valid rows load.
 *
 * The load is one transaction: level, strut/anchor, design and shift rows upserted on the unique keys of migration
 * 0017 with the upload id and the approver; sequence rows replace the stages of the same numbers of their drive
 * (`site.activity` audit row per drive); one `upload.load` audit row with the counts per kind and the rows replaced.
 */
import { CONSTRUCTION_TOPIC, DEFAULT_TIMEZONE, EXCAVATION_UPLOAD_COLUMNS, TUNNEL_UPLOAD_COLUMNS, UPLOADS_TOPIC, type TSiteStage } from '@strata/shared';
import type { AppContext } from '../../context.js';
import { changedFields, writeAudit } from '../../platform/audit.js';
import { openSheet, readSheet, SheetFileError, type SheetRow } from '../../lib/sheet-file.js';
import { isTimeZone } from '../../lib/zoned-time.js';
import { safeError } from '../../platform/safe-error.js';
import type { Storage } from '../../platform/storage.js';
import { scopeOf, visibleContractIds } from '../contracts/contracts.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { recordJobFailure } from '../system-admin/system-logs.js';
import type { UploadPipeline, UploadRow, UploadTypePipeline } from '../uploads/upload-pipeline.js';
import { permissionCodesOfRole } from '../users/users.service.js';
import {
  checkConstructionRows,
  REQUIRED_COLUMNS,
  type ConstructionKind,
  type ConstructionRow,
  type ConstructionUploadType,
  type DesignRow,
  type LevelRow,
  type SequenceRow,
  type ShiftRow,
  type SupportRow,
} from './construction-upload.parse.js';
import {
  existingSiteIds,
  mergeSequenceSteps,
  sitesOfContract,
  storedKeys,
  upsertDesign,
  upsertLevels,
  upsertShifts,
  upsertSupports,
  userRoleOf,
} from './construction-upload.repository.js';

export { CONSTRUCTION_UPLOAD_TYPES, uploadTasksOf, type ConstructionUploadType } from './construction-upload.parse.js';

/** Validation progress: reading the file to 40 %, the sites and stored keys to 60 %, the checks to 90 %. */
const READ = 40;
const LOOKED_UP = 60;
const CHECKED = 90;

const KINDS: Record<ConstructionUploadType, readonly ConstructionKind[]> = {
  excavation: ['level', 'strut', 'anchor', 'design'],
  tunnel: ['shift', 'sequence'],
};

/** What the upload row keeps between validation and load. */
export interface ConstructionPlan {
  type: ConstructionUploadType;
  /** The valid rows, parsed, in file order. */
  rows: ConstructionRow[];
  /** Valid rows per kind. */
  counts: Partial<Record<ConstructionKind, number>>;
  /** Valid rows per kind that replace a stored row of the same key (sequence: a stage of the same number). */
  replaced: Partial<Record<ConstructionKind, number>>;
}

export function constructionPlan(row: Pick<UploadRow, 'plan' | 'type'>): ConstructionPlan | undefined {
  const plan = row.plan as Partial<ConstructionPlan> | null;
  if (!plan || plan.type !== row.type || !Array.isArray(plan.rows)) return undefined;
  return plan as ConstructionPlan;
}

/** The key of a row as `storedKeys` writes it (sequence rows: none, their replacement is known from the site). */
function keyOf(r: ConstructionRow): string | undefined {
  switch (r.kind) {
    case 'level':
      return `level|${r.siteId}|${r.date}|${r.zone}`;
    case 'strut':
    case 'anchor':
      return `support|${r.siteId}|${r.label.toLowerCase()}`;
    case 'design':
      return `design|${r.siteId}|${r.stageNo}`;
    case 'shift':
      return `shift|${r.siteId}|${r.date}|${r.shift}|${r.facePart}`;
    default:
      return undefined;
  }
}

class LoadError extends Error {}

const EXCEL_TIME_ONLY = /^1899-12-3[01]$/;
const hms = (secs: number) => [Math.floor(secs / 3600), Math.floor(secs / 60) % 60, secs % 60].map((n) => String(n).padStart(2, '0')).join(':');

/**
 * The `time` cells of an XLSX as HH:mm:ss when the workbook holds them as times: a time-formatted cell is a date on
 * Excel's day 0 (which the sheet reader gives as its date, 1899-12-30) and a General-formatted one a fraction of a day.
 * Rows are changed in place; a file without such cells is not opened again.
 */
export async function readExcelTimes(data: Buffer, rows: SheetRow[]): Promise<void> {
  const odd = rows.filter((r) => {
    const v = r.cells['time'] ?? '';
    return EXCEL_TIME_ONLY.test(v) || /^0?\.\d+$/.test(v);
  });
  if (odd.length === 0) return;
  const sheet = await openSheet(data);
  if (sheet.format !== 'xlsx') return;
  const ws = sheet.workbook.worksheets[0];
  if (!ws) return;
  const header = ws.getRow(1);
  let col = 0;
  for (let c = 1; c <= header.cellCount; c++) if (String(header.getCell(c).text).trim().toLowerCase() === 'time') col = c;
  if (col === 0) return;
  for (const r of odd) {
    const v = ws.getRow(r.row).getCell(col).value;
    if (v instanceof Date) r.cells['time'] = hms(Math.round((v.getTime() - Date.UTC(1899, 11, 30)) / 1000) % 86_400);
    else if (typeof v === 'number' && v >= 0 && v < 1) r.cells['time'] = hms(Math.round(v * 86_400) % 86_400);
  }
}

/** The validate and load steps of construction uploads (see the top of this file). */
export class ConstructionUploadPipeline implements UploadTypePipeline {
  constructor(
    private readonly ctx: AppContext,
    private readonly settings: SettingsService,
    private readonly storage: Storage,
    private readonly pipeline: UploadPipeline,
  ) {}

  private get db() {
    return this.ctx.db.orm;
  }

  private async timezone(): Promise<string> {
    const tz = (await this.settings.get()).timezone;
    return isTimeZone(tz) ? tz : DEFAULT_TIMEZONE;
  }

  approvable(row: UploadRow): boolean {
    return (row.status === 'validated' || row.status === 'failed') && row.rowsValid > 0 && constructionPlan(row) !== undefined;
  }

  async validate(row: UploadRow): Promise<'validated' | 'invalid' | 'skipped'> {
    const id = row.uploadId;
    const type = row.type as ConstructionUploadType;
    const invalid = (error: string) => this.pipeline.completeValidation(id, { status: 'invalid', error }, [], null);
    try {
      const user = await this.pipeline.activeUploader(row);
      if (!user) return await invalid('The uploader is no longer an active user');
      if (row.contractId === null) return await invalid('The upload names no contract');
      const [visible] = await visibleContractIds(this.db, scopeOf(user), [row.contractId]);
      if (visible === undefined) return await invalid('The contract of the upload is no longer assigned to the uploader');
      const data = await this.storage.read(row.storageKey);
      if (!data) return await invalid('The uploaded file is missing');

      const progress = this.pipeline.progressOf(id);
      const columns = type === 'excavation' ? EXCAVATION_UPLOAD_COLUMNS : TUNNEL_UPLOAD_COLUMNS;
      let sheet;
      try {
        sheet = await readSheet(data, REQUIRED_COLUMNS[type], columns);
        if (sheet.format === 'xlsx' && type === 'excavation') await readExcelTimes(data, sheet.rows);
      } catch (err) {
        if (err instanceof SheetFileError) return await invalid(err.message);
        throw err;
      }
      await progress(READ, true);
      const [sites, permissions, timezone] = await Promise.all([
        sitesOfContract(this.db, row.contractId),
        userRoleOf(this.db, user.userId).then((roleId) => permissionCodesOfRole(this.db, roleId)),
        this.timezone(),
      ]);
      await progress(LOOKED_UP, true);
      const checked = checkConstructionRows(sheet.rows, { type, sites, permissions: new Set(permissions), timezone, now: this.ctx.now().getTime() });
      await progress(CHECKED, true);

      const stored = await storedKeys(this.db, [...new Set(checked.rows.map((r) => r.siteId))]);
      const stagesOf = new Map([...sites.values()].map((s) => [s.siteId, new Set(s.stages.map((x) => x.stage_no))]));
      const counts: ConstructionPlan['counts'] = {};
      const replaced: ConstructionPlan['replaced'] = {};
      for (const r of checked.rows) {
        counts[r.kind] = (counts[r.kind] ?? 0) + 1;
        const key = keyOf(r);
        const replaces = key !== undefined ? stored.has(key) : r.kind === 'sequence' && stagesOf.get(r.siteId)?.has(r.stage.stage_no) === true;
        if (replaces) replaced[r.kind] = (replaced[r.kind] ?? 0) + 1;
      }
      const plan: ConstructionPlan = { type, rows: checked.rows, counts, replaced };
      return await this.pipeline.completeValidation(
        id,
        {
          status: checked.rowsValid > 0 ? 'validated' : 'invalid',
          format: sheet.format,
          rowsTotal: checked.rowsTotal,
          rowsValid: checked.rowsValid,
          rowsInvalid: checked.rowsTotal - checked.rowsValid,
          errorsTotal: checked.errorsTotal,
          plan,
          contractIds: [row.contractId],
          error: checked.rowsValid > 0 ? null : 'No row of the file is valid',
        },
        checked.errors,
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
      const plan = constructionPlan(row);
      if (!plan || row.contractId === null) throw new LoadError('This upload was not validated: upload the file again');
      const of = <K extends ConstructionKind>(...kinds: K[]) =>
        plan.rows.filter((r): r is Extract<ConstructionRow, { kind: K }> => kinds.includes(r.kind as K));
      const levels: LevelRow[] = of('level');
      const supports: SupportRow[] = of('strut', 'anchor');
      const design: DesignRow[] = of('design');
      const shifts: ShiftRow[] = of('shift');
      const sequence: SequenceRow[] = of('sequence');
      const src = { uploadId: id, userId: row.approvedBy };
      const now = this.ctx.now();

      const loaded = await this.pipeline.loadInTransaction(row, who, async (tx) => {
        const siteIds = [...new Set(plan.rows.map((r) => r.siteId))];
        const present = await existingSiteIds(tx, siteIds);
        if (present.size !== siteIds.length) throw new LoadError('A site of this file was deleted after the file was checked: upload the file again');
        const replaced: Partial<Record<ConstructionKind, number>> = {};
        const add = (kind: ConstructionKind, n: number) => {
          if (n > 0) replaced[kind] = (replaced[kind] ?? 0) + n;
        };
        add('level', await upsertLevels(tx, levels, src));
        const supportsReplaced = await upsertSupports(tx, supports, src);
        add('strut', supportsReplaced.strut);
        add('anchor', supportsReplaced.anchor);
        add('design', await upsertDesign(tx, design, src));
        add('shift', await upsertShifts(tx, shifts, src));
        const bySite = new Map<number, TSiteStage[]>();
        for (const s of sequence) bySite.set(s.siteId, [...(bySite.get(s.siteId) ?? []), s.stage]);
        for (const [siteId, steps] of bySite) {
          const merged = await mergeSequenceSteps(tx, siteId, steps, now);
          if (!merged) throw new LoadError('A site of this file was deleted after the file was checked: upload the file again');
          add('sequence', merged.replaced);
          const diff = changedFields({ stages: merged.before }, { stages: merged.after });
          if (Object.keys(diff.after).length > 0)
            await writeAudit(tx, who, { action: 'site.activity', entityType: 'site', entityId: siteId, ...diff, after: { ...diff.after, upload_id: id } });
        }
        const counts: Partial<Record<ConstructionKind, number>> = {};
        for (const k of KINDS[plan.type]) counts[k] = plan.rows.filter((r) => r.kind === k).length;
        const replacedTotal = Object.values(replaced).reduce((a, b) => a + b, 0);
        return {
          rowsLoaded: plan.rows.length,
          audit: { contract_id: row.contractId, type: plan.type, counts, replaced, replaced_total: replacedTotal, sites: siteIds.length },
        };
      });
      if (!loaded) return 'skipped';
      await this.pipeline.tell(
        [row.uploadedBy, row.approvedBy],
        { key: 'upload.constructionLoaded', params: { file: row.fileName, rows: loaded.rowsLoaded } },
        1,
        row,
      );
      await this.pipeline.announce(loaded, CONSTRUCTION_TOPIC);
      await this.pipeline.announce(loaded, UPLOADS_TOPIC);
      return 'done';
    } catch (err) {
      const message = err instanceof LoadError ? err.message : 'The construction progress could not be loaded; nothing was written';
      if (!(err instanceof LoadError)) {
        this.ctx.log.error({ err: safeError(err), uploadId: id }, 'construction upload load failed');
        await recordJobFailure(this.ctx, 'ingest-load', String(id), err, 'upload');
      }
      return this.pipeline.loadFailed(row, who, message);
    }
  }
}
