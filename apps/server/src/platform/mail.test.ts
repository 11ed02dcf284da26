import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { outbox } from '../db/schema/index.js';
import { createRole, createUser } from '../testing/fixtures.js';
import { as, createTestApp, signIn, type TestApp } from '../testing/harness.js';
import { lastMailTo } from '../testing/mail.js';
import { composeMail, escapeHtml, MAIL_QUEUE, publicLink } from './mail.js';
import { randomKey } from './storage.js';
import { createTestDatabase } from './test-database.js';

/** Undoes quoted-printable soft line breaks and escapes, enough to read links in a raw message. */
const unQuotedPrintable = (s: string) => s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

async function until<T>(probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('composing mail', () => {
  it('writes plain text and HTML, names the application, escapes HTML and carries the absolute link', () => {
    const url = publicLink('https://strata.example.org/', 'reset-password', { token: 'abc_-1' });
    expect(url).toBe('https://strata.example.org/en/reset-password?token=abc_-1');
    const m = composeMail('Strata <Test>', {
      to: 'a@example.com',
      subject: 'Reset your password',
      greeting: 'Hello <script>x</script> & "you",',
      paragraphs: ['One', 'Two'],
      action: { label: 'Go', url },
    });
    expect(m.subject).toBe('Strata <Test>: Reset your password');
    expect(m.text).toContain('Hello <script>x</script> & "you",');
    expect(m.text).toContain(url);
    expect(m.text.trimEnd().endsWith('Strata <Test>')).toBe(true);
    expect(m.html).toContain('Hello &lt;script&gt;x&lt;/script&gt; &amp; &quot;you&quot;,');
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain(`<a href="${url}"`);
    expect(m.html).toContain('Strata &lt;Test&gt;');
    expect(escapeHtml(`'`)).toBe('&#39;');
  });
});

describe('mail through a real SMTP server', () => {
  const received: { from: string; to: string[]; raw: string }[] = [];
  let smtp: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, publicUrl: 'https://strata.example.org', mailFrom: 'Strata <no-reply@strata.example.org>' });
    await createUser(t.db, { loginName: 'mailee' });
    const auditors = await createRole(t.db, ['ViewAuditLogs']);
    await createUser(t.db, { loginName: 'auditor', roleId: auditors.roleId });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers after commit with a text and an HTML part and the absolute link, and records sent_at', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/account/forgot-password', payload: { login: 'mailee' }, remoteAddress: '10.90.0.1' });
    expect(res.statusCode).toBe(200);
    const message = await until(() => received.find((m) => m.to.includes('mailee@example.com')));
    expect(message.from).toBe('no-reply@strata.example.org');
    const raw = unQuotedPrintable(message.raw);
    expect(raw).toMatch(/^Subject: Strata: Reset your password/m);
    expect(raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(raw).toMatch(/Content-Type: text\/plain/i);
    expect(raw).toMatch(/Content-Type: text\/html/i);
    const link = raw.match(/https:\/\/strata\.example\.org\/en\/reset-password\?token=[A-Za-z0-9_-]+/)?.[0];
    expect(link).toBeDefined();
    const stored = await lastMailTo(t, 'mailee@example.com');
    expect(stored.text).toContain(link!);

    await t.services.mailer.drain();
    const [row] = await t.db.orm.select().from(outbox).where(eq(outbox.id, stored.id));
    expect(row!.sentAt).not.toBeNull();
    expect(row!.error).toBeNull();

    // Administrators see what went out, with the single-use token hidden (the owner has the real mail).
    const admin = await signIn(t, 'auditor', undefined, '10.90.0.2');
    const list = (await as(t, admin, { method: 'GET', url: '/api/v1/admin/outbox?to=mailee' })).json();
    expect(list.total_records).toBe(1);
    expect(list.records[0]).toMatchObject({ to: 'mailee@example.com', status: 'sent', subject: 'Strata: Reset your password' });
    expect(list.records[0].text).toContain('https://strata.example.org/en/reset-password?token=[hidden]');
    expect(list.records[0].text).not.toContain(link!);
    expect(list.records[0].html).not.toContain(link!);
  });

  it('sends an outbox row’s attachment from storage as a real attachment; a file no longer stored fails the row', async () => {
    const key = randomKey('reports', 'csv');
    await mkdir(path.dirname(path.join(t.ctx.config.dataDir, 'files', key)), { recursive: true });
    await writeFile(path.join(t.ctx.config.dataDir, 'files', key), 'Contract,From\r\nC1,2026-11-23\r\n');
    const attachment = { key, name: 'status-20261130.csv', contentType: 'text/csv; charset=utf-8' };
    const mail = composeMail('Strata', { to: 'attached@example.com', subject: 'Weekly status', greeting: 'Hello,', paragraphs: ['Attached.'] });
    const id = await t.services.mailer.send({ ...mail, attachment });
    const message = await until(() => received.find((m) => m.to.includes('attached@example.com')));
    expect(message.raw).toMatch(/Content-Disposition: attachment; filename=status-20261130\.csv/i);
    expect(message.raw).toContain(Buffer.from('Contract,From\r\nC1,2026-11-23\r\n').toString('base64'));
    await t.services.mailer.drain();
    expect((await t.db.orm.select().from(outbox).where(eq(outbox.id, id)))[0]).toMatchObject({ attachmentName: 'status-20261130.csv', error: null });

    const gone = await t.services.mailer.send({ ...mail, to: 'gone@example.com', attachment: { ...attachment, key: randomKey('reports', 'csv') } });
    await t.services.mailer.drain();
    const [row] = await t.db.orm.select().from(outbox).where(eq(outbox.id, gone));
    expect(row).toMatchObject({ sentAt: null, error: 'The attachment is no longer stored' });
    expect(received.some((m) => m.to.includes('gone@example.com'))).toBe(false);
  });

  it('hands delivery to the mail-deliver job when this process runs job workers', async () => {
    const { port } = smtp.server.address() as AddressInfo;
    const { db, drop } = await createTestDatabase();
    const built = await buildApp({ config: testConfig({ smtpUrl: `smtp://127.0.0.1:${port}`, workers: true }), db, workers: true });
    try {
      await built.app.ready();
      await createUser(db, { loginName: 'queued' });
      const res = await built.app.inject({ method: 'POST', url: '/api/v1/account/forgot-password', payload: { login: 'queued' }, remoteAddress: '10.90.2.1' });
      expect(res.statusCode).toBe(200);
      await until(() => received.find((m) => m.to.includes('queued@example.com')), 20_000);
      const row = await until(async () => {
        const [r] = await db.orm.select().from(outbox).where(eq(outbox.to, 'queued@example.com'));
        return r?.sentAt ? r : undefined;
      });
      expect(row.error).toBeNull();
      const { rows } = await db.query<{ n: number }>(`select count(*)::int n from pgboss.job where name = $1`, [MAIL_QUEUE]);
      expect(rows[0]?.n).toBe(1);
    } finally {
      await built.app.close();
      await drop();
    }
  });

  it('records the error on the row when the SMTP server cannot be reached, and the request still succeeds', async () => {
    const broken = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1', publicUrl: 'https://strata.example.org' });
    try {
      await createUser(broken.db, { loginName: 'unlucky' });
      const res = await broken.app.inject({
        method: 'POST',
        url: '/api/v1/account/forgot-password',
        payload: { login: 'unlucky' },
        remoteAddress: '10.90.1.1',
      });
      expect(res.statusCode).toBe(200);
      await broken.services.mailer.drain();
      const row = await lastMailTo(broken, 'unlucky@example.com');
      expect(row.sentAt).toBeNull();
      expect(row.error).toBeTruthy();
    } finally {
      await broken.close();
    }
  });
});

describe('the outbox without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const auditors = await createRole(t.db, ['ViewAuditLogs']);
    await createUser(t.db, { loginName: 'auditor', roleId: auditors.roleId });
    const plain = await createRole(t.db, []);
    await createUser(t.db, { loginName: 'plain', roleId: plain.roleId });
    for (const name of ['one', 'two', 'three']) await createUser(t.db, { loginName: name });
  });
  afterAll(() => t.close());

  it('keeps every mail for administrators with ViewAuditLogs, newest first, paged and filtered by recipient', async () => {
    for (const name of ['one', 'two', 'three']) {
      await t.app.inject({ method: 'POST', url: '/api/v1/account/forgot-password', payload: { login: name }, remoteAddress: '10.91.0.1' });
      t.clock.advance(1000);
    }
    const admin = await signIn(t, 'auditor');
    const page = (await as(t, admin, { method: 'GET', url: '/api/v1/admin/outbox?limit=2&skip=0' })).json();
    expect(page.total_records).toBe(3);
    expect(page.records.map((r: { to: string }) => r.to)).toEqual(['three@example.com', 'two@example.com']);
    expect(page.records[0].status).toBe('outbox');
    expect(page.records[0].sent_at).toBeNull();
    // Without SMTP the outbox is the only delivery: links are whole.
    expect(page.records[0].text).toMatch(/\/en\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    const filtered = (await as(t, admin, { method: 'GET', url: '/api/v1/admin/outbox?to=ONE@' })).json();
    expect(filtered.records.map((r: { to: string }) => r.to)).toEqual(['one@example.com']);
    const plain = await signIn(t, 'plain', undefined, '10.91.0.2');
    expect((await as(t, plain, { method: 'GET', url: '/api/v1/admin/outbox' })).statusCode).toBe(403);
  });
});
