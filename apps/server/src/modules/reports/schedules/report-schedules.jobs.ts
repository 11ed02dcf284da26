import type { AppContext } from '../../../context.js';
import type { Mailer } from '../../../platform/mail.js';
import type { NotificationsService } from '../../notifications/notifications.service.js';
import type { SchedulesService } from '../../schedules/schedules.service.js';
import type { ReportsService } from '../reports.service.js';
import { ReportScheduleRunner } from './report-schedule-runner.js';
import { ReportSchedulesService } from './report-schedules.service.js';

export { reportSchedulesRoutes } from './report-schedules.routes.js';

/**
 * Scheduled reports (issue 21), wired: they ride on the job scheduler's per-minute dispatcher (`schedules-dispatch`,
 * worked only where job workers run) — each tick writes the runs of the due report schedules and queues them on
 * `report-schedule-run`, whose worker is registered here (attached only where job workers run). Call before the jobs
 * start.
 */
export async function setUpReportSchedules(
  ctx: AppContext,
  deps: { schedules: SchedulesService; reports: ReportsService; mailer: Mailer; notifications: NotificationsService },
): Promise<ReportSchedulesService> {
  // The protection settings' reader the engine already holds (the mailing limits are report protection settings).
  const protection = deps.reports.protection.settings;
  const runner = new ReportScheduleRunner(ctx, deps.reports, deps.mailer, deps.notifications, protection);
  deps.schedules.addTickTask('report-schedules', () => runner.tick());
  await runner.start();
  return new ReportSchedulesService(ctx, deps.reports, protection, runner);
}
