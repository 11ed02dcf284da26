/**
 * The composition root: every service, job and route of the application is wired here, a line or two each, so it grows
 * with the modules rather than by doing more itself.
 */
/* eslint max-lines: ["error", { "max": 420, "skipBlankLines": true, "skipComments": true }] */
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import type { ReportServices } from './modules/reports/report-types.js';
import type { AppServices } from './app-services.js';
import { API_BASE, MESSAGES } from '@strata/shared';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { trustProxyOption, type Config } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/client.js';
import { loggerOptions } from './lib/log.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { AccountService } from './modules/account/account.service.js';
import { profileRoutes } from './modules/account/profile.routes.js';
import { ProfileService } from './modules/account/profile.service.js';
import { SecurityEvents } from './modules/account/security-events.js';
import { outboxAccountMails } from './modules/admin-users/account-mails.js';
import { adminUsersRoutes } from './modules/admin-users/admin-users.routes.js';
import { AdminUsersService } from './modules/admin-users/admin-users.service.js';
import { UserImportService } from './modules/admin-users/user-import.service.js';
import { announcementsRoutes } from './modules/announcements/announcements.routes.js';
import { AnnouncementsService } from './modules/announcements/announcements.service.js';
import { auditLogsRoutes } from './modules/audit-logs/audit-logs.routes.js';
import { AuditLogsService } from './modules/audit-logs/audit-logs.service.js';
import { registerAuthJobs } from './modules/auth/auth.jobs.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import { bookmarksRoutes } from './modules/bookmarks/bookmarks.routes.js';
import { geocodeRoutes } from './modules/geocode/geocode.routes.js';
import { GeocodeService } from './modules/geocode/geocode.service.js';
import { BookmarksService } from './modules/bookmarks/bookmarks.service.js';
import { contractorsRoutes } from './modules/contractors/contractors.routes.js';
import { ContractorsService } from './modules/contractors/contractors.service.js';
import { contractsRoutes } from './modules/contracts/contracts.routes.js';
import { ContractsService } from './modules/contracts/contracts.service.js';
import { registerExportJobs } from './modules/exports/exports.jobs.js';
import { registerRecordJobs } from './modules/records/records.jobs.js';
import { exportsRoutes } from './modules/exports/exports.routes.js';
// Monitoring reports (issue 20)
import { REPORT_RENDERERS, REPORT_TYPES_REGISTRY, type ReportRegistry, type ReportRenderers } from './modules/reports/report-registry.js';
import { registerReportJobs } from './modules/reports/reports.jobs.js';
import { reportSchedulesRoutes, setUpReportSchedules } from './modules/reports/schedules/report-schedules.jobs.js';
import { customTemplatesOptions, customTemplatesRoutes, reportsRoutes } from './modules/reports/reports.routes.js';
import { ReportsService } from './modules/reports/reports.service.js';
import { monitoringReportsRoutes } from './modules/reports/full-monitoring/monitoring-reports.routes.js';
import { MonitoringReportsService } from './modules/reports/full-monitoring/monitoring-reports.service.js';
import { monitoringTemplatesRoutes } from './modules/reports/full-monitoring/templates.routes.js';
import { MonitoringTemplatesService } from './modules/reports/full-monitoring/templates.service.js';
import { ExportsService } from './modules/exports/exports.service.js';
import { outboxRoutes } from './modules/mail/outbox.routes.js';
import { OutboxService } from './modules/mail/outbox.service.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { NotificationsService } from './modules/notifications/notifications.service.js';
import { passwordsRoutes } from './modules/passwords/passwords.routes.js';
import { PasswordsService } from './modules/passwords/passwords.service.js';
import { Hub } from './modules/realtime/hub.js';
import { realtimeRoutes } from './modules/realtime/realtime.routes.js';
import { registrationRoutes } from './modules/registration/registration.routes.js';
import { RegistrationService } from './modules/registration/registration.service.js';
import { rolesRoutes } from './modules/roles/roles.routes.js';
import { RolesService } from './modules/roles/roles.service.js';
import { ScheduleJobRegistry } from './modules/schedules/schedule-jobs.js';
import { registerDemoFeed } from './seed/demo-feed.js';
import { schedulesRoutes } from './modules/schedules/schedules.routes.js';
import { SchedulesService } from './modules/schedules/schedules.service.js';
import { SettingsService } from './modules/settings/settings.service.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { SystemService } from './modules/system/system.service.js';
import { systemAdminRoutes } from './modules/system-admin/system-admin.routes.js';
import { SystemAdminService } from './modules/system-admin/system-admin.service.js';
import { systemLogsPlugin } from './modules/system-admin/system-logs.js';
import { tfaRoutes } from './modules/tfa/tfa.routes.js';
import { TfaService } from './modules/tfa/tfa.service.js';
import { createBus, type Bus } from './platform/bus.js';
import { createJobs, type Jobs } from './platform/jobs.js';
import { Mailer } from './platform/mail.js';
import { createLocalStorage } from './platform/storage.js';
// Master data and contracts management (issue 6)
import { contractsAdminRoutes } from './modules/contracts/contracts-admin.routes.js';
import { ContractsAdminService } from './modules/contracts/contracts-admin.service.js';
import { documentationRoutes } from './modules/documentation/documentation.routes.js';
import { DocumentationService } from './modules/documentation/documentation.service.js';
import { InstrumentImportService } from './modules/instruments/instrument-import.service.js';
import { instrumentsRoutes } from './modules/instruments/instruments.routes.js';
import { boreholesRoutes } from './modules/boreholes/boreholes.routes.js';
import { constructionRoutes } from './modules/construction/construction.routes.js';
import { ConstructionService } from './modules/construction/construction.service.js';
import { BoreholesService } from './modules/boreholes/boreholes.service.js';
import { InstrumentsService } from './modules/instruments/instruments.service.js';
import { instrumentTypesRoutes } from './modules/instrument-types/instrument-types.routes.js';
import { InstrumentTypesService } from './modules/instrument-types/instrument-types.service.js';
import { mapLayersRoutes } from './modules/map-layers/map-layers.routes.js';
import { MapLayersService } from './modules/map-layers/map-layers.service.js';
import { masterSettingsRoutes } from './modules/master-settings/master-settings.routes.js';
import { MasterSettingsService } from './modules/master-settings/master-settings.service.js';
import { sitesRoutes } from './modules/sites/sites.routes.js';
import { SitesService } from './modules/sites/sites.service.js';
import { MasterConfigCache } from './modules/system/master-config.js';
import { zonesRoutes } from './modules/zones/zones.routes.js';
// Alerts (issue 9)
import { alertRecordResolver } from './modules/alerts/alert-record.js';
import { alertRulesRoutes } from './modules/alerts/alert-rules.routes.js';
import { AlertRulesService } from './modules/alerts/alert-rules.service.js';
import { alertDocumentRoutes } from './modules/alerts/alert-document.routes.js';
import { alertsRoutes } from './modules/alerts/alerts.routes.js';
import { AlertsService } from './modules/alerts/alerts.service.js';
import { siteAlertsRoutes } from './modules/alerts/site-alerts.routes.js';
import { SiteAlertsService } from './modules/alerts/site-alerts.service.js';
import { actionCaseRecordResolver } from './modules/action-log/action-case-record.js';
import { actionLogRoutes } from './modules/action-log/action-log.routes.js';
import { ActionLogService } from './modules/action-log/action-log.service.js';
// Readings and uploads (issue 7)
import { readingsRoutes } from './modules/readings/readings.routes.js';
import { RecordRefs } from './modules/records/record-refs.js';
import { attachmentsRoutes } from './modules/attachments/attachments.routes.js';
import { AttachmentsService } from './modules/attachments/attachments.service.js';
import { FileSearchService } from './modules/attachments/file-search.service.js';
import { commentsRoutes } from './modules/comments/comments.routes.js';
import { CommentsService } from './modules/comments/comments.service.js';
import { ReadingsService } from './modules/readings/readings.service.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { DesignValuesService } from './modules/construction/design-values.service.js';
import { designValuesRoutes } from './modules/construction/design-values.routes.js';
import { UploadsService } from './modules/uploads/uploads.service.js';
import { ZonesService } from './modules/zones/zones.service.js';
import { StructuresService } from './modules/structures/structures.service.js';
import { structuresRoutes } from './modules/structures/structures.routes.js';
import { structureRecordResolvers } from './modules/structures/structure-record.js';
import { authPlugin } from './plugins/auth.js';
import { cacheControlPlugin } from './plugins/cache-control.js';
import { docsPlugin } from './plugins/docs.js';
import { errorsPlugin } from './plugins/errors.js';
import { safeInputPlugin } from './plugins/safe-input.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { webPlugin } from './plugins/web.js';

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /** Replaces the clock (tests). */
  now?: () => Date;
  /** Start the job workers in this process (the API and `npm run worker` both can). */
  workers?: boolean;
  /**
   * Without workers here: still queue jobs (send only), for the `npm run worker` processes to take at once rather
   * than at their next sweep. PostgreSQL only (the embedded database has no other process).
   */
  sendJobs?: boolean;
  /** Replaces the report types and renderers (tests: a type of their own, simple renderers). */
  reports?: { types?: ReportRegistry; renderers?: ReportRenderers };
}

export interface App {
  app: FastifyInstance;
  /**
   * Graceful stop: new requests get 503 at once, in-flight ones finish (up to `timeoutMs`), then the app closes
   * (jobs stop, the bus closes). The database is the caller's to close.
   */
  stop(timeoutMs?: number): Promise<void>;
  ctx: AppContext;
  services: AppServices;
}

/** Builds the whole application on a database, without listening: `main.ts` listens, tests use `app.inject`. */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, db } = options;
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    genReqId: () => randomUUID(),
    // Only the configured proxies may name the client (TRUST_PROXY); by default the peer's address is the client's.
    trustProxy: trustProxyOption(config.trustProxy),
    return503OnClosing: true,
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  let draining = false;
  const inFlight = new Set<object>();
  let idle: (() => void) | undefined;
  // Callback-style hooks: they run on every request, and an async hook adds a promise to each (bench:load).
  app.addHook('onRequest', (req, reply, done) => {
    if (draining) {
      reply.header('connection', 'close');
      reply.status(503).type('application/json').send(JSON.stringify(MESSAGES.shuttingDown));
      return;
    }
    // A websocket never finishes like a request: not drained here, the hub closes it (1001) when the app closes.
    if (!req.headers.upgrade) inFlight.add(req.raw);
    done();
  });
  app.addHook('onResponse', (req, _reply, done) => {
    if (inFlight.delete(req.raw) && inFlight.size === 0) idle?.();
    done();
  });
  const stop = async (timeoutMs = 25_000) => {
    draining = true;
    if (inFlight.size > 0) {
      await new Promise<void>((resolve) => {
        idle = resolve;
        setTimeout(resolve, timeoutMs).unref();
      });
    }
    await app.close();
  };

  const bus: Bus = await createBus(db);
  // Without workers here, jobs are still sent when asked (`sendJobs`): the worker processes take them at once.
  const jobs: Jobs | undefined = options.workers || options.sendJobs ? createJobs(db, { logger: app.log, workers: options.workers === true }) : undefined;
  const ctx: AppContext = { config, db, bus, jobs, now: options.now ?? (() => new Date()), log: app.log };

  const settings = new SettingsService(ctx);
  await settings.start();
  const storage = createLocalStorage(join(config.dataDir, 'files'));
  const mailer = new Mailer(ctx, storage);
  await mailer.start();
  const security = new SecurityEvents(ctx, mailer, settings);
  const auth = new AuthService(ctx, settings, security);
  await auth.start();
  const contracts = new ContractsService(ctx);
  const account = new AccountService(ctx, contracts, settings);
  const system = new SystemService(ctx, settings);
  const notifications = new NotificationsService(ctx);
  const announcements = new AnnouncementsService(ctx);
  const hub = new Hub(ctx, auth);
  const passwords = new PasswordsService(ctx, settings, mailer, security, auth);
  const registration = new RegistrationService(ctx, mailer);
  const tfa = new TfaService(ctx, settings, security, passwords);
  const profile = new ProfileService(ctx, storage);
  const bookmarks = new BookmarksService(ctx);
  const geocode = new GeocodeService(ctx, settings);
  const outbox = new OutboxService(ctx);
  const roles = new RolesService(ctx, auth.rolePermissions, auth.sessions);
  const adminUsers = new AdminUsersService(ctx, auth, outboxAccountMails(ctx, mailer));
  const userImport = new UserImportService(ctx);
  const contractors = new ContractorsService(ctx);
  const auditLogs = new AuditLogsService(ctx);
  const exports = new ExportsService(ctx, settings, storage);
  const schedules = new SchedulesService(ctx, settings, new ScheduleJobRegistry());
  registerAuthJobs(schedules.registry, auth);
  const systemAdmin = new SystemAdminService(ctx, hub);
  // Master data and contracts management (issue 6): the configuration's master-data cache is shared with its writers.
  const masterConfig = new MasterConfigCache(ctx, storage);
  await masterConfig.start();
  system.useMasterConfig(masterConfig);
  const contractsAdmin = new ContractsAdminService(ctx);
  const instrumentTypes = new InstrumentTypesService(ctx, masterConfig);
  const instruments = new InstrumentsService(ctx, settings);
  const instrumentImport = new InstrumentImportService(ctx, settings);
  const zones = new ZonesService(ctx);
  const structures = new StructuresService(ctx);
  const sites = new SitesService(ctx, storage);
  const construction = new ConstructionService(ctx, sites); // excavation and mined-tunnel progress (issue 19)
  const mapLayers = new MapLayersService(ctx, storage, masterConfig);
  const masterSettings = new MasterSettingsService(ctx, settings);
  const documentation = new DocumentationService(ctx, storage);
  const readings = new ReadingsService(ctx, settings);
  const records = new RecordRefs(ctx.db.orm);
  const attachments = new AttachmentsService(ctx, settings, storage, records);
  const fileSearch = new FileSearchService(ctx, records, mapLayers);
  const comments = new CommentsService(ctx, records, notifications, mailer);
  const uploads = new UploadsService(ctx, settings, storage, notifications);
  // Uploads wait as received/approved when their job could not be queued (or no job is sent): taken within a minute.
  schedules.addTickTask('uploads-sweep', () => uploads.runPending(30_000));
  const alerts = new AlertsService(ctx, settings, notifications, mailer);
  const alertRules = new AlertRulesService(ctx, alerts.evaluator);
  uploads.afterLoad = (loaded) => alerts.enqueueEvaluation(loaded);
  // Demo mode: the seed's "Demo data feed" schedule keeps the demo instruments reporting.
  registerDemoFeed(schedules.registry, { db, demo: config.demo, feed: config.demoFeed, now: ctx.now, afterLoad: (fed) => alerts.enqueueEvaluation(fed) });
  records.register(alertRecordResolver); // comments on alerts (topic `alert`; QPS/QPD comments: ref_data)
  const actionLog = new ActionLogService(ctx, settings, storage);
  const designValues = new DesignValuesService(ctx); // QP(D) design values and instrument plans (issue 19)
  for (const r of structureRecordResolvers) records.register(r); // comments and files of critical interfaces and mining works
  records.register(actionCaseRecordResolver); // photos and documents of action-log cases (category `case`)
  // Monitoring reports (issue 20): the report types read through the screens' services (decision 039).
  const reportServices: ReportServices = {
    readings,
    instruments,
    alerts,
    contracts,
    contractsAdmin,
    zones,
    instrumentTypes,
    actionLog,
    comments,
    uploads,
    instrumentPlans: designValues,
    construction,
    fileSearch,
    attachments,
    monitoringGroups: alertRules,
  };
  const reports = new ReportsService(ctx, settings, storage, notifications, {
    types: options.reports?.types ?? REPORT_TYPES_REGISTRY,
    renderers: options.reports?.renderers ?? REPORT_RENDERERS,
    services: reportServices,
  });
  const monitoringTemplates = new MonitoringTemplatesService(ctx); // full monitoring reports (decision 040)
  const monitoringReports = new MonitoringReportsService(ctx, reports, monitoringTemplates, storage, notifications, () => reports.timezone());
  // The nightly clean-up deletes expired reports beside expired exports; pending reports are swept every minute.
  registerExportJobs(schedules.registry, schedules, exports, [reports]);
  registerReportJobs(schedules, reports);
  registerRecordJobs(schedules.registry, attachments, comments);
  schedules.addTickTask('alerts-checks', () => alerts.runChecks());
  // A saved baseline or threshold raises its Rebaseline alert at once (the per-minute check catches other writers).
  instruments.afterChange = instrumentImport.afterChange = () => alerts.runChecks();
  await alerts.start();
  await uploads.start();
  await exports.start();
  await reports.start();
  // Scheduled reports (issue 21): runs written by the dispatcher's tick, made and mailed on their own queue.
  const reportSchedules = await setUpReportSchedules(ctx, { schedules, reports, mailer, notifications });
  await schedules.start();
  await hub.start();

  await app.register(errorsPlugin);
  await app.register(systemLogsPlugin, { ctx });
  await app.register(securityHeadersPlugin);
  await app.register(cacheControlPlugin);
  await app.register(formbody);
  await app.register(multipart, { limits: { files: 10, fileSize: 10_000_000 } });
  await app.register(docsPlugin);
  await app.register(authPlugin, { ctx, auth });
  await app.register(safeInputPlugin);
  // Before the routes: its onRoute hook turns `websocket: true` routes into upgrades. Clients send only a token.
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024 },
    // On close the hub stops and closes its sockets with 1001 "going away" (the default would send no code).
    preClose: async () => {
      await hub.stop();
      app.websocketServer.close(); // stops accepting; does not wait for the clients' close handshakes
    },
  });

  await app.register(
    async (api) => {
      await api.register(systemRoutes, { system });
      await api.register(authRoutes, { auth });
      await api.register(accountRoutes, { account });
      await api.register(contractsRoutes, { contracts });
      await api.register(notificationsRoutes, { notifications });
      await api.register(announcementsRoutes, { announcements });
      await api.register(realtimeRoutes, { hub });
      await api.register(registrationRoutes, { registration });
      await api.register(passwordsRoutes, { passwords });
      await api.register(tfaRoutes, { tfa });
      await api.register(profileRoutes, { profile });
      await api.register(bookmarksRoutes, { bookmarks });
      await api.register(geocodeRoutes, { geocode });
      await api.register(outboxRoutes, { outbox });
      await api.register(rolesRoutes, { roles });
      await api.register(adminUsersRoutes, { adminUsers, userImport, settings });
      await api.register(contractorsRoutes, { contractors });
      await api.register(auditLogsRoutes, { auditLogs });
      await api.register(exportsRoutes, { exports });
      await api.register(reportSchedulesRoutes, { schedules: reportSchedules });
      await api.register(reportsRoutes, { reports });
      await api.register(monitoringTemplatesRoutes, { templates: monitoringTemplates });
      await api.register(customTemplatesRoutes, customTemplatesOptions(ctx, storage, reports)); // decision 041
      await api.register(monitoringReportsRoutes, { monitoring: monitoringReports });
      await api.register(schedulesRoutes, { schedules });
      await api.register(systemAdminRoutes, { systemAdmin });
      await api.register(contractsAdminRoutes, { contractsAdmin, settings });
      await api.register(instrumentTypesRoutes, { instrumentTypes });
      await api.register(instrumentsRoutes, { instruments, instrumentImport, settings });
      await api.register(boreholesRoutes, { boreholes: new BoreholesService(ctx) });
      await api.register(zonesRoutes, { zones });
      await api.register(structuresRoutes, { structures });
      await api.register(sitesRoutes, { sites, settings });
      await api.register(constructionRoutes, { construction });
      await api.register(mapLayersRoutes, { mapLayers, settings });
      await api.register(masterSettingsRoutes, { masterSettings });
      await api.register(documentationRoutes, { documentation, settings });
      await api.register(readingsRoutes, { readings });
      await api.register(uploadsRoutes, { uploads, settings });
      await api.register(designValuesRoutes, { designValues });
      await api.register(alertsRoutes, { alerts });
      await api.register(alertDocumentRoutes, { alerts, settings, ctx });
      await api.register(siteAlertsRoutes, { siteAlerts: new SiteAlertsService(ctx, sites) }); // /civil/construction-site (issue 19)
      await api.register(alertRulesRoutes, { rules: alertRules });
      await api.register(actionLogRoutes, { actionLog });
      await api.register(attachmentsRoutes, { attachments, fileSearch, settings });
      await api.register(commentsRoutes, { comments });
    },
    { prefix: API_BASE },
  );
  await app.register(webPlugin, { webDist: config.webDist, securityContact: config.securityContact });

  app.addHook('onReady', async () => {
    await jobs?.start();
  });
  app.addHook('onReady', async () => {
    await schedules.scheduleDispatcher();
  });
  app.addHook('onClose', async () => {
    await mailer.close();
    await jobs?.stop();
    await bus.close();
  });

  return {
    app,
    stop,
    ctx,
    services: {
      auth,
      settings,
      contracts,
      account,
      system,
      notifications,
      announcements,
      hub,
      mailer,
      passwords,
      registration,
      tfa,
      profile,
      bookmarks,
      roles,
      adminUsers,
      userImport,
      contractors,
      auditLogs,
      exports,
      schedules,
      systemAdmin,
      readings,
      uploads,
      records,
      alerts,
      alertRules,
      reports,
      reportSchedules,
      reportServices,
      monitoringReports,
    },
  };
}
