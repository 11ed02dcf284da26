import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for the run (issue 21: a scheduled report's e-mail with its attachment arrives at a mail server):
 * the app is started with `SMTP_URL` pointing here, and each message it accepts is written whole (headers, body,
 * attachments as MIME parts) to a file in `dir`, which specs read with `receivedMails()`.
 */
export interface SmtpSink {
  url: string;
  dir: string;
  stop: () => Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const dir = mkdtempSync(path.join(tmpdir(), 'strata-e2e-smtp-'));
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        writeFileSync(path.join(dir, `${String(++n).padStart(5, '0')}.eml`), `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString('utf8')}`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    dir,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The raw messages the run's SMTP server has accepted so far (`E2E_SMTP_DIR`), oldest first. */
export function receivedMails(): string[] {
  const dir = process.env.E2E_SMTP_DIR;
  if (!dir) throw new Error('E2E_SMTP_DIR is not set: the global setup starts the SMTP server');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => readFileSync(path.join(dir, f), 'utf8'));
}
