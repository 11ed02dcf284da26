import {
  ACTION_CASE_CATEGORIES,
  ACTION_CASE_TASKS,
  ACTION_LOG_LIMITS,
  ACTION_LOG_TOPIC,
  ALERT_KINDS,
  ALERTS_TOPIC,
  DEFAULT_TIMEZONE,
  actionCaseReadTasks,
  caseCategoryOfAlertKind,
  hasAnyPermission,
  type ActionCaseCategory,
  type AlertKind,
  type PermissionCode,
  type TActionCaseCandidateList,
  type TActionCaseCandidatesQuery,
  type TActionCaseDetail,
  type TActionCaseSummary,
  type TActionCaseTarget,
  type TActionCaseTargetQuery,
  type TActionEntry,
  type TAddActionEntryRequest,
  type TCloseActionCaseRequest,
  type TListActionCasesQuery,
  type TOpenActionCaseRequest,
  type TAlert,
} from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { isTimeZone } from '../../lib/zoned-time.js';
import { writeAudit } from '../../platform/audit.js';
import type { Storage } from '../../platform/storage.js';
import type { SettingsService } from '../settings/settings.service.js';
import { safeError } from '../../platform/safe-error.js';
import { presentAlert, closeAlert, findAlert, listAlerts, type AlertRow } from '../alerts/alerts.service.js';
import { scopeOf } from '../contracts/contracts.service.js';
import { publishDataUpdated } from '../realtime/realtime.publish.js';
import { caseDocument, caseDocumentName } from './action-case-document.js';
import {
  closeCase,
  entriesOf,
  filesOfCase,
  findCase,
  findInstrument,
  insertCase,
  insertEntry,
  linkFiles,
  listCases,
  lockCase,
  openCaseOf,
  openCasesOfAlerts,
  openCounts,
  type CaseFileRow,
  type CaseRow,
} from './action-log.repository.js';
import { presentCase, presentEntry, presentFile } from './action-log.presenter.js';

export const CASE_NOT_FOUND = 'Case not found';
export const CASE_CLOSED = 'This case is closed: no follow-up can be added';
export const CASE_ALREADY_CLOSED = 'This case is already closed';

const ALERT_SUBJECT = (a: AlertRow) => a.instrumentName ?? a.groupName ?? a.scenarioName ?? a.contractNo;

/** What the case log reads when it prints a case: the case, its alert, its follow-ups and its files. */
export interface CaseDocumentData {
  detail: TActionCaseDetail;
  files: CaseFileRow[];
}

/**
 * The Log of Actions Taken (issue 9; decision 018): cases for alerts and damaged instruments, their follow-ups and
 * closing. Each action needs its task of the case's category (ACTION_CASE_TASKS); reading needs any of the category's
 * three; everything is scoped to the caller's contracts (another contract's case is 404).
 */
export class ActionLogService {
  constructor(
    private readonly ctx: AppContext,
    private readonly settings: SettingsService,
    private readonly storage: Storage,
  ) {}

  private get db() {
    return this.ctx.db.orm;
  }

  private holds(actor: Actor, codes: readonly PermissionCode[]): boolean {
    return hasAnyPermission([...actor.permissions], codes);
  }

  private require(actor: Actor, codes: readonly PermissionCode[]): void {
    if (!this.holds(actor, codes)) throw forbidden();
  }

  /** The categories whose cases the actor may read. */
  readableCategories(actor: Actor): ActionCaseCategory[] {
    return ACTION_CASE_CATEGORIES.filter((c) => this.holds(actor, actionCaseReadTasks(c)));
  }

  private async load(actor: Actor, id: number): Promise<CaseRow> {
    const row = await findCase(this.db, scopeOf(actor), id);
    if (!row) throw notFound(CASE_NOT_FOUND);
    return row;
  }

  private async publish(contractId: number, alertClosed = false): Promise<void> {
    try {
      await publishDataUpdated(this.ctx.bus, { topic: ACTION_LOG_TOPIC, contractId });
      if (alertClosed) {
        await publishDataUpdated(this.ctx.bus, { topic: ALERTS_TOPIC, contractId });
        await publishDataUpdated(this.ctx.bus, { topic: 'instruments', contractId });
      }
    } catch (err) {
      this.ctx.log.error({ err: safeError(err) }, 'action log: publishing failed');
    }
  }

  // ---- reads ----

  async summary(actor: Actor, contracts: number[] | undefined): Promise<TActionCaseSummary> {
    const readable = new Set(this.readableCategories(actor));
    const counts = new Map((await openCounts(this.db, scopeOf(actor), contracts)).map((r) => [r.category, r.n]));
    const of = (c: ActionCaseCategory) => (readable.has(c) ? (counts.get(c) ?? 0) : null);
    return { open: { breached: of('breached'), scenario: of('scenario'), damaged: of('damaged') } };
  }

  async list(actor: Actor, q: TListActionCasesQuery) {
    const readable = this.readableCategories(actor);
    if (q.category && !readable.includes(q.category)) throw forbidden();
    const categories = q.category ? [q.category] : readable;
    if (categories.length === 0) throw forbidden();
    const { records, total } = await listCases(
      this.db,
      scopeOf(actor),
      { categories, contracts: q.contracts, status: q.status, keyword: q.keyword || undefined, alertId: q.alert_id, instrumentId: q.instrument_id },
      { limit: q.limit, skip: q.skip },
    );
    return { records: records.map(presentCase), total_records: total };
  }

  async get(actor: Actor, id: number): Promise<TActionCaseDetail> {
    return (await this.document(actor, id, 'read')).detail;
  }

  /** The case as a PDF (the view/download task of its category). */
  async pdf(actor: Actor, id: number): Promise<{ fileName: string; body: Buffer }> {
    const { detail, files } = await this.document(actor, id, 'download');
    const tz = (await this.settings.get()).timezone;
    const body = await caseDocument(detail, files, {
      appName: this.ctx.config.appName,
      timezone: isTimeZone(tz) ? tz : DEFAULT_TIMEZONE,
      now: this.ctx.now(),
      read: (key) => this.storage.read(key),
    });
    return { fileName: caseDocumentName(id), body };
  }

  /** The case with its alert, follow-ups and files: `read` for the page, `download` (the view/download task) for the PDF. */
  async document(actor: Actor, id: number, purpose: 'read' | 'download'): Promise<CaseDocumentData> {
    const row = await this.load(actor, id);
    const category = row.category as ActionCaseCategory;
    this.require(actor, purpose === 'read' ? actionCaseReadTasks(category) : ACTION_CASE_TASKS[category].view);
    const [entries, files, alert] = await Promise.all([
      entriesOf(this.db, id),
      filesOfCase(this.db, id),
      row.alertId !== null ? findAlert(this.db, scopeOf(actor), row.alertId) : undefined,
    ]);
    const tasks = ACTION_CASE_TASKS[category];
    const open = row.status === 'open';
    return {
      detail: {
        case: presentCase(row),
        alert: alert ? presentAlert(alert) : null,
        entries: entries.map((e) => presentEntry(e, files)),
        unlinked_files: files.filter((f) => f.entryId === null).map(presentFile),
        can: { follow_up: open && this.holds(actor, tasks.edit), close: open && this.holds(actor, tasks.close), download: this.holds(actor, tasks.view) },
      },
      files,
    };
  }

  /** What a new case would be about (an alert or a damaged instrument), and the case already open for it. */
  async target(actor: Actor, q: TActionCaseTargetQuery): Promise<TActionCaseTarget> {
    const t = await this.resolveTarget(actor, q.alert_id !== undefined ? { alertId: q.alert_id } : { instrumentId: q.instrument_id! });
    return {
      category: t.category,
      contract_id: t.contractId,
      contract_no: t.contractNo,
      default_title: t.defaultTitle,
      alert: t.alert
        ? {
            alert_id: t.alert.alertId,
            kind: t.alert.kind as AlertKind,
            status: t.alert.status as 'open' | 'closed',
            level_code: t.alert.levelCode,
            level_color: t.alert.levelColor,
            ...alertText(presentAlert(t.alert)),
          }
        : null,
      instrument_id: t.instrumentId,
      instrument_name: t.instrumentName,
      open_case_id: (await openCaseOf(this.db, t.alert ? { alertId: t.alert.alertId } : { instrumentId: t.instrumentId! })) ?? null,
    };
  }

  /** Open alerts of a category a case may be opened for, newest trigger first, each with its open case if it has one. */
  async candidates(actor: Actor, q: TActionCaseCandidatesQuery): Promise<TActionCaseCandidateList> {
    this.require(actor, ACTION_CASE_TASKS[q.category].edit);
    const kinds = ALERT_KINDS.filter((k) => caseCategoryOfAlertKind(k) === q.category);
    const { records, total } = await listAlerts(
      this.db,
      scopeOf(actor),
      { kinds, status: 'open', keyword: q.keyword || undefined, contracts: q.contracts },
      { limit: q.limit, skip: q.skip },
    );
    const cases = await openCasesOfAlerts(
      this.db,
      records.map((r) => r.alertId),
    );
    return {
      records: records.map((r) => {
        const a = presentAlert(r);
        return {
          alert_id: a.alert_id,
          kind: a.kind,
          status: a.status,
          level_code: a.level_code,
          level_color: a.level_color,
          ...alertText(a),
          contract_no: a.contract_no,
          subject: ALERT_SUBJECT(r),
          last_triggered_at: a.last_triggered_at,
          open_case_id: cases.get(r.alertId) ?? null,
        };
      }),
      total_records: total,
    };
  }

  private async resolveTarget(actor: Actor, target: { alertId: number } | { instrumentId: number }) {
    const scope = scopeOf(actor);
    if ('alertId' in target) {
      const alert = await findAlert(this.db, scope, target.alertId);
      if (!alert) throw notFound('Alert not found');
      const category = caseCategoryOfAlertKind(alert.kind as AlertKind);
      this.require(actor, ACTION_CASE_TASKS[category].edit);
      return {
        category,
        contractId: alert.contractId,
        contractNo: alert.contractNo,
        alert,
        instrumentId: alert.instrumentId,
        instrumentName: alert.instrumentName,
        defaultTitle: presentAlert(alert).message.slice(0, ACTION_LOG_LIMITS.titleMax),
      };
    }
    this.require(actor, ACTION_CASE_TASKS.damaged.edit);
    const instrument = await findInstrument(this.db, scope, target.instrumentId);
    if (!instrument) throw notFound('Instrument not found');
    return {
      category: 'damaged' as const,
      contractId: instrument.contractId,
      contractNo: instrument.contractNo,
      alert: undefined,
      instrumentId: instrument.instrumentId,
      instrumentName: instrument.name,
      defaultTitle: `${instrument.name} damaged`.slice(0, ACTION_LOG_LIMITS.titleMax),
    };
  }

  // ---- writes ----

  /** Opens a case for an alert or a damaged instrument (one open case each: 409 with the open one's number). */
  async open(actor: Actor, body: TOpenActionCaseRequest): Promise<TActionCaseDetail> {
    const t = await this.resolveTarget(actor, body.alert_id !== undefined ? { alertId: body.alert_id } : { instrumentId: body.instrument_id! });
    const key = t.alert ? { alertId: t.alert.alertId } : { instrumentId: t.instrumentId! };
    const taken = async () => {
      const existing = await openCaseOf(this.db, key);
      return conflict(
        t.alert
          ? `This alert already has an open case (#${existing ?? '?'})`
          : `This instrument already has an open damaged-instrument case (#${existing ?? '?'})`,
      );
    };
    if ((await openCaseOf(this.db, key)) !== undefined) throw await taken();
    const title = body.title && body.title !== '' ? body.title : t.defaultTitle;
    let id: number;
    try {
      id = await this.db.transaction(async (tx) => {
        const row = await insertCase(tx, {
          category: t.category,
          contractId: t.contractId,
          alertId: t.alert?.alertId ?? null,
          instrumentId: t.instrumentId,
          title,
          openedBy: actor.userId,
          openedAt: this.ctx.now(),
        });
        await writeAudit(tx, actor, {
          action: 'action_case.open',
          entityType: 'action_case',
          entityId: row.caseId,
          after: { category: t.category, contract_id: t.contractId, alert_id: row.alertId, instrument_id: row.instrumentId, title },
        });
        return row.caseId;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw await taken();
      throw err;
    }
    await this.publish(t.contractId);
    return this.get(actor, id);
  }

  /** Adds a follow-up (what was done, when, files already attached to the case); refused once the case is closed. */
  async addEntry(actor: Actor, id: number, body: TAddActionEntryRequest): Promise<TActionEntry> {
    const row = await this.load(actor, id);
    this.require(actor, ACTION_CASE_TASKS[row.category as ActionCaseCategory].edit);
    if (row.status !== 'open') throw badRequest(CASE_CLOSED);
    const doneAt = new Date(body.done_at);
    if (doneAt.getTime() > this.ctx.now().getTime() + ACTION_LOG_LIMITS.futureSkewMs) throw badRequest({ done_at: 'When it was done cannot be in the future' });
    const fileIds = [...new Set(body.file_ids ?? [])];
    const files = await filesOfCase(this.db, id, fileIds);
    if (files.length !== fileIds.length) throw badRequest({ file_ids: 'A file is not attached to this case' });
    if (files.some((f) => f.entryId !== null)) throw badRequest({ file_ids: 'A file already belongs to another follow-up' });
    let entryId: number;
    try {
      entryId = await this.db.transaction(async (tx) => {
        // Serialised with closing: a follow-up never lands on a case closed meanwhile.
        if ((await lockCase(tx, id)) !== 'open') throw badRequest(CASE_CLOSED);
        const e = await insertEntry(tx, { caseId: id, action: body.action, doneAt, byUser: actor.userId, createdAt: this.ctx.now() });
        await linkFiles(tx, e.entryId, fileIds);
        await writeAudit(tx, actor, {
          action: 'action_case.follow_up',
          entityType: 'action_case',
          entityId: id,
          after: { entry_id: e.entryId, action: body.action, done_at: doneAt.toISOString(), file_ids: fileIds },
        });
        return e.entryId;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw badRequest({ file_ids: 'A file already belongs to another follow-up' });
      throw err;
    }
    await this.publish(row.contractId);
    const entry = (await entriesOf(this.db, id)).find((e) => e.entryId === entryId)!;
    return presentEntry(entry, await filesOfCase(this.db, id, fileIds));
  }

  /** Closes the case with a reason and, unless told not to, its alert when still open (decision 018). */
  async close(actor: Actor, id: number, body: TCloseActionCaseRequest): Promise<TActionCaseDetail> {
    const row = await this.load(actor, id);
    this.require(actor, ACTION_CASE_TASKS[row.category as ActionCaseCategory].close);
    if (row.status !== 'open') throw badRequest(CASE_ALREADY_CLOSED);
    const closeTheAlert = body.close_alert !== false && row.alertId !== null;
    const now = this.ctx.now();
    const alertClosed = await this.db.transaction(async (tx) => {
      if ((await lockCase(tx, id)) !== 'open' || !(await closeCase(tx, id, actor.userId, body.reason, now))) throw badRequest(CASE_ALREADY_CLOSED);
      await writeAudit(tx, actor, {
        action: 'action_case.close',
        entityType: 'action_case',
        entityId: id,
        before: { status: 'open' },
        after: { status: 'closed', reason: body.reason },
      });
      if (!closeTheAlert) return false;
      const note = `Case #${id} closed: ${body.reason}`.slice(0, ACTION_LOG_LIMITS.reasonMax);
      const closed = await closeAlert(tx, row.alertId!, actor.userId, note, now);
      if (closed) {
        await writeAudit(tx, actor, {
          action: 'alert.close',
          entityType: 'alert',
          entityId: row.alertId,
          before: { status: 'open' },
          after: { status: 'closed', reason: note, case_id: id },
        });
      }
      return closed;
    });
    await this.publish(row.contractId, alertClosed);
    return this.get(actor, id);
  }
}

/** An alert's message fields, for the summaries of alerts a case refers to. */
const alertText = (a: TAlert) => ({ message: a.message, message_key: a.message_key, message_params: a.message_params });
