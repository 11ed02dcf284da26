import type { SchedulesService } from '../../schedules/schedules.service.js';
import type { ReportScheduleRunner } from './report-schedule-runner.js';

/**
 * Scheduled reports ride on the job scheduler's per-minute dispatcher (`schedules-dispatch`, worked only where job
 * workers run): each tick writes the runs of the due report schedules and queues them on `report-schedule-run`.
 */
export function registerReportScheduleJobs(schedules: SchedulesService, runner: ReportScheduleRunner): void {
  schedules.addTickTask('report-schedules', () => runner.tick());
}
