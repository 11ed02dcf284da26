/**
 * The job worker killed mid-ingest (PostgreSQL only: the worker is a separate process, `src/worker.ts` as `npm run
 * worker` starts it, on the test database). The test process serves the API without job workers and sends the load
 * job through pg-boss; the worker process takes it and runs the load transaction. To kill it inside its COPY every
 * time, and not just sometimes, the test holds an uncommitted reading at one time of the file: the COPY, half-way,
 * waits on that row's unique check, and pg_stat_activity shows it waiting. Then SIGKILL; PostgreSQL rolls the
 * transaction back when the worker's connections drop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPE, type TUpload, type TUploadCreated } from '@strata/shared';
import { buildApp, type App } from '../../app.js';
import { testConfig } from '../../config.js';
import { createJobs, type Jobs } from '../../platform/jobs.js';
import { createTestDatabase, type TestDatabase } from '../../platform/test-database.js';
import { createContract, createRole, createUser } from '../../testing/fixtures.js';
import { as, signIn, type Session, type TestApp } from '../../testing/harness.js';
import { createInstrument, createType, multipart, tempDataDir } from '../../testing/master-data.js';
import { sleep } from '../../testing/wait.js';
import { loadAudits, readingsInRange, readingsOfUpload, readingsState } from './ingest-state.test-support.js';
import { INGEST_LOAD_QUEUE, STALE_MS } from './uploads.service.js';
import { ensurePartitions } from '../readings/readings-store.service.js';

const SERVER_DIR = fileURLToPath(new URL('../../..', import.meta.url));
const INSTRUMENTS = 40;
/** DSPA readings per instrument (10 minutes apart from 2026-04-01 02:00 UTC: 25 days, all in April). */
const PER_INSTRUMENT = 3600;
/** Instruments that also get SETT readings: series never loaded before. */
const WITH_SETT = 5;
const SETT_PER_INSTRUMENT = 1200;
const VALID = INSTRUMENTS * PER_INSTRUMENT + WITH_SETT * SETT_PER_INSTRUMENT; // 150 000
const T0 = Date.UTC(2026, 3, 1, 2);
const STEP = 10 * 60_000;
/** The row the test holds: SM-20's DSPA reading half-way through its times, about half-way through the COPY. */
const HELD = { instrument: 'SM-20', at: new Date(T0 + (PER_INSTRUMENT / 2) * STEP).toISOString() };

const name = (k: number) => `SM-${String(k).padStart(2, '0')}`;

/** Polls until `cond` gives a value (not undefined/false), or throws `what` (and the workers' output) after `ms`. */
async function until<T>(what: string, ms: number, cond: () => Promise<T | undefined | false>, diag = () => ''): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await cond();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms: ${what}\n${diag()}`);
    await sleep(25);
  }
}

interface Worker {
  name: string;
  proc: ChildProcess;
  exited: Promise<string>;
}

describe('a job worker killed during the COPY of a load', () => {
  let tdb: TestDatabase;
  let built: App;
  let s: Session;
  let sender: Jobs;
  let dataDir: string;
  let holder: pg.Client | undefined;
  const children = new Set<ChildProcess>();
  let output = '';
  const ids = new Map<string, number>();
  const t = () => ({ app: built.app }) as TestApp;

  const upload = async (id: number) => (await as(t(), s, { method: 'GET', url: `/api/v1/uploads/${id}` })).json<TUpload>();
  const q = async <T>(text: string, params: unknown[] = []) => (await tdb.db.query<T>(text, params)).rows;

  /** Starts `npm run worker`'s entry on the test database and data folder; resolves once it says it started. */
  async function startWorker(appName: string): Promise<Worker> {
    const url = new URL(tdb.url!);
    url.searchParams.set('application_name', appName); // its connections, told apart in pg_stat_activity
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        SECRET_KEY: randomBytes(32).toString('hex'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(proc);
    const exited = new Promise<string>((resolve) =>
      proc.once('exit', (code, signal) => {
        children.delete(proc);
        resolve(signal ?? `exit ${code}`);
      }),
    );
    let started = false;
    const read = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text.replace(/^/gm, `[${appName}] `);
      if (text.includes('"worker started"')) started = true;
    };
    proc.stdout!.on('data', read);
    proc.stderr!.on('data', read);
    await until(`${appName} to start`, 60_000, async () => {
      if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`${appName} ended before it started:\n${output}`);
      return started;
    });
    return { name: appName, proc, exited };
  }

  /** Sends a load job for the upload, as approval does (the test process runs no job workers). */
  const sendLoad = async (id: number) => (await sender.send(INGEST_LOAD_QUEUE, { id }))!;

  /** Waits for a job to be completed and returns the load's outcome. */
  const outcomeOf = (jobId: string) =>
    until(
      `load job ${jobId}`,
      30_000,
      async () => {
        const job = await sender.boss.getJobById<{ id: number }>(INGEST_LOAD_QUEUE, jobId);
        if (job?.state === 'failed') throw new Error(`load job ${jobId} failed: ${JSON.stringify(job.output)}`);
        return job?.state === 'completed' ? (job.output as { outcome: string }).outcome : undefined;
      },
      () => output,
    );

  async function uploadFile(fileName: string, csv: string): Promise<number> {
    const res = await as(t(), s, { method: 'POST', url: '/api/v1/uploads/instrument', ...multipart(fileName, csv) });
    expect(res.statusCode, res.body).toBe(202);
    const { upload_id: id } = res.json<TUploadCreated>();
    await built.services.uploads.runPending(); // validation, in this process
    return id;
  }

  beforeAll(async () => {
    tdb = await createTestDatabase();
    if (!tdb.url) throw new Error('ingest-kill.pg.test.ts needs TEST_DATABASE_URL');
    dataDir = tempDataDir('ingest-kill');
    built = await buildApp({ config: testConfig({ dataDir }), db: tdb.db });
    await built.app.ready();
    const contract = await createContract(tdb.db);
    const sm = await createType(tdb.db, 'SM', ['DSPA', 'SETT']);
    for (let k = 1; k <= INSTRUMENTS; k++) {
      ids.set(name(k), (await createInstrument(tdb.db, { name: name(k), contractId: contract.contractId, typeId: sm.type.typeId })).instrumentId);
    }
    const role = await createRole(tdb.db, ['UploadInstrumentationFiles', 'ApproveUpload', 'ViewInstrumentData']);
    await createUser(tdb.db, { loginName: 'kill-user', userType: USER_TYPE.Authority, roleId: role.roleId, contractIds: [contract.contractId] });
    s = await signIn(t(), 'kill-user');

    // Stored before: every instrument's DSPA series, its latest value, and a rollup of the grain the big file adds to.
    const seed = ['instrument,date_time,reading_code,value'];
    for (let k = 1; k <= INSTRUMENTS; k++) seed.push(`${name(k)},2026-04-01T00:00:00Z,DSPA,${k}`, `${name(k)},2026-04-01T01:00:00Z,DSPA,${-k}`);
    const seedId = await uploadFile('seed.csv', `${seed.join('\n')}\n`);
    expect((await as(t(), s, { method: 'POST', url: `/api/v1/uploads/${seedId}/approve` })).statusCode).toBe(200);
    await built.services.uploads.runPending();
    expect(await upload(seedId)).toMatchObject({ status: 'done', rows_loaded: INSTRUMENTS * 2 });
  });

  afterAll(async () => {
    for (const proc of children) proc.kill('SIGKILL');
    await holder?.end().catch(() => undefined);
    await sender?.stop({ timeoutMs: 5000 });
    await built?.app.close();
    await tdb?.drop();
  });

  it('leaves no reading, series, rollup or latest value of the upload, and a new worker loads it once when it is stale', async () => {
    const w1 = await startWorker('strata-kill-worker-1');
    sender = createJobs(tdb.db, { boss: { supervise: false, schedule: false } });
    await sender.start();

    // 150 000 valid readings: 144 000 added to the 40 DSPA series, 6 000 in 5 SETT series new to the database; one bad row.
    const lines = ['instrument,date_time,reading_code,value'];
    for (let k = 1; k <= INSTRUMENTS; k++) {
      for (let j = 0; j < PER_INSTRUMENT; j++) lines.push(`${name(k)},${new Date(T0 + j * STEP).toISOString()},DSPA,${((k * 37 + j) % 2000) / 10 - 100}`);
      if (k <= WITH_SETT) for (let j = 0; j < SETT_PER_INSTRUMENT; j++) lines.push(`${name(k)},${new Date(T0 + j * STEP).toISOString()},SETT,${j / 100}`);
    }
    lines.push('SM-99,2026-04-02T00:00:00Z,DSPA,1');
    const first = new Date(T0).toISOString();
    const last = new Date(T0 + (PER_INSTRUMENT - 1) * STEP).toISOString();
    const id = await uploadFile('big.csv', `${lines.join('\n')}\n`);
    expect(await upload(id)).toMatchObject({ status: 'validated', rows_valid: VALID, rows_invalid: 1 });

    const instrumentIds = [...ids.values()];
    const before = await readingsState(tdb.db.orm);
    expect(before.readings).toHaveLength(INSTRUMENTS * 2);

    // Hold SM-20's reading at HELD.at, uncommitted: the worker's COPY will wait on it, mid-way.
    await ensurePartitions(tdb.db.orm, ['2026-04-01']);
    const [held] = await q<{ series_id: number }>(
      `select s.series_id from reading_series s join reading_codes c on c.reading_code_id = s.reading_code_id where s.instrument_id = $1 and c.code = 'DSPA'`,
      [ids.get(HELD.instrument)],
    );
    holder = new pg.Client({ connectionString: tdb.url, application_name: 'strata-kill-holder' });
    holder.on('error', () => undefined);
    await holder.connect();
    await holder.query('begin');
    await holder.query('insert into readings (series_id, upload_id, taken_at, value) values ($1, null, $2, 0)', [held!.series_id, HELD.at]);

    expect((await as(t(), s, { method: 'POST', url: `/api/v1/uploads/${id}/approve` })).statusCode).toBe(200);
    await sendLoad(id);

    // The worker's COPY into readings is running, has copied rows, and waits on the held one.
    const copy = await until(
      "the worker's COPY into readings",
      30_000,
      async () => {
        const [row] = await q<{ pid: number; wait_event_type: string | null; tuples_processed: string | null }>(
          `select a.pid, a.wait_event_type, p.tuples_processed from pg_stat_activity a left join pg_stat_progress_copy p on p.pid = a.pid
            where a.datname = current_database() and a.application_name = $1 and a.query ilike 'copy readings%'`,
          [w1.name],
        );
        return row?.wait_event_type === 'Lock' ? row : undefined;
      },
      () => output,
    );
    expect(Number(copy.tuples_processed)).toBeGreaterThan(0);
    expect(Number(copy.tuples_processed)).toBeLessThan(VALID);
    expect((await upload(id)).status).toBe('loading');

    w1.proc.kill('SIGKILL');
    const how = await Promise.race([w1.exited, sleep(10_000).then(() => 'still running')]);
    expect(how).toBe('SIGKILL');
    // Let the COPY go on: its backend reads the end of the dead connection, rolls back and exits.
    await holder.query('rollback');
    await holder.end();
    holder = undefined;
    await until("the killed worker's connections to close", 30_000, async () => {
      const [row] = await q<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1`, [
        w1.name,
      ]);
      return row!.n === 0;
    });

    // Nothing of the upload: no reading, no SETT series, rollups and latest values as they were.
    expect(await readingsOfUpload(tdb.db.orm, id)).toBe(0);
    expect(await readingsInRange(tdb.db.orm, instrumentIds, first, last)).toBe(0);
    const after = await readingsState(tdb.db.orm);
    expect(after.series).toEqual(before.series);
    expect(after.rollups).toEqual(before.rollups);
    expect(after.latest).toEqual(before.latest);
    expect(after.readings).toEqual(before.readings);
    // The upload stays claimed by the dead worker: loading, nothing loaded, no load audited.
    expect(await upload(id)).toMatchObject({ status: 'loading', rows_loaded: 0 });
    expect(await loadAudits(tdb.db.orm, id)).toEqual([]);

    // A new worker leaves a load claimed recently alone (its worker may be alive) ...
    await startWorker('strata-kill-worker-2');
    expect(await outcomeOf(await sendLoad(id))).toBe('skipped');
    expect((await upload(id)).status).toBe('loading');
    // ... and takes it once it is stale: untouched for longer than STALE_MS (the clock moved by moving the row back).
    await q(`update uploads set updated_at = updated_at - make_interval(secs => $2) where upload_id = $1`, [id, STALE_MS / 1000 + 60]);
    await sendLoad(id);
    await until(
      'the new worker to load the upload',
      60_000,
      async () => {
        const u = await upload(id);
        if (u.status === 'failed') throw new Error(`load failed: ${u.error}`);
        return u.status === 'done' ? u : undefined;
      },
      () => output,
    );
    expect(await upload(id)).toMatchObject({ status: 'done', rows_loaded: VALID, error: null });
    expect(await readingsOfUpload(tdb.db.orm, id)).toBe(VALID);
    expect(await readingsInRange(tdb.db.orm, instrumentIds, first, last)).toBe(VALID);
    expect(await loadAudits(tdb.db.orm, id)).toEqual([{ status: 'done', rows_loaded: VALID, series: INSTRUMENTS + WITH_SETT }]);
    // The snapshots see a load: they would have caught a commit of the killed one.
    const loaded = await readingsState(tdb.db.orm);
    expect(loaded.series).toHaveLength(before.series.length + WITH_SETT);
    expect(loaded.rollups).not.toEqual(before.rollups);
    expect(loaded.latest).not.toEqual(before.latest);
    expect(loaded.readings).toHaveLength(before.readings.length + VALID);

    // The dead worker's job, retried by pg-boss once it expires, finds the upload done: loaded once.
    expect(await outcomeOf(await sendLoad(id))).toBe('skipped');
    expect(await readingsOfUpload(tdb.db.orm, id)).toBe(VALID);
  }, 120_000);
});
