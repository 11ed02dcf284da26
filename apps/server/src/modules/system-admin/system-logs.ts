/**
 * What the System Logs screen reads: 5xx answers (an onError hook at the root) and job failures (a wrapper around
 * job handlers). Only method, route template, status, a message and the request id are kept — never bodies, query
 * strings or headers, so no secret reaches the table.
 */
import fp from 'fastify-plugin';
import type { AppContext } from '../../context.js';
import type { Job, JobHandler } from '../../platform/jobs.js';
import { safeError } from '../../platform/safe-error.js';
import { insertSystemLog } from './system-logs.repository.js';

function messageOf(err: unknown): string {
  if (err instanceof Error) return `${err.name}: ${err.message}`.slice(0, 1000);
  return String(err).slice(0, 1000);
}

/** Records failures of 5xx requests. Registered once at the root so every route is covered. */
export const systemLogsPlugin = fp<{ ctx: AppContext }>(async (app, { ctx }) => {
  app.addHook('onError', async (request, _reply, error) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 500) return;
    await insertSystemLog(ctx.db.orm, {
      at: ctx.now(),
      level: 'error',
      source: 'http',
      message: messageOf(error),
      method: request.method,
      route: request.routeOptions.url ?? null,
      status,
      requestId: String(request.id),
    }).catch((err: unknown) => ctx.log.error({ err: safeError(err) }, 'system log write failed'));
  });
});

/** Records a job failure (the job is still failed and retried by pg-boss as usual). */
export async function recordJobFailure(ctx: AppContext, queue: string, jobId: string | null, err: unknown, source = 'job'): Promise<void> {
  await insertSystemLog(ctx.db.orm, { at: ctx.now(), level: 'error', source, message: messageOf(err), queue, jobId }).catch((e: unknown) =>
    ctx.log.error({ err: safeError(e) }, 'system log write failed'),
  );
}

/** Wraps a job handler so its failures are written to the system logs, then rethrown for pg-boss's retry policy. */
export function withFailureLog<T extends object>(ctx: AppContext, queue: string, handler: JobHandler<T>): JobHandler<T> {
  return async (job: Job<T>) => {
    try {
      return await handler(job);
    } catch (err) {
      await recordJobFailure(ctx, queue, job.id, err);
      throw err;
    }
  };
}
