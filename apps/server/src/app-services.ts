import type { AccountService } from './modules/account/account.service.js';
import type { ProfileService } from './modules/account/profile.service.js';
import type { AdminUsersService } from './modules/admin-users/admin-users.service.js';
import type { UserImportService } from './modules/admin-users/user-import.service.js';
import type { AlertRulesService } from './modules/alerts/alert-rules.service.js';
import type { AlertsService } from './modules/alerts/alerts.service.js';
import type { AnnouncementsService } from './modules/announcements/announcements.service.js';
import type { AuditLogsService } from './modules/audit-logs/audit-logs.service.js';
import type { AuthService } from './modules/auth/auth.service.js';
import type { BookmarksService } from './modules/bookmarks/bookmarks.service.js';
import type { ContractorsService } from './modules/contractors/contractors.service.js';
import type { ContractsService } from './modules/contracts/contracts.service.js';
import type { ExportsService } from './modules/exports/exports.service.js';
import type { NotificationsService } from './modules/notifications/notifications.service.js';
import type { PasswordsService } from './modules/passwords/passwords.service.js';
import type { ReadingsService } from './modules/readings/readings.service.js';
import type { Hub } from './modules/realtime/hub.js';
import type { RecordRefs } from './modules/records/record-refs.js';
import type { RegistrationService } from './modules/registration/registration.service.js';
import type { ReportServices } from './modules/reports/report-types.js';
import type { ReportsService } from './modules/reports/reports.service.js';
import type { ReportSchedulesService } from './modules/reports/schedules/report-schedules.service.js';
import type { MonitoringReportsService } from './modules/reports/full-monitoring/monitoring-reports.service.js';
import type { RolesService } from './modules/roles/roles.service.js';
import type { SchedulesService } from './modules/schedules/schedules.service.js';
import type { SettingsService } from './modules/settings/settings.service.js';
import type { SystemAdminService } from './modules/system-admin/system-admin.service.js';
import type { SystemService } from './modules/system/system.service.js';
import type { TfaService } from './modules/tfa/tfa.service.js';
import type { UploadsService } from './modules/uploads/uploads.service.js';
import type { Mailer } from './platform/mail.js';

/** The services an app is built with (`buildApp().services`): tests and the worker reach them here. */
export interface AppServices {
  auth: AuthService;
  settings: SettingsService;
  contracts: ContractsService;
  account: AccountService;
  system: SystemService;
  notifications: NotificationsService;
  announcements: AnnouncementsService;
  /** This instance's websocket hub (`hub.stats()` for the status screen). */
  hub: Hub;
  mailer: Mailer;
  passwords: PasswordsService;
  registration: RegistrationService;
  tfa: TfaService;
  profile: ProfileService;
  bookmarks: BookmarksService;
  roles: RolesService;
  adminUsers: AdminUsersService;
  userImport: UserImportService;
  contractors: ContractorsService;
  auditLogs: AuditLogsService;
  /** Exports and generated reports; `runPending()` makes waiting files in process (tests, no job workers). */
  exports: ExportsService;
  /** Schedules; `dispatchDue()` is the dispatcher's work, `registry` the named jobs. */
  schedules: SchedulesService;
  systemAdmin: SystemAdminService;
  /** Readings (charts, latest values). */
  readings: ReadingsService;
  /** Record categories that comments and files attach to (issue 8). */
  records: RecordRefs;
  /** Data uploads; `runPending()` validates and loads waiting uploads in process (tests, no job workers). */
  uploads: UploadsService;
  /** Alerts (issue 9): `evaluator.evaluateReadings()`, `runChecks()` (missing readings, rebaselines). */
  alerts: AlertsService;
  alertRules: AlertRulesService;
  /** Monitoring reports (issue 20); `runPending()` makes waiting reports in process (tests, no job workers). */
  reports: ReportsService;
  /** Scheduled reports (issue 21); its runner's `dispatchDue()` and `runReady()` run them in process (tests). */
  reportSchedules: ReportSchedulesService;
  /** The services report types read through (decision 039). */
  reportServices: ReportServices;
  /** Full monitoring reports (decision 040): generation, approval, publishing. */
  monitoringReports: MonitoringReportsService;
}
