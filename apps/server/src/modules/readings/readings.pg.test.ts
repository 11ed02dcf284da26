/** Readings storage on real PostgreSQL, several connections at once (run when TEST_DATABASE_URL is set). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyIn, type Database } from '../../db/client.js';
import { createTestDatabase, type TestDatabase } from '../../platform/test-database.js';
import { createContract } from '../../testing/fixtures.js';
import { createInstrument, createType } from '../../testing/master-data.js';
import { buildBatch } from './readings-batch.js';
import { partitions } from './readings-partitions.repository.js';
import { monthsBetween, type SeriesKey } from './reading-keys.js';
import { ensurePartitions, loadReadings } from './readings-store.service.js';

describe('readings on PostgreSQL', () => {
  let t: TestDatabase;
  let second: Database;
  let key: SeriesKey;
  beforeAll(async () => {
    t = await createTestDatabase();
    second = await t.open();
    const c = await createContract(t.db);
    const type = await createType(t.db, 'SM', ['DSPA']);
    const inst = await createInstrument(t.db, { name: 'SM-PG', contractId: c.contractId, typeId: type.type.typeId });
    key = { instrumentId: inst.instrumentId, readingCodeId: type.codes[0]!.readingCodeId, depth: null };
  });
  afterAll(() => t.drop());

  // Each test makes the partitions it writes into; the partition test asks for a year no other test writes in.
  it('creates each partition once when two instances ask for the same months at the same time', async () => {
    const months = monthsBetween(Date.UTC(2027, 0, 1), Date.UTC(2027, 11, 1));
    const [a, b] = await Promise.all([ensurePartitions(t.db.orm, months), ensurePartitions(second.orm, months)]);
    expect(a + b).toBe(12);
    expect((await partitions(t.db.orm)).filter((p) => p.name.startsWith('readings_p2027')).length).toBe(12);
  });

  it('copies inside the transaction: a rollback leaves nothing; outside one it commits at once', async () => {
    await ensurePartitions(t.db.orm, ['2025-01-01']);
    const raw = 999_999; // a series of this test alone (the load test's series is a real one)
    await expect(
      t.db.orm.transaction(async (tx) => {
        expect(await copyIn(tx, 'readings (series_id, taken_at, value)', `${raw}\t2025-01-01T00:00:00Z\t1\n${raw}\t2025-01-02T00:00:00Z\t2\n`)).toBe(2);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await t.db.query<{ n: number }>(`select count(*)::int n from readings where series_id = ${raw}`)).rows[0]!.n).toBe(0);
    expect(await copyIn(t.db.orm, 'readings (series_id, taken_at, value)', Buffer.from(`${raw}\t2025-01-01T00:00:00Z\t1\n`))).toBe(1);
    await t.db.exec(`delete from readings where series_id = ${raw}`);
  });

  it('lets one of two loads of the same readings win; the other leaves nothing', async () => {
    const points: [number, number][] = Array.from({ length: 5000 }, (_, i) => [Date.UTC(2025, 2, 1) + i * 60_000, i]);
    await ensurePartitions(t.db.orm, buildBatch([{ key, points }]).months);
    const load = (db: Database, uploadId: number) => db.orm.transaction((tx) => loadReadings(tx, buildBatch([{ key, points }], uploadId).input));
    const results = await Promise.allSettled([load(t.db, 1), load(second, 2)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rows = await t.db.query<{ upload_id: number; n: number }>('select upload_id, count(*)::int n from readings group by 1');
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]!.n).toBe(5000);
    const rollups = await t.db.query<{ n: number }>('select sum(n)::int n from reading_rollups');
    expect(rollups.rows[0]!.n).toBe(5000);
  });
});
