/**
 * A readings load fails at each point of its transaction — after the COPY, after the rollups, after the latest values,
 * at commit — and leaves nothing of the upload behind; a retry then loads exactly its valid rows once. PGlite under
 * `npm test`, PostgreSQL with TEST_DATABASE_URL. (A worker process killed mid-COPY: ingest-kill.pg.test.ts.)
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPE, type TUpload, type TUploadCreated } from '@strata/shared';
import { eq } from 'drizzle-orm';
import { instrumentTypes, readingCodes } from '../../db/schema/index.js';
import { createContract, createRole, createUser } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../testing/harness.js';
import { createInstrument, createType, multipart, tempDataDir } from '../../testing/master-data.js';
import { loadAudits, readingsInRange, readingsOfUpload, readingsState, type ReadingsState } from './ingest-state.test-support.js';
import { INGEST_LOAD_QUEUE } from './uploads.service.js';
import { loadHooks, type LoadHook } from '../readings/readings-load.repository.js';

const TASKS = ['UploadInstrumentationFiles', 'ViewInstrumentationUploadHistory', 'ApproveUpload', 'ViewInstrumentData'] as const;
const LONG = 'instrument,date_time,reading_code,value,depth,contract';
const NOTHING_WRITTEN = 'The readings could not be loaded; nothing was written';

/**
 * A deferred constraint trigger: it runs at COMMIT, after every statement of the load, and refuses the commit. What
 * it saw then goes into two sequences (`setval` is not undone by the rollback): the readings and the latest values
 * of the upload, written by that time.
 */
const REFUSE_COMMIT = `
  create sequence test_commit_readings minvalue 0 start 0;
  create sequence test_commit_latest minvalue 0 start 0;
  create function test_refuse_commit() returns trigger language plpgsql as $$
  begin
    perform setval('test_commit_readings', (select count(*) from readings where upload_id = new.upload_id));
    perform setval('test_commit_latest', (select count(*) from reading_latest where upload_id = new.upload_id));
    raise exception 'commit refused: upload %', new.upload_id;
  end $$;
  create constraint trigger test_refuse_commit after update on uploads deferrable initially deferred
    for each row when (new.status = 'done') execute function test_refuse_commit();`;
const ALLOW_COMMIT = `drop trigger if exists test_refuse_commit on uploads; drop function if exists test_refuse_commit();
  drop sequence if exists test_commit_readings; drop sequence if exists test_commit_latest;`;

describe('a readings load that fails part-way', () => {
  let t: TestApp;
  let s: Session;
  let userId: number;
  const ids: Record<string, number> = {};

  const get = async (url: string) => as(t, s, { method: 'GET', url: `/api/v1${url}` });
  const approve = async (id: number) => as(t, s, { method: 'POST', url: `/api/v1/uploads/${id}/approve` });
  const status = async (id: number) => (await get(`/uploads/${id}`)).json<TUpload>();
  const state = () => readingsState(t.db.orm);
  const lastFailureLog = async (id: number) => {
    const r = await t.db.query<{ message: string; queue: string }>(
      `select message, queue from system_logs where source = 'upload' and job_id = $1 order by log_id desc limit 1`,
      [String(id)],
    );
    return r.rows[0];
  };

  /** Uploads a file and validates it (in process: the test app runs no job workers). */
  async function uploadAndValidate(name: string, csv: string): Promise<TUpload> {
    const res = await as(t, s, { method: 'POST', url: '/api/v1/uploads/instrument', ...multipart(name, csv) });
    expect(res.statusCode, res.body).toBe(202);
    const { upload_id: id } = res.json<TUploadCreated>();
    await t.services.uploads.runPending();
    return status(id);
  }

  beforeAll(async () => {
    t = await createTestApp({ dataDir: tempDataDir('ingest-crash') });
    const contract = await createContract(t.db);
    const role = await createRole(t.db, TASKS);
    userId = (await createUser(t.db, { loginName: 'crash-user', userType: USER_TYPE.Authority, roleId: role.roleId, contractIds: [contract.contractId] }))
      .userId;
    s = await signIn(t, 'crash-user');
    const sm = await createType(t.db, 'SM', ['DSPA']);
    await t.db.orm.update(readingCodes).set({ minValue: -1000, maxValue: 1000 }).where(eq(readingCodes.typeId, sm.type.typeId));
    const inc = await createType(t.db, 'INC', ['A', 'B']);
    await t.db.orm.update(instrumentTypes).set({ hasDepth: true }).where(eq(instrumentTypes.typeId, inc.type.typeId));
    for (const [name, typeId] of [
      ['SM-1', sm.type.typeId],
      ['SM-2', sm.type.typeId],
      ['INC-1', inc.type.typeId],
    ] as const) {
      ids[name] = (await createInstrument(t.db, { name, contractId: contract.contractId, typeId })).instrumentId;
    }
    // Readings already stored: the series, rollups and latest values a failed load must leave as they are.
    const seed = await uploadAndValidate(
      'seed.csv',
      [
        LONG,
        'SM-1,2026-03-01T00:00:00Z,DSPA,1,,',
        'SM-1,2026-03-01T01:00:00Z,DSPA,2,,',
        'SM-2,2026-03-01T00:00:00Z,DSPA,5,,',
        'INC-1,2026-03-01T00:00:00Z,A,0.5,1,',
        '',
      ].join('\n'),
    );
    expect((await approve(seed.upload_id)).statusCode).toBe(200);
    await t.services.uploads.runPending();
    expect(await status(seed.upload_id)).toMatchObject({ status: 'done', rows_loaded: 4 });
  });
  afterEach(async () => {
    delete loadHooks.afterCopy;
    delete loadHooks.afterRollups;
    delete loadHooks.afterLatest;
    await t.db.exec(ALLOW_COMMIT);
  });
  afterAll(() => t?.close());

  /**
   * The file of round `i`: readings added to two existing series — SM-1 in a 6-hour grain that already has a rollup
   * and newer than its latest value, SM-2 in a new grain — and two series never loaded before (INC-1 A and B at depth
   * 10 + i), plus one invalid row. The five valid rows, as [instrument, code, depth, time, value].
   */
  function roundFile(i: number) {
    const depth = 10 + i;
    const valid: [string, string, number | null, string, number][] = [
      ['SM-1', 'DSPA', null, `2026-03-01T02:${i}0:00.000Z`, 10 + i],
      ['SM-2', 'DSPA', null, `2026-03-0${2 + i}T12:00:00.000Z`, 20 + i],
      ['INC-1', 'A', depth, '2026-03-01T03:00:00.000Z', 1.5],
      ['INC-1', 'A', depth, '2026-03-01T04:00:00.000Z', 2.5],
      ['INC-1', 'B', depth, '2026-03-01T03:00:00.000Z', 7],
    ];
    const csv = [LONG, ...valid.map(([n, c, d, at, v]) => `${n},${at},${c},${v},${d ?? ''},`), 'NOPE-1,2026-03-01T03:00:00Z,DSPA,1,,', ''].join('\n');
    return { csv, valid, first: valid[0]![3], last: valid[1]![3] };
  }

  /** The readings an upload brought, as [instrument, code, depth, time, value]. */
  async function loadedRows(uploadId: number) {
    const r = await t.db.query<{ instrument_id: number; code: string; depth: number | null; taken_at: Date; value: number }>(
      `select s.instrument_id, c.code, s.depth, r.taken_at, r.value from readings r
         join reading_series s on s.series_id = r.series_id join reading_codes c on c.reading_code_id = s.reading_code_id
        where r.upload_id = $1 order by s.instrument_id, c.code, r.taken_at`,
      [uploadId],
    );
    const names = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
    return r.rows.map((x) => [names[x.instrument_id], x.code, x.depth === null ? null : Number(x.depth), new Date(x.taken_at).toISOString(), Number(x.value)]);
  }

  /**
   * Validates round `i`'s file, arms the fault, approves and lets the load fail; checks that nothing of the upload
   * is left and the upload is failed and retryable; removes the fault and retries; checks the valid rows are loaded
   * once. Returns the state before the failed attempt, for the caller's checks of what the fault saw.
   */
  async function failThenRetry(i: number, arm: () => Promise<void>, disarm: () => Promise<void>, failure: RegExp) {
    const file = roundFile(i);
    const u = await uploadAndValidate(`round-${i}.csv`, file.csv);
    expect(u).toMatchObject({ status: 'validated', rows_total: 6, rows_valid: 5, rows_invalid: 1 });
    const instrumentIds = Object.values(ids);
    const before = await state();
    const inRangeBefore = await readingsInRange(t.db.orm, instrumentIds, file.first, file.last);

    await arm();
    expect((await approve(u.upload_id)).statusCode).toBe(200);
    expect(await t.services.uploads.runPending()).toBe(1);

    // Failed, said so, audited, logged — and retryable.
    expect(await status(u.upload_id)).toMatchObject({ status: 'failed', error: NOTHING_WRITTEN, rows_loaded: 0 });
    expect((await loadAudits(t.db.orm, u.upload_id)).at(-1)).toEqual({ status: 'failed', error: NOTHING_WRITTEN });
    const log = await lastFailureLog(u.upload_id);
    expect(log?.queue).toBe(INGEST_LOAD_QUEUE);
    expect(log?.message).toMatch(failure);
    const told = await t.db.query<{ message: string }>(
      `select message from notifications where user_id = $1 and type = 'fileCompleted' order by notification_id desc limit 1`,
      [userId],
    );
    expect(told.rows[0]?.message).toBe(`Upload round-${i}.csv failed: ${NOTHING_WRITTEN}`);
    // Nothing of it stored: no reading of the upload or in its time range, no new series, rollups and latest as before.
    expect(await readingsOfUpload(t.db.orm, u.upload_id)).toBe(0);
    expect(await readingsInRange(t.db.orm, instrumentIds, file.first, file.last)).toBe(inRangeBefore);
    const after = await state();
    expect(after.series).toEqual(before.series);
    expect(after.rollups).toEqual(before.rollups);
    expect(after.latest).toEqual(before.latest);
    expect(after.readings).toEqual(before.readings);

    await disarm();
    expect((await approve(u.upload_id)).statusCode).toBe(200);
    expect(await t.services.uploads.runPending()).toBe(1);
    expect(await status(u.upload_id)).toMatchObject({ status: 'done', rows_loaded: 5, error: null });
    expect((await loadAudits(t.db.orm, u.upload_id)).at(-1)).toEqual({ status: 'done', rows_loaded: 5, series: 4 });
    expect(await loadedRows(u.upload_id)).toEqual(file.valid);
    // The same snapshots do see a load: each one would have caught a commit of the failed attempt.
    const loaded = await state();
    expect(loaded.series).toHaveLength(before.series.length + 2);
    expect(loaded.readings).toHaveLength(before.readings.length + 5);
    expect(loaded.rollups).not.toEqual(before.rollups);
    expect(loaded.latest).not.toEqual(before.latest);
    expect(await readingsInRange(t.db.orm, instrumentIds, file.first, file.last)).toBe(inRangeBefore + 5);
    // Once: nothing waits any more, and the readings stay as loaded.
    expect(await t.services.uploads.runPending()).toBe(0);
    expect(await readingsOfUpload(t.db.orm, u.upload_id)).toBe(5);
    return before;
  }

  const points = [
    { i: 0, at: 'after the COPY', hook: 'afterCopy', rollupsWritten: false, latestWritten: false },
    { i: 1, at: 'after the rollups', hook: 'afterRollups', rollupsWritten: true, latestWritten: false },
    { i: 2, at: 'after the latest values', hook: 'afterLatest', rollupsWritten: true, latestWritten: true },
  ] as const;

  for (const p of points) {
    it(`leaves no reading, series, rollup or latest value of the upload when the load fails ${p.at}, and a retry loads the valid rows once`, async () => {
      let seen: ReadingsState | undefined;
      let copied = -1;
      const fault: LoadHook = async ({ rows, tx }) => {
        copied = rows;
        seen = await readingsState(tx);
        throw new Error(`fault injected ${p.at}`);
      };
      const before = await failThenRetry(
        p.i,
        async () => {
          loadHooks[p.hook] = fault;
        },
        async () => {
          delete loadHooks[p.hook];
        },
        new RegExp(`fault injected ${p.at}`),
      );
      // Inside the transaction, at the fault, the load had written what this point follows (and not what comes after).
      expect(copied).toBe(5);
      expect(seen!.readings).toHaveLength(before.readings.length + 5);
      expect(seen!.series).toHaveLength(before.series.length + 2);
      if (p.rollupsWritten) expect(seen!.rollups).not.toEqual(before.rollups);
      else expect(seen!.rollups).toEqual(before.rollups);
      if (p.latestWritten) expect(seen!.latest).not.toEqual(before.latest);
      else expect(seen!.latest).toEqual(before.latest);
    });
  }

  it('leaves nothing of the upload when the commit itself fails, and a retry loads the valid rows once', async () => {
    let seenAtCommit: { readings: number; latest: number } | undefined;
    await failThenRetry(
      3,
      () => t.db.exec(REFUSE_COMMIT),
      async () => {
        const r = await t.db.query<{ readings: number; latest: number }>(
          'select (select last_value from test_commit_readings)::int as readings, (select last_value from test_commit_latest)::int as latest',
        );
        seenAtCommit = r.rows[0];
        await t.db.exec(ALLOW_COMMIT);
      },
      // PGlite reports the trigger's error; node-postgres's through Drizzle, as the failed COMMIT.
      /commit refused: upload \d+|Failed query: commit/,
    );
    // At commit every statement had run: the upload's five readings and its four latest values were written.
    expect(seenAtCommit).toEqual({ readings: 5, latest: 4 });
  });
});
