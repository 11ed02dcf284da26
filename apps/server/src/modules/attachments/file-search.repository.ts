import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { rows, type Executor } from '../../db/client.js';
import { attachments, contracts, mapLayers, mapUploads, users } from '../../db/schema/index.js';
import { dateWhere, kw, withUploader, type DateBounds } from './attachments.repository.js';
import { inScope, type ContractScope } from '../../db/scope.js';

/**
 * Reads across records, scoped in the query on the records' contracts: the map file search, the documents of
 * contracts (/upload/document) and the base-map upload history (/upload/map; map layers are global, not per contract).
 */

// ---- the map file search ----

export interface SearchRow {
  kind: 'photo' | 'document';
  file_id: number;
  file_name: string;
  file_type: string;
  size: number;
  created: Date | string;
  uploaded_by: number | null;
  uploader_email: string | null;
  category: string;
  ref_id: number;
  contract_id: number;
  contract_no: string;
  title: string;
  path: string;
  easting: number | null;
  northing: number | null;
}

/**
 * Photos and documents across records: `listing` is the records' relation (RecordRefs.listing()), scoped here on the
 * record's contract (its contract now, not at upload).
 */
export async function searchFiles(
  db: Executor,
  scope: ContractScope,
  listing: SQL,
  f: {
    keyword?: string | undefined;
    kind?: string | undefined;
    types?: string[] | undefined;
    dates: DateBounds;
    bbox?: [number, number, number, number] | undefined;
    contractIds?: number[] | undefined;
    category?: string | undefined;
    limit: number;
    skip: number;
  },
) {
  const k = kw(f.keyword);
  const where = and(
    inScope(scope, sql`r.contract_id`),
    f.contractIds
      ? f.contractIds.length
        ? sql`r.contract_id in (${sql.join(
            f.contractIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`
      : undefined,
    f.kind ? sql`a.kind = ${f.kind}` : undefined,
    f.types?.length
      ? sql`a.file_type in (${sql.join(
          f.types.map((t) => sql`${t}`),
          sql`, `,
        )})`
      : undefined,
    f.category ? sql`a.category = ${f.category}` : undefined,
    k ? sql`(a.file_name ilike ${k} or r.title ilike ${k} or u.email ilike ${k})` : undefined,
    dateWhere(sql`a.created_at`, f.dates),
    f.bbox ? sql`r.easting between ${f.bbox[0]} and ${f.bbox[2]} and r.northing between ${f.bbox[1]} and ${f.bbox[3]}` : undefined,
  );
  const from = sql`attachments a
    join (${listing}) r on r.category = a.category and r.ref_id = a.ref_id
    join contracts c on c.contract_id = r.contract_id
    left join users u on u.user_id = a.uploaded_by
    where ${where}`;
  const [records, [count]] = await Promise.all([
    rows<SearchRow>(
      db,
      sql`select a.kind, a.file_id, a.file_name, a.file_type, a.size, a.created_at as created, a.uploaded_by, u.email as uploader_email,
            a.category, a.ref_id, r.contract_id, c.no as contract_no, r.title, r.path, r.easting, r.northing
          from ${from} order by a.created_at desc, a.file_id desc limit ${f.limit} offset ${f.skip}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n from ${from}`),
  ]);
  return { records, total: Number(count?.n ?? 0) };
}

// ---- /upload/document: documents of contracts ----

export async function contractDocuments(
  db: Executor,
  scope: ContractScope,
  f: { keyword?: string | undefined; contractId?: number | undefined; dates: DateBounds; limit: number; skip: number },
) {
  const k = kw(f.keyword);
  const where = and(
    eq(attachments.category, 'contract'),
    eq(attachments.kind, 'document'),
    inScope(scope, contracts.contractId),
    f.contractId ? eq(contracts.contractId, f.contractId) : undefined,
    k ? or(sql`${attachments.fileName} ilike ${k}`, sql`${contracts.no} ilike ${k}`, sql`${users.email} ilike ${k}`) : undefined,
    dateWhere(attachments.createdAt, f.dates),
  );
  const base = () =>
    db
      .select({ ...withUploader, contractNo: contracts.no })
      .from(attachments)
      .innerJoin(contracts, eq(contracts.contractId, attachments.refId))
      .leftJoin(users, eq(users.userId, attachments.uploadedBy))
      .where(where);
  const [records, [count]] = await Promise.all([
    base().orderBy(desc(attachments.createdAt), desc(attachments.fileId)).limit(f.limit).offset(f.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(attachments)
      .innerJoin(contracts, eq(contracts.contractId, attachments.refId))
      .leftJoin(users, eq(users.userId, attachments.uploadedBy))
      .where(where),
  ]);
  return { records, total: count?.n ?? 0 };
}

// ---- /upload/map: drawings to base map ----

export async function insertMapUpload(tx: Executor, values: typeof mapUploads.$inferInsert) {
  const [row] = await tx.insert(mapUploads).values(values).returning();
  if (!row) throw new Error('map upload insert returned no row');
  return row;
}

export async function listMapUploads(db: Executor, f: { keyword?: string | undefined; dates: DateBounds; uploadId?: number; limit: number; skip: number }) {
  const k = kw(f.keyword);
  const where = and(
    f.uploadId ? eq(mapUploads.uploadId, f.uploadId) : undefined,
    k
      ? or(sql`${mapUploads.fileName} ilike ${k}`, sql`coalesce(${mapLayers.name}, ${mapUploads.layerName}) ilike ${k}`, sql`${users.email} ilike ${k}`)
      : undefined,
    dateWhere(mapUploads.createdAt, f.dates),
  );
  const [records, [count]] = await Promise.all([
    db
      .select({ u: mapUploads, currentName: mapLayers.name, uploaderEmail: users.email })
      .from(mapUploads)
      .leftJoin(mapLayers, eq(mapLayers.layerId, mapUploads.layerId))
      .leftJoin(users, eq(users.userId, mapUploads.uploadedBy))
      .where(where)
      .orderBy(desc(mapUploads.createdAt), desc(mapUploads.uploadId))
      .limit(f.limit)
      .offset(f.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(mapUploads)
      .leftJoin(mapLayers, eq(mapLayers.layerId, mapUploads.layerId))
      .leftJoin(users, eq(users.userId, mapUploads.uploadedBy))
      .where(where),
  ]);
  return { records, total: count?.n ?? 0 };
}
