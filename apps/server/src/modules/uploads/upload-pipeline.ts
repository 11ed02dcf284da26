import { DEFAULT_TIMEZONE, UPLOADS_TOPIC, type TNotificationPayload } from '@strata/shared';
import { englishText, type MessageText } from '../../lib/server-messages.js';
import type { AppContext, AuditActor } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { SheetFileError } from '../../lib/sheet-file.js';
import { isTimeZone } from '../../lib/zoned-time.js';
import { SYSTEM_ACTOR, writeAudit } from '../../platform/audit.js';
import { safeError } from '../../platform/safe-error.js';
import { randomKey, type Storage } from '../../platform/storage.js';
import { scopeOf } from '../contracts/contracts.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { publishDataUpdated, publishToUsers } from '../realtime/realtime.publish.js';
import type { SettingsService } from '../settings/settings.service.js';
import { recordJobFailure } from '../system-admin/system-logs.js';
import { registerPipelineQueue } from '../system-admin/pipelines.js';
import { readReadingFile } from './reading-file.js';
import { ReadingValidator } from './reading-validator.js';
import {
  codeRefs,
  contractRefs,
  instrumentRefs,
  lockUpload,
  pendingUploads,
  replaceErrors,
  transition,
  userRef,
  type UploadInsert,
  type UploadPlan,
  type UploadRow,
} from './uploads.repository.js';
import { ensurePartitions, loadReadings, seriesOfInstruments, storedTimes } from '../readings/readings-store.service.js';

export type { UploadRow };

/** Validation jobs (the `ingest` pipeline of the Realtime Processes screen) and load jobs. */
export const INGEST_QUEUE = 'ingest';
export const INGEST_LOAD_QUEUE = 'ingest-load';
registerPipelineQueue('ingest', INGEST_LOAD_QUEUE);

/** A validation or load untouched this long is taken again (its worker died); pg-boss expires its job after 30 min. */
/** A validation or load untouched this long was abandoned by a worker that died: another takes it over. */
export const STALE_MS = 15 * 60_000;
const JOB_OPTIONS = { retryLimit: 2, retryDelay: 60, expireInSeconds: 1800 };
/** Validation progress: reading the file goes to 80 %, the check against stored readings to 90 %, the report to 100 %. */
const READ_SHARE = 80;
const STORED_CHECKED = 90;

/** Where a notification about an upload leads: the upload page of its type. */
export const uploadLink = (type: string, id: number) => `/en/upload/${type}?upload=${id}`;

/** A validation's outcome values and its per-row findings, as `completeValidation` writes them. */
export type ValidationErrors = { row: number; field: string; message: string; instrument_id?: number | null }[];

/**
 * The validate and load steps of one upload type other than `instrument` (e.g. boreholes): the pipeline moves the row
 * to `validating`/`loading` and hands it over; the type's steps finish it with the pipeline's helpers.
 */
export interface UploadTypePipeline {
  validate(row: UploadRow): Promise<'validated' | 'invalid' | 'skipped'>;
  load(row: UploadRow): Promise<'done' | 'failed' | 'skipped'>;
  /** Whether an upload in this state may be approved (validated with something to load, or a failed load to retry). */
  approvable(row: UploadRow): boolean;
}

/**
 * The validate/load pipeline of data uploads (issue 7): the validation job reads the stored file and writes the
 * per-row report and the valid readings; the load job copies them in one transaction. Run by the job workers, or by
 * `runPending()` when this process has none. `UploadsService` (the API) starts it and enqueues its jobs.
 */
export class UploadPipeline {
  constructor(
    private readonly ctx: AppContext,
    private readonly settings: SettingsService,
    private readonly storage: Storage,
    private readonly notifications: NotificationsService,
  ) {}

  /**
   * The least time between two progress writes while a file is read (the uploader's page asks every 1.5 s); a test
   * sets 0 to see every step.
   */
  progressEveryMs = 250;

  /** Called once an upload's readings are committed: the alerts evaluation (issue 9, set by app.ts). */
  afterLoad?: (loaded: { uploadId: number; seriesIds: number[]; from: Date | null; to: Date | null }) => Promise<void>;

  /** The pipelines of the other upload types, by type (the instrument readings pipeline is this class). */
  private readonly types = new Map<string, UploadTypePipeline>();

  private get db() {
    return this.ctx.db.orm;
  }

  /** Hands the uploads of `type` to `pipeline` once their validation or load starts. */
  register(type: string, pipeline: UploadTypePipeline): void {
    this.types.set(type, pipeline);
  }

  /** Whether an upload may be approved now (per type). */
  approvable(row: UploadRow): boolean {
    const other = this.types.get(row.type);
    if (other) return other.approvable(row);
    return (row.status === 'validated' || (row.status === 'failed' && row.validKey !== null)) && row.rowsValid > 0;
  }

  /** Registers the job workers (when this process runs jobs). */
  async start(): Promise<void> {
    if (!this.ctx.jobs) return;
    await this.ctx.jobs.work<{ id: number }>(INGEST_QUEUE, async (job) => ({ outcome: await this.validate(job.data.id) }), { queue: JOB_OPTIONS });
    await this.ctx.jobs.work<{ id: number }>(INGEST_LOAD_QUEUE, async (job) => ({ outcome: await this.load(job.data.id) }), { queue: JOB_OPTIONS });
  }

  async enqueue(queue: string, id: number): Promise<void> {
    if (!this.ctx.jobs) return;
    try {
      await this.ctx.jobs.send(queue, { id }, JOB_OPTIONS);
    } catch (err) {
      this.ctx.log.warn({ err: safeError(err), uploadId: id }, 'uploads: job queue unavailable; left for the sweep');
    }
  }

  // ---- the jobs ----

  async removeValidFiles(validKey: string | null): Promise<void> {
    if (!validKey) return;
    await this.storage.remove(`${validKey}.readings`).catch(() => undefined);
    await this.storage.remove(`${validKey}.rollups`).catch(() => undefined);
  }

  /** dataUpdated on `topic` to the users of the upload's contracts (to its uploader when it has none). */
  async announce(u: UploadRow, topic: string): Promise<void> {
    try {
      if (u.contractIds.length === 0) {
        if (u.uploadedBy !== null) {
          const payload: TNotificationPayload = { type: 'dataUpdated', topic, message: 'New data available. Click to reload.', severity: 1, link_uri: null };
          await publishToUsers(this.ctx.bus, [u.uploadedBy], payload);
        }
        return;
      }
      for (const contractId of u.contractIds) await publishDataUpdated(this.ctx.bus, { topic, contractId });
    } catch (err) {
      this.ctx.log.error({ err: safeError(err), uploadId: u.uploadId }, 'uploads: publishing failed');
    }
  }

  async tell(userIds: (number | null)[], text: MessageText, severity: number, row: Pick<UploadRow, 'uploadId' | 'type'>): Promise<void> {
    const id = row.uploadId;
    const ids = [...new Set(userIds.filter((x): x is number => x !== null))];
    if (ids.length === 0) return;
    try {
      await this.notifications.notify(ids, {
        type: 'fileCompleted',
        message: englishText(text),
        message_key: text.key,
        message_params: text.params,
        severity,
        link_uri: uploadLink(row.type, id),
      });
    } catch (err) {
      this.ctx.log.error({ err: safeError(err), uploadId: id }, 'uploads: notification failed');
    }
  }

  private async timezone(): Promise<string> {
    const tz = (await this.settings.get()).timezone;
    return isTimeZone(tz) ? tz : DEFAULT_TIMEZONE;
  }

  /**
   * Writes a validation's progress on its row (what the uploader's page shows; it also keeps the row from looking
   * abandoned): only forward, and at most once per `progressEveryMs` unless `now` — the steps after reading.
   */
  progressOf(id: number): (percent: number, now?: boolean) => Promise<void> {
    let shown = 0;
    let at = performance.now();
    return async (percent, now = false) => {
      const t = performance.now();
      if (percent <= shown || (!now && t - at < this.progressEveryMs)) return;
      shown = percent;
      at = t;
      await transition(this.db, id, ['validating'], 'validating', { progress: percent, updatedAt: this.ctx.now() });
    };
  }

  /**
   * Ends a validation in one transaction: the findings, the status (`values.status`, validated or invalid), the audit
   * row; then tells the upload's users. 'skipped' when another worker moved the row meanwhile.
   */
  async completeValidation(
    id: number,
    values: Partial<UploadInsert>,
    errors: ValidationErrors,
    validKey: string | null,
  ): Promise<'validated' | 'invalid' | 'skipped'> {
    let done: UploadRow | undefined;
    await this.db.transaction(async (tx) => {
      await replaceErrors(tx, id, errors);
      done = await transition(tx, id, ['validating'], values.status as 'validated' | 'invalid', {
        ...values,
        validKey,
        validatedAt: this.ctx.now(),
        updatedAt: this.ctx.now(),
        progress: 100,
      });
      if (done) {
        await writeAudit(tx, SYSTEM_ACTOR, {
          action: 'upload.validate',
          entityType: 'upload',
          entityId: id,
          after: {
            status: values.status,
            rows_total: values.rowsTotal ?? 0,
            rows_valid: values.rowsValid ?? 0,
            rows_invalid: values.rowsInvalid ?? 0,
            errors_total: values.errorsTotal ?? 0,
          },
        });
      }
    });
    if (!done) {
      await this.removeValidFiles(validKey);
      return 'skipped';
    }
    await this.announce(done, UPLOADS_TOPIC);
    return values.status as 'validated' | 'invalid';
  }

  /** A validation that threw: logged and recorded as a job failure, the upload `failed`. */
  async validationFailed(id: number, err: unknown): Promise<'invalid'> {
    this.ctx.log.error({ err: safeError(err), uploadId: id }, 'upload validation failed');
    await recordJobFailure(this.ctx, INGEST_QUEUE, String(id), err, 'upload');
    const error = 'The file could not be validated';
    const failed = await this.db.transaction(async (tx) => {
      const f = await transition(tx, id, ['validating'], 'failed', { error, updatedAt: this.ctx.now() });
      if (f)
        await writeAudit(tx, SYSTEM_ACTOR, {
          action: 'upload.validate',
          entityType: 'upload',
          entityId: id,
          before: { status: 'validating' },
          after: { status: 'failed', error },
        });
      return f;
    });
    if (failed) await this.announce(failed, UPLOADS_TOPIC);
    return 'invalid';
  }

  /** Validates a received upload: the per-row report and the valid readings, ready for approval. */
  async validate(id: number): Promise<'validated' | 'invalid' | 'skipped'> {
    const now = this.ctx.now();
    const row = await transition(this.db, id, ['received'], 'validating', { progress: 0, updatedAt: now }, new Date(now.getTime() - STALE_MS));
    if (!row) return 'skipped';
    await this.announce(row, UPLOADS_TOPIC);
    const other = this.types.get(row.type);
    if (other) return other.validate(row);
    const finish = (values: Partial<UploadInsert>, errors: ValidationErrors, validKey: string | null) => this.completeValidation(id, values, errors, validKey);
    try {
      const user = await userRef(this.db, row.uploadedBy);
      if (!user || user.status !== 'active') return await finish({ status: 'invalid', error: 'The uploader is no longer an active user' }, [], null);
      const data = await this.storage.read(row.storageKey);
      if (!data) return await finish({ status: 'invalid', error: 'The uploaded file is missing' }, [], null);
      const scope = scopeOf({ userId: user.userId, userType: user.userType });
      const [byName, contractsByNo, codesByType, tz] = await Promise.all([
        instrumentRefs(this.db, scope, row.contractId),
        contractRefs(this.db, scope),
        codeRefs(this.db),
        this.timezone(),
      ]);
      const chosen = row.contractId === null ? null : ([...contractsByNo.values()].find((c) => c.id === row.contractId) ?? null);
      if (row.contractId !== null && !chosen)
        return await finish({ status: 'invalid', error: 'The contract of the upload is no longer assigned to the uploader' }, [], null);
      const validator = new ReadingValidator({ timezone: tz, now: now.getTime(), contract: chosen, instrumentsByName: byName, contractsByNo, codesByType });
      const progress = this.progressOf(id);
      let info;
      try {
        info = await readReadingFile(
          data,
          (r) => validator.add(r),
          (fraction) => progress(Math.floor(READ_SHARE * fraction)),
        );
      } catch (err) {
        if (err instanceof SheetFileError) return await finish({ status: 'invalid', error: err.message }, [], null);
        throw err;
      }
      await progress(READ_SHARE, true);
      validator.checkFile();
      const existing = await seriesOfInstruments(this.db, validator.instrumentIds());
      validator.markStored(await storedTimes(this.db, validator.storedCheck(existing)));
      await progress(STORED_CHECKED, true);
      const res = validator.result(existing, id);
      let validKey: string | null = null;
      if (res.rowsValid > 0) {
        validKey = randomKey('uploads', 'valid').replace(/\.valid$/, '');
        await this.storage.write(`${validKey}.readings`, res.readings);
        await this.storage.write(`${validKey}.rollups`, Buffer.from(res.rollupsText, 'utf8'));
      }
      const plan: UploadPlan = { series: res.series, refs: res.refs, latest: res.latest, months: res.months };
      const contractIds = [...new Set([...validator.contractIds(), ...(row.contractId ? [row.contractId] : [])])].sort((a, b) => a - b);
      return await finish(
        {
          status: res.rowsValid > 0 ? 'validated' : 'invalid',
          format: info.format,
          layout: info.layout,
          rowsTotal: res.rowsTotal,
          rowsValid: res.rowsValid,
          rowsInvalid: res.rowsInvalid,
          errorsTotal: res.errorsTotal,
          firstTakenAt: res.first === null ? null : new Date(res.first),
          lastTakenAt: res.last === null ? null : new Date(res.last),
          plan,
          contractIds,
          error: res.rowsValid > 0 ? null : 'No row of the file is valid',
        },
        res.errors,
        validKey,
      );
    } catch (err) {
      return this.validationFailed(id, err);
    }
  }

  /** Loads an approved upload's valid readings in one transaction (COPY); a failure leaves none of them. */
  async load(id: number): Promise<'done' | 'failed' | 'skipped'> {
    const now = this.ctx.now();
    const row = await transition(this.db, id, ['approved'], 'loading', { progress: 0, updatedAt: now }, new Date(now.getTime() - STALE_MS));
    if (!row) return 'skipped';
    // The load is one transaction (its progress cannot be seen until it commits): say that it started.
    await this.announce(row, UPLOADS_TOPIC);
    const other = this.types.get(row.type);
    if (other) return other.load(row);
    const who = await this.approverOf(row);
    try {
      const plan = row.plan as UploadPlan | null;
      const [readings, rollups] = row.validKey
        ? await Promise.all([this.storage.read(`${row.validKey}.readings`), this.storage.read(`${row.validKey}.rollups`)])
        : [undefined, undefined];
      if (!plan || !readings || !rollups) throw new LoadError('The validated readings of this upload are missing: upload the file again');
      // Partitions first, in their own transaction: creating one locks the readings table until commit.
      await ensurePartitions(this.db, plan.months);
      let seriesIds: number[] = [];
      const loaded = await this.db.transaction(async (tx) => {
        if ((await lockUpload(tx, id)) !== 'loading') return undefined; // another worker finished it meanwhile
        const r = await loadReadings(tx, { uploadId: id, series: plan.series, refs: plan.refs, readings, rollups, latest: plan.latest });
        seriesIds = r.seriesIds;
        const done = await transition(tx, id, ['loading'], 'done', {
          rowsLoaded: r.rows,
          progress: 100,
          finishedAt: this.ctx.now(),
          updatedAt: this.ctx.now(),
          validKey: null,
        });
        await writeAudit(tx, who, {
          action: 'upload.load',
          entityType: 'upload',
          entityId: id,
          after: { status: 'done', rows_loaded: r.rows, series: r.seriesIds.length },
        });
        return done;
      });
      if (!loaded) return 'skipped';
      await this.removeValidFiles(row.validKey);
      await this.afterLoad?.({ uploadId: id, seriesIds, from: row.firstTakenAt, to: row.lastTakenAt });
      await this.tell([row.uploadedBy, row.approvedBy], { key: 'upload.loaded', params: { file: row.fileName, rows: loaded.rowsLoaded } }, 1, row);
      await this.announce(loaded, 'instruments');
      await this.announce(loaded, UPLOADS_TOPIC);
      return 'done';
    } catch (err) {
      const message =
        err instanceof LoadError
          ? err.message
          : isUniqueViolation(err)
            ? 'Readings of this file were stored by another upload after it was validated: upload the file again'
            : 'The readings could not be loaded; nothing was written';
      if (!(err instanceof LoadError)) {
        this.ctx.log.error({ err: safeError(err), uploadId: id }, 'upload load failed');
        await recordJobFailure(this.ctx, INGEST_LOAD_QUEUE, String(id), err, 'upload');
      }
      return this.loadFailed(row, who, message);
    }
  }

  /** The uploader of an upload when still an active user (the scope its validation reads in). */
  async activeUploader(row: UploadRow): Promise<{ userId: number; userType: number } | undefined> {
    const user = await userRef(this.db, row.uploadedBy);
    return user && user.status === 'active' ? { userId: user.userId, userType: user.userType } : undefined;
  }

  /**
   * A load of another upload type in one transaction: `write` stores the upload's data, then the row moves from
   * `loading` to `done` (with `rows_loaded`) and the audit row is written, all or nothing. Undefined when another
   * worker finished the upload meanwhile.
   */
  async loadInTransaction(
    row: UploadRow,
    who: AuditActor,
    write: (tx: Executor) => Promise<{ rowsLoaded: number; audit: Record<string, unknown> }>,
  ): Promise<UploadRow | undefined> {
    const id = row.uploadId;
    return this.db.transaction(async (tx) => {
      if ((await lockUpload(tx, id)) !== 'loading') return undefined;
      const r = await write(tx);
      const done = await transition(tx, id, ['loading'], 'done', {
        rowsLoaded: r.rowsLoaded,
        progress: 100,
        finishedAt: this.ctx.now(),
        updatedAt: this.ctx.now(),
        error: null,
      });
      await writeAudit(tx, who, {
        action: 'upload.load',
        entityType: 'upload',
        entityId: id,
        after: { status: 'done', rows_loaded: r.rowsLoaded, ...r.audit },
      });
      return done;
    });
  }

  /** Who approved the upload, as the load's audit rows name them. */
  async approverOf(row: UploadRow): Promise<AuditActor> {
    const approver = await userRef(this.db, row.approvedBy);
    return { userId: row.approvedBy, loginName: approver?.loginName ?? null, clientAddress: null };
  }

  /** A load that did not commit: the upload `failed` with `message` (nothing was written), its users told. */
  async loadFailed(row: UploadRow, who: AuditActor, message: string): Promise<'failed'> {
    const id = row.uploadId;
    const failed = await this.db.transaction(async (tx) => {
      const f = await transition(tx, id, ['loading'], 'failed', { error: message, finishedAt: this.ctx.now(), updatedAt: this.ctx.now() });
      if (f) await writeAudit(tx, who, { action: 'upload.load', entityType: 'upload', entityId: id, after: { status: 'failed', error: message } });
      return f;
    });
    if (failed) {
      await this.tell([row.uploadedBy, row.approvedBy], { key: 'upload.failed', params: { file: row.fileName, reason: message } }, 3, row);
      await this.announce(failed, UPLOADS_TOPIC);
    }
    return 'failed';
  }

  /** Takes every upload waiting (received/approved before `graceMs` ago, or abandoned by a worker), one after another. */
  async runPending(graceMs = 0): Promise<number> {
    const seen = new Set<number>();
    let n = 0;
    for (;;) {
      const now = this.ctx.now().getTime();
      const rows = (await pendingUploads(this.db, new Date(now - graceMs + 1), new Date(now - STALE_MS))).filter((r) => !seen.has(r.id));
      if (rows.length === 0) return n;
      for (const r of rows) {
        seen.add(r.id);
        const outcome = r.status === 'received' || r.status === 'validating' ? await this.validate(r.id) : await this.load(r.id);
        if (outcome !== 'skipped') n++;
      }
    }
  }
}

class LoadError extends Error {}
