import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { alertTemplates, alerts, auditLog, monitoringGroupMembers, monitoringGroups, notifications, outbox, thresholds } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../testing/harness.js';
import {
  alertRows,
  countOf,
  createAlertWorld,
  DAY,
  daily,
  eventRows,
  HOUR,
  loadAndEvaluate,
  loadPoints,
  setFrequency,
  type AlertWorld,
} from './alerts.test-support.js';

describe('the alert evaluator', () => {
  let t: TestApp;
  let w: AlertWorld;
  let T0: number;

  beforeAll(async () => {
    t = await createTestApp();
    T0 = Math.floor((t.clock.now().getTime() - 60 * DAY) / DAY) * DAY;
  });
  // New contracts, instruments and users for each test: each loads the readings its alerts come from.
  beforeEach(async () => {
    w = await createAlertWorld(t);
  });
  afterAll(() => t.close());

  /** SM-A1's story, one step after another: AL passed on days 3-5 (one AL alert), two later triggers, then WSL passed. */
  const passAL = () => loadAndEvaluate(t, w, { 'SM-A1': daily(T0, [14, 16, 18, 21, 24, 22, 10]) });
  const triggerALAgain = () => loadAndEvaluate(t, w, { 'SM-A1': daily(T0 + 7 * DAY, [21, 26]) });
  const passWSL = () => loadAndEvaluate(t, w, { 'SM-A1': daily(T0 + 9 * DAY, [29.5]) });

  const notificationsOf = (userId: number) =>
    t.db.orm
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'alert')))
      .orderBy(notifications.notificationId);

  it('opens one alert per series and level with counts, values and peak, and writes its history and an audit row', async () => {
    const out = await passAL();
    expect(out).toMatchObject({ opened: 1, updated: 0, escalated: 0 });
    const [a] = await alertRows(t, w.inst['SM-A1']);
    expect(a).toMatchObject({
      kind: 'breached',
      levelCode: 'AL',
      status: 'open',
      triggerCount: 3,
      firstValue: 21,
      latestValue: 22,
      peakValue: 24,
      contractId: w.contractA,
    });
    expect(a!.openKey).toMatch(/^breached:s\d+:AL$/);
    expect(a!.readingAt!.getTime()).toBe(T0 + 5 * DAY);
    expect((await eventRows(t, a!.alertId)).map((e) => e.type)).toEqual(['opened']);
    const [audit] = await t.db.orm
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'alerts.evaluate'))
      .orderBy(sql`${auditLog.auditId} desc`)
      .limit(1);
    expect(audit?.after).toMatchObject({ opened: 1 });
  });

  it('changes nothing when the same readings are evaluated again (idempotent)', async () => {
    await passAL();
    const before = { alerts: await alertRows(t), events: await countOf(t, 'alert_events'), notes: await countOf(t, 'notifications') };
    const s = await t.db.orm.execute(sql`select series_id from reading_series where instrument_id = ${w.inst['SM-A1']!}`);
    const seriesIds = (s as unknown as { rows: { series_id: number }[] }).rows.map((r) => r.series_id);
    const out = await t.services.alerts.evaluator.evaluateReadings({ seriesIds, from: new Date(T0), to: new Date(T0 + 6 * DAY) });
    expect(out).toMatchObject({ opened: 0, updated: 0, escalated: 0 });
    expect(await alertRows(t)).toEqual(before.alerts);
    expect(await countOf(t, 'alert_events')).toBe(before.events);
    expect(await countOf(t, 'notifications')).toBe(before.notes);
  });

  it('updates the one open alert of a key with later triggers instead of opening another', async () => {
    await passAL();
    const out = await triggerALAgain();
    expect(out).toMatchObject({ opened: 0, updated: 1 });
    const rows = (await alertRows(t, w.inst['SM-A1'])).filter((a) => a.levelCode === 'AL');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ triggerCount: 5, latestValue: 26, peakValue: 26, status: 'open' });
    expect((await eventRows(t, rows[0]!.alertId)).map((e) => e.type)).toEqual(['opened', 'updated']);
    // The database itself refuses a second open alert of the key.
    const dup = t.db.orm.insert(alerts).values({ ...rows[0]!, alertId: undefined as unknown as number });
    await expect(dup).rejects.toThrow();
  });

  it('writes a history row for every evaluation that adds triggers, new peak or not; the rows add up to the trigger count', async () => {
    await passAL(); // AL passed on days 3, 4, 5 (21, 24, 22): opened with 3 triggers
    await loadAndEvaluate(t, w, { 'SM-A1': daily(T0 + 7 * DAY, [21, 22]) }); // 2 more, below the peak of 24
    await loadAndEvaluate(t, w, { 'SM-A1': daily(T0 + 9 * DAY, [25]) }); // 1 more, a new peak
    const [a] = (await alertRows(t, w.inst['SM-A1'])).filter((x) => x.levelCode === 'AL');
    const events = await eventRows(t, a!.alertId);
    expect(events.map((e) => [e.type, e.triggers, e.value, e.readingAt?.getTime(), e.lastReadingAt?.getTime(), e.note])).toEqual([
      ['opened', 3, 21, T0 + 3 * DAY, T0 + 5 * DAY, null],
      ['updated', 2, 22, T0 + 7 * DAY, T0 + 8 * DAY, null],
      ['updated', 1, 25, T0 + 9 * DAY, T0 + 9 * DAY, 'New peak after 6 triggers'],
    ]);
    expect(events.reduce((n, e) => n + (e.triggers ?? 0), 0)).toBe(a!.triggerCount);
    expect(a!.triggerCount).toBe(6);
  });

  it('escalates AL -> WSL with a new alert and notifies the contract again', async () => {
    await passAL();
    await triggerALAgain();
    const viewer = w.userIds.xuser;
    const before = (await notificationsOf(viewer)).length;
    expect(before).toBeGreaterThan(0); // the AL alert was notified
    const out = await passWSL();
    expect(out).toMatchObject({ opened: 1, escalated: 1 });
    const wsl = (await alertRows(t, w.inst['SM-A1'])).find((a) => a.levelCode === 'WSL')!;
    expect(wsl).toMatchObject({ status: 'open', triggerCount: 1, firstValue: 29.5 });
    expect(await eventRows(t, wsl.alertId)).toMatchObject([{ type: 'escalated', levelCode: 'WSL', note: 'From AL' }]);
    const after = await notificationsOf(viewer);
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({ severity: 4, linkUri: `/en/alert-detail/${wsl.alertId}` });
    expect(after.at(-1)!.message).toMatch(/^Escalated: SM-A1 DSPA 29\.5 mm passed WSL/);
    // The web says it in the reader's language from its key and parameters.
    expect(after.at(-1)).toMatchObject({
      messageKey: 'alert.escalated',
      messageParams: { inner_key: 'alert.breached', 'inner.what': 'SM-A1 DSPA', 'inner.value': '29.5 mm', 'inner.level': 'WSL' },
    });
    // Users of the other contract hear nothing of it; the outbox holds the e-mail.
    expect(await notificationsOf(w.userIds.yuser)).toEqual([]);
    const mails = await t.db.orm
      .select()
      .from(outbox)
      .where(sql`${outbox.subject} like '%WSL%'`);
    expect(mails.map((m) => m.subject)).toContainEqual(expect.stringContaining('Alert: Escalated: SM-A1 DSPA 29.5 mm passed WSL'));
  });

  it('opens a new alert for the key once the open one was closed', async () => {
    await passAL();
    await triggerALAgain();
    await passWSL();
    const al = (await alertRows(t, w.inst['SM-A1'])).find((a) => a.levelCode === 'AL' && a.status === 'open')!;
    await t.db.orm.update(alerts).set({ status: 'closed', closedAt: t.clock.now() }).where(eq(alerts.alertId, al.alertId));
    // Old readings stay counted; a new one opens a new alert.
    expect((await loadAndEvaluate(t, w, { 'SM-A1': daily(T0 + 10 * DAY, [22]) })).opened).toBe(1);
    const open = (await alertRows(t, w.inst['SM-A1'])).filter((a) => a.levelCode === 'AL');
    expect(open.map((a) => a.status)).toEqual(['closed', 'open']);
  });

  it('raises spike, stagnant and fluctuated alerts per series', async () => {
    await loadAndEvaluate(t, w, {
      'SM-A2': daily(T0, [1, 1.2, 0.9, 1.1, 9]), // spike: 9 against ~1
      'SM-A3': daily(
        T0,
        Array.from({ length: 11 }, () => 4.25),
      ), // stagnant
      'SM-A4': daily(T0, [10, 13, 10, 13, 10, 13, 10, 13, 10, 13]), // fluctuated
    });
    const kinds = async (name: string) => (await alertRows(t, w.inst[name])).map((a) => a.kind);
    expect(await kinds('SM-A2')).toEqual(['spike']);
    expect(await kinds('SM-A3')).toEqual(['stagnant']);
    expect((await alertRows(t, w.inst['SM-A3']))[0]!.triggerCount).toBe(2);
    expect(await kinds('SM-A4')).toEqual(['fluctuated']);
  });

  it('raises a missing-readings alert after the frequency plus grace, once per gap', async () => {
    await setFrequency(t, w.inst['SM-B1']!, 'daily');
    const last = t.clock.now().getTime() - 2 * DAY;
    await loadPoints(t, w, { 'SM-B1': [[last, 1]] });
    const first = await t.services.alerts.runChecks();
    expect(first.news.filter((n) => n.kind === 'missing').map((n) => n.instrumentId)).toEqual([w.inst['SM-B1']]);
    const [m] = (await alertRows(t, w.inst['SM-B1'])).filter((a) => a.kind === 'missing');
    expect(m).toMatchObject({ status: 'open', openKey: `missing:i${w.inst['SM-B1']}`, contractId: w.contractB });
    expect(m!.readingAt!.getTime()).toBe(last);
    expect((await t.services.alerts.runChecks()).opened).toBe(0);
    // A reading arrives on time: no alert while it is fresh.
    await loadPoints(t, w, { 'SM-B1': [[t.clock.now().getTime() - HOUR, 1]] });
    expect((await t.services.alerts.runChecks()).updated).toBe(0);
    await setFrequency(t, w.inst['SM-B1']!, null);
  });

  it('raises a rebaseline alert when thresholds or the baseline change (not on first sight)', async () => {
    await t.services.alerts.runChecks(); // first sight of every instrument
    expect((await alertRows(t)).filter((a) => a.kind === 'rebaseline')).toEqual([]);
    await t.db.orm
      .update(thresholds)
      .set({ upper: 30 })
      .where(and(eq(thresholds.instrumentId, w.inst['SM-A2']!), eq(thresholds.upper, 28)));
    const out = await t.services.alerts.runChecks();
    expect(out.news.map((n) => [n.kind, n.instrumentId])).toEqual([['rebaseline', w.inst['SM-A2']]]);
    expect((await t.services.alerts.runChecks()).opened + (await t.services.alerts.runChecks()).updated).toBe(0);
  });

  it('raises a monitoring-group alert when N members pass the level within T hours', async () => {
    const [g] = await t.db.orm
      .insert(monitoringGroups)
      .values({ contractId: w.contractA, name: 'Station box', rule: { min_count: 2, level_code: 'AL', within_hours: 24 } })
      .returning();
    await t.db.orm.insert(monitoringGroupMembers).values([w.inst['SM-A2']!, w.inst['SM-A3']!].map((instrumentId) => ({ groupId: g!.groupId, instrumentId })));
    const at = T0 + 30 * DAY;
    await loadAndEvaluate(t, w, { 'SM-A2': [[at, 21]] });
    expect((await alertRows(t)).filter((a) => a.kind === 'group')).toEqual([]);
    const out = await loadAndEvaluate(t, w, { 'SM-A3': [[at + 3 * HOUR, -22]] });
    const group = (await alertRows(t)).filter((a) => a.kind === 'group');
    expect(group).toHaveLength(1);
    expect(group[0]).toMatchObject({ groupId: g!.groupId, levelCode: 'AL', latestValue: 2, openKey: `group:g${g!.groupId}` });
    expect(group[0]!.detail).toMatchObject({ instrument_ids: [w.inst['SM-A2'], w.inst['SM-A3']].sort((a, b) => a! - b!) });
    expect(out.news.map((n) => n.kind)).toEqual(expect.arrayContaining(['breached', 'group']));
  });

  it('tells only the people a matching template names, by the channels it names', async () => {
    await t.db.orm.insert(alertTemplates).values({
      name: 'WSL to the manager',
      category: 'contract',
      kinds: ['breached'],
      levels: ['WSL'],
      contractIds: [w.contractB],
      userIds: [w.userIds.manager],
      channels: ['notification'],
    });
    const mailsBefore = await countOf(t, 'outbox');
    const before = { manager: (await notificationsOf(w.userIds.manager)).length, yuser: (await notificationsOf(w.userIds.yuser)).length };
    await loadAndEvaluate(t, w, { 'SM-B1': daily(T0 + 40 * DAY, [35]) });
    expect((await notificationsOf(w.userIds.manager)).length).toBe(before.manager + 1);
    expect((await notificationsOf(w.userIds.yuser)).length).toBe(before.yuser);
    expect(await countOf(t, 'outbox')).toBe(mailsBefore);
  });
});
