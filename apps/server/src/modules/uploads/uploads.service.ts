import { createHash } from 'node:crypto';
import {
  CONSTRUCTION_HISTORY_TASK,
  DESIGN_VALUE_TASKS,
  INSTRUMENT_PLAN_TASKS,
  UPLOADS_TOPIC,
  ZBoreholeUploadFields,
  ZUploadCreateFields,
  type PermissionCode,
  type TAgsReport,
  type TListUploadsQuery,
  type TUpload,
  type TUploadCreated,
  type TUploadList,
  type TUploadReport,
  zIdText,
} from '@strata/shared';
import { z } from 'zod';
import type { Actor, AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { cleanFileName } from '../../lib/file-signature.js';
import { parseOrBadRequest } from '../../lib/filters.js';
import { SheetFileError, sniffSheetFormat, type SheetFormat } from '../../lib/sheet-file.js';
import type { UploadedFile } from '../../lib/upload.js';
import { writeAudit } from '../../platform/audit.js';
import { randomKey, type Storage } from '../../platform/storage.js';
import { requireVisibleContract } from '../contracts/contract-access.js';
import { scopeOf } from '../contracts/contracts.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import {
  activeUploadOfContent,
  errorsPage,
  findUpload,
  insertUpload,
  listUploads,
  lockUploadContent,
  transition,
  type UploadRow,
  type UploadView,
} from './uploads.repository.js';
import { type ContractScope } from '../../db/scope.js';
import { INGEST_LOAD_QUEUE, INGEST_QUEUE, UploadPipeline } from './upload-pipeline.js';
import { readingsTemplate } from './upload-template.js';
import { presentUpload } from './uploads.presenter.js';
import { BoreholeUploadPipeline, boreholePlan, sniffBoreholeFile, type BoreholePlan } from '../boreholes/borehole-upload.js';
import { CONSTRUCTION_UPLOAD_TYPES, ConstructionUploadPipeline, uploadTasksOf, type ConstructionUploadType } from '../construction/construction-upload.js';
import { constructionTemplate } from '../construction/construction-template.js';
import { QpdUploadPipeline, qpdTemplate } from '../construction/qpd-upload.js';
import { InstrumentPlanUploadPipeline, instrumentPlanTemplate } from '../construction/instrument-plan-upload.js';

export { INGEST_LOAD_QUEUE, INGEST_QUEUE, STALE_MS } from './upload-pipeline.js';
export { presentUpload };

/** Who may follow an upload of a type (see it, its report, its progress): its uploaders, its history viewers, approvers. */
const FOLLOW: Readonly<Record<string, readonly PermissionCode[]>> = {
  instrument: ['UploadInstrumentationFiles', 'ViewInstrumentationUploadHistory', 'ApproveUpload'],
  borehole: ['UploadSIBoreholeFiles', 'ViewSIBoreholeUploadHistory', 'ApproveUpload'],
  // Construction activity (issue 19): any task of the type's lists (CONSTRUCTION_UPLOAD_TASKS), its history, approval.
  excavation: [...uploadTasksOf('excavation'), CONSTRUCTION_HISTORY_TASK, 'ApproveUpload'],
  tunnel: [...uploadTasksOf('tunnel'), CONSTRUCTION_HISTORY_TASK, 'ApproveUpload'],
  // QP(D) design values and instrument plans (issue 19): their upload task, their history, approval.
  qpd: [DESIGN_VALUE_TASKS.upload, DESIGN_VALUE_TASKS.history, 'ApproveUpload'],
  'instrument-plan': [INSTRUMENT_PLAN_TASKS.upload, INSTRUMENT_PLAN_TASKS.history, 'ApproveUpload'],
};
/** Who may list the uploads of a type (the upload history pages). */
const HISTORY: Readonly<Record<string, PermissionCode>> = {
  instrument: 'ViewInstrumentationUploadHistory',
  borehole: 'ViewSIBoreholeUploadHistory',
  excavation: CONSTRUCTION_HISTORY_TASK,
  tunnel: CONSTRUCTION_HISTORY_TASK,
  qpd: DESIGN_VALUE_TASKS.history,
  'instrument-plan': INSTRUMENT_PLAN_TASKS.history,
};
/** The upload types of the QP(D) design values and of instrument plans (issue 19): a sheet for one contract. */
export const DESIGN_UPLOAD_TYPES = ['qpd', 'instrument-plan'] as const;
export type DesignUploadType = (typeof DESIGN_UPLOAD_TYPES)[number];
/** The text fields of a construction upload's form: the contract is required. */
const ZConstructionUploadFields = z.object({ contract_id: zIdText('Choose a contract') });

export const FOLLOW_PERMISSIONS = [...new Set(Object.values(FOLLOW).flat())];
export const HISTORY_PERMISSIONS = [...new Set(Object.values(HISTORY))];

/** A file to store as an upload of `type`, with what its validation needs to know. */
interface NewUpload {
  type: 'instrument' | 'borehole' | ConstructionUploadType | DesignUploadType;
  contractId: number | null;
  format: string;
  fileName: string;
  plan?: unknown;
  /** Extra facts for the audit row. */
  audit?: Record<string, unknown>;
}

/**
 * Data uploads (issue 7), type `instrument` (readings): POST -> stored file + `uploads` row (202) -> validation job
 * (per-row report) -> approve -> load job (one transaction, COPY) -> done, or reject. See
 * docs/decisions/010-readings-and-uploads.md. Without job workers in this process (`ctx.jobs` undefined: tests, an
 * API started with WORKERS=0) uploads wait and `runPending()` takes them — the schedule dispatcher sweeps every minute.
 * Type `borehole` (AGS files, issue 18) goes the same way; its validate and load steps are in
 * modules/boreholes/borehole-upload.ts, to which the pipeline hands borehole uploads. Types `excavation` and `tunnel`
 * (construction activity, issue 19) likewise: modules/construction/construction-upload.ts.
 */
export class UploadsService {
  /** The validation and load jobs. */
  private readonly pipeline: UploadPipeline;

  constructor(
    private readonly ctx: AppContext,
    private readonly settings: SettingsService,
    private readonly storage: Storage,
    private readonly notifications: NotificationsService,
  ) {
    this.pipeline = new UploadPipeline(ctx, settings, storage, notifications);
    this.pipeline.register('borehole', new BoreholeUploadPipeline(ctx, storage, this.pipeline));
    for (const type of CONSTRUCTION_UPLOAD_TYPES) this.pipeline.register(type, new ConstructionUploadPipeline(ctx, settings, storage, this.pipeline));
    this.pipeline.register('qpd', new QpdUploadPipeline(ctx, storage, this.pipeline));
    this.pipeline.register('instrument-plan', new InstrumentPlanUploadPipeline(ctx, settings, storage, this.pipeline));
  }

  /**
   * The least time between two progress writes while a file is read (the uploader's page asks every 1.5 s); a test
   * sets 0 to see every step.
   */
  get progressEveryMs(): number {
    return this.pipeline.progressEveryMs;
  }

  set progressEveryMs(ms: number) {
    this.pipeline.progressEveryMs = ms;
  }

  /** Called once an upload's readings are committed: the alerts evaluation (issue 9, set by app.ts). */
  get afterLoad(): UploadPipeline['afterLoad'] {
    return this.pipeline.afterLoad;
  }

  set afterLoad(hook: UploadPipeline['afterLoad']) {
    this.pipeline.afterLoad = hook;
  }

  private get db() {
    return this.ctx.db.orm;
  }

  /** Registers the job workers (when this process runs jobs). */
  start(): Promise<void> {
    return this.pipeline.start();
  }

  /** Validates a received upload (the validation job). */
  validate(id: number): Promise<'validated' | 'invalid' | 'skipped'> {
    return this.pipeline.validate(id);
  }

  /** Loads an approved upload (the load job). */
  load(id: number): Promise<'done' | 'failed' | 'skipped'> {
    return this.pipeline.load(id);
  }

  /** Takes every upload waiting (received/approved before `graceMs` ago, or abandoned by a worker), one after another. */
  runPending(graceMs = 0): Promise<number> {
    return this.pipeline.runPending(graceMs);
  }

  /** An upload the caller sees (its contracts) and may follow (the permissions of its type); else 404 / 403. */
  private async visible(actor: Actor, id: number): Promise<UploadView> {
    const found = await findUpload(this.db, scopeOf(actor), id);
    if (!found) throw notFound('Upload not found');
    const may = FOLLOW[found.upload.type] ?? [];
    if (!may.some((p) => actor.permissions.has(p))) throw forbidden();
    return found;
  }

  // ---- the API ----

  /** Stores the file and its row, then queues the validation. 409 when the same file is already uploaded (unless `force`). */
  async create(actor: Actor, file: UploadedFile, force: boolean): Promise<TUploadCreated> {
    const fields = parseOrBadRequest(ZUploadCreateFields, file.fields);
    if (fields.contract_id !== undefined) await requireVisibleContract(this.db, actor, fields.contract_id);
    let format: SheetFormat;
    try {
      format = await sniffSheetFormat(file.data);
    } catch (err) {
      if (err instanceof SheetFileError) throw badRequest({ files: err.message });
      throw err;
    }
    return this.store(actor, file, force, {
      type: 'instrument',
      contractId: fields.contract_id ?? null,
      format,
      fileName: cleanFileName(file.fileName, `readings.${format}`),
    });
  }

  /**
   * A borehole upload (issue 18): an AGS file or a ZIP of AGS files for a contract of the caller's, in grid `crs`
   * (kept in `plan` until validation adds the checker report). Anything else is a 400 and nothing is stored.
   */
  async createBorehole(actor: Actor, file: UploadedFile, force: boolean): Promise<TUploadCreated> {
    const fields = parseOrBadRequest(ZBoreholeUploadFields, file.fields);
    await requireVisibleContract(this.db, actor, fields.contract_id);
    const format = await sniffBoreholeFile(file.data);
    return this.store(actor, file, force, {
      type: 'borehole',
      contractId: fields.contract_id,
      format,
      fileName: cleanFileName(file.fileName, `boreholes.${format}`),
      plan: { crs: fields.crs },
      audit: { crs: fields.crs },
    });
  }

  /**
   * A construction upload (issue 19, decision 038): one CSV or XLSX of MC excavation activity (`excavation`) or of a
   * mined tunnel (`tunnel`) for a contract of the caller's; its rows are checked by the validation job
   * (modules/construction/construction-upload.ts). Anything but a CSV or XLSX is a 400 and nothing is stored. The QP(D)
   * design values (`qpd`) and instrument plans (`instrument-plan`) come the same way (qpd-upload.ts,
   * instrument-plan-upload.ts).
   */
  async createConstruction(actor: Actor, type: ConstructionUploadType | DesignUploadType, file: UploadedFile, force: boolean): Promise<TUploadCreated> {
    const fields = parseOrBadRequest(ZConstructionUploadFields, file.fields);
    await requireVisibleContract(this.db, actor, fields.contract_id);
    let format: SheetFormat;
    try {
      format = await sniffSheetFormat(file.data);
    } catch (err) {
      if (err instanceof SheetFileError) throw badRequest({ files: err.message });
      throw err;
    }
    return this.store(actor, file, force, {
      type,
      contractId: fields.contract_id,
      format,
      fileName: cleanFileName(file.fileName, `${type}.${format}`),
    });
  }

  private async store(actor: Actor, file: UploadedFile, force: boolean, u: NewUpload): Promise<TUploadCreated> {
    const sha256 = createHash('sha256').update(file.data).digest('hex');
    const scope = scopeOf(actor);
    // Checked first so a duplicate is refused before its file is stored, then again under the content lock.
    if (!force) await this.refuseDuplicate(this.db, scope, u.type, sha256);
    const key = randomKey('uploads', u.format);
    await this.storage.write(key, file.data);
    const now = this.ctx.now();
    let row: UploadRow;
    try {
      row = await this.db.transaction(async (tx) => {
        await lockUploadContent(tx, sha256);
        if (!force) await this.refuseDuplicate(tx, scope, u.type, sha256);
        const r = await insertUpload(tx, {
          type: u.type,
          contractId: u.contractId,
          contractIds: u.contractId ? [u.contractId] : [],
          uploadedBy: actor.userId,
          createdAt: now,
          updatedAt: now,
          fileName: u.fileName,
          storageKey: key,
          sha256,
          size: file.data.length,
          force,
          format: u.format,
          ...(u.plan === undefined ? {} : { plan: u.plan }),
        });
        await writeAudit(tx, actor, {
          action: 'upload.create',
          entityType: 'upload',
          entityId: r.uploadId,
          after: { type: u.type, file_name: u.fileName, size: file.data.length, sha256, contract_id: u.contractId, force, ...u.audit },
        });
        return r;
      });
    } catch (err) {
      await this.storage.remove(key).catch(() => undefined);
      throw err;
    }
    await this.pipeline.enqueue(INGEST_QUEUE, row.uploadId);
    return { upload_id: row.uploadId, status: row.status };
  }

  /** 409 naming the caller's latest live upload of the same content, if there is one they may see. */
  private async refuseDuplicate(db: Executor, scope: ContractScope, type: string, sha256: string): Promise<void> {
    const same = await activeUploadOfContent(db, scope, type, sha256);
    if (same) {
      throw conflict(
        `This file was already uploaded on ${same.createdAt.toISOString().slice(0, 10)} (upload ${same.id}, ${same.status}). Upload it with force to process it again.`,
      );
    }
  }

  async get(actor: Actor, id: number): Promise<TUpload> {
    return presentUpload(await this.visible(actor, id));
  }

  /** The uploads of the types whose history the caller may see (403 when they ask for another type). */
  async list(actor: Actor, q: TListUploadsQuery): Promise<TUploadList> {
    const types = Object.entries(HISTORY)
      .filter(([, p]) => actor.permissions.has(p))
      .map(([type]) => type);
    if (q.type !== undefined && !types.includes(q.type)) throw forbidden();
    const { records, total } = await listUploads(this.db, scopeOf(actor), {
      types: q.type !== undefined ? [q.type] : types,
      contractId: q.contract,
      status: q.status,
      limit: q.limit,
      skip: q.skip,
    });
    return { records: records.map(presentUpload), total_records: total };
  }

  async report(actor: Actor, id: number, q: { skip: number; limit: number }): Promise<TUploadReport> {
    const { upload } = await this.visible(actor, id);
    const page = await errorsPage(this.db, id, q.skip, q.limit);
    return {
      upload_id: id,
      status: upload.status,
      rows_total: upload.rowsTotal,
      rows_valid: upload.rowsValid,
      rows_invalid: upload.rowsInvalid,
      errors_total: upload.errorsTotal,
      capped: upload.errorsTotal > page.total,
      records: page.records,
      total_records: page.total,
    };
  }

  /** Approves a validated upload (or a failed load, to retry it): the load job writes its valid readings. */
  async approve(actor: Actor, id: number): Promise<TUpload> {
    const { upload } = await this.visible(actor, id);
    if (!this.pipeline.approvable(upload)) {
      throw conflict(`An upload that is ${upload.status} cannot be approved`);
    }
    const now = this.ctx.now();
    const moved = await this.db.transaction(async (tx) => {
      const r = await transition(tx, id, [upload.status], 'approved', { approvedBy: actor.userId, approvedAt: now, updatedAt: now, error: null, progress: 0 });
      if (r)
        await writeAudit(tx, actor, {
          action: 'upload.approve',
          entityType: 'upload',
          entityId: id,
          before: { status: upload.status },
          after: { status: 'approved', rows_valid: upload.rowsValid },
        });
      return r;
    });
    if (!moved) throw conflict('The upload changed meanwhile: reload it');
    await this.pipeline.enqueue(INGEST_LOAD_QUEUE, id);
    return this.get(actor, id);
  }

  async reject(actor: Actor, id: number): Promise<TUpload> {
    const { upload } = await this.visible(actor, id);
    if (!['validated', 'invalid', 'failed'].includes(upload.status)) throw conflict(`An upload that is ${upload.status} cannot be rejected`);
    const now = this.ctx.now();
    const moved = await this.db.transaction(async (tx) => {
      const r = await transition(tx, id, [upload.status], 'rejected', { rejectedBy: actor.userId, rejectedAt: now, updatedAt: now, validKey: null });
      if (r)
        await writeAudit(tx, actor, {
          action: 'upload.reject',
          entityType: 'upload',
          entityId: id,
          before: { status: upload.status },
          after: { status: 'rejected' },
        });
      return r;
    });
    if (!moved) throw conflict('The upload changed meanwhile: reload it');
    await this.pipeline.removeValidFiles(upload.validKey);
    await this.pipeline.announce(moved, UPLOADS_TOPIC);
    return this.get(actor, id);
  }

  /** The AGS checker report of a borehole upload (404 for another type, 409 before its validation). */
  async agsReport(actor: Actor, id: number): Promise<TAgsReport> {
    const { upload } = await this.visible(actor, id);
    if (upload.type !== 'borehole') throw notFound('This upload is not a borehole upload');
    const plan: BoreholePlan | undefined = boreholePlan(upload);
    if (!plan) throw conflict(`The AGS report is ready once the upload is validated (it is ${upload.status})`);
    return { upload_id: id, file_name: upload.fileName, ...plan.report };
  }

  template(format: SheetFormat, layout: 'long' | 'wide'): Promise<Buffer> {
    return readingsTemplate(format, layout);
  }

  /** The example file of a construction upload type (header row and rows of each record kind). */
  constructionTemplate(type: ConstructionUploadType, format: SheetFormat): Promise<Buffer> {
    return constructionTemplate(type, format);
  }

  /** The example file of the QP(D) design values or instrument plan upload. */
  designTemplate(type: DesignUploadType, format: SheetFormat): Promise<Buffer> {
    return type === 'qpd' ? qpdTemplate(format) : instrumentPlanTemplate(format);
  }
}
