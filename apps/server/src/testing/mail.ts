import { desc, eq } from 'drizzle-orm';
import { outbox } from '../db/schema/index.js';
import type { TestApp } from './harness.js';

export type OutboxMail = typeof outbox.$inferSelect;

/** The mails written to an address, newest first (read straight from the outbox table). */
export async function mailsTo(t: TestApp, to: string): Promise<OutboxMail[]> {
  return t.db.orm.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id));
}

/** The newest mail to an address; fails the test when there is none. */
export async function lastMailTo(t: TestApp, to: string): Promise<OutboxMail> {
  const [mail] = await mailsTo(t, to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

/** The absolute link to `/en/<path>` in the text part of a mail, and its token. */
export function linkIn(mail: Pick<OutboxMail, 'text'>, path: string): { url: URL; token: string } {
  const match = mail.text.match(new RegExp(`https?://\\S+/en/${path}\\?token=[A-Za-z0-9_-]+`));
  if (!match) throw new Error(`no /en/${path} link in:\n${mail.text}`);
  const url = new URL(match[0]);
  return { url, token: url.searchParams.get('token') ?? '' };
}
