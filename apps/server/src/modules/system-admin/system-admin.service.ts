import { readFileSync } from 'node:fs';
import { readdir, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import type { TListSystemLogsQuery, TPipelineList, TPipelineStats, TSystemLogList, TSystemStatus } from '@strata/shared';
import type { AppContext } from '../../context.js';
import { MIGRATIONS_DIR } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { dateRange, iso, isoOrNull } from '../../lib/filters.js';
import { BUILD } from '../system/build-info.js';
import { pipelineByName, pipelines } from './pipelines.js';
import { queueBuckets, queueCounts } from './queue-stats.js';
import { listSystemLogs } from './system-logs.repository.js';

/** What the status screen needs of the websocket hub (the realtime module's `Hub.stats()`). */
export interface HubStatsSource {
  stats(): { connections: number; authenticated: number; users: number };
}

const HOUR_MS = 3_600_000;

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

function journal(): JournalEntry[] {
  try {
    return (JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;
  } catch {
    return [];
  }
}

/** Total size and count of the files under a folder (missing folder: zero). */
async function walk(dir: string): Promise<{ bytes: number; files: number }> {
  let bytes = 0;
  let files = 0;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return { bytes, files };
  }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      const sub = await walk(p);
      bytes += sub.bytes;
      files += sub.files;
    } else if (e.isFile()) {
      bytes += (await stat(p).catch(() => ({ size: 0 }))).size;
      files++;
    }
  }
  return { bytes, files };
}

/** Free space of the file system holding `dir` (its nearest existing ancestor). */
async function freeSpace(dir: string): Promise<{ free: number | null; total: number | null }> {
  let p = path.resolve(dir);
  for (;;) {
    try {
      const s = await statfs(p);
      return { free: s.bavail * s.bsize, total: s.blocks * s.bsize };
    } catch {
      const parent = path.dirname(p);
      if (parent === p) return { free: null, total: null };
      p = parent;
    }
  }
}

/** System status, system logs and the pipelines (realtime processes). */
export class SystemAdminService {
  constructor(
    private readonly ctx: AppContext,
    private readonly hub: HubStatsSource | undefined,
  ) {}

  async status(): Promise<TSystemStatus> {
    const { db } = this.ctx;
    const now = this.ctx.now();
    const [version, size, migrations, queues, storage] = await Promise.all([
      // `show` names its column after the setting: server_version (PGlite and PostgreSQL alike).
      db.query<{ server_version: string }>('show server_version').then((r) => r.rows[0]?.server_version ?? 'unknown'),
      db
        .query<{ n: string | number }>('select pg_database_size(current_database()) as n')
        .then((r) => Number(r.rows[0]?.n ?? 0))
        .catch(() => null),
      this.migrations(),
      queueCounts(db, new Date(now.getTime() - HOUR_MS)),
      this.storage(),
    ]);
    const mem = process.memoryUsage();
    return {
      database: { engine: db.kind === 'pglite' ? 'pglite' : 'postgresql', version, size_bytes: size, migrations },
      jobs: {
        running: this.ctx.jobs?.working === true,
        queues: queues.map((q) => ({ name: q.name, queued: q.queued, active: q.active, failed: q.failed, completed: q.completed })),
      },
      websocket: this.hub ? this.hub.stats() : null,
      storage,
      build: BUILD,
      node: process.version,
      uptime_seconds: Math.round(process.uptime()),
      memory: { rss: mem.rss, heap_used: mem.heapUsed, heap_total: mem.heapTotal },
      now: iso(now),
    };
  }

  private async migrations(): Promise<TSystemStatus['database']['migrations']> {
    const { rows } = await this.ctx.db
      .query<{ n: number; latest: string | number | null }>('select count(*)::int as n, max(created_at) as latest from drizzle.__drizzle_migrations')
      .catch(() => ({ rows: [] as { n: number; latest: string | number | null }[] }));
    const row = rows[0];
    if (!row || row.latest == null) return { applied: row?.n ?? 0, latest: null, applied_at: null };
    const when = Number(row.latest);
    const entry = journal().find((e) => e.when === when);
    return { applied: Number(row.n), latest: entry?.tag ?? null, applied_at: new Date(when).toISOString() };
  }

  private async storage(): Promise<TSystemStatus['storage']> {
    const root = path.join(this.ctx.config.dataDir, 'files');
    const [used, fs] = await Promise.all([walk(root), freeSpace(this.ctx.config.dataDir)]);
    return { used_bytes: used.bytes, files: used.files, free_bytes: fs.free, total_bytes: fs.total };
  }

  async logs(q: TListSystemLogsQuery): Promise<TSystemLogList> {
    const range = dateRange(q.from, q.to);
    const { records, total } = await listSystemLogs(
      this.ctx.db.orm,
      { level: q.level, source: q.source || undefined, keyword: q.keyword || undefined, from: range.from, to: range.to, toInclusive: range.toInclusive },
      q,
    );
    return {
      records: records.map((r) => ({
        log_id: r.logId,
        at: iso(r.at),
        level: r.level,
        source: r.source,
        message: r.message,
        method: r.method,
        route: r.route,
        status: r.status,
        request_id: r.requestId,
        queue: r.queue,
        job_id: r.jobId,
      })),
      total_records: total,
    };
  }

  async pipelines(): Promise<TPipelineList> {
    const defs = pipelines();
    const since = new Date(this.ctx.now().getTime() - HOUR_MS);
    const counts = await queueCounts(
      this.ctx.db,
      since,
      defs.flatMap((d) => d.queues),
    );
    const byQueue = new Map(counts.map((c) => [c.name, c]));
    const records = defs.map((d) => {
      const qs = d.queues.map((q) => byQueue.get(q)).filter((c) => c !== undefined);
      const sum = (k: 'queued' | 'active' | 'failed' | 'completed') => qs.reduce((n, c) => n + c[k], 0);
      const last = qs
        .map((c) => c.lastCompleted)
        .filter((x): x is Date => x !== null)
        .sort((a, b) => b.getTime() - a.getTime())[0];
      const failed = sum('failed');
      const completed = sum('completed');
      const active = sum('active');
      return {
        name: d.name,
        label: d.label,
        queues: [...d.queues],
        queued: sum('queued'),
        active,
        completed_last_hour: completed,
        failed_last_hour: failed,
        throughput_per_minute: Math.round((completed / 60) * 100) / 100,
        last_completed: isoOrNull(last),
        state: failed > 0 && failed >= completed ? ('failing' as const) : active > 0 ? ('running' as const) : ('idle' as const),
      };
    });
    return { records, total_records: records.length, jobs_running: this.ctx.jobs?.working === true };
  }

  /** Buckets sized to the range: 1 min up to 2 h, 5 min up to 12 h, 1 h up to 7 days, else 1 day. Default: the last hour. */
  async pipelineStats(name: string, q: { from?: string | undefined; to?: string | undefined }): Promise<TPipelineStats> {
    const def = pipelineByName(name);
    if (!def) throw notFound('Pipeline not found');
    const now = this.ctx.now();
    const range = dateRange(q.from, q.to);
    const to = range.to ?? now;
    const from = range.from ?? new Date(to.getTime() - HOUR_MS);
    if (from >= to) throw badRequest({ from: 'The start must be before the end' });
    const span = to.getTime() - from.getTime();
    if (span > 366 * 24 * HOUR_MS) throw badRequest({ from: 'The range may be at most one year' });
    const bucketSeconds = span <= 2 * HOUR_MS ? 60 : span <= 12 * HOUR_MS ? 300 : span <= 7 * 24 * HOUR_MS ? 3600 : 86_400;
    const rows = await queueBuckets(this.ctx.db, def.queues, from, to, bucketSeconds);
    const byStart = new Map(rows.map((r) => [r.at.getTime(), r]));
    const buckets: TPipelineStats['buckets'] = [];
    const step = bucketSeconds * 1000;
    for (let t = Math.floor(from.getTime() / step) * step; t < to.getTime(); t += step) {
      const r = byStart.get(t);
      buckets.push({ at: new Date(t).toISOString(), completed: r?.completed ?? 0, failed: r?.failed ?? 0 });
    }
    return { name: def.name, from: iso(from), to: iso(to), bucket_seconds: bucketSeconds, buckets };
  }
}
