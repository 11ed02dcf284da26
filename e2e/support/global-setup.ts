import { startServer } from './server.js';
import { startSmtpSink } from './smtp-sink.js';

/**
 * Starts the built app once for the run (see `startServer`) with a real SMTP server for its mail (`startSmtpSink`);
 * the web app must be built (`npm run build`) before. Workers are started after this and inherit the environment:
 * `E2E_BASE_URL` is how they find the server (`baseUrl()`), `E2E_SMTP_DIR` where the accepted mails are. Every mail is
 * still written to the outbox first (specs read links there). The function returned is the global teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const smtp = await startSmtpSink();
  const server = await startServer({ SMTP_URL: smtp.url });
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_SMTP_DIR = smtp.dir;
  return async () => {
    await server.stop();
    await smtp.stop();
  };
}
