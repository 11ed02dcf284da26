/**
 * Instrument plan upload (issue 19, `/upload/instrument-plan`): one CSV or XLSX of a contract's planned instruments
 * (INSTRUMENT_PLAN_UPLOAD_COLUMNS). Handed over by the upload pipeline as type `instrument-plan`; the row checks are in
 * instrument-plan-upload.parse.ts; validation, plan and load go as the QP(D) upload's (qpd-upload.ts), with the
 * uploader holding Manage Instruments (INSTRUMENT_PLAN_TASKS: spec §6 has no instrument-plan task). The load upserts
 * on (contract, lower(name)) in one transaction with one `upload.load` audit row, then INSTRUMENT_PLANS_TOPIC is
 * announced.
 */
import { INSTRUMENT_PLAN_TASKS, INSTRUMENT_PLAN_UPLOAD_COLUMNS, INSTRUMENT_PLANS_TOPIC } from '@strata/shared';
import type { AppContext } from '../../context.js';
import { writeSheet, type SheetCell, type SheetFormat } from '../../lib/sheet-file.js';
import type { Storage } from '../../platform/storage.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UploadPipeline, UploadRow, UploadTypePipeline } from '../uploads/upload-pipeline.js';
import { checkPlanRows, PLAN_REQUIRED_COLUMNS, type PlanRow } from './instrument-plan-upload.parse.js';
import { planRefsPresent, storedPlanNames, typesByCode, upsertPlans } from './instrument-plan-upload.repository.js';
import { finishValidation, LoadError, loadRows, PROGRESS, readUploadSheet, rowsPlan } from './qpd-upload.js';

/** The validate and load steps of the instrument plan upload (see the top of this file). */
export class InstrumentPlanUploadPipeline implements UploadTypePipeline {
  constructor(
    private readonly ctx: AppContext,
    private readonly settings: SettingsService,
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
      const sheet = await readUploadSheet(this.ctx, this.storage, this.pipeline, row, INSTRUMENT_PLAN_TASKS.upload, 'instrument plans', {
        required: PLAN_REQUIRED_COLUMNS,
        all: INSTRUMENT_PLAN_UPLOAD_COLUMNS,
      });
      if (typeof sheet === 'string') return await this.pipeline.completeValidation(id, { status: 'invalid', error: sheet }, [], null);
      const progress = this.pipeline.progressOf(id);
      await progress(PROGRESS.read, true);
      const [types, settings, stored] = await Promise.all([typesByCode(this.db), this.settings.get(), storedPlanNames(this.db, sheet.contractId)]);
      await progress(PROGRESS.lookedUp, true);
      const bounds = (settings.map_bounds ?? null) as [number, number, number, number] | null;
      const checked = checkPlanRows(sheet.rows, { types, bounds });
      await progress(PROGRESS.checked, true);
      const replaced = checked.rows.filter((r) => stored.has(r.name.toLowerCase())).length;
      return await finishValidation(this.pipeline, row, sheet.format, checked, replaced);
    } catch (err) {
      return this.pipeline.validationFailed(id, err);
    }
  }

  load(row: UploadRow): Promise<'done' | 'failed' | 'skipped'> {
    return loadRows<PlanRow>(this.ctx, this.pipeline, row, {
      write: async (tx, plan, contractId) => {
        if (!(await planRefsPresent(tx, contractId, plan.rows)))
          throw new LoadError('The contract or an instrument type of this file was deleted after the file was checked: upload the file again');
        const replaced = await upsertPlans(tx, contractId, plan.rows, { uploadId: row.uploadId, userId: row.approvedBy });
        return { replaced, audit: { types: new Set(plan.rows.map((r) => r.typeId)).size } };
      },
      told: (rows) => ({ key: 'upload.instrumentPlanLoaded', params: { file: row.fileName, rows } }),
      topic: INSTRUMENT_PLANS_TOPIC,
      failure: 'The instrument plan could not be loaded; nothing was written',
    });
  }
}

/**
 * The example instrument plan: the header row of INSTRUMENT_PLAN_UPLOAD_COLUMNS, then planned instruments of the demo
 * contract T301 near the demo station box (inside the default map bounds): some with a location, date and frequency,
 * one with only its name and type.
 */
export function instrumentPlanTemplate(format: SheetFormat): Promise<Buffer> {
  const rows: Partial<Record<(typeof INSTRUMENT_PLAN_UPLOAD_COLUMNS)[number], SheetCell>>[] = [
    {
      name: 'SM-T301-0101',
      type: 'SM',
      easting: 30352.5,
      northing: 28618.4,
      planned_install_date: '2025-04-01',
      planned_frequency: 'daily',
      remarks: 'Behind the north wall',
    },
    { name: 'SM-T301-0102', type: 'SM', easting: 30362.5, northing: 28618.4, planned_install_date: '2025-04-01', planned_frequency: 'daily' },
    { name: 'INC-T301-0101', type: 'INC', easting: 30340, northing: 28655, planned_install_date: '2025-03-15', planned_frequency: 'weekly' },
    { name: 'VWP-T301-0101', type: 'VWP', remarks: 'Location to follow the GI results' },
  ];
  return writeSheet(
    format,
    'Instrument plan',
    INSTRUMENT_PLAN_UPLOAD_COLUMNS,
    rows.map((r) => INSTRUMENT_PLAN_UPLOAD_COLUMNS.map((c) => r[c] ?? null)),
  );
}
