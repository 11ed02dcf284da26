import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/client.js';
import { installJobsSchema } from './platform/jobs.js';
import { createLocalStorage } from './platform/storage.js';
import { DEMO_USERS, isEmpty, seedDemo } from './seed/demo.js';

async function main(config: Config): Promise<void> {
  const db = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
  // One process at a time across the instances and workers started together; the ones that waited find it done.
  const seeded = await db.withStartupLock(async () => {
    await db.migrate();
    // The job queue's schema too (the API sends jobs on PostgreSQL even with WORKERS=off).
    if (config.workers || db.kind === 'pg') await installJobsSchema(db);
    const empty = config.demo && (await isEmpty(db));
    // The files storage buildApp opens (dataDir/files): the demo's station layer file goes there.
    if (empty) await seedDemo(db, createLocalStorage(path.join(config.dataDir, 'files')));
    return empty;
  });

  // WORKERS=off on PostgreSQL: the jobs run in `npm run worker` processes; this instance still queues them.
  const { app, stop, services } = await buildApp({ config, db, workers: config.workers, sendJobs: db.kind === 'pg' });
  // The housekeeping schedules (expired files, ended sessions, files of deleted records), given once per installation.
  const installed = await services.schedules.installDefaults();
  if (installed.length > 0) app.log.info({ schedules: installed }, 'housekeeping schedules created');
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    try {
      await stop(); // new requests get 503; in-flight ones finish; jobs stop; the bus closes
      await db.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  ${config.appName} is running at ${url}`,
    `  Database: ${db.kind === 'pglite' ? `embedded (${path.resolve(config.dataDir, 'db')})` : 'PostgreSQL'}${seeded ? ', demo data seeded' : ''}`,
    `  API documentation: ${url}/api/docs`,
  ];
  if (config.demo) {
    lines.push('  Demo sign-in (login name / password):');
    for (const u of DEMO_USERS) lines.push(`    ${u.loginName.padEnd(12)} ${u.password.padEnd(24)} ${u.type}`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

try {
  await main(loadConfig());
} catch (err) {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
  throw err;
}
