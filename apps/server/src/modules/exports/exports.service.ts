import {
  ownValue,
  API_BASE,
  EXPORT_LIMITS,
  EXPORT_STATUS,
  type TCreateExportResponse,
  type TExportCheck,
  type TGeneratedFile,
  type TGeneratedFileList,
  type TListGeneratedFilesQuery,
} from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { iso, isoOrNull } from '../../lib/filters.js';
import { fileStamp } from '../../lib/zoned-time.js';
import { writeAudit } from '../../platform/audit.js';
import { safeError } from '../../platform/safe-error.js';
import { randomKey, type Storage } from '../../platform/storage.js';
import { adminScopeOf, type AdminScope } from '../admin-users/admin-scope.js';
import type { SettingsService } from '../settings/settings.service.js';
import { recordJobFailure } from '../system-admin/system-logs.js';
import { EXPORT_TYPE_DEFS, type ExportTypeDef } from './export-types.js';
import { TooLargeError } from './export-writers.js';
import {
  claimGeneratedFile,
  deleteGeneratedFiles,
  expiredFiles,
  failStaleRunning,
  findGeneratedFile,
  finishGeneratedFile,
  insertGeneratedFile,
  listGeneratedFiles,
  pendingIds,
  type GeneratedFileRow,
} from './exports.repository.js';

export const EXPORTS_QUEUE = 'exports';
const STATUS_CODE = { pending: 1, running: 1, completed: 2, failed: 3, too_large: 4 } as const;
const DAY_MS = 86_400_000;

const holds = (actor: Actor, codes: readonly string[]) => codes.some((c) => actor.permissions.has(c));

/**
 * Exports and generated reports (`POST /exports/{type}` -> job -> file in storage -> check -> download).
 * The `generated_files` row is the record of each one: the pg-boss job only carries its id, and the row is claimed
 * (pending -> running) before work, so each file is made once even when several workers or a sweep see it.
 * An API that leaves jobs to `npm run worker` still queues them (send-only jobs). Without a queue (`ctx.jobs`
 * undefined: tests, or the embedded database with WORKERS=off), or when sending failed, rows wait as pending and are
 * made by `runPending()` — the schedule dispatcher sweeps it every minute.
 */
export class ExportsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly settings: SettingsService,
    private readonly storage: Storage,
  ) {}

  /** Registers the job worker (when this process runs jobs). */
  async start(): Promise<void> {
    if (!this.ctx.jobs) return;
    await this.ctx.jobs.work<{ id: number }>(
      EXPORTS_QUEUE,
      async (job) => {
        const outcome = await this.run(job.data.id);
        if (outcome === 'failed') throw new Error(`export ${job.data.id} failed`);
        return { outcome };
      },
      { concurrency: 2, queue: { retryLimit: 0, expireInSeconds: 3600 } },
    );
  }

  private def(type: string): ExportTypeDef {
    const def = ownValue(EXPORT_TYPE_DEFS, type);
    if (!def) throw notFound('Unknown export type');
    return def;
  }

  async create(actor: Actor, type: string, body: unknown): Promise<TCreateExportResponse> {
    const def = this.def(type);
    if (!holds(actor, def.create)) throw forbidden();
    const { format, filters } = def.parse(body ?? {});
    const db = this.ctx.db.orm;
    const scope = await adminScopeOf(db, actor);
    const now = this.ctx.now();
    const row = await db.transaction(async (tx) => {
      const r = await insertGeneratedFile(tx, {
        kind: def.kind,
        type,
        format,
        params: { filters, scope },
        createdBy: actor.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + EXPORT_LIMITS.keepDays * DAY_MS),
      });
      await writeAudit(tx, actor, { action: 'export.create', entityType: 'generated_file', entityId: r.id, after: { type, format, filters } });
      return r;
    });
    await this.enqueue(row.id);
    return { job_id: row.id };
  }

  private async enqueue(id: number): Promise<void> {
    if (!this.ctx.jobs) return;
    try {
      await this.ctx.jobs.send(EXPORTS_QUEUE, { id }, { retryLimit: 0, expireInSeconds: 3600 });
    } catch (err) {
      // Jobs stopping or not started: the row stays pending and the next sweep makes it.
      this.ctx.log.warn({ err: safeError(err) }, 'exports: job queue unavailable; left for the sweep');
    }
  }

  /** The row if the caller may see it (its type's permissions, and the directory scope); 404 otherwise. */
  private async visible(actor: Actor, id: number, need: 'view' | 'download') {
    const scope = await adminScopeOf(this.ctx.db.orm, actor);
    const found = await findGeneratedFile(this.ctx.db.orm, id, scope);
    const def = found ? ownValue(EXPORT_TYPE_DEFS, found.file.type) : undefined;
    if (!found || !def) throw notFound('Export not found');
    const viewers = [...def.create, ...def.download];
    if (!holds(actor, need === 'view' ? viewers : def.download)) {
      if (!holds(actor, viewers)) throw notFound('Export not found');
      throw forbidden();
    }
    return { ...found, def, scope };
  }

  private url(row: GeneratedFileRow): string {
    return `${API_BASE}/exports/${row.id}/download`;
  }

  async check(actor: Actor, id: number): Promise<TExportCheck> {
    const { file, def } = await this.visible(actor, id, 'view');
    const status = STATUS_CODE[file.status];
    if (status === EXPORT_STATUS.completed) {
      return {
        status: 2,
        file_name: file.fileName ?? undefined,
        size: file.size ?? undefined,
        ...(holds(actor, def.download) ? { url: this.url(file) } : { message: 'You do not have permission to download this file' }),
      };
    }
    if (status === EXPORT_STATUS.failed) return { status: 3, message: file.error ?? 'The export failed' };
    if (status === EXPORT_STATUS.tooLarge) return { status: 4, message: file.error ?? 'The export is too large' };
    return { status: 1 };
  }

  async download(actor: Actor, id: number): Promise<{ data: Buffer; fileName: string; format: string }> {
    const { file } = await this.visible(actor, id, 'download');
    if (file.status !== 'completed' || !file.storageKey || !file.fileName) throw notFound('The file is not ready');
    const data = await this.storage.read(file.storageKey);
    if (!data) throw notFound('The file has expired');
    await writeAudit(this.ctx.db.orm, actor, {
      action: 'export.download',
      entityType: 'generated_file',
      entityId: id,
      after: { type: file.type, file_name: file.fileName },
    });
    return { data, fileName: file.fileName, format: file.format };
  }

  async list(actor: Actor, q: TListGeneratedFilesQuery): Promise<TGeneratedFileList> {
    const scope = await adminScopeOf(this.ctx.db.orm, actor);
    const types = Object.entries(EXPORT_TYPE_DEFS)
      .filter(([t, d]) => holds(actor, [...d.create, ...d.download]) && (!q.type || q.type === t))
      .map(([t]) => t);
    const { records, total } = await listGeneratedFiles(this.ctx.db.orm, scope, { kind: q.kind, types, limit: q.limit, skip: q.skip });
    return {
      records: records.map(({ file, createdByName }): TGeneratedFile => ({
        id: file.id,
        kind: file.kind,
        type: file.type,
        format: file.format,
        status: STATUS_CODE[file.status],
        state: file.status,
        file_name: file.fileName,
        size: file.size,
        rows: file.rows,
        created_by: file.createdBy,
        created_by_name: createdByName,
        created: iso(file.createdAt),
        completed: isoOrNull(file.completedAt),
        expires: iso(file.expiresAt),
        error: file.error,
        url: file.status === 'completed' && holds(actor, ownValue(EXPORT_TYPE_DEFS, file.type)?.download ?? []) ? this.url(file) : null,
      })),
      total_records: total,
    };
  }

  /** Makes one file if it is still pending; returns what happened. */
  async run(id: number): Promise<'completed' | 'failed' | 'too_large' | 'skipped'> {
    const db = this.ctx.db.orm;
    const row = await claimGeneratedFile(db, id, this.ctx.now());
    if (!row) return 'skipped';
    const def = ownValue(EXPORT_TYPE_DEFS, row.type);
    const params = row.params as { filters?: Record<string, unknown>; scope: AdminScope };
    try {
      if (!def) throw new Error(`unknown export type ${row.type}`);
      const tz = (await this.settings.get()).timezone;
      const now = this.ctx.now();
      const result = await def.generate({ db, scope: params.scope, tz, now, maxBytes: EXPORT_LIMITS.maxBytes }, row.format, params.filters ?? {});
      const key = randomKey('exports', row.format);
      await this.storage.write(key, result.data);
      await finishGeneratedFile(db, id, {
        status: 'completed',
        storageKey: key,
        fileName: `${def.stem}-${fileStamp(now, tz)}.${row.format}`,
        size: result.data.length,
        rows: result.rows,
        completedAt: this.ctx.now(),
      });
      return 'completed';
    } catch (err) {
      if (err instanceof TooLargeError) {
        await finishGeneratedFile(db, id, {
          status: 'too_large',
          error: `Too large to export: ${err.reason}. Narrow the filters.`,
          completedAt: this.ctx.now(),
        });
        return 'too_large';
      }
      this.ctx.log.error({ err: safeError(err), exportId: id }, 'export failed');
      await finishGeneratedFile(db, id, { status: 'failed', error: 'The export failed', completedAt: this.ctx.now() });
      await recordJobFailure(this.ctx, EXPORTS_QUEUE, String(id), err, 'export');
      return 'failed';
    }
  }

  /** Makes every pending file older than `graceMs` (0: all), one after another; returns how many were made. */
  async runPending(graceMs = 0): Promise<number> {
    let n = 0;
    for (;;) {
      const ids = await pendingIds(this.ctx.db.orm, new Date(this.ctx.now().getTime() - graceMs));
      if (ids.length === 0) return n;
      for (const id of ids) if ((await this.run(id)) !== 'skipped') n++;
    }
  }

  /** Deletes expired files (storage and rows) and fails files a stopped process left running. */
  async cleanExpired(): Promise<{ deleted: number; stale: number }> {
    const db = this.ctx.db.orm;
    const now = this.ctx.now();
    const stale = await failStaleRunning(db, new Date(now.getTime() - 2 * 3_600_000), now);
    let deleted = 0;
    for (;;) {
      const rows = await expiredFiles(db, now);
      if (rows.length === 0) break;
      for (const r of rows) if (r.storageKey) await this.storage.remove(r.storageKey);
      await deleteGeneratedFiles(
        db,
        rows.map((r) => r.id),
      );
      deleted += rows.length;
    }
    return { deleted, stale };
  }
}
