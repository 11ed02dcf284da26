/**
 * What the alert evaluator reads and writes (issue 9). Arrays travel as Postgres array literals (Drizzle's `sql`
 * would spread a JS array into a parameter list), one statement per batch.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Executor } from '../../db/client.js';
import { pgArray } from '../../db/sql.js';

/** One evaluation at a time across every instance (a transaction-level advisory lock). */
export async function lockEvaluation(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('strata.alerts.evaluate'))`);
}

export interface SeriesMeta {
  seriesId: number;
  instrumentId: number;
  contractId: number;
  readingCodeId: number;
  readingCode: string;
  precision: number;
  unit: string;
  depth: number | null;
  instrumentName: string;
}

export async function seriesMeta(db: Executor, seriesIds: readonly number[]): Promise<SeriesMeta[]> {
  if (seriesIds.length === 0) return [];
  return rows<SeriesMeta>(
    db,
    sql`select s.series_id as "seriesId", s.instrument_id as "instrumentId", i.contract_id as "contractId",
               s.reading_code_id as "readingCodeId", c.code as "readingCode", c.precision, c.unit, s.depth, i.name as "instrumentName"
        from reading_series s
        join instruments i on i.instrument_id = s.instrument_id
        join reading_codes c on c.reading_code_id = s.reading_code_id
        where s.series_id = any(${pgArray(seriesIds)}::int[])`,
  );
}

export interface ThresholdRow {
  instrumentId: number;
  readingCodeId: number;
  levelCode: string;
  severity: number;
  sortOrder: number;
  upper: number | null;
  lower: number | null;
}

/** Thresholds of these instruments, most severe level first. */
export async function thresholdsOfInstruments(db: Executor, instrumentIds: readonly number[]): Promise<ThresholdRow[]> {
  if (instrumentIds.length === 0) return [];
  return rows<ThresholdRow>(
    db,
    sql`select t.instrument_id as "instrumentId", t.reading_code_id as "readingCodeId", l.code as "levelCode", l.severity,
               l.sort_order as "sortOrder", t.upper, t.lower
        from thresholds t join alert_levels l on l.level_id = t.level_id
        where t.instrument_id = any(${pgArray(instrumentIds)}::int[])
        order by t.instrument_id, t.reading_code_id, l.severity desc, l.sort_order desc, l.code`,
  );
}

export interface SeriesWindow {
  seriesId: number;
  from: Date;
  to: Date;
  /** Readings before `from` to load as history. */
  history: number;
}

export interface SeriesReadings {
  times: number[];
  values: number[];
  /** Index of the first reading at or after `from`. */
  start: number;
}

/**
 * Per series: its `history` readings before `from`, then every reading in [from, to]. One statement; rows come
 * back in any order and are put in time order here.
 */
export async function readingsOfWindows(db: Executor, windows: readonly SeriesWindow[]): Promise<Map<number, SeriesReadings>> {
  const out = new Map<number, SeriesReadings>();
  if (windows.length === 0) return out;
  const ids = pgArray(windows.map((w) => w.seriesId));
  const froms = pgArray(windows.map((w) => w.from));
  const tos = pgArray(windows.map((w) => w.to));
  const hs = pgArray(windows.map((w) => w.history));
  const found = await rows<{ s: number; h: boolean; t: number; v: number }>(
    db,
    sql`with w as (select * from unnest(${ids}::int[], ${froms}::timestamptz[], ${tos}::timestamptz[], ${hs}::int[]) as w(series_id, f, t, h))
        select w.series_id as s, true as h, x.t, x.v from w cross join lateral (
          select floor(extract(epoch from r.taken_at) * 1000)::float8 as t, r.value as v from readings r
          where r.series_id = w.series_id and r.taken_at < w.f order by r.taken_at desc limit w.h) x
        union all
        select w.series_id, false, floor(extract(epoch from r.taken_at) * 1000)::float8, r.value
        from w join readings r on r.series_id = w.series_id and r.taken_at >= w.f and r.taken_at <= w.t`,
  );
  const hist = new Map<number, { t: number; v: number }[]>();
  const fresh = new Map<number, { t: number; v: number }[]>();
  for (const r of found) {
    const m = r.h ? hist : fresh;
    let list = m.get(r.s);
    if (!list) m.set(r.s, (list = []));
    list.push({ t: Number(r.t), v: Number(r.v) });
  }
  for (const w of windows) {
    const h = (hist.get(w.seriesId) ?? []).sort((a, b) => a.t - b.t);
    const f = (fresh.get(w.seriesId) ?? []).sort((a, b) => a.t - b.t);
    if (f.length === 0) continue;
    const all = h.concat(f);
    out.set(w.seriesId, { times: all.map((p) => p.t), values: all.map((p) => p.v), start: h.length });
  }
  return out;
}

export interface KeyState {
  openKey: string;
  /** The newest reading time counted for the key, open or closed (ms; -Infinity: none). */
  counted: number;
  open: OpenAlert | undefined;
}

export interface OpenAlert {
  alertId: number;
  openKey: string;
  levelCode: string | null;
  seriesId: number | null;
  triggerCount: number;
  peakValue: number | null;
  peakScore: number | null;
}

/** The state of every key starting with one of these prefixes (e.g. `breached:s12:`): counted time and open alert. */
export async function keyStates(db: Executor, where: SQL): Promise<Map<string, KeyState>> {
  const found = await rows<{
    openKey: string;
    counted: number | null;
    alertId: number | null;
    levelCode: string | null;
    seriesId: number | null;
    triggerCount: number | null;
    peakValue: number | null;
    peakScore: number | null;
  }>(
    db,
    sql`select k.open_key as "openKey", floor(extract(epoch from k.counted) * 1000)::float8 as counted,
               o.alert_id as "alertId", o.level_code as "levelCode", o.series_id as "seriesId", o.trigger_count as "triggerCount",
               o.peak_value as "peakValue", (o.detail->>'peak_score')::float8 as "peakScore"
        from (select open_key, max(reading_at) as counted from alerts a where ${where} group by open_key) k
        left join alerts o on o.open_key = k.open_key and o.status = 'open'`,
  );
  const out = new Map<string, KeyState>();
  for (const r of found) {
    out.set(r.openKey, {
      openKey: r.openKey,
      counted: r.counted === null ? -Infinity : Number(r.counted),
      open:
        r.alertId === null
          ? undefined
          : {
              alertId: r.alertId,
              openKey: r.openKey,
              levelCode: r.levelCode,
              seriesId: r.seriesId,
              triggerCount: r.triggerCount ?? 0,
              peakValue: r.peakValue,
              peakScore: r.peakScore === null ? null : Number(r.peakScore),
            },
    });
  }
  return out;
}

export const seriesKeysWhere = (seriesIds: readonly number[]) => sql`a.series_id = any(${pgArray(seriesIds)}::int[])`;
export const keysWhere = (keys: readonly string[]) => sql`a.open_key = any(${pgArray(keys)}::text[])`;

export interface NewAlert {
  contractId: number;
  kind: string;
  openKey: string;
  instrumentId: number | null;
  seriesId: number | null;
  groupId: number | null;
  scenarioId: number | null;
  levelCode: string | null;
  at: Date;
  firstReadingAt: Date | null;
  readingAt: Date | null;
  firstValue: number | null;
  latestValue: number | null;
  peakValue: number | null;
  triggerCount: number;
  detail: Record<string, unknown> | null;
}

const BATCH = 500;

/** Inserts new open alerts; returns their ids by open key. */
export async function insertAlerts(tx: Executor, alerts: readonly NewAlert[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let i = 0; i < alerts.length; i += BATCH) {
    const part = alerts.slice(i, i + BATCH);
    const col = <T extends number | string | Date | null>(f: (r: NewAlert) => T) => pgArray(part.map(f));
    const inserted = await rows<{ id: number; key: string }>(
      tx,
      sql`insert into alerts (contract_id, kind, open_key, instrument_id, series_id, group_id, scenario_id, level_code, status,
                              opened_at, last_triggered_at, first_reading_at, reading_at, first_value, latest_value, peak_value,
                              trigger_count, detail)
          select u.contract_id, u.kind, u.open_key, u.instrument_id, u.series_id, u.group_id, u.scenario_id, u.level_code, 'open',
                 u.at, u.at, u.first_reading_at, u.reading_at, u.first_value, u.latest_value, u.peak_value, u.trigger_count, u.detail::jsonb
          from unnest(${col((r) => r.contractId)}::int[], ${col((r) => r.kind)}::text[], ${col((r) => r.openKey)}::text[],
                      ${col((r) => r.instrumentId)}::int[], ${col((r) => r.seriesId)}::int[], ${col((r) => r.groupId)}::int[],
                      ${col((r) => r.scenarioId)}::int[], ${col((r) => r.levelCode)}::text[], ${col((r) => r.at)}::timestamptz[],
                      ${col((r) => r.firstReadingAt)}::timestamptz[], ${col((r) => r.readingAt)}::timestamptz[],
                      ${col((r) => r.firstValue)}::float8[], ${col((r) => r.latestValue)}::float8[], ${col((r) => r.peakValue)}::float8[],
                      ${col((r) => r.triggerCount)}::int[], ${col((r) => (r.detail ? JSON.stringify(r.detail) : null))}::text[])
            as u(contract_id, kind, open_key, instrument_id, series_id, group_id, scenario_id, level_code, at, first_reading_at,
                 reading_at, first_value, latest_value, peak_value, trigger_count, detail)
          returning alert_id as id, open_key as key`,
    );
    for (const r of inserted) ids.set(r.key, r.id);
  }
  return ids;
}

export interface AlertUpdate {
  alertId: number;
  at: Date;
  readingAt: Date | null;
  latestValue: number | null;
  peakValue: number | null;
  /** Triggers to add. */
  added: number;
  detail: Record<string, unknown> | null;
}

export async function updateAlerts(tx: Executor, rows: readonly AlertUpdate[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    const part = rows.slice(i, i + BATCH);
    const col = <T extends number | string | Date | null>(f: (r: AlertUpdate) => T) => pgArray(part.map(f));
    await tx.execute(
      sql`update alerts a set last_triggered_at = u.at, reading_at = u.reading_at, latest_value = u.latest_value, peak_value = u.peak_value,
                              trigger_count = a.trigger_count + u.added, detail = u.detail::jsonb
          from unnest(${col((r) => r.alertId)}::int[], ${col((r) => r.at)}::timestamptz[], ${col((r) => r.readingAt)}::timestamptz[],
                      ${col((r) => r.latestValue)}::float8[], ${col((r) => r.peakValue)}::float8[], ${col((r) => r.added)}::int[],
                      ${col((r) => (r.detail ? JSON.stringify(r.detail) : null))}::text[])
            as u(id, at, reading_at, latest_value, peak_value, added, detail)
          where a.alert_id = u.id and a.status = 'open'`,
    );
  }
}

export interface NewEvent {
  alertId: number;
  at: Date;
  type: 'opened' | 'updated' | 'escalated' | 'closed';
  levelCode: string | null;
  value: number | null;
  /** The reading of the first trigger, and of the last, the evaluation added. */
  readingAt: Date | null;
  lastReadingAt: Date | null;
  /** How many triggers the evaluation added. */
  triggers: number | null;
  byUser: number | null;
  note: string | null;
}

export async function insertEvents(tx: Executor, rows: readonly NewEvent[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    const part = rows.slice(i, i + BATCH);
    const col = <T extends number | string | Date | null>(f: (r: NewEvent) => T) => pgArray(part.map(f));
    await tx.execute(
      sql`insert into alert_events (alert_id, at, type, level_code, value, reading_at, last_reading_at, triggers, by_user, note)
          select * from unnest(${col((r) => r.alertId)}::int[], ${col((r) => r.at)}::timestamptz[], ${col((r) => r.type)}::text[],
                               ${col((r) => r.levelCode)}::text[], ${col((r) => r.value)}::float8[], ${col((r) => r.readingAt)}::timestamptz[],
                               ${col((r) => r.lastReadingAt)}::timestamptz[], ${col((r) => r.triggers)}::int[],
                               ${col((r) => r.byUser)}::int[], ${col((r) => r.note)}::text[])`,
    );
  }
}
