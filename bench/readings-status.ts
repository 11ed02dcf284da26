/**
 * `node --import tsx bench/readings-status.ts`: GET /instruments/status (the status level of every instrument, one
 * statement) for BENCH_INSTRUMENTS instruments (default 5,000), each with three series (latest values in
 * `reading_latest`) and AL/WSL thresholds, about a tenth of them past a level. Prints p50/p95 of the HTTP call and of
 * the statement run directly, BENCH_REQUESTS times each (default 50), one client.
 *
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/postgres node --import tsx bench/readings-status.ts
 *   (without BENCH_DATABASE_URL: PGlite in a temporary folder)
 */
import { instrumentStatuses } from '../apps/server/src/modules/readings/readings.repository.js';
import { benchDatabase, benchInstruments, benchMasterData, env, ms, percentile, startApp, type RunningApp } from './lib.js';

async function main() {
  const count = env('BENCH_INSTRUMENTS', 5000);
  const requests = env('BENCH_REQUESTS', 50);
  const bdb = await benchDatabase(process.env.BENCH_NAME ?? 'status');
  const { db } = bdb;
  let app: RunningApp | undefined;
  try {
    const md = await benchMasterData(db);
    const ids = await benchInstruments(db, md.contractId, md.typeId, count);
    // Two more reading codes on the type, so each instrument has three series.
    await db.query(
      `insert into reading_codes (type_id, code, description, unit) select $1, c, c, 'mm' from unnest(array['DSPB','DSPC']) c on conflict do nothing`,
      [md.typeId],
    );
    await db.query(`insert into alert_levels (code, name, color, severity, sort_order) values ('AL', 'Alert', '#f90', 2, 1), ('WSL', 'Work Suspension', '#900', 4, 3)
                    on conflict do nothing`);
    await db.query(
      `insert into reading_series (instrument_id, reading_code_id, depth)
         select i, c.reading_code_id, null from unnest($1::int[]) i, reading_codes c where c.type_id = $2 on conflict do nothing`,
      [ids, md.typeId],
    );
    await db.query(`insert into reading_latest (series_id, taken_at, value)
                      select series_id, now() - (random() * interval '30 days'), (random() * 60 - 30)::numeric(8, 2)::float8 from reading_series
                      on conflict (series_id) do nothing`);
    await db.query(
      `insert into thresholds (instrument_id, reading_code_id, level_id, upper, lower)
         select i, c.reading_code_id, l.level_id, case l.code when 'AL' then 27 else 29 end, case l.code when 'AL' then -27 else -29 end
           from unnest($1::int[]) i, reading_codes c, alert_levels l where c.type_id = $2 and l.code in ('AL', 'WSL') on conflict do nothing`,
      [ids, md.typeId],
    );
    await db.exec('analyze');
    app = await startApp(db, { workers: false });
    const scope = { userId: 0, all: true };
    const direct: number[] = [];
    const http: number[] = [];
    let size = 0;
    let passed = 0;
    for (let i = 0; i < requests + 5; i++) {
      let t0 = performance.now();
      const rows = await instrumentStatuses(db.orm, scope);
      const d = performance.now() - t0;
      t0 = performance.now();
      const res = await fetch(`${app.base}/api/v1/instruments/status`, { headers: app.headers });
      const text = await res.text();
      const h = performance.now() - t0;
      if (res.status !== 200) throw new Error(`status: ${res.status} ${text}`);
      size = text.length;
      passed = rows.filter((r) => r.levelCode !== null).length;
      if (i >= 5) {
        direct.push(d);
        http.push(h);
      }
    }
    direct.sort((a, b) => a - b);
    http.sort((a, b) => a - b);
    console.log(`${bdb.kind}: ${count} instruments × 3 series, ${passed} past a level; answer ${(size / 1000).toFixed(0)} KB; ${requests} requests, 1 client`);
    console.log('| | p50 | p95 |\n|---|---|---|');
    console.log(`| the statement (instrumentStatuses) | ${ms(percentile(direct, 50))} | ${ms(percentile(direct, 95))} |`);
    console.log(`| GET /instruments/status over HTTP | ${ms(percentile(http, 50))} | ${ms(percentile(http, 95))} |`);
  } finally {
    await app?.stop();
    await bdb.close();
  }
}

await main();
