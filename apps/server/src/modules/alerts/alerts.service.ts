import {
  ALERT_INSTRUMENT_STATUS_EXPORT_COLUMNS,
  ALERT_TILES,
  DEFAULT_RISK_RATING,
  DEFAULT_TIMEZONE,
  ZRiskRating,
  hasAnyPermission,
  type PermissionCode,
  type TAlert,
  type TAlertDetail,
  type TAlertInstrumentStatusList,
  type TAlertInstrumentStatusQuery,
  type TAlertList,
  type TAlertSummary,
  type TBreachedList,
  type TBreachedQuery,
  type TCloseAlertRequest,
  type TListAlertsQuery,
  type TProjectRisks,
} from '@strata/shared';
import { svy21ToWgs84Rounded } from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { dateRange, iso, isoOrNull } from '../../lib/filters.js';
import { writeSheet } from '../../lib/sheet-file.js';
import { isTimeZone, wallToEpoch } from '../../lib/zoned-time.js';
import { writeAudit } from '../../platform/audit.js';
import { safeError } from '../../platform/safe-error.js';
import { scopeOf } from '../contracts/contracts.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { publishDataUpdated } from '../realtime/realtime.publish.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { Mailer } from '../../platform/mail.js';
import { AlertNotifier } from './alert-notifier.js';
import { AlertsEvaluator, type EvaluateReadingsInput, type EvaluationOutcome } from './alerts.evaluator.js';
import {
  breachedInstruments,
  breachedInstrumentsByLevel,
  eventsOf,
  instrumentFacts,
  instrumentStatuses,
  membersOf,
  openBreachedByLevel,
  openCountsByKind,
  riskAlerts,
  riskUnits,
  thresholdsOfSeries,
  closeAlert,
  findAlert,
  listAlerts,
  type AlertRow,
} from './alerts.repository.js';
import { openAt, riskRating, riskScore } from './project-risk.js';
import { readRiskRating } from '../master-settings/master-settings.service.js';
import { presentAlert } from './alerts.presenter.js';

export { presentAlert };

/** What other modules use of this module's data (the action log (a case opened from an alert closes it)): they reach it through this service, not the repository. */
export { closeAlert, findAlert, listAlerts, type AlertRow } from './alerts.repository.js';

/** The evaluation job (after every approved upload's load). */
export const EVALUATE_QUEUE = 'alerts-evaluate';
const JOB_OPTIONS = { retryLimit: 3, retryDelay: 30, expireInSeconds: 1800 };
const DAY = 86_400_000;

/** Closing needs UpdateBreachedStatus or the close task of the log's case category: breached instrument or scenario. */
export function closePermissionsOf(kind: string): PermissionCode[] {
  return ['group', 'scenario', 'user', 'contract'].includes(kind)
    ? ['UpdateBreachedStatus', 'CloseTriggeredScenarioBasedAlertCases']
    : ['UpdateBreachedStatus', 'CloseBreachedInstrumentCases'];
}

const latLon = (easting: number, northing: number) => {
  const { lat, lon } = svy21ToWgs84Rounded(easting, northing);
  return { latitude: lat, longitude: lon };
};

/** Alerts (issue 9): the engine's jobs and the alerts API (lists, detail, close, instrument status, project risks). */
export class AlertsService {
  readonly evaluator: AlertsEvaluator;

  constructor(
    private readonly ctx: AppContext,
    private readonly settings: SettingsService,
    notifications: NotificationsService,
    mailer: Mailer,
  ) {
    this.evaluator = new AlertsEvaluator(ctx, new AlertNotifier(ctx, notifications, mailer, async () => (await settings.get()).timezone));
  }

  private get db() {
    return this.ctx.db.orm;
  }

  async start(): Promise<void> {
    if (!this.ctx.jobs) return;
    await this.ctx.jobs.work<EvaluateReadingsInput>(EVALUATE_QUEUE, async (job) => summary(await this.evaluator.evaluateReadings(job.data)), {
      queue: JOB_OPTIONS,
    });
  }

  /**
   * After an upload's readings were committed: the evaluation job (or, in a process without job workers, the
   * evaluation itself, awaited). Never throws: the readings are loaded either way.
   */
  async enqueueEvaluation(input: { uploadId: number | null; seriesIds: number[]; from: Date | null; to: Date | null }): Promise<void> {
    if (input.seriesIds.length === 0 || !input.from || !input.to) return;
    const data: EvaluateReadingsInput = { uploadId: input.uploadId, seriesIds: input.seriesIds, from: input.from.toISOString(), to: input.to.toISOString() };
    try {
      if (this.ctx.jobs) {
        await this.ctx.jobs.send(EVALUATE_QUEUE, data, JOB_OPTIONS);
        return;
      }
    } catch (err) {
      this.ctx.log.warn({ err: safeError(err) }, 'alerts: job queue unavailable; evaluating in process');
    }
    try {
      await this.evaluator.evaluateReadings(data);
    } catch (err) {
      this.ctx.log.error({ err: safeError(err), uploadId: input.uploadId }, 'alerts: evaluation failed');
    }
  }

  /** The per-minute checks (missing readings, rebaselines): the schedule dispatcher's tick task. */
  async runChecks(): Promise<EvaluationOutcome> {
    return this.evaluator.runChecks();
  }

  // ---- API ----

  async summary(actor: Actor, contracts: number[] | undefined): Promise<TAlertSummary> {
    const scope = scopeOf(actor);
    const [kinds, levels] = await Promise.all([openCountsByKind(this.db, scope, contracts), openBreachedByLevel(this.db, scope, contracts)]);
    const byKind = new Map(kinds.map((k) => [k.kind, k.n]));
    return {
      tiles: ALERT_TILES.map((t) => ({
        key: t.key,
        label: t.label,
        open_count: t.key === 'cases' ? null : t.kinds.reduce((n: number, k) => n + (byKind.get(k) ?? 0), 0),
      })),
      breached_by_level: levels.map((l) => ({ level_code: l.code, level_name: l.name, color: l.color, severity: l.severity, open_count: l.n })),
      total_open: kinds.reduce((n, k) => n + k.n, 0),
    };
  }

  async list(actor: Actor, q: TListAlertsQuery): Promise<TAlertList> {
    const range = dateRange(q.from, q.to);
    const { records, total } = await listAlerts(
      this.db,
      scopeOf(actor),
      {
        contracts: q.contracts,
        kinds: q.kind,
        level: q.level || undefined,
        status: q.status,
        keyword: q.keyword || undefined,
        instrumentId: q.instrument_id,
        groupId: q.group_id,
        scenarioId: q.scenario_id,
        from: range.from,
        to: range.to,
        toInclusive: range.toInclusive,
      },
      { limit: q.limit, skip: q.skip },
    );
    return { records: records.map(presentAlert), total_records: total };
  }

  async breached(actor: Actor, q: TBreachedQuery): Promise<TBreachedList> {
    const scope = scopeOf(actor);
    const [{ records, total }, levels] = await Promise.all([
      breachedInstruments(this.db, scope, { level: q.level, contracts: q.contracts, keyword: q.keyword || undefined, limit: q.limit, skip: q.skip }),
      breachedInstrumentsByLevel(this.db, scope, q.contracts),
    ]);
    return {
      level: q.level.toUpperCase(),
      records: records.map((r) => ({
        instrument_id: r.instrumentId,
        name: r.name,
        type_code: r.typeCode,
        type_name: r.typeName,
        contract_id: r.contractId,
        contract_no: r.contractNo,
        easting: r.easting,
        northing: r.northing,
        ...latLon(r.easting, r.northing),
        level_code: r.levelCode,
        level_color: r.levelColor,
        severity: r.severity,
        alert_id: r.alertId,
        reading_code: r.readingCode,
        latest_value: r.latestValue,
        peak_value: r.peakValue,
        unit: r.unit,
        reading_at: isoOrNull(r.readingAt ? new Date(r.readingAt) : null),
        opened_at: iso(new Date(r.openedAt)),
        last_triggered_at: iso(new Date(r.lastTriggeredAt)),
        open_alerts: r.openAlerts,
      })),
      total_records: total,
      levels: levels.map((l) => ({ level_code: l.code, level_name: l.name, color: l.color, severity: l.severity, count: l.n })),
    };
  }

  private async visible(actor: Actor, id: number): Promise<AlertRow> {
    const row = await findAlert(this.db, scopeOf(actor), id);
    if (!row) throw notFound('Alert not found');
    return row;
  }

  async get(actor: Actor, id: number): Promise<TAlertDetail> {
    const row = await this.visible(actor, id);
    const [events, instrument, thresholds] = await Promise.all([
      eventsOf(this.db, id),
      row.instrumentId !== null ? instrumentFacts(this.db, row.instrumentId) : undefined,
      row.seriesId !== null ? thresholdsOfSeries(this.db, row.seriesId) : [],
    ]);
    const memberIds = Array.isArray(row.detail?.instrument_ids)
      ? (row.detail.instrument_ids as unknown[]).filter((x): x is number => typeof x === 'number')
      : [];
    const members = await membersOf(this.db, row.contractId, memberIds);
    return {
      alert: presentAlert(row),
      instrument: instrument
        ? {
            instrument_id: instrument.instrumentId,
            name: instrument.name,
            type_code: instrument.typeCode,
            type_name: instrument.typeName,
            contract_id: instrument.contractId,
            contract_no: instrument.contractNo,
            zone_name: instrument.zoneName,
            easting: instrument.easting,
            northing: instrument.northing,
            ...latLon(instrument.easting, instrument.northing),
            status: instrument.status,
            frequency: instrument.frequency,
          }
        : null,
      thresholds: thresholds.map((t) => ({
        reading_code: t.readingCode,
        level_code: t.levelCode,
        level_name: t.levelName,
        color: t.color,
        severity: t.severity,
        upper: t.upper,
        lower: t.lower,
      })),
      events: events.map((e) => ({
        event_id: Number(e.eventId),
        at: iso(new Date(e.at)),
        type: e.type,
        level_code: e.levelCode,
        value: e.value,
        reading_at: e.readingAt ? iso(new Date(e.readingAt)) : null,
        last_reading_at: e.lastReadingAt ? iso(new Date(e.lastReadingAt)) : null,
        triggers: e.triggers,
        by_name: e.byName,
        note: e.note,
      })),
      members: members.map((m) => ({ instrument_id: m.instrumentId, name: m.name, level_code: m.levelCode })),
    };
  }

  /** Closes an open alert with a reason (audited); the key is free again, so a later trigger opens a new alert. */
  async close(actor: Actor, id: number, body: TCloseAlertRequest): Promise<TAlert> {
    const row = await this.visible(actor, id);
    if (!hasAnyPermission([...actor.permissions], closePermissionsOf(row.kind))) throw forbidden();
    if (row.status !== 'open') throw badRequest('This alert is already closed');
    const closed = await this.db.transaction(async (tx) => {
      const ok = await closeAlert(tx, id, actor.userId, body.reason, this.ctx.now());
      if (ok)
        await writeAudit(tx, actor, {
          action: 'alert.close',
          entityType: 'alert',
          entityId: id,
          before: { status: 'open' },
          after: { status: 'closed', reason: body.reason },
        });
      return ok;
    });
    if (!closed) throw badRequest('This alert is already closed');
    try {
      await publishDataUpdated(this.ctx.bus, { topic: 'alerts', contractId: row.contractId });
      await publishDataUpdated(this.ctx.bus, { topic: 'instruments', contractId: row.contractId });
    } catch (err) {
      this.ctx.log.error({ err: safeError(err) }, 'alerts: publishing failed');
    }
    return presentAlert((await findAlert(this.db, scopeOf(actor), id))!);
  }

  async instrumentStatus(actor: Actor, q: TAlertInstrumentStatusQuery): Promise<TAlertInstrumentStatusList> {
    const { records, total } = await instrumentStatuses(this.db, scopeOf(actor), {
      contracts: q.contracts,
      level: q.level || undefined,
      keyword: q.keyword || undefined,
      type: q.type || undefined,
      limit: q.limit,
      skip: q.skip,
    });
    return {
      records: records.map((r) => ({
        instrument_id: r.instrumentId,
        name: r.name,
        type_code: r.typeCode,
        type_name: r.typeName,
        contract_id: r.contractId,
        contract_no: r.contractNo,
        zone_name: r.zoneName,
        easting: r.easting,
        northing: r.northing,
        status: r.status,
        level_code: r.levelCode,
        level_color: r.levelColor,
        severity: r.severity,
        last_reading_at: r.lastReadingAt ? iso(new Date(r.lastReadingAt)) : null,
        open_alerts: r.openAlerts,
      })),
      total_records: total,
    };
  }

  /** The whole filtered instrument status list as CSV or XLSX (at most 100,000 rows). */
  async exportInstrumentStatus(actor: Actor, q: TAlertInstrumentStatusQuery, format: 'csv' | 'xlsx'): Promise<Buffer> {
    const list = await this.instrumentStatus(actor, { ...q, limit: 100_000, skip: 0 });
    const rows = list.records.map((r) => [
      r.name,
      r.type_code,
      r.contract_no,
      r.zone_name,
      r.status,
      r.level_code ?? '',
      r.last_reading_at ?? '',
      r.open_alerts,
    ]);
    return writeSheet(format, 'Instrument status', ALERT_INSTRUMENT_STATUS_EXPORT_COLUMNS, rows);
  }

  async projectRisks(actor: Actor, contracts: number[] | undefined): Promise<TProjectRisks> {
    const scope = scopeOf(actor);
    const stored = await readRiskRating(this.db);
    const parsed = stored ? ZRiskRating.safeParse(stored.value) : undefined;
    const settings = parsed?.success ? parsed.data : DEFAULT_RISK_RATING;
    const tzSetting = (await this.settings.get()).timezone;
    const tz = isTimeZone(tzSetting) ? tzSetting : DEFAULT_TIMEZONE;
    const now = this.ctx.now().getTime();
    // The last 30 days in the time zone: each day's end (the next midnight, or now for today).
    const dayFmt = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
    const days: { date: string; end: number }[] = [];
    for (let i = 29; i >= 0; i--) {
      const date = dayFmt.format(new Date(now - i * DAY));
      const [y, m, d] = date.split('-').map(Number) as [number, number, number];
      days.push({ date, end: Math.min(now, wallToEpoch(Date.UTC(y, m - 1, d + 1), tz)) });
    }
    const since = new Date(now - 31 * DAY);
    const [units, alerts] = await Promise.all([riskUnits(this.db, scope, contracts), riskAlerts(this.db, scope, contracts, since)]);
    const intervals = alerts.map((a) => ({
      contractId: a.contractId,
      zoneId: a.zoneId,
      levelCode: a.levelCode,
      openedAt: new Date(a.openedAt).getTime(),
      closedAt: a.closedAt ? new Date(a.closedAt).getTime() : null,
    }));
    const records: TProjectRisks['records'] = [];
    const row = (contract: (typeof units)[number], zoneId: number | null, zoneName: string | null, of: typeof intervals) => {
      const open = openAt(of, now);
      const byLevel: Record<string, number> = {};
      for (const a of open) if (a.levelCode) byLevel[a.levelCode] = (byLevel[a.levelCode] ?? 0) + 1;
      const score = riskScore(
        settings,
        open.map((a) => a.levelCode),
      );
      records.push({
        contract_id: contract.contractId,
        contract_no: contract.contractNo,
        contract_title: contract.title,
        zone_id: zoneId,
        zone_name: zoneName,
        open_alerts: open.length,
        by_level: byLevel,
        score,
        rating: riskRating(settings, score),
        trend: days.map((d) => ({
          date: d.date,
          score: riskScore(
            settings,
            openAt(of, d.end).map((a) => a.levelCode),
          ),
        })),
      });
    };
    const seen = new Set<number>();
    for (const u of units) {
      const ofContract = intervals.filter((a) => a.contractId === u.contractId);
      if (!seen.has(u.contractId)) {
        seen.add(u.contractId);
        row(u, null, null, ofContract);
      }
      if (u.zoneId !== null)
        row(
          u,
          u.zoneId,
          u.zoneName,
          ofContract.filter((a) => a.zoneId === u.zoneId),
        );
    }
    return { records };
  }
}

function summary(o: EvaluationOutcome) {
  return { opened: o.opened, updated: o.updated, escalated: o.escalated };
}
