import type { PermissionCode, ReportOutput, ReportPeriodBounds, ReportType, TReportParams, TSystemSettings } from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import type { ContractScope } from '../../db/scope.js';
import type { ReportDocument } from './report-document.js';
import type { ReadingsService } from '../readings/readings.service.js';
import type { InstrumentsService } from '../instruments/instruments.service.js';
import type { AlertsService } from '../alerts/alerts.service.js';
import type { ContractsService } from '../contracts/contracts.service.js';
import type { ZonesService } from '../zones/zones.service.js';
import type { InstrumentTypesService } from '../instrument-types/instrument-types.service.js';
import type { ActionLogService } from '../action-log/action-log.service.js';
import type { CommentsService } from '../comments/comments.service.js';
import type { ContractsAdminService } from '../contracts/contracts-admin.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { DesignValuesService } from '../construction/design-values.service.js';
import type { ConstructionService } from '../construction/construction.service.js';
import type { FileSearchService } from '../attachments/file-search.service.js';
import type { AttachmentsService } from '../attachments/attachments.service.js';
import type { AlertRulesService } from '../alerts/alert-rules.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { Storage } from '../../platform/storage.js';

/**
 * What a report type is given to build its document (decision 039). It reads its data through the same services the
 * screens and the API use (`services`), called as the report's creator — `actor` is rebuilt when the job runs, with the
 * creator's permissions and contracts as they are then — so a number in a report is the number on screen.
 */
export interface ReportContext {
  app: AppContext;
  /** The engine's report being built (absent when a type is built outside the engine, in tests). */
  reportId?: number;
  actor: Actor;
  scope: ContractScope;
  /** The request's parameters, validated; `contract_ids` are within the creator's scope (checked at creation and run). */
  params: TReportParams;
  /** The period's instants in the report's zone. */
  period: ReportPeriodBounds;
  /** The zone the report shows days and times in: the configured `timezone` (the screens' zone, decision 028). */
  timezone: string;
  /** The browser's offset from UTC in hours when the report was asked for (`tzo`). */
  tzoHours: number;
  now: Date;
  settings: TSystemSettings;
  services: ReportServices;
}

/**
 * The services reports read through. Filled in app.ts; a report type adds what it needs here rather than reaching into
 * another module's repository.
 */
export interface ReportServices {
  readings: ReadingsService;
  instruments: InstrumentsService;
  alerts: AlertsService;
  /** Facts (contract numbers, zone and type names) and the IMC / work-done types. */
  contracts: ContractsService;
  zones: ZonesService;
  instrumentTypes: InstrumentTypesService;
  /** Breach report: the action-log case of each breach and its follow-ups; QPS/QPD comments. */
  actionLog: ActionLogService;
  comments: CommentsService;
  /** IMC summary: the contractor of each contract (contracts management's read). */
  contractsAdmin: ContractsAdminService;
  /** Summary of work done and the quality audit: the upload history and its row reports. */
  uploads: UploadsService;
  /** Installation status: the instrument plans (GET /instrument-plans) of modules/construction. */
  instrumentPlans: DesignValuesService;
  /** Report maps: the excavation outlines and tunnel alignments (GET /civil/progress). */
  construction: ConstructionService;
  /** Full monitoring reports' site photos: the photos of the contract's records uploaded in the period, and their bytes. */
  fileSearch: FileSearchService;
  attachments: AttachmentsService;
  /** Full monitoring reports' charts per monitoring group. */
  monitoringGroups: AlertRulesService;
}

/** How a report's run ended, for its type's `afterRun`. */
export interface ReportRunResult {
  reportId: number;
  outcome: 'completed' | 'failed' | 'too_large';
  /** The file in storage (completed only). */
  storageKey: string | null;
  size: number | null;
  createdBy: number | null;
}

/** What a type's `afterRun` works with. */
export interface ReportRunHookContext {
  app: AppContext;
  storage: Storage;
  notifications: NotificationsService;
  timezone: string;
}

/**
 * The sections and columns a custom template (issue 21, decision 041) may choose from: `key` is what the type tags its
 * level-1 headings (`section`) and its table columns (`key`) with; several headings or columns may share a key (every
 * instrument type's section of geostatus is `status`; the threshold level columns are `levels`).
 */
export interface ReportCatalog {
  sections: readonly { key: string; label: string; columns: readonly { key: string; label: string }[] }[];
  /** Whether the type draws charts (a template's chart options apply). */
  charts: boolean;
}

export interface ReportTypeDef {
  code: ReportType;
  /** What a custom template of the type may choose (absent: the type has no custom templates). */
  catalog?: ReportCatalog;
  /** The tasks any one of which lets a user generate (and get) this type. */
  permissions: readonly PermissionCode[];
  outputs: readonly ReportOutput[];
  /**
   * The type's own checks of the parameters at creation, after the engine's (contracts, zones, types, period): throws
   * a 400 (`badRequest`) and nothing is stored. Called as the creator, through the same services as `build`.
   */
  validate?(actor: Actor, params: TReportParams, services: ReportServices): Promise<void>;
  build(ctx: ReportContext): Promise<ReportDocument>;
  /**
   * Made only through the type's own route (`POST /reports/{type}` answers 404): full monitoring reports are asked for
   * with a template and a report number, and their row is written in the same transaction (ReportsService.createWith).
   */
  ownRoute?: boolean;
  /**
   * After the run has ended, however (completed, failed, too large): the type's own follow-up, e.g. full monitoring
   * reports copy the draft to their own storage and move the approval status. It must not throw (its failure does not
   * change the report's outcome; it is logged).
   */
  afterRun?(run: ReportRunResult, ctx: ReportRunHookContext): Promise<void>;
}
