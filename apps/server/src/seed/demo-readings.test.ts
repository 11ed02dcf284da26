import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREQUENCIES } from '@strata/shared';
import { contracts, users } from '../db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../platform/test-database.js';
import { seedMasterData } from './demo-master-data.js';
import { seedDemoReadings, type DemoReadingsResult } from './demo-readings.js';
import { rebuildRollups } from '../modules/readings/readings-load.repository.js';

/** An instrument's frequency as an SQL interval (the codes of FREQUENCIES). */
const frequencyInterval = `(case i.frequency ${FREQUENCIES.map((f) => `when '${f.code}' then interval '${f.minutes} minutes'`).join(' ')} end)`;

describe('demo readings', () => {
  let tdb: TestDatabase;
  let result: DemoReadingsResult;
  const now = new Date(Date.UTC(2026, 5, 15, 12));
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
    result = await tdb.db.orm.transaction((tx) => seedDemoReadings(tx, now));
  });
  afterAll(() => tdb.drop());

  it('gives every result code of every instrument a year of readings up to the first start, at its frequency over the last days', async () => {
    expect(result.readings).toBeGreaterThan(150_000);
    expect(result.readings).toBeLessThan(300_000);
    const missing = await q<{ n: number }>(`select count(*)::int n from instruments i join reading_codes c on c.type_id = i.type_id and c.is_result
        where not exists (select 1 from reading_series s where s.instrument_id = i.instrument_id and s.reading_code_id = c.reading_code_id)`);
    expect(missing[0]!.n).toBe(0);
    const [range] = await q<{ first: Date; last: Date }>('select min(taken_at) first, max(taken_at) last from readings');
    expect(range!.last.getTime()).toBe(now.getTime());
    expect(range!.first.getTime()).toBe(Date.UTC(2025, 5, 15, 1));
    const depths = await q<{ depth: number }>(
      `select distinct s.depth from reading_series s join instruments i using (instrument_id) join instrument_types t using (type_id) where t.code = 'INC' order by 1`,
    );
    expect(depths.map((d) => d.depth)).toEqual([2, 4, 6, 8, 10]);
    expect((await q<{ n: number }>('select count(*)::int n from reading_latest'))[0]!.n).toBe(result.series);
    // Every active instrument but the two offline loggers read within its frequency of the first start.
    const late = await q<{ id: number }>(`select i.instrument_id id from instruments i join reading_series s using (instrument_id)
        join reading_latest l using (series_id) where i.status = 'active'
        group by i.instrument_id, i.frequency having max(l.taken_at) < '${now.toISOString()}'::timestamptz - ${frequencyInterval}
        order by 1`);
    expect(late.map((r) => r.id)).toEqual([...result.offline].sort((x, y) => x - y));
    expect(result.offline).toHaveLength(2);
    // Vibration monitors every 15 minutes over the last three days, daily before.
    const [vm] = await q<{
      recent: number;
      older: number;
    }>(`select count(*) filter (where r.taken_at > '${now.toISOString()}'::timestamptz - interval '1 day')::int recent,
        count(*) filter (where r.taken_at between '${now.toISOString()}'::timestamptz - interval '30 days' and '${now.toISOString()}'::timestamptz - interval '29 days')::int older
        from readings r join reading_series s using (series_id) where s.instrument_id = (select min(i.instrument_id) from instruments i
          join instrument_types t using (type_id) where t.code = 'VM' and i.status = 'active' and coalesce(i.install_date, '2000-01-01') < '2026-04-01')`);
    expect(vm).toEqual({ recent: 96, older: 1 });
  });

  it('has a few threshold breaches and one spike', async () => {
    const breaches = await q<{ level: string; n: number }>(`select l.code as level, count(distinct s.series_id)::int n
        from reading_latest r join reading_series s using (series_id)
        join thresholds t on t.instrument_id = s.instrument_id and t.reading_code_id = s.reading_code_id join alert_levels l using (level_id)
       where (t.upper is not null and r.value > t.upper) or (t.lower is not null and r.value < t.lower) group by 1`);
    const by = Object.fromEntries(breaches.map((b) => [b.level, b.n]));
    expect(by.AL).toBeGreaterThan(10);
    expect(by.WSL).toBeGreaterThan(0);
    expect(by.WSL).toBeLessThan(by.AL!);
    expect(result.spike).toMatch(/^SM-/);
    const [spike] = await q<{ min: number; avg: number }>(`select min(r.value) min, avg(r.value) avg from readings r join reading_series s using (series_id)
        join instruments i using (instrument_id) where i.name = '${result.spike}'`);
    expect(Math.abs(spike!.min)).toBeGreaterThan(2 * Math.abs(spike!.avg));
  });

  it('writes the same rollups as recomputing them from the readings', async () => {
    const snapshot = () => q<Record<string, unknown>>('select * from reading_rollups order by series_id, bucket');
    const loaded = await snapshot();
    await rebuildRollups(tdb.db.orm);
    expect(await snapshot()).toEqual(loaded);
  });
});
