import type { TListOutboxQuery, TOutboxList, TOutboxMail } from '@strata/shared';
import type { AppContext } from '../../context.js';
import { listOutbox, type OutboxRow } from './outbox.repository.js';

/** Link tokens in mail bodies: `?token=…` / `&amp;token=…`. */
const TOKEN_IN_LINK = /([?&](?:amp;)?token=)[^&\s"'<>]+/g;

/**
 * What the application mailed, for administrators. With SMTP configured the mails went to their owners, so the
 * single-use tokens in their links are masked here (an administrator must not be able to take over an account from a
 * reset link). Without SMTP the outbox is the only delivery (development, demo): the links are shown whole.
 */
export class OutboxService {
  constructor(private readonly ctx: AppContext) {}

  async list(q: TListOutboxQuery): Promise<TOutboxList> {
    const { records, total } = await listOutbox(this.ctx.db.orm, { limit: q.limit, skip: q.skip, to: q.to || undefined });
    return { records: records.map((r) => this.present(r)), total_records: total };
  }

  private mask(body: string): string {
    return this.ctx.config.smtpUrl ? body.replace(TOKEN_IN_LINK, '$1[hidden]') : body;
  }

  private present(row: OutboxRow): TOutboxMail {
    const status: TOutboxMail['status'] = row.sentAt ? 'sent' : row.error ? 'failed' : this.ctx.config.smtpUrl ? 'queued' : 'outbox';
    return {
      id: row.id,
      to: row.to,
      subject: row.subject,
      text: this.mask(row.text),
      html: this.mask(row.html),
      created_at: row.createdAt.toISOString(),
      sent_at: row.sentAt?.toISOString() ?? null,
      error: row.error,
      attachment_name: row.attachmentName,
      status,
    };
  }
}
