import type { SchedulesService } from '../schedules/schedules.service.js';
import type { ReportsService } from './reports.service.js';

/**
 * Reports wait as pending when they were asked for on an instance without job workers (or the queue was unavailable):
 * made within a minute by the schedule dispatcher's sweep. Expired reports are deleted by the nightly "Clean expired
 * files" job (registered by exports.jobs.ts, which cleans reports beside exports).
 */
export function registerReportJobs(schedules: SchedulesService, reports: ReportsService): void {
  schedules.addTickTask('reports-sweep', () => reports.runPending(30_000));
}
