/**
 * Regression (found by the alert screens' end-to-end run): the per-minute rebaseline check compared an instrument's
 * baseline time read back from the database (a string on the raw-SQL path) with a number, so every instrument with a
 * baseline looked changed at its second check — 540 rebaseline alerts on the demo two minutes after the first start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { instruments } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../testing/harness.js';
import { alertRows, createAlertWorld, type AlertWorld } from './alerts.test-support.js';

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
    expect((await alertRows(t)).filter((a) => a.kind === 'rebaseline')).toEqual([]);

    await t.db.orm
      .update(instruments)
      .set({ baselineAt: new Date('2026-03-01T00:00:00.000Z') })
      .where(eq(instruments.instrumentId, w.inst['SM-A1']!));
    const out = await t.services.alerts.runChecks();
    expect(out.news.map((n) => [n.kind, n.instrumentId])).toEqual([['rebaseline', w.inst['SM-A1']]]);
    expect((await t.services.alerts.runChecks()).news).toEqual([]);
  });
});
