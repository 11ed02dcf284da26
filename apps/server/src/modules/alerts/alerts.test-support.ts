/** Fixtures of the alerts tests: a world with levels, a settlement type, instruments with thresholds, readings. */
import { eq, sql } from 'drizzle-orm';
import type { PermissionCode } from '@strata/shared';
import { alertEvents, alerts, alertLevels, instruments, readingSeries, thresholds } from '../../db/schema/index.js';
import type { TestApp } from '../../testing/harness.js';
import { createInstrument, createLevels, createType, createWorld, type World } from '../../testing/master-data.js';
import { buildBatch } from '../readings/readings-batch.js';
import { ensurePartitions, loadReadings } from '../readings/readings-store.service.js';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** Everything alerts-related a signed-in user may do. */
export const ALERT_TASKS: readonly PermissionCode[] = [
  'SearchorViewAlertMessage',
  'ViewBreachedStatus',
  'UpdateBreachedStatus',
  'ViewScenarioBasedAlert',
  'CreateorEditScenarioBasedAlert',
  'ManageMonitoringGroup',
  'ManageScenarios',
  'UploadInstrumentationFiles',
  'ViewInstrumentationUploadHistory',
  'ApproveUpload',
];

export interface AlertWorld extends World {
  typeId: number;
  readingCodeId: number;
  /** Instruments by name: SM-A1…SM-A4 in contract A, SM-B1 in contract B; AL ±20, WSL ±28 mm on DSPA. */
  inst: Record<string, number>;
}

export async function createAlertWorld(t: TestApp, tasks: readonly PermissionCode[] = ALERT_TASKS): Promise<AlertWorld> {
  const w = await createWorld(t, tasks);
  await createLevels(t.db);
  const { type, codes } = await createType(t.db, `SM${Math.random().toString(36).slice(2, 5).toUpperCase()}`, ['DSPA']);
  const levels = new Map((await t.db.orm.select().from(alertLevels)).map((l) => [l.code, l.levelId]));
  const inst: Record<string, number> = {};
  for (const [name, contractId] of [
    ['SM-A1', w.contractA],
    ['SM-A2', w.contractA],
    ['SM-A3', w.contractA],
    ['SM-A4', w.contractA],
    ['SM-B1', w.contractB],
  ] as const) {
    const i = await createInstrument(t.db, { name, contractId, typeId: type.typeId });
    inst[name] = i.instrumentId;
    await t.db.orm.insert(thresholds).values([
      { instrumentId: i.instrumentId, readingCodeId: codes[0]!.readingCodeId, levelId: levels.get('AL')!, upper: 20, lower: -20 },
      { instrumentId: i.instrumentId, readingCodeId: codes[0]!.readingCodeId, levelId: levels.get('WSL')!, upper: 28, lower: -28 },
    ]);
  }
  return { ...w, typeId: type.typeId, readingCodeId: codes[0]!.readingCodeId, inst };
}

/** Loads readings (through the upload load path) and returns the series ids and the time range. */
export async function loadPoints(t: TestApp, w: AlertWorld, points: Record<string, [number, number][]>) {
  const series = Object.entries(points).map(([name, pts]) => ({
    key: { instrumentId: w.inst[name]!, readingCodeId: w.readingCodeId, depth: null },
    points: pts,
  }));
  const batch = buildBatch(series);
  await ensurePartitions(t.db.orm, batch.months);
  const r = await t.db.orm.transaction((tx) => loadReadings(tx, batch.input));
  const times = Object.values(points)
    .flat()
    .map((p) => p[0]);
  return { seriesIds: r.seriesIds, from: new Date(Math.min(...times)), to: new Date(Math.max(...times)) };
}

/** Loads readings and evaluates them. */
export async function loadAndEvaluate(t: TestApp, w: AlertWorld, points: Record<string, [number, number][]>) {
  const loaded = await loadPoints(t, w, points);
  return t.services.alerts.evaluator.evaluateReadings(loaded);
}

/** Daily readings from `start`. */
export const daily = (start: number, values: number[]): [number, number][] => values.map((v, i) => [start + i * DAY, v]);

export async function alertRows(t: TestApp, instrumentId?: number) {
  return t.db.orm
    .select()
    .from(alerts)
    .where(instrumentId === undefined ? undefined : eq(alerts.instrumentId, instrumentId))
    .orderBy(alerts.alertId);
}

export async function eventRows(t: TestApp, alertId: number) {
  return t.db.orm.select().from(alertEvents).where(eq(alertEvents.alertId, alertId)).orderBy(alertEvents.eventId);
}

export async function seriesOf(t: TestApp, instrumentId: number) {
  const [row] = await t.db.orm.select().from(readingSeries).where(eq(readingSeries.instrumentId, instrumentId));
  return row!;
}

export async function setFrequency(t: TestApp, instrumentId: number, frequency: string | null) {
  await t.db.orm.update(instruments).set({ frequency }).where(eq(instruments.instrumentId, instrumentId));
}

export async function countOf(t: TestApp, table: 'alerts' | 'alert_events' | 'notifications' | 'outbox') {
  const r = await t.db.orm.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (r as unknown as { rows: { n: number }[] }).rows[0]!.n;
}
