import { startServer } from './server.js';

/**
 * Starts the built app once for the run (see `startServer`); the web app must be built (`npm run build`) before.
 * Workers are started after this and inherit the environment: `E2E_BASE_URL` is how they find the server
 * (`baseUrl()`). The function returned is the global teardown: it stops the server.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseUrl;
  return server.stop;
}
