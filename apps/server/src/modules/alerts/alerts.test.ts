import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import type { TAlert, TAlertDetail, TAlertInstrumentStatusList, TAlertList, TAlertSummary, TBreachedList, TProjectRisks } from '@strata/shared';
import { alerts, zones } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../testing/harness.js';
import { lastAudit } from '../../testing/master-data.js';
import { alertRows, createAlertWorld, DAY, daily, loadAndEvaluate, type AlertWorld } from './alerts.test-support.js';

describe('the alerts API', () => {
  let t: TestApp;
  let w: AlertWorld;
  let alertA: number;
  let alertB: number;
  type Who = keyof AlertWorld['sessions'];
  const get = (who: Who, url: string, world = w) => as(t, world.sessions[who], { method: 'GET', url: `/api/v1${url}` });
  const post = (who: Who, url: string, payload?: object, world = w) =>
    as(t, world.sessions[who], { method: 'POST', url: `/api/v1${url}`, payload: payload ?? {} });

  /** An alert world with SM-A1 in Zone North and four open alerts: AL and WSL on SM-A1, AL on SM-A2 (contract A), WSL on SM-B1 (B). */
  const worldWithAlerts = async () => {
    const world = await createAlertWorld(t);
    const [zone] = await t.db.orm.insert(zones).values({ contractId: world.contractA, name: 'Zone North' }).returning();
    await t.db.orm.execute(`update instruments set zone_id = ${zone!.zoneId} where instrument_id = ${world.inst['SM-A1']}`);
    const T0 = t.clock.now().getTime() - 10 * DAY;
    await loadAndEvaluate(t, world, { 'SM-A1': daily(T0, [18, 19, 20.5, 29]), 'SM-A2': daily(T0, [18, 19, 21, 22]), 'SM-B1': daily(T0, [18, 19, 20, 30]) });
    const rows = await alertRows(t);
    return {
      world,
      alertA: rows.find((a) => a.instrumentId === world.inst['SM-A1'] && a.levelCode === 'WSL')!.alertId,
      alertB: rows.find((a) => a.instrumentId === world.inst['SM-B1'] && a.levelCode === 'WSL')!.alertId,
    };
  };

  // Read-only for every test but the closing one, which closes an alert of a world of its own.
  beforeAll(async () => {
    t = await createTestApp();
    ({ world: w, alertA, alertB } = await worldWithAlerts());
  });
  afterAll(() => t.close());

  it('refuses callers without an alert task', async () => {
    for (const url of ['/alerts', '/alerts/summary', '/alerts/breached', `/alerts/${alertA}`, '/alerts/instrument-status', '/alerts/project-risks']) {
      expect((await get('nobody', url)).statusCode, url).toBe(403);
    }
    expect((await post('nobody', `/alerts/${alertA}/close`, { reason: 'x' })).statusCode).toBe(403);
  });

  it("lists only the caller's contracts' alerts, with the kind, level and keyword filters", async () => {
    const mine = (await get('xuser', '/alerts')).json<TAlertList>();
    expect(mine.total_records).toBe(3);
    expect(new Set(mine.records.map((a) => a.contract_id))).toEqual(new Set([w.contractA]));
    const all = (await get('manager', '/alerts')).json<TAlertList>();
    expect(all.total_records).toBe(4);
    const wsl = (await get('manager', `/alerts?level=WSL&contracts=[${w.contractA}]`)).json<TAlertList>();
    expect(wsl.records.map((a) => a.instrument_name)).toEqual(['SM-A1']);
    expect(wsl.records[0]).toMatchObject({
      kind: 'breached',
      level_code: 'WSL',
      level_color: expect.any(String),
      severity: 4,
      reading_code: 'DSPA',
      unit: 'mm',
      latest_value: 29,
      status: 'open',
    });
    expect(wsl.records[0]!.message).toBe('SM-A1 DSPA 29 mm passed WSL');
    expect((await get('manager', '/alerts?keyword=SM-A2')).json<TAlertList>().records.map((a) => a.level_code)).toEqual(['AL']);
    expect((await get('manager', '/alerts?kind=spike,stagnant')).json<TAlertList>().total_records).toBe(0);
    expect((await get('manager', '/alerts?kind=nonsense')).statusCode).toBe(400);
    // Another contract named in the filter is ignored, not revealed.
    expect((await get('xuser', `/alerts?contracts=[${w.contractB}]`)).json<TAlertList>().total_records).toBe(0);
  });

  it("answers 404 for another contract's alert, and gives detail with thresholds and history for one's own", async () => {
    expect((await get('xuser', `/alerts/${alertB}`)).statusCode).toBe(404);
    expect((await post('xuser', `/alerts/${alertB}/close`, { reason: 'not mine' })).statusCode).toBe(404);
    const res = await get('xuser', `/alerts/${alertA}`);
    expect(res.statusCode).toBe(200);
    const d = res.json<TAlertDetail>();
    expect(d.alert.alert_id).toBe(alertA);
    expect(d.instrument).toMatchObject({ name: 'SM-A1', zone_name: 'Zone North', latitude: expect.any(Number) });
    expect(d.thresholds.map((x) => [x.level_code, x.upper, x.lower])).toEqual([
      ['AL', 20, -20],
      ['WSL', 28, -28],
    ]);
    expect(d.events.map((e) => e.type)).toEqual(['escalated']);
    // The history row says how many triggers it stands for, and the readings they span: here the alert's all.
    expect(d.events[0]).toMatchObject({ triggers: d.alert.trigger_count, reading_at: d.alert.reading_at, last_reading_at: d.alert.reading_at });
  });

  it('counts open alerts per landing tile and breached alerts per level, scoped', async () => {
    const s = (await get('xuser', '/alerts/summary')).json<TAlertSummary>();
    expect(s.tiles.map((x) => x.label)).toEqual([
      'Breached Instrument',
      'Spike',
      'Rebaseline',
      'Fluctuated',
      'Stagnant',
      'User-Defined Alerts',
      'Missing Reading Alerts',
      'Scenario Based Alerts',
      'Logs of Action Taken',
    ]);
    expect(s.tiles[0]).toEqual({ key: 'breached', label: 'Breached Instrument', open_count: 3 });
    expect(s.tiles.at(-1)!.open_count).toBeNull();
    expect(s.breached_by_level.map((l) => [l.level_code, l.open_count])).toEqual([
      ['CL', 0],
      ['AL', 2],
      ['PDL', 0],
      ['WSL', 1],
    ]);
    expect(s.total_open).toBe(3);
  });

  it('lists breached instruments by level (WSL by default) with their location', async () => {
    const b = (await get('xuser', '/alerts/breached')).json<TBreachedList>();
    expect(b.level).toBe('WSL');
    expect(b.records).toHaveLength(1);
    expect(b.records[0]).toMatchObject({
      name: 'SM-A1',
      level_code: 'WSL',
      alert_id: alertA,
      easting: 30000,
      northing: 30000,
      latitude: expect.any(Number),
      open_alerts: 1,
    });
    expect(b.levels.find((l) => l.level_code === 'AL')!.count).toBe(2);
    const al = (await get('manager', '/alerts/breached?level=AL')).json<TBreachedList>();
    expect(al.records.map((r) => r.name)).toEqual(['SM-A1', 'SM-A2']); // SM-B1 went from 20 (not above AL) straight past WSL
  });

  it("gives every instrument's current level, last reading and open alerts, and exports them", async () => {
    const s = (await get('xuser', '/alerts/instrument-status?limit=10')).json<TAlertInstrumentStatusList>();
    expect(s.total_records).toBe(4);
    expect(s.records[0]).toMatchObject({ name: 'SM-A1', level_code: 'WSL', open_alerts: 2, last_reading_at: expect.any(String) });
    expect(s.records.find((r) => r.name === 'SM-A3')).toMatchObject({ level_code: null, open_alerts: 0, last_reading_at: null });
    expect((await get('xuser', '/alerts/instrument-status?level=none')).json<TAlertInstrumentStatusList>().records.map((r) => r.name)).toEqual([
      'SM-A3',
      'SM-A4',
    ]);
    const csv = await get('xuser', '/alerts/instrument-status?format=csv');
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('instrument,type,contract,zone,status,level,last_reading_at,open_alerts');
    expect(lines).toHaveLength(5);
    const xlsx = await get('xuser', '/alerts/instrument-status?format=xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.rowCount).toBe(5);
  });

  it('rates project risk per contract and zone from the risk-rating settings, with a 30-day trend', async () => {
    const r = (await get('xuser', '/alerts/project-risks')).json<TProjectRisks>();
    expect(r.records.map((x) => [x.contract_id, x.zone_name])).toEqual([
      [w.contractA, null],
      [w.contractA, 'Zone North'],
    ]);
    // Default settings: AL 2, WSL 5 per alert; 3 open alerts fall in the band from 1 (+1): 2 + 2 + 5 + 1 = 10 -> Medium.
    expect(r.records[0]).toMatchObject({ open_alerts: 3, by_level: { AL: 2, WSL: 1 }, score: 10, rating: 'Medium' });
    expect(r.records[1]).toMatchObject({ open_alerts: 2, score: 8, rating: 'Medium' });
    expect(r.records[0]!.trend).toHaveLength(30);
    expect(r.records[0]!.trend.at(-1)!.score).toBe(10);
  });

  it('closes an alert with a reason (audited), once, and frees its key', async () => {
    const { world: own, alertA: alert } = await worldWithAlerts();
    expect((await post('xuser', `/alerts/${alert}/close`, { reason: '  ' }, own)).statusCode).toBe(400);
    const res = await post('xuser', `/alerts/${alert}/close`, { reason: 'Reading verified; works resumed' }, own);
    expect(res.statusCode).toBe(200);
    expect(res.json<TAlert>()).toMatchObject({
      status: 'closed',
      close_reason: 'Reading verified; works resumed',
      closed_by: expect.stringContaining('xuser'),
    });
    const [row] = await t.db.orm.select().from(alerts).where(eq(alerts.alertId, alert));
    expect(row).toMatchObject({ status: 'closed', closedBy: own.userIds.xuser });
    expect(await lastAudit(t.db, 'alert.close')).toMatchObject({ entityId: String(alert), userId: own.userIds.xuser });
    expect((await post('xuser', `/alerts/${alert}/close`, { reason: 'again' }, own)).statusCode).toBe(400);
    const d = (await get('xuser', `/alerts/${alert}`, own)).json<TAlertDetail>();
    expect(d.events.map((e) => [e.type, e.note])).toEqual([
      ['escalated', 'From AL'],
      ['closed', 'Reading verified; works resumed'],
    ]);
    expect((await get('xuser', '/alerts?status=open', own)).json<TAlertList>().total_records).toBe(2);
  });
});
