import type { TAnnouncement, TPutAnnouncementRequest } from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { writeAudit } from '../../platform/audit.js';
import { clearOpen, findCurrentById, findCurrentUnread, insertAnnouncement, insertRead, type AnnouncementRow } from './announcements.repository.js';

export function presentAnnouncement(row: AnnouncementRow): TAnnouncement {
  return {
    announcement_id: row.announcementId,
    title: row.title,
    message: row.message,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt?.toISOString() ?? null,
    created: row.createdAt.toISOString(),
  };
}

/**
 * The one-time announcement dialog: at most one announcement is open (writing one clears the previous); each user
 * sees it once, from its start until its end, until they acknowledge it.
 */
export class AnnouncementsService {
  constructor(private readonly ctx: AppContext) {}

  async current(actor: Actor): Promise<TAnnouncement | null> {
    const row = await findCurrentUnread(this.ctx.db.orm, actor.userId, this.ctx.now());
    return row ? presentAnnouncement(row) : null;
  }

  /** Acknowledges the current announcement (again is a no-op); an unknown, cleared or not-current id answers 404. */
  async acknowledge(actor: Actor, announcementId: number): Promise<void> {
    const now = this.ctx.now();
    await this.ctx.db.orm.transaction(async (tx) => {
      if (!(await findCurrentById(tx, announcementId, now))) throw notFound('Announcement not found');
      if (await insertRead(tx, announcementId, actor.userId, now)) {
        await writeAudit(tx, actor, { action: 'announcement.ack', entityType: 'announcement', entityId: announcementId });
      }
    });
  }

  /** Replaces the open announcement with a new one (shown from `starts_at`). */
  async put(actor: Actor, body: TPutAnnouncementRequest): Promise<TAnnouncement> {
    const now = this.ctx.now();
    const row = await this.ctx.db.orm.transaction(async (tx) => {
      const cleared = await clearOpen(tx, now);
      const created = await insertAnnouncement(tx, {
        title: body.title,
        message: body.message,
        startsAt: new Date(body.starts_at),
        endsAt: body.ends_at ? new Date(body.ends_at) : null,
        createdBy: actor.userId,
        createdAt: now,
      });
      await writeAudit(tx, actor, {
        action: 'announcement.put',
        entityType: 'announcement',
        entityId: created.announcementId,
        before: cleared.length > 0 ? { cleared: cleared.map((r) => r.announcementId) } : null,
        after: { title: created.title, message: created.message, starts_at: created.startsAt, ends_at: created.endsAt },
      });
      return created;
    });
    return presentAnnouncement(row);
  }

  /** Clears the open announcement; nothing open is not an error. Returns how many were cleared. */
  async clear(actor: Actor): Promise<number> {
    return this.ctx.db.orm.transaction(async (tx) => {
      const cleared = await clearOpen(tx, this.ctx.now());
      for (const r of cleared) {
        await writeAudit(tx, actor, { action: 'announcement.clear', entityType: 'announcement', entityId: r.announcementId, before: { title: r.title } });
      }
      return cleared.length;
    });
  }
}
