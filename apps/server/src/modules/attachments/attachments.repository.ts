import { and, desc, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { rows, type Executor } from '../../db/client.js';
import { attachments, attachmentThumbnails, users } from '../../db/schema/index.js';
import { likeEscape } from '../../lib/filters.js';

/**
 * Photos, documents and their thumbnails, by record. Reads take a record the service has already resolved within the
 * caller's contracts (modules/records). Reads across records: file-search.repository.ts.
 */

export type AttachmentRow = typeof attachments.$inferSelect;
export type AttachmentInsert = typeof attachments.$inferInsert;

export interface DateBounds {
  from?: Date | undefined;
  to?: Date | undefined;
  toInclusive: boolean;
}

export const kw = (keyword: string | undefined) => (keyword ? `%${likeEscape(keyword)}%` : undefined);

export function dateWhere(column: SQLWrapper, d: DateBounds): SQL | undefined {
  const at = (v: Date) => sql`${v.toISOString()}::timestamptz`;
  return and(
    d.from ? sql`${column} >= ${at(d.from)}` : undefined,
    d.to ? (d.toInclusive ? sql`${column} <= ${at(d.to)}` : sql`${column} < ${at(d.to)}`) : undefined,
  );
}

export const withUploader = { a: attachments, uploaderEmail: users.email };

export async function insertAttachment(tx: Executor, values: AttachmentInsert): Promise<AttachmentRow> {
  const [row] = await tx.insert(attachments).values(values).returning();
  if (!row) throw new Error('attachment insert returned no row');
  return row;
}

/** One photo or document by id (not scoped: the service resolves its record within the caller's contracts next). */
export async function findAttachment(db: Executor, fileId: number, kind: 'photo' | 'document') {
  const [row] = await db
    .select(withUploader)
    .from(attachments)
    .leftJoin(users, eq(users.userId, attachments.uploadedBy))
    .where(and(eq(attachments.fileId, fileId), eq(attachments.kind, kind)))
    .limit(1);
  return row;
}

/** The photos or documents of one record, newest first. */
export async function listOfRecord(
  db: Executor,
  f: { kind: 'photo' | 'document'; category: string; refId: number; keyword?: string | undefined; types?: string[] | undefined; limit: number; skip: number },
) {
  const k = kw(f.keyword);
  const where = and(
    eq(attachments.category, f.category),
    eq(attachments.refId, f.refId),
    eq(attachments.kind, f.kind),
    k ? or(sql`${attachments.fileName} ilike ${k}`, sql`${users.email} ilike ${k}`) : undefined,
    f.types?.length ? inArray(attachments.fileType, f.types) : undefined,
  );
  const [records, [count]] = await Promise.all([
    db
      .select(withUploader)
      .from(attachments)
      .leftJoin(users, eq(users.userId, attachments.uploadedBy))
      .where(where)
      .orderBy(desc(attachments.createdAt), desc(attachments.fileId))
      .limit(f.limit)
      .offset(f.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(attachments)
      .leftJoin(users, eq(users.userId, attachments.uploadedBy))
      .where(where),
  ]);
  return { records, total: count?.n ?? 0 };
}

/** Deletes a photo or document row (its thumbnail rows go with it); the storage keys to remove after commit. */
export async function deleteAttachment(tx: Executor, fileId: number): Promise<string[]> {
  const thumbs = await tx.select({ key: attachmentThumbnails.storageKey }).from(attachmentThumbnails).where(eq(attachmentThumbnails.fileId, fileId));
  const [row] = await tx.delete(attachments).where(eq(attachments.fileId, fileId)).returning({ key: attachments.storageKey });
  return row ? [row.key, ...thumbs.map((t) => t.key)] : [];
}

/**
 * Deletes the photos and documents of `category` whose record is gone (`existing`: the ids of the category's records
 * that exist, as `ref_id`), their thumbnail rows with them; returns the rows that went and every storage key to remove
 * after commit.
 */
export async function deleteOrphanAttachments(tx: Executor, category: string, existing: SQL) {
  const orphan = sql`${attachments.category} = ${category} and not exists (select 1 from (${existing}) r where r.ref_id = ${attachments.refId})`;
  const thumbs = await tx
    .select({ key: attachmentThumbnails.storageKey })
    .from(attachmentThumbnails)
    .innerJoin(attachments, eq(attachments.fileId, attachmentThumbnails.fileId))
    .where(orphan);
  const rows = await tx
    .delete(attachments)
    .where(orphan)
    .returning({ fileId: attachments.fileId, kind: attachments.kind, refId: attachments.refId, fileName: attachments.fileName, key: attachments.storageKey });
  return { rows, keys: [...rows.map((r) => r.key), ...thumbs.map((t) => t.key)] };
}

export async function findThumbnail(db: Executor, fileId: number, size: number) {
  const [row] = await db
    .select()
    .from(attachmentThumbnails)
    .where(and(eq(attachmentThumbnails.fileId, fileId), eq(attachmentThumbnails.size, size)))
    .limit(1);
  return row;
}

/** Records a generated thumbnail; false when another request recorded one first (or the photo is gone). */
export async function insertThumbnail(db: Executor, v: { fileId: number; size: number; storageKey: string; bytes: number }): Promise<boolean> {
  const found = await rows<{ file_id: number }>(
    db,
    sql`insert into ${attachmentThumbnails} (file_id, size, storage_key, bytes)
        select file_id, ${v.size}, ${v.storageKey}, ${v.bytes} from ${attachments} where file_id = ${v.fileId}
        on conflict do nothing returning file_id`,
  );
  return found.length > 0;
}

export async function replaceThumbnail(
  db: Executor,
  v: { fileId: number; size: number; storageKey: string; bytes: number },
  previousKey: string,
): Promise<void> {
  await db
    .update(attachmentThumbnails)
    .set({ storageKey: v.storageKey, bytes: v.bytes })
    .where(and(eq(attachmentThumbnails.fileId, v.fileId), eq(attachmentThumbnails.size, v.size), eq(attachmentThumbnails.storageKey, previousKey)));
}

// ---- every file of a record (photos, documents and, for a construction site, its drawings) ----

export interface RecordFileRow {
  kind: 'photo' | 'document' | 'drawing';
  file_id: number;
  file_name: string;
  file_type: string;
  size: number;
  created: Date | string;
  uploaded_by: number | null;
  uploader_email: string | null;
}

export async function listRecordFiles(
  db: Executor,
  f: { category: string; refId: number; kinds?: string[] | undefined; keyword?: string | undefined; limit: number; skip: number },
) {
  const parts: SQL[] = [
    sql`select a.kind, a.file_id, a.file_name, a.file_type, a.size, a.created_at as created, a.uploaded_by
          from attachments a where a.category = ${f.category} and a.ref_id = ${f.refId}`,
  ];
  // A construction site's drawings (modules/sites) are files of the site too; read here to page them together.
  if (f.category === 'site') {
    parts.push(sql`select 'drawing' as kind, d.drawing_id as file_id, d.file_name,
          lower(coalesce(substring(d.file_name from '\\.([A-Za-z0-9]+)$'), '')) as file_type, d.size, d.uploaded_at as created, d.uploaded_by
          from site_drawings d where d.site_id = ${f.refId}`);
  }
  const k = kw(f.keyword);
  const where = and(
    f.kinds?.length
      ? sql`f.kind in (${sql.join(
          f.kinds.map((x) => sql`${x}`),
          sql`, `,
        )})`
      : undefined,
    k ? sql`(f.file_name ilike ${k} or u.email ilike ${k})` : undefined,
  );
  const from = sql`(${sql.join(parts, sql` union all `)}) f left join users u on u.user_id = f.uploaded_by ${where ? sql`where ${where}` : sql``}`;
  const [records, [count]] = await Promise.all([
    rows<RecordFileRow>(
      db,
      sql`select f.*, u.email as uploader_email from ${from} order by f.created desc, f.kind, f.file_id desc limit ${f.limit} offset ${f.skip}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n from ${from}`),
  ]);
  return { records, total: Number(count?.n ?? 0) };
}
