import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { installJobsSchema } from './platform/jobs.js';

/**
 * `npm run worker`: job workers without the HTTP server, for running them apart from the API instances
 * (start the API with WORKERS=0). Needs DATABASE_URL: the embedded database belongs to one process.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) throw new ConfigError('DATABASE_URL: required for a separate worker (the embedded database belongs to the API process)');
  const db = await openDatabase({ url: config.databaseUrl });
  // Under the start-up lock the API instances take too (migrations, the job queue's schema, the demo seed): started
  // together, they take turns.
  await db.withStartupLock(async () => {
    await db.migrate();
    await installJobsSchema(db);
  });
  const { app, stop } = await buildApp({ config, db, workers: true });
  await app.ready();
  app.log.info('worker started');
  const shutdown = async () => {
    await stop();
    await db.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
}

try {
  await main();
} catch (err) {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
  throw err;
}
