import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contracts, users } from '../db/schema/index.js';
import { runChecksIn } from '../modules/alerts/alerts.evaluator.js';
import { createTestDatabase, type TestDatabase } from '../platform/test-database.js';
import { ScheduleJobRegistry } from '../modules/schedules/schedule-jobs.js';
import { DEMO_FEED_JOB, feedDemoReadings, registerDemoFeed } from './demo-feed.js';
import { seedMasterData } from './demo-master-data.js';
import { seedDemoReadings, type DemoReadingsResult } from './demo-readings.js';

const HOUR = 3_600_000;

describe('the demo feed', () => {
  let tdb: TestDatabase;
  let seeded: DemoReadingsResult;
  const start = new Date(Date.UTC(2026, 5, 15, 12));
  const later = new Date(start.getTime() + 2 * HOUR);
  const q = async <T>(text: string) => (await tdb.db.query<T>(text)).rows;

  beforeAll(async () => {
    tdb = await createTestDatabase();
    const [admin] = await tdb.db.orm
      .insert(users)
      .values({ loginName: 'seed', fullname: 'Seed', email: 'seed@example.com', userType: 2, status: 'active' })
      .returning();
    const created = await tdb.db.orm
      .insert(contracts)
      .values([
        { no: 'T301', title: 'a', easting: 30350.5, northing: 28620.2 },
        { no: 'T302', title: 'b', easting: 32810.0, northing: 30105.7 },
        { no: 'C303', title: 'c', easting: 35240.8, northing: 31460.3 },
      ])
      .returning();
    await tdb.db.orm.transaction((tx) => seedMasterData(tx, { contracts: created, adminId: admin!.userId }));
    seeded = await tdb.db.orm.transaction((tx) => seedDemoReadings(tx, start));
  });
  afterAll(() => tdb.drop());

  it('gives each active instrument the readings it is due at its frequency, small steps on, and leaves the offline loggers late', async () => {
    const fed = await feedDemoReadings(tdb.db, later, seeded.offline, 1);
    expect(fed.readings).toBeGreaterThan(0);
    expect(fed.to).toEqual(later);
    // Per type: what two hours at its frequency hold (15 minutes: 8; hourly: 2; 6-hourly and rarer: none yet).
    const perType = await q<{ code: string; n: number }>(`select t.code, (count(*) / count(distinct r.series_id))::int n
        from readings r join reading_series s using (series_id) join instruments i using (instrument_id) join instrument_types t using (type_id)
       where r.taken_at > '${start.toISOString()}' group by t.code order by t.code`);
    expect(Object.fromEntries(perType.map((r) => [r.code, r.n]))).toEqual({ TMU: 2, VM: 8 });
    const [latest] = await q<{ last: Date }>('select max(taken_at) last from reading_latest');
    expect(latest!.last.getTime()).toBe(later.getTime());
    // Each step stays within a few percent of WSL of the value before.
    const [jump] = await q<{ worst: number }>(`select max(abs(r.value - p.value) / nullif(w.wsl, 0))::float8 worst
        from readings r join reading_series s using (series_id)
        join lateral (select value from readings p where p.series_id = r.series_id and p.taken_at < r.taken_at order by p.taken_at desc limit 1) p on true
        join lateral (select max(greatest(abs(coalesce(t.upper, 0)), abs(coalesce(t.lower, 0)))) wsl from thresholds t
          join alert_levels l using (level_id) where t.instrument_id = s.instrument_id and t.reading_code_id = s.reading_code_id and l.code = 'WSL') w on true
       where r.taken_at > '${start.toISOString()}'`);
    expect(jump!.worst).toBeLessThan(0.02);
    const offline = await q<{ n: number }>(`select count(*)::int n from readings r join reading_series s using (series_id)
        where s.instrument_id in (${seeded.offline.join(',')}) and r.taken_at > '${start.toISOString()}'::timestamptz - interval '2 days'`);
    expect(offline[0]!.n).toBe(0);

    // Nothing more is due at the same moment; the missing-readings check finds only the offline loggers late.
    expect((await feedDemoReadings(tdb.db, later, seeded.offline, 2)).readings).toBe(0);
    const checks = await tdb.db.orm.transaction((tx) => runChecksIn(tx, later));
    const checksNews = checks.news;
    expect(
      checksNews
        .filter((n) => n.kind === 'missing')
        .map((n) => n.instrumentId)
        .sort((a, b) => (a ?? 0) - (b ?? 0)),
    ).toEqual([...seeded.offline].sort((a, b) => a - b));
  });

  it('loads nothing outside demo mode or with the feed off, and says so in the run log', async () => {
    const before = await q<{ n: number }>('select count(*)::int n from readings');
    for (const [demo, feed, message] of [
      [false, true, 'Demo mode is off: no readings fed'],
      [true, false, 'The demo feed is off (DEMO_FEED): no readings fed'],
    ] as const) {
      const registry = new ScheduleJobRegistry();
      const afterLoad = vi.fn(async () => undefined);
      registerDemoFeed(registry, { db: tdb.db, demo, feed, now: () => new Date(later.getTime() + 6 * HOUR), afterLoad });
      const out = await registry.get(DEMO_FEED_JOB)!.handler({ scheduleId: 1, name: 'Demo data feed', params: { offline: seeded.offline }, trigger: 'manual' });
      expect(out).toBe(message);
      expect(afterLoad).not.toHaveBeenCalled();
    }
    expect(await q<{ n: number }>('select count(*)::int n from readings')).toEqual(before);
  });
});
