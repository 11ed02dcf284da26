/** Faults under load: an API instance killed, PostgreSQL restarted, the worker killed in the middle of a load. */
import PgBoss from 'pg-boss';
import pg from 'pg';
import { call, callJson, uploadReadings } from './http.js';
import type { Topology } from './context.js';
import { uploadState } from './checks.js';
import { Load, succeeded, writesExactlyOnce } from './load.js';
import { LiveSocket } from './socket.js';
import { check, note, since, until } from './report.js';
import { startWorker, workerReady } from './strata.js';

/** SIGKILL api-1 under load: requests keep succeeding through api-2; only those in flight at the kill may fail. */
export async function killAnApiInstance(t: Topology): Promise<void> {
  const [api1, api2] = t.apis;
  const load = new Load(t.admin, `kill-api-${Date.now()}`, [undefined, undefined, undefined, undefined], 10_000);
  await load.successes(40, 0);
  const killedAt = Date.now();
  api1.proc.kill('SIGKILL');
  check((await api1.exited) === 'SIGKILL', 'api-1 was killed');
  // Requests sent until the process was gone (its connections reset, not refused) may fail: they were in flight.
  const goneAt = Date.now();
  await load.successes(80, goneAt);
  const outcomes = await load.stop();
  const before = outcomes.filter((o) => o.end < killedAt);
  const inFlight = outcomes.filter((o) => o.start < goneAt && o.end >= killedAt);
  const after = outcomes.filter((o) => o.start >= goneAt);
  check(before.every(succeeded), 'every request before the kill succeeded');
  const afterFailed = after.filter((o) => !succeeded(o));
  const detail = afterFailed.map((o) => `${o.write ? 'POST' : 'GET'} +${o.start - goneAt} ms: ${o.status} ${o.error?.slice(0, 60)}`);
  check(afterFailed.length === 0, `every request started after the kill succeeded (${afterFailed.length} failed: ${detail.join('; ')})`);
  check(
    after.every((o) => o.upstream === api2.port),
    'api-2 answered every request after the kill',
  );
  note(
    `${outcomes.length} requests: ${before.length} before the kill, ${inFlight.length} in flight (${inFlight.filter((o) => !succeeded(o)).length} failed; the process was gone ${goneAt - killedAt} ms after SIGKILL), ` +
      `${after.length} after it, all answered by api-2`,
  );
  await writesExactlyOnce(t, load);
}

/**
 * `pg_ctl restart` under load on both instances: no request waits past its timeout, both instances and the worker
 * reconnect by themselves, a job queued before the restart runs once, and the bus carries messages again.
 */
export async function restartPostgres(t: Topology): Promise<void> {
  // A job queued before the restart and not taken before it: the worker is stopped (SIGSTOP) while it is queued.
  t.worker.proc.kill('SIGSTOP');
  let continued = false;
  try {
    const csv = `instrument,date_time,reading_code,value\n${await someInstrumentRow(t)}\n`;
    const id = await uploadReadings(t.admin, `topology-restart-${Date.now()}.csv`, csv, { pin: 1 });
    const jobs = () =>
      t.q<{ state: string; retry_count: number }>(`select state, retry_count from pgboss.job where name = 'ingest' and (data->>'id')::int = $1`, [id]);
    const queued = await jobs();
    check(queued.length === 1 && queued[0]!.state === 'created', `the validation job of upload ${id} is queued, not taken (${JSON.stringify(queued)})`);

    const timeoutMs = 10_000;
    const load = new Load(t.admin, `restart-pg-${Date.now()}`, [1, 2, 1, 2], timeoutMs);
    await load.successes(40, 0);
    const restartAt = Date.now();
    await t.cluster.restart();
    const restarted = Date.now();
    t.worker.proc.kill('SIGCONT');
    continued = true;
    note(`pg_ctl restart -m fast took ${restarted - restartAt} ms`);
    // Both instances answer again on their own.
    let lastSeen = '';
    const recovered = await until(
      'both instances to answer again',
      30_000,
      async () => {
        const r = await Promise.all([1, 2].map((pin) => call(t.admin, 'GET', '/sync', undefined, { pin, timeoutMs: 5_000 })));
        lastSeen = r.map((x, i) => `api-${i + 1}: ${x.status} ${x.status === 200 ? '' : x.body.slice(0, 200)}`).join('; ');
        return r.every((x) => x.status === 200) ? Date.now() : undefined;
      },
      50,
    ).catch((err: Error) => {
      throw new Error(`${err.message}; last answers: ${lastSeen}`);
    });
    await load.successes(40, recovered);
    const outcomes = await load.stop();
    const failed = outcomes.filter((o) => !succeeded(o));
    const slowest = Math.max(...outcomes.map((o) => o.end - o.start));
    check(slowest <= timeoutMs + 1_000, `no request waited past its ${timeoutMs} ms timeout (slowest ${slowest} ms)`);
    check(
      failed.every((o) => o.end >= restartAt && o.start <= recovered),
      'requests failed only while PostgreSQL restarted',
    );
    check(
      failed.every((o) => o.status === 503),
      `a request that met the restart was answered 503 (try again), not 500 (${failed.map((o) => o.status || o.error).join(', ')})`,
    );
    note(
      `${outcomes.length} requests on both instances: ${failed.length} failed during the restart (${[...new Set(failed.map((o) => o.status))].join(', ') || 'none'}), ` +
        `both answering ${recovered - restarted} ms after the restart; slowest request ${slowest} ms`,
    );
    await writesExactlyOnce(t, load);

    // The worker reconnected and ran the job queued before the restart, once.
    const u = await uploadState(t, id, ['validated'], 60_000);
    const ran = await jobs();
    check(ran.length === 1 && ran[0]!.state === 'completed' && ran[0]!.retry_count === 0, `the queued job ran once (${JSON.stringify(ran)})`);
    note(`upload ${id}'s validation job, queued before the restart, ran once after it (${u.rows_valid} valid row)`);

    // The bus: a setting change reaches sockets on both instances; the worker's notice reaches api-2's socket.
    const sockets = [await LiveSocket.open(t.admin, 1), await LiveSocket.open(t.admin, 2)];
    const t0 = Date.now();
    const settings = await callJson<{ request_parameter_limit: number }>(t.admin, 'GET', '/master-data/settings');
    await callJson(t.admin, 'PUT', '/master-data/settings', { request_parameter_limit: settings.request_parameter_limit + 1 }, { pin: 2 });
    await Promise.all(sockets.map((s, i) => s.notification(`settingUpdated on api-${i + 1} after the restart`, (n) => n.type === 'settingUpdated', t0)));
    await callJson(t.admin, 'PUT', '/master-data/settings', { request_parameter_limit: settings.request_parameter_limit }, { pin: 2 });
    const t1 = Date.now();
    check((await call(t.admin, 'POST', `/uploads/${id}/approve`, {}, { pin: 1 })).status === 200, 'approve');
    await sockets[1]!.notification(
      "the worker's load notice on api-2's socket",
      (n) => n.type === 'fileCompleted' && String(n.link_uri).endsWith(`upload=${id}`),
      t1,
      30_000,
    );
    note(`after the restart: a setting change reached sockets on both instances; the worker's load notice reached api-2's socket in ${since(t1)} ms`);
    sockets.forEach((s) => s.close());
  } finally {
    if (!continued) t.worker.proc.kill('SIGCONT');
  }
}

/** One CSV row for a demo instrument at a time no demo reading has (seconds :07 on 2 January 2025). */
async function someInstrumentRow(t: Topology): Promise<string> {
  const [s] = await seriesWithoutDepth(t, 1, 1);
  return `${s!.name},2025-01-02T03:04:07Z,${s!.code},${s!.value}`;
}

async function seriesWithoutDepth(t: Topology, n: number, skip = 0) {
  // With its latest value: readings near it are within the reading code's physical limits.
  return t.q<{ series_id: number; name: string; code: string; value: number }>(
    `select s.series_id, i.name, rc.code, l.value from reading_series s
       join reading_latest l on l.series_id = s.series_id
       join instruments i on i.instrument_id = s.instrument_id and i.status = 'active'
       join reading_codes rc on rc.reading_code_id = s.reading_code_id
      where s.depth is null
        and not exists (select 1 from reading_series d where d.instrument_id = i.instrument_id and d.depth is not null)
      order by s.series_id offset $2 limit $1`,
    [n, skip],
  );
}

const STALE_MS = 15 * 60_000; // apps/server/src/modules/uploads/upload-pipeline.ts: a claimed load is taken over after it

/**
 * SIGKILL the worker inside the COPY of a load (held there by an uncommitted reading of one of the file's times):
 * nothing of the upload is left; once the claim is stale a new worker's sweep loads it, exactly once.
 */
export async function killTheWorkerDuringALoad(t: Topology): Promise<void> {
  const series = await seriesWithoutDepth(t, 3, 2);
  check(series.length === 3, 'three demo series without depth');
  const perSeries = 20_000;
  const t0 = Date.UTC(2025, 0, 3, 0, 0, 7);
  const lines = ['instrument,date_time,reading_code,value'];
  for (const s of series)
    for (let k = 0; k < perSeries; k++) lines.push(`${s.name},${new Date(t0 + k * 60_000).toISOString().replace('.000Z', 'Z')},${s.code},${s.value}`);
  const id = await uploadReadings(t.admin, `topology-kill-worker-${Date.now()}.csv`, `${lines.join('\n')}\n`);
  const validated = await uploadState(t, id, ['validated'], 120_000);
  check(validated.rows_valid === series.length * perSeries, `every row valid (${validated.rows_valid})`);

  const held = { seriesId: series[1]!.series_id, at: new Date(t0 + (perSeries / 2) * 60_000).toISOString() };
  await t.q(`select ensure_reading_partitions('{2025-01-01}'::date[])`);
  const holder = new pg.Client({ connectionString: t.cluster.url(t.database, 'topology-holder') });
  holder.on('error', () => undefined);
  await holder.connect();
  try {
    await holder.query('begin');
    await holder.query('insert into readings (series_id, upload_id, taken_at, value) values ($1, null, $2, 0)', [held.seriesId, held.at]);
    check((await call(t.admin, 'POST', `/uploads/${id}/approve`, {})).status === 200, 'approve');
    const copy = await until(
      "the worker's COPY into readings, waiting on the held reading",
      60_000,
      async () => {
        const [row] = await t.q<{ tuples: string | null }>(
          `select p.tuples_processed as tuples from pg_stat_activity a left join pg_stat_progress_copy p on p.pid = a.pid
          where a.datname = $1 and a.application_name = $2 and a.query ilike 'copy readings%' and a.wait_event_type = 'Lock'`,
          [t.database, t.worker.name],
        );
        return row;
      },
      20,
    );
    t.worker.proc.kill('SIGKILL');
    check((await t.worker.exited) === 'SIGKILL', 'the worker was killed');
    note(`the worker killed inside its COPY (${copy.tuples ?? '?'} of ${validated.rows_valid} rows copied)`);
    await holder.query('rollback');
  } finally {
    await holder.end().catch(() => undefined);
  }
  await until("the killed worker's connections to close", 30_000, async () => {
    const [row] = await t.q<{ n: string }>(`select count(*) as n from pg_stat_activity where datname = $1 and application_name = $2`, [
      t.database,
      t.worker.name,
    ]);
    return Number(row!.n) === 0;
  });
  const [left] = await t.q<{ n: string }>('select count(*) as n from readings where upload_id = $1', [id]);
  check(Number(left!.n) === 0, `no reading of the upload is left (${left!.n})`);
  const [claimed] = await t.q<{ status: string }>('select status from uploads where upload_id = $1', [id]);
  check(claimed?.status === 'loading', `the upload stays claimed by the dead worker (${claimed?.status})`);

  // A new worker; the claim made stale as 15 minutes would (the row's clock moved back), for its sweep to take it.
  const worker = startWorker('worker-2', t.env);
  t.worker = worker;
  await workerReady(worker);
  await t.q(`update uploads set updated_at = updated_at - make_interval(secs => $2) where upload_id = $1`, [id, STALE_MS / 1000 + 60]);
  const t1 = Date.now();
  await sendDispatcherTick(t);
  const done = await uploadState(t, id, ['done'], 150_000);
  const [loaded] = await t.q<{ n: string }>('select count(*) as n from readings where upload_id = $1', [id]);
  check(
    done.rows_loaded === validated.rows_valid && Number(loaded!.n) === validated.rows_valid,
    `loaded once: ${loaded!.n} readings, ${done.rows_loaded} counted`,
  );
  note(`worker-2's sweep took the stale load after ${since(t1)} ms: ${loaded!.n} readings, each once`);
}

/**
 * Queues one tick of the schedules dispatcher (`DISPATCH_QUEUE` in apps/server/src/modules/schedules), the job its
 * per-minute cron sends: the worker runs it as it runs the cron's, sweep of waiting and stale uploads included. Sent
 * here so the check does not wait for the cron, which a worker that has just started may fire only 1–2 minutes later
 * (pg-boss looks at its crons every 30 s, and one minute's job is sent once).
 */
async function sendDispatcherTick(t: Topology): Promise<void> {
  const boss = new PgBoss({ connectionString: t.cluster.url(t.database, 'topology-script'), supervise: false, schedule: false });
  boss.on('error', () => undefined);
  await boss.start();
  try {
    check((await boss.send('schedules-dispatch', {})) !== null, 'a dispatcher tick queued');
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
}
