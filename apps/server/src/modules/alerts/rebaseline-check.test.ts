/**
 * Regression (found by the alert screens' end-to-end run): the per-minute rebaseline check compared an instrument's
 * baseline time read back from the database (a string on the raw-SQL path) with a number, so every instrument with a
 * baseline looked changed at its second check — 540 rebaseline alerts on the demo two minutes after the first start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { instrumentTypes, instruments } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../testing/harness.js';
import { alertRows, createAlertWorld, eventRows, type AlertWorld } from './alerts.test-support.js';

describe('the rebaseline check', () => {
  let t: TestApp;
  let w: AlertWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createAlertWorld(t);
    await t.db.orm
      .update(instruments)
      .set({ baselineAt: new Date('2026-01-05T08:30:00.000Z') })
      .where(eq(instruments.instrumentId, w.inst['SM-A1']!));
  });
  afterAll(() => t.close());

  it('raises nothing for an instrument whose baseline did not change, and raises once when it does', async () => {
    await t.services.alerts.runChecks(); // first sight
    await t.services.alerts.runChecks();
    await t.services.alerts.runChecks();
    expect((await alertRows(t, w.inst['SM-A1']!)).filter((a) => a.kind === 'rebaseline')).toEqual([]);

    await t.db.orm
      .update(instruments)
      .set({ baselineAt: new Date('2026-03-01T00:00:00.000Z') })
      .where(eq(instruments.instrumentId, w.inst['SM-A1']!));
    const out = await t.services.alerts.runChecks();
    expect(out.news.map((n) => [n.kind, n.instrumentId])).toEqual([['rebaseline', w.inst['SM-A1']]]);
    expect((await t.services.alerts.runChecks()).news).toEqual([]);
  });

  it('raises the Rebaseline alert as soon as thresholds are saved, and adds each later change to it', async () => {
    const admin = w.sessions.admin;
    const [type] = await t.db.orm.select({ code: instrumentTypes.code }).from(instrumentTypes).where(eq(instrumentTypes.typeId, w.typeId));
    const made = await as(t, admin, {
      method: 'POST',
      url: '/api/v1/instruments',
      payload: { name: 'SM-RB-1', type_code: type!.code, contract_id: w.contractA, easting: 30350, northing: 28620 },
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().instrument_id as number;
    const rebaselines = async () => (await alertRows(t, id)).filter((a) => a.kind === 'rebaseline');
    expect(await rebaselines()).toEqual([]); // a new instrument is no rebaseline

    const put = (upper: number) =>
      as(t, admin, {
        method: 'PUT',
        url: `/api/v1/instruments/${id}/thresholds`,
        payload: { thresholds: [{ reading_code: 'DSPA', level_code: 'AL', upper, lower: -upper }] },
      });
    expect((await put(20)).statusCode).toBe(200);
    const first = await rebaselines();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ status: 'open', triggerCount: 1, detail: { baseline: false, thresholds: true } });

    expect((await put(22)).statusCode).toBe(200);
    const second = await rebaselines();
    expect(second.map((a) => [a.alertId, a.triggerCount])).toEqual([[first[0]!.alertId, 2]]);
    expect(await eventRows(t, first[0]!.alertId)).toHaveLength(2);

    // Saving the same values again is no change.
    expect((await put(22)).statusCode).toBe(200);
    expect((await rebaselines())[0]!.triggerCount).toBe(2);
  });
});
