/**
 * `npm run bench:alerts`: the alert evaluator against ONE SQL window-function query producing the same flags
 * (breached per level, spike, stagnant, fluctuated, missing readings), on the same database in the same run; the
 * alert sets must be identical. Then the time from approving an upload that breaches WSL to the alert notification
 * arriving on an open websocket (the app with its job workers, over HTTP on a loopback port).
 *
 * Data (generated in SQL, not timed): BENCH_INSTRUMENTS instruments (default 5000) with AL ±20 and WSL ±28 mm
 * thresholds; BENCH_HISTORY_DAYS days (default 30) of hourly history, then BENCH_NEW readings per instrument (default
 * 200, 15 minutes apart: 1,000,000 new readings at the defaults). Values: a slow wave of 10–28 mm amplitude plus noise,
 * with injected spikes, a stagnant stretch on every 97th instrument and a zigzag on every 89th; every 50th instrument
 * reads every 15 minutes (the others hourly) so that missing readings are flagged at the evaluation time.
 *
 * Timed, BENCH_RUNS times each (default 3), alternating, medians printed:
 * - evaluator: `evaluateReadingsIn` over every series for the new readings' range (loads the new readings and the
 *   history the rules need, runs the rules, writes alerts and their events in one transaction) + `runChecksIn`
 *   (missing readings, rebaselines) — the alerts table is emptied before each run. Notifications are not part of it
 *   (they are in the latency figure).
 * - SQL: one statement (CTEs, window functions) returning the same alert set as rows (kind, series or instrument,
 *   level, trigger count, first and last trigger time).
 *
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/postgres npm run bench:alerts
 *   BENCH_INSTRUMENTS=1000 BENCH_NEW=100 …   a smaller run
 *   BENCH_KEEP=1 …                            keeps (and reuses) the generated database strata_bench_alerts
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { sql } from 'drizzle-orm';
import { evaluateReadingsIn, runChecksIn } from '../apps/server/src/modules/alerts/alerts.evaluator.js';
import { baselineStates, saveBaselineStates } from '../apps/server/src/modules/alerts/checks.repository.js';
import { monthsBetween } from '../apps/server/src/modules/readings/reading-keys.js';
import { ensureSeries } from '../apps/server/src/modules/readings/readings-load.repository.js';
import { ensurePartitions } from '../apps/server/src/modules/readings/readings-partitions.repository.js';
import { DEFAULT_ALERT_PARAMETERS, FREQUENCIES, type TUpload, type TUploadCreated } from '../packages/shared/src/index.js';
import { benchDatabase, benchInstruments, benchMasterData, env, median, ms, sleep, startApp, type RunningApp } from './lib.js';

const HOUR = 3_600_000;
const STEP = 15 * 60_000;
const NEW_START = Date.UTC(2026, 2, 1);

/** The one SQL statement: the alert set of the new readings in [$1, $2] and the missing readings at $3. */
export function flagsQuery(p = DEFAULT_ALERT_PARAMETERS): string {
  const H = p.spike.history;
  const C = p.stagnant.count;
  const W = p.fluctuated.window;
  const freq = FREQUENCIES.map((f) => `('${f.code}', ${f.minutes})`).join(', ');
  return `
with w as (
  select s.series_id, s.instrument_id, s.reading_code_id, c.precision
  from reading_series s join reading_codes c on c.reading_code_id = s.reading_code_id
),
pts as (
  select w.series_id, x.taken_at, x.value, false as is_new
  from w cross join lateral (select r.taken_at, r.value from readings r where r.series_id = w.series_id and r.taken_at < $1 order by r.taken_at desc limit ${H}) x
  union all
  select r.series_id, r.taken_at, r.value, true from readings r where r.taken_at >= $1 and r.taken_at <= $2
),
f1 as (
  select p.series_id, p.taken_at, p.value, p.is_new, w.instrument_id, w.reading_code_id,
         0.5::float8 / power(10::float8, w.precision) as half,
         avg(p.value) over prev as avg_prev, count(*) over prev as n_prev,
         max(p.value) over lastc - min(p.value) over lastc as span, count(*) over lastc as n_c,
         count(*) over lastw as n_w,
         p.value - lag(p.value) over o as d
  from pts p join w on w.series_id = p.series_id
  window o as (partition by p.series_id order by p.taken_at),
         prev as (o rows between ${H} preceding and 1 preceding),
         lastc as (o rows between ${C - 1} preceding and current row),
         lastw as (o rows between ${W - 1} preceding and current row)
),
f2 as (
  select f1.*, case when abs(d) >= ${p.min_change_default} and abs(d) > half then sign(d) else 0 end as sig from f1
),
f3 as (
  select f2.*, case when sig <> 0 and lag(sig) over o <> 0 and sig <> lag(sig) over o then 1 else 0 end as rev
  from f2 window o as (partition by series_id order by taken_at)
),
flags as (
  select f3.*, sum(rev) over (partition by series_id order by taken_at rows between ${W - 3} preceding and current row) as revs from f3
),
fresh as (select * from flags where is_new),
breach as (
  select distinct on (f.series_id, f.taken_at) f.series_id, f.taken_at, l.code as level
  from fresh f
  join thresholds t on t.instrument_id = f.instrument_id and t.reading_code_id = f.reading_code_id
  join alert_levels l on l.level_id = t.level_id
  where (t.upper is not null and f.value > t.upper) or (t.lower is not null and f.value < t.lower)
  order by f.series_id, f.taken_at, l.severity desc, l.sort_order desc, l.code
),
missing as (
  select i.instrument_id, max(l.taken_at) as last_at, min(fr.minutes) as minutes
  from instruments i
  join (values ${freq}) fr(code, minutes) on fr.code = i.frequency
  join reading_series s on s.instrument_id = i.instrument_id
  join reading_latest l on l.series_id = s.series_id
  where i.status = 'active'
  group by i.instrument_id
)
select 'breached' as kind, series_id, null::int as instrument_id, level, count(*)::int as n, min(taken_at) as first_at, max(taken_at) as last_at
  from breach group by series_id, level
union all
select 'spike', series_id, null, null, count(*)::int, min(taken_at), max(taken_at) from fresh
  where n_prev >= 3 and abs(value) > ${p.spike.factor} * abs(avg_prev) and abs(value - avg_prev) >= ${p.min_change_default} group by series_id
union all
select 'stagnant', series_id, null, null, count(*)::int, min(taken_at), max(taken_at) from fresh where n_c = ${C} and span < half group by series_id
union all
select 'fluctuated', series_id, null, null, count(*)::int, min(taken_at), max(taken_at) from fresh where n_w = ${W} and revs >= ${p.fluctuated.reversals} group by series_id
union all
select 'missing', null, instrument_id, null, 1, last_at, last_at from missing
  where $3::timestamptz - last_at > make_interval(mins => minutes + ${p.missing.grace_minutes})`;
}

interface Flag {
  kind: string;
  key: string;
  n: number;
  first: number;
  last: number;
}

const keyOf = (f: Flag) => `${f.kind}|${f.key}|${f.n}|${f.first}|${f.last}`;
const toMs = (v: Date | string) => new Date(v).getTime();

async function main() {
  const bdb = await benchDatabase(process.env.BENCH_NAME ?? 'alerts');
  const { db } = bdb;
  const instruments = env('BENCH_INSTRUMENTS', bdb.kind === 'pg' ? 5000 : 500);
  const perNew = env('BENCH_NEW', 200);
  const historyDays = env('BENCH_HISTORY_DAYS', 30);
  const runs = env('BENCH_RUNS', 3);
  const latencySamples = env('BENCH_LATENCY', 5);
  const histStart = NEW_START - historyDays * 24 * HOUR;
  const newEnd = NEW_START + (perNew - 1) * STEP;
  const now = new Date(newEnd + 80 * 60_000);
  let app: RunningApp | undefined;
  try {
    const md = await benchMasterData(db);
    const ids = await benchInstruments(db, md.contractId, md.typeId, instruments);
    const seriesIds = await ensureSeries(
      db.orm,
      ids.map((instrumentId) => ({ instrumentId, readingCodeId: md.codeId, depth: null })),
    );
    const newRows = instruments * perNew;
    const histRows = instruments * historyDays * 24;
    console.log(
      `${bdb.kind}: ${instruments} instruments, ${historyDays} days of hourly history (${histRows.toLocaleString('en')} rows), ${newRows.toLocaleString('en')} new readings`,
    );
    // A kept database: the readings of an earlier run's latency uploads (after the new readings) go first.
    if (bdb.reused) {
      await db.query('delete from readings where taken_at > $1', [new Date(newEnd).toISOString()]);
      await db.exec('truncate reading_latest');
      await db.query(
        `insert into reading_latest (series_id, taken_at, value)
         select distinct on (series_id) series_id, taken_at, value from readings where taken_at >= $1 order by series_id, taken_at desc`,
        [new Date(NEW_START).toISOString()],
      );
    }
    const have = Number((await db.query<{ n: string }>('select count(*) as n from readings')).rows[0]!.n);
    if (have !== newRows + histRows) {
      const t0 = performance.now();
      await db.exec('truncate readings, reading_rollups, reading_latest, alerts, alert_events, alert_instrument_state, thresholds cascade');
      await db.exec(`insert into alert_levels (code, name, color, severity, sort_order) values
        ('CL', 'Check Level', '#4fc3f7', 1, 0), ('AL', 'Alert Level', '#fb8c00', 2, 1), ('PDL', 'Pre-Determined Level', '#e53935', 3, 2),
        ('WSL', 'Work Suspension Level', '#8b0000', 4, 3) on conflict do nothing`);
      await db.query(
        `insert into thresholds (instrument_id, reading_code_id, level_id, upper, lower)
         select i, $2, l.level_id, case l.code when 'AL' then 20 else 28 end, case l.code when 'AL' then -20 else -28 end
         from unnest($1::int[]) i, alert_levels l where l.code in ('AL', 'WSL')`,
        [ids, md.codeId],
      );
      await ensurePartitions(db.orm, monthsBetween(histStart, newEnd + 30 * 24 * HOUR));
      // value(s, t): a wave of 10–28 mm, noise of ±0.6 mm, spikes; stagnant and zigzag stretches among the new readings.
      const value = (g: string, isNew: boolean) => `round((case
          when ${isNew} and s % 97 = 0 and ${g} between 50 and 79 then 5
          when ${isNew} and s % 89 = 0 and ${g} between 100 and 129 then case when ${g} % 2 = 0 then 10 else 14 end
          else (10 + (s % 7) * 3) * sin(extract(epoch from t) / 144000.0 + s)
               + ((abs(hashtext(s::text || ':' || ${g}::text)) % 20001) / 10000.0 - 1) * 0.6
               + case when (${g} * 7 + s) % 997 = 0 then 25 else 0 end
          end)::numeric, 2)::float8`;
      const chunk = 250;
      for (let i = 0; i < seriesIds.length; i += chunk) {
        const part = seriesIds.slice(i, i + chunk);
        await db.query(
          `insert into readings (series_id, taken_at, value)
           select s, t, ${value('g', false)} from unnest($1::int[]) s, generate_series(0, $4::int - 1) g, lateral (select $2::timestamptz + g * interval '1 hour' as t) x
           where t < $3::timestamptz`,
          [part, new Date(histStart).toISOString(), new Date(NEW_START).toISOString(), historyDays * 24],
        );
        await db.query(
          `insert into readings (series_id, taken_at, value)
           select s, t, ${value('g', true)} from unnest($1::int[]) s, generate_series(0, $3::int - 1) g, lateral (select $2::timestamptz + g * interval '15 minutes' as t) x`,
          [part, new Date(NEW_START).toISOString(), perNew],
        );
        process.stdout.write(`\r  generated ${Math.min(i + chunk, seriesIds.length)}/${seriesIds.length} series (${ms(performance.now() - t0)})`);
      }
      await db.exec(`insert into reading_latest (series_id, taken_at, value)
        select distinct on (series_id) series_id, taken_at, value from readings where taken_at >= '${new Date(NEW_START).toISOString()}' order by series_id, taken_at desc
        on conflict (series_id) do update set taken_at = excluded.taken_at, value = excluded.value`);
      if (bdb.kind === 'pg') await db.exec('vacuum analyze readings');
      console.log(`\n  data ready in ${ms(performance.now() - t0)}`);
    } else console.log('  reusing the data of a kept database');
    await db.query(
      `update instruments set status = 'active', frequency = case when instrument_id % 50 = 0 then '15min' else 'hourly' end where instrument_id = any($1::int[])`,
      [ids],
    );
    // What the rebaseline check has seen: everything as it is (no rebaseline alerts in the timed runs).
    await saveBaselineStates(
      db.orm,
      (await baselineStates(db.orm)).map((s) => ({ instrumentId: s.instrumentId, baselineAt: s.baselineAt, hash: s.hash })),
      now,
    );

    const input = { seriesIds, from: new Date(NEW_START), to: new Date(newEnd) };
    const evaluator = async () => {
      await db.exec('truncate alerts, alert_events cascade');
      const t0 = performance.now();
      const a = await db.orm.transaction((tx) => evaluateReadingsIn(tx, input, now));
      const b = await db.orm.transaction((tx) => runChecksIn(tx, now));
      return { ms: performance.now() - t0, opened: a.opened + b.opened };
    };
    const query = flagsQuery();
    type FlagRow = { kind: string; series_id: number | null; instrument_id: number | null; level: string | null; n: number; first_at: Date; last_at: Date };
    const params = [new Date(NEW_START).toISOString(), new Date(newEnd).toISOString(), now.toISOString()];
    /** The SQL at its best: on PostgreSQL with work_mem 256 MB for its session, so that its sorts stay in memory. */
    const direct = async () => {
      if (!db.pool) {
        const t0 = performance.now();
        const r = await db.query<FlagRow>(query, params);
        return { ms: performance.now() - t0, rows: r.rows };
      }
      const c = await db.pool.connect();
      try {
        await c.query(`set work_mem = '256MB'`);
        const t0 = performance.now();
        const r = await c.query<FlagRow>(query, params);
        const took = performance.now() - t0;
        await c.query('reset work_mem');
        return { ms: took, rows: r.rows };
      } finally {
        c.release();
      }
    };

    const times = { evaluator: [] as number[], sql: [] as number[] };
    let sqlRows: Awaited<ReturnType<typeof direct>>['rows'] = [];
    let opened = 0;
    for (let k = 0; k < runs; k++) {
      const d = await direct();
      times.sql.push(d.ms);
      sqlRows = d.rows;
      const e = await evaluator();
      times.evaluator.push(e.ms);
      opened = e.opened;
      console.log(`  run ${k + 1}: SQL ${ms(d.ms)}, evaluator ${ms(e.ms)} (${e.opened} alerts)`);
    }

    // The alert sets: identical, or the run fails.
    const fromSql: Flag[] = sqlRows.map((r) => ({
      kind: r.kind,
      key: r.kind === 'missing' ? `i${r.instrument_id}` : `s${r.series_id}${r.level ? `:${r.level}` : ''}`,
      n: Number(r.n),
      first: toMs(r.first_at),
      last: toMs(r.last_at),
    }));
    const stored = await db.orm.execute(
      sql`select kind, series_id, instrument_id, level_code, trigger_count, first_reading_at, reading_at from alerts where status = 'open'`,
    );
    const fromEvaluator: Flag[] = (
      stored as unknown as {
        rows: {
          kind: string;
          series_id: number | null;
          instrument_id: number;
          level_code: string | null;
          trigger_count: number;
          first_reading_at: Date;
          reading_at: Date;
        }[];
      }
    ).rows.map((r) => ({
      kind: r.kind,
      key: r.kind === 'missing' ? `i${r.instrument_id}` : `s${r.series_id}${r.level_code ? `:${r.level_code}` : ''}`,
      n: r.trigger_count,
      first: toMs(r.first_reading_at),
      last: toMs(r.reading_at),
    }));
    const a = new Set(fromSql.map(keyOf));
    const b = new Set(fromEvaluator.map(keyOf));
    const onlySql = [...a].filter((x) => !b.has(x));
    const onlyEval = [...b].filter((x) => !a.has(x));
    const byKind = (list: Flag[]) =>
      Object.fromEntries(['breached', 'spike', 'stagnant', 'fluctuated', 'missing'].map((k) => [k, list.filter((f) => f.kind === k).length]));
    console.log(`\nalert sets: SQL ${a.size}, evaluator ${b.size} (${opened} opened) — by kind ${JSON.stringify(byKind(fromSql))}`);
    console.log(`triggers counted: ${fromSql.reduce((n, f) => n + f.n, 0).toLocaleString('en')}`);
    if (onlySql.length || onlyEval.length) {
      console.error(`MISMATCH: ${onlySql.length} only in SQL, ${onlyEval.length} only in the evaluator`);
      console.error('  only SQL:', onlySql.slice(0, 5));
      console.error('  only evaluator:', onlyEval.slice(0, 5));
      process.exitCode = 1;
    } else console.log('identical: yes');
    const e = median(times.evaluator);
    const s = median(times.sql);
    console.log('\n| | median of ' + runs + ' |');
    console.log('|---|---|');
    console.log(`| one SQL window-function query (flags, not written; work_mem 256 MB on PostgreSQL) | ${ms(s)} |`);
    console.log(`| evaluator (load, rules, write alerts + events in one transaction; missing-readings check) | ${ms(e)} |`);
    console.log(`| ratio evaluator / SQL | **${(e / s).toFixed(2)}×** |`);

    // ---- latency: approve an upload that breaches WSL -> the alert on an open websocket ----
    if (latencySamples > 0) {
      await db.exec('update instruments set frequency = null'); // keep the per-minute checks out of the way
      await db.exec('truncate alerts, alert_events cascade'); // every sample opens a new WSL alert (an open one would only be updated)
      app = await startApp(db, { workers: true });
      const { base, headers } = app;
      const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/v1/rtc/ws`);
      const seen: { at: number; message: string }[] = [];
      await new Promise<void>((resolve, reject) => {
        ws.once('error', reject);
        ws.on('message', (data) => {
          const m = JSON.parse(String(data)) as { event: string; data: { type?: string; message?: string; status?: string } };
          if (m.event === 'client_connection' && m.data.status === 'connected') ws.send(JSON.stringify({ token: headers.authorization!.slice(7) }));
          if (m.event === 'client_connection' && m.data.status === 'authenticated') resolve();
          if (m.event === 'notification' && m.data.type === 'alert') seen.push({ at: performance.now(), message: m.data.message ?? '' });
        });
      });
      const latencies: number[] = [];
      const names = (
        await db.query<{ name: string }>(`select name from instruments where instrument_id = any($1::int[]) order by name`, [ids.slice(0, latencySamples + 1)])
      ).rows.map((r) => r.name);
      for (let k = 0; k <= latencySamples; k++) {
        const name = names[k]!;
        const t = (m: number) => new Date(newEnd + (k * 10 + m + 1) * 24 * HOUR).toISOString();
        const csv = `instrument,date_time,reading_code,value\r\n${name},${t(0)},DSPA,5\r\n${name},${t(1)},DSPA,6\r\n${name},${t(2)},DSPA,40\r\n`;
        const form = new FormData();
        form.set('contract_id', String(md.contractId));
        form.set('files', new Blob([csv], { type: 'text/csv' }), `wsl-${k}.csv`);
        const created = await fetch(`${base}/api/v1/uploads/instrument?force=true`, { method: 'POST', headers, body: form });
        if (created.status !== 202) throw new Error(`upload: ${created.status} ${await created.text()}`);
        const id = ((await created.json()) as TUploadCreated).upload_id;
        for (;;) {
          const u = (await (await fetch(`${base}/api/v1/uploads/${id}`, { headers })).json()) as TUpload;
          if (u.status === 'validated') break;
          if (u.status === 'invalid' || u.status === 'failed') throw new Error(`upload ${id}: ${u.status} ${u.error}`);
          await sleep(20);
        }
        const t0 = performance.now();
        const approved = await fetch(`${base}/api/v1/uploads/${id}/approve`, { method: 'POST', headers });
        if (approved.status !== 200) throw new Error(`approve: ${approved.status} ${await approved.text()}`);
        const end = Date.now() + 30_000;
        let hit: (typeof seen)[number] | undefined;
        while (!(hit = seen.find((n) => n.message.startsWith(`${name} DSPA 40 mm passed WSL`)))) {
          if (Date.now() > end) throw new Error(`no alert notification for ${name} within 30 s`);
          await sleep(2);
        }
        if (k > 0) latencies.push(hit.at - t0); // the first is a warm-up
      }
      ws.close();
      const sorted = [...latencies].sort((x, y) => x - y);
      console.log(`\napproved upload breaching WSL -> alert notification on the websocket (${latencies.length} samples after a warm-up):`);
      console.log(`  median ${ms(median(latencies))}, min ${ms(sorted[0]!)}, max ${ms(sorted.at(-1)!)}`);
    }
  } finally {
    await app?.stop();
    await bdb.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
