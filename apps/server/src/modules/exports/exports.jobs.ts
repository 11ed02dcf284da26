import type { ScheduleJobRegistry } from '../schedules/schedule-jobs.js';
import type { SchedulesService } from '../schedules/schedules.service.js';
import type { ExportsService } from './exports.service.js';

/** The scheduled job that deletes expired generated files, and the sweep that makes exports nobody has taken. */
export function registerExportJobs(registry: ScheduleJobRegistry, schedules: SchedulesService, exports: ExportsService): void {
  registry.register(
    'clean-expired-files',
    'Clean expired generated files',
    async () => {
      const { deleted, stale } = await exports.cleanExpired();
      return `Deleted ${deleted} expired file(s)${stale ? `; ${stale} unfinished export(s) marked failed` : ''}`;
    },
    { name: 'Clean expired files', description: 'Deletes generated reports and exports past their 7 days', timing: { type: 'daily', hour: 2, minute: 0 } },
  );
  // Exports wait as pending when they were requested on an instance without job workers: made within a minute.
  schedules.addTickTask('exports-sweep', () => exports.runPending(30_000));
}
