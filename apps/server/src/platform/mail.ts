/**
 * Mail: every message is written to the `outbox` table first, in the caller's transaction, and delivered after
 * commit — so no transaction is held open across network I/O, and a rolled-back change sends nothing.
 *
 * - No `SMTP_URL`: the outbox row is the delivery (admins read it at GET /admin/outbox; tests follow its links).
 * - `SMTP_URL` set: after commit the row is handed to the `mail-deliver` job when job workers run in this process
 *   (retried with backoff), otherwise delivered in the background of this process (one attempt). Either way the row
 *   records `sent_at` or the last `error`. Delivery never delays the answer to the request that wrote the mail.
 *
 * Messages are built with `composeMail`: plain text and HTML, naming the application and carrying absolute links
 * from `PUBLIC_URL` (`publicLink`).
 */
import { and, eq, isNull } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { outbox } from '../db/schema/index.js';
import type { AfterCommit } from './after-commit.js';
import { safeError } from './safe-error.js';
import type { Storage } from './storage.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A file in Storage sent as an attachment (scheduled reports): its key, the name the recipient sees, its type. */
  attachment?: { key: string; name: string; contentType: string } | undefined;
}

export const MAIL_QUEUE = 'mail-deliver';
/** The language prefix of links in mails (the web app's default language). */
export const MAIL_LANGUAGE = 'en';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** An absolute link into the web app: `${PUBLIC_URL}/en/<path>?<query>`. */
export function publicLink(publicUrl: string, path: string, query: Record<string, string> = {}): string {
  const url = new URL(`${publicUrl.replace(/\/$/, '')}/${MAIL_LANGUAGE}/${path.replace(/^\//, '')}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url.toString();
}

export interface MailContent {
  to: string;
  subject: string;
  /** "Hello Alice Tan," */
  greeting: string;
  /** Plain-text paragraphs (escaped for the HTML part). */
  paragraphs: string[];
  /** A button in HTML, a bare link in text. */
  action?: { label: string; url: string } | undefined;
  /** Paragraphs after the action (e.g. "If you did not ask …"). */
  after?: string[] | undefined;
}

/** A mail in plain text and HTML that names the application in the subject and the signature. */
export function composeMail(appName: string, content: MailContent): MailMessage {
  const after = content.after ?? [];
  const subject = `${appName}: ${content.subject}`;
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}:`, content.action.url, ''] : []),
    ...after.flatMap((p) => [p, '']),
    '—',
    appName,
    '',
  ].join('\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const action = content.action
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:10px 18px;background:#1565c0;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:12px;color:#555">${escapeHtml('If the button does not work, copy this address into your browser:')}<br><a href="${escapeHtml(content.action.url)}">${escapeHtml(content.action.url)}</a></p>`
    : '';
  const html = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#222;line-height:1.5">',
    p(content.greeting),
    ...content.paragraphs.map(p),
    action,
    ...after.map(p),
    `<p style="margin:24px 0 0;color:#555">— ${escapeHtml(appName)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: content.to, subject, text, html };
}

type Transport = ReturnType<typeof nodemailer.createTransport>;

export class Mailer {
  private transport: Transport | undefined;
  /** Background deliveries of this process, awaited by `drain()` (app close, tests). */
  private readonly inFlight = new Set<Promise<void>>();

  /** `storage`: where attachments are read from (a mailer without one sends no mail that has an attachment). */
  constructor(
    private readonly ctx: AppContext,
    private readonly storage?: Storage,
  ) {}

  /** Registers the delivery job's worker when this process runs job workers and SMTP is configured. */
  async start(): Promise<void> {
    if (!this.ctx.jobs || !this.ctx.config.smtpUrl) return;
    await this.ctx.jobs.work<{ id: number }>(MAIL_QUEUE, (job) => this.deliverOne(job.data.id, true), {
      queue: { retryLimit: 6, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
    });
  }

  /**
   * Writes the message to the outbox with `tx` (the caller's transaction) and, when `after` is given, schedules its
   * delivery for after commit. Returns the outbox id.
   */
  async enqueue(tx: Executor, message: MailMessage, after?: AfterCommit): Promise<number> {
    const [row] = await tx
      .insert(outbox)
      .values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachmentKey: message.attachment?.key ?? null,
        attachmentName: message.attachment?.name ?? null,
        attachmentType: message.attachment?.contentType ?? null,
        createdAt: this.ctx.now(),
      })
      .returning({ id: outbox.id });
    if (!row) throw new Error('outbox insert returned no row');
    after?.add(() => this.deliver([row.id]));
    return row.id;
  }

  /** Writes and delivers one message outside any transaction. */
  async send(message: MailMessage): Promise<number> {
    const id = await this.enqueue(this.ctx.db.orm, message);
    await this.deliver([id]);
    return id;
  }

  /** Hands committed outbox rows to delivery; returns at once (never waits for SMTP). */
  async deliver(ids: number[]): Promise<void> {
    if (!this.ctx.config.smtpUrl || ids.length === 0) return;
    const jobs = this.ctx.jobs;
    for (const id of ids) {
      if (jobs) {
        try {
          await jobs.send(MAIL_QUEUE, { id }, { retryLimit: 6, retryDelay: 30, retryBackoff: true });
          continue;
        } catch (err) {
          // Jobs stopped or not started (start-up, shutdown): deliver here instead.
          this.ctx.log.warn({ err: safeError(err) }, 'mail: job queue unavailable, delivering in process');
        }
      }
      this.track(this.deliverOne(id, false).catch(() => undefined));
    }
  }

  /** Waits for the background deliveries of this process. */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  async close(): Promise<void> {
    await this.drain();
    this.transport?.close();
    this.transport = undefined;
  }

  private track(p: Promise<void>) {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p));
  }

  private smtp(): Transport {
    this.transport ??= nodemailer.createTransport(this.ctx.config.smtpUrl);
    return this.transport;
  }

  /** Sends one outbox row through SMTP unless already sent; records the result. `rethrow` lets the job retry. */
  private async deliverOne(id: number, rethrow: boolean): Promise<void> {
    const db = this.ctx.db.orm;
    const [row] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.id, id), isNull(outbox.sentAt)))
      .limit(1);
    if (!row) return;
    try {
      const attachments = [];
      if (row.attachmentKey) {
        const file = await this.storage?.read(row.attachmentKey);
        if (!file) throw new Error('The attachment is no longer stored');
        attachments.push({ filename: row.attachmentName ?? 'attachment', content: file, contentType: row.attachmentType ?? 'application/octet-stream' });
      }
      await this.smtp().sendMail({ from: this.ctx.config.mailFrom, to: row.to, subject: row.subject, text: row.text, html: row.html, attachments });
      await db.update(outbox).set({ sentAt: this.ctx.now(), error: null }).where(eq(outbox.id, id));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.ctx.log.error({ err: safeError(err), outboxId: id }, 'mail: delivery failed');
      await db
        .update(outbox)
        .set({ error: message.slice(0, 500) })
        .where(eq(outbox.id, id))
        .catch(() => undefined);
      if (rethrow) throw err;
    }
  }
}
