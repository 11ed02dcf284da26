import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertTemplates } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../testing/harness.js';
import { alertRows, createAlertWorld, DAY, daily, loadPoints, type AlertWorld } from './alerts.test-support.js';
import { seedDemoAlerts } from './alerts.seed.js';

describe('demo alerts', () => {
  let t: TestApp;
  let w: AlertWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await createAlertWorld(t);
  });
  afterAll(() => t.close());

  it('come from the engine over the last 30 days of readings, with minimum changes a tenth of WSL', async () => {
    const now = t.clock.now();
    await loadPoints(t, w, { 'SM-A1': daily(now.getTime() - 40 * DAY, [29, 1, 2, 3, 24]), 'SM-A2': daily(now.getTime() - 5 * DAY, [26, 27, 29, 29.5]) });
    const out = await t.db.orm.transaction((tx) => seedDemoAlerts(tx, now));
    // SM-A1's old breaches are outside the 30 days: only SM-A2's AL then WSL.
    expect(out.news.map((n) => [n.instrumentId, n.kind, n.levelCode])).toEqual([
      [w.inst['SM-A2'], 'breached', 'AL'],
      [w.inst['SM-A2'], 'breached', 'WSL'],
    ]);
    // Each opened five minutes after the reading that first breached it arrived (not when the seed ran).
    const opened = await alertRows(t);
    expect(opened.map((a) => [a.instrumentId, a.levelCode, a.openedAt.getTime() - now.getTime()])).toEqual([
      [w.inst['SM-A2'], 'AL', -5 * DAY + 5 * 60_000],
      [w.inst['SM-A2'], 'WSL', -3 * DAY + 5 * 60_000],
    ]);
    const [tpl] = await t.db.orm.select().from(alertTemplates);
    expect(tpl?.parameters).toEqual({ min_change: { DSPA: 2.8 } });
  });
});
