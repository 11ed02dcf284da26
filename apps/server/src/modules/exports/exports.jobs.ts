import type { ScheduleJobRegistry } from '../schedules/schedule-jobs.js';
import type { SchedulesService } from '../schedules/schedules.service.js';
import type { ExportsService } from './exports.service.js';

/** Another kind of generated file the nightly clean-up deletes when expired (monitoring reports, decision 039). */
export interface ExpiredFileCleaner {
  cleanExpired(): Promise<{ deleted: number; stale: number }>;
}

/**
 * The scheduled job that deletes expired generated files (exports, and the `others`: monitoring reports), and the
 * sweep that makes exports nobody has taken.
 */
export function registerExportJobs(
  registry: ScheduleJobRegistry,
  schedules: SchedulesService,
  exports: ExportsService,
  others: readonly ExpiredFileCleaner[] = [],
): void {
  registry.register(
    'clean-expired-files',
    'Clean expired generated files',
    async () => {
      const { deleted, stale } = await exports.cleanExpired();
      let reportsDeleted = 0;
      let reportsStale = 0;
      for (const other of others) {
        const r = await other.cleanExpired();
        reportsDeleted += r.deleted;
        reportsStale += r.stale;
      }
      return (
        `Deleted ${deleted + reportsDeleted} expired file(s)` +
        (stale ? `; ${stale} unfinished export(s) marked failed` : '') +
        (reportsStale ? `; ${reportsStale} unfinished report(s) marked failed` : '')
      );
    },
    { name: 'Clean expired files', description: 'Deletes generated reports and exports past their 7 days', timing: { type: 'daily', hour: 2, minute: 0 } },
  );
  // Exports wait as pending when they were requested on an instance without job workers: made within a minute.
  schedules.addTickTask('exports-sweep', () => exports.runPending(30_000));
}
