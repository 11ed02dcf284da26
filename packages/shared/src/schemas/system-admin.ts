import { z } from 'zod';

const ZQueueCounts = z.object({
  name: z.string(),
  queued: z.number().int(),
  active: z.number().int(),
  /** In the last hour. */
  failed: z.number().int(),
  completed: z.number().int(),
});

export const ZSystemStatus = z.object({
  database: z.object({
    engine: z.enum(['pglite', 'postgresql']),
    version: z.string(),
    size_bytes: z.number().nullable(),
    migrations: z.object({ applied: z.number().int(), latest: z.string().nullable(), applied_at: z.string().nullable() }),
  }),
  jobs: z.object({ running: z.boolean(), queues: z.array(ZQueueCounts) }),
  websocket: z.object({ connections: z.number().int(), authenticated: z.number().int(), users: z.number().int() }).nullable(),
  storage: z.object({ used_bytes: z.number(), files: z.number().int(), free_bytes: z.number().nullable(), total_bytes: z.number().nullable() }),
  build: z.object({ version: z.string(), commit: z.string(), built_at: z.string() }),
  node: z.string(),
  uptime_seconds: z.number(),
  memory: z.object({ rss: z.number(), heap_used: z.number(), heap_total: z.number() }),
  now: z.string(),
});
export type TSystemStatus = z.infer<typeof ZSystemStatus>;

export const ZSystemLog = z.object({
  log_id: z.number().int(),
  at: z.string(),
  level: z.string(),
  source: z.string(),
  message: z.string(),
  method: z.string().nullable(),
  route: z.string().nullable(),
  status: z.number().int().nullable(),
  request_id: z.string().nullable(),
  queue: z.string().nullable(),
  job_id: z.string().nullable(),
});
export type TSystemLog = z.infer<typeof ZSystemLog>;
export const ZSystemLogList = z.object({ records: z.array(ZSystemLog), total_records: z.number().int() });
export type TSystemLogList = z.infer<typeof ZSystemLogList>;

export const ZListSystemLogsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  skip: z.coerce.number().int().min(0).default(0),
  level: z.enum(['error', 'warn', 'info']).optional(),
  source: z.string().trim().max(50).optional(),
  from: z.string().trim().max(40).optional(),
  to: z.string().trim().max(40).optional(),
  keyword: z.string().trim().max(100).optional(),
});
export type TListSystemLogsQuery = z.infer<typeof ZListSystemLogsQuery>;

// Realtime processes (pipelines)
export const ZPipeline = z.object({
  name: z.string(),
  label: z.string(),
  queues: z.array(z.string()),
  queued: z.number().int(),
  active: z.number().int(),
  completed_last_hour: z.number().int(),
  failed_last_hour: z.number().int(),
  /** Completed per minute over the last hour. */
  throughput_per_minute: z.number(),
  last_completed: z.string().nullable(),
  state: z.enum(['idle', 'running', 'failing']),
});
export type TPipeline = z.infer<typeof ZPipeline>;
export const ZPipelineList = z.object({ records: z.array(ZPipeline), total_records: z.number().int(), jobs_running: z.boolean() });
export type TPipelineList = z.infer<typeof ZPipelineList>;

export const ZPipelineStatsQuery = z.object({ from: z.string().trim().max(40).optional(), to: z.string().trim().max(40).optional() });
export const ZPipelineStats = z.object({
  name: z.string(),
  from: z.string(),
  to: z.string(),
  bucket_seconds: z.number().int(),
  buckets: z.array(z.object({ at: z.string(), completed: z.number().int(), failed: z.number().int() })),
});
export type TPipelineStats = z.infer<typeof ZPipelineStats>;
