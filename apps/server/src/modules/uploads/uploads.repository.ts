import { aliasedTable, and, asc, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  contracts,
  instrumentTypes,
  instruments,
  readingCodes,
  uploadErrors,
  uploads,
  userContracts,
  users,
  type UploadStatus,
} from '../../db/schema/index.js';
import type { CodeRef, InstrumentRef } from './reading-validator.js';
import { inScope, type ContractScope } from '../../db/scope.js';

export type UploadRow = typeof uploads.$inferSelect;
export type UploadInsert = typeof uploads.$inferInsert;

/** What the load needs, kept on the row between validation and load. */
export interface UploadPlan {
  series: { instrumentId: number; readingCodeId: number; depth: number | null }[];
  /** How the validated files name each series (ids when they all existed at validation, else indexes). */
  refs?: number[];
  latest: { index: number; takenAt: string; value: number }[];
  months: string[];
}

/**
 * Who sees an upload: AppAdmin every one; others when every contract its rows belong to is theirs (the contract chosen
 * at upload while the rows are not known yet); an upload with no contract at all only its uploader.
 */
export function uploadInScope(scope: ContractScope): SQL {
  if (scope.all) return sql`true`;
  const mine = sql`array(select ${userContracts.contractId} from ${userContracts} where ${userContracts.userId} = ${scope.userId})`;
  return sql`(case when cardinality(${uploads.contractIds}) > 0 then ${uploads.contractIds} <@ ${mine}
                   when ${uploads.contractId} is not null then ${uploads.contractId} = any(${mine})
                   else ${uploads.uploadedBy} = ${scope.userId} end)`;
}

const uploader = aliasedTable(users, 'uploader');
const approver = aliasedTable(users, 'approver');
const rejecter = aliasedTable(users, 'rejecter');

export interface UploadView {
  upload: UploadRow;
  uploadedByName: string | null;
  approvedByName: string | null;
  rejectedByName: string | null;
  contractNos: string[];
}

const view = {
  upload: uploads,
  uploadedByName: uploader.fullname,
  approvedByName: approver.fullname,
  rejectedByName: rejecter.fullname,
  contractNos: sql<string[]>`coalesce((select array_agg(c.no order by c.no) from ${contracts} c where c.contract_id = any(${uploads.contractIds})), '{}')`,
};

function base(db: Executor) {
  return db
    .select(view)
    .from(uploads)
    .leftJoin(uploader, eq(uploader.userId, uploads.uploadedBy))
    .leftJoin(approver, eq(approver.userId, uploads.approvedBy))
    .leftJoin(rejecter, eq(rejecter.userId, uploads.rejectedBy));
}

export async function insertUpload(tx: Executor, values: UploadInsert): Promise<UploadRow> {
  const [row] = await tx.insert(uploads).values(values).returning();
  if (!row) throw new Error('upload insert returned no row');
  return row;
}

/** An upload the scope sees (null scope: any, for the jobs). */
export async function findUpload(db: Executor, scope: ContractScope | null, id: number): Promise<UploadView | undefined> {
  const [row] = await base(db)
    .where(and(eq(uploads.uploadId, id), scope ? uploadInScope(scope) : undefined))
    .limit(1);
  return row as UploadView | undefined;
}

export interface UploadsFilter {
  /** Uploads of these types only (none: no upload). */
  types: readonly string[];
  contractId?: number | undefined;
  status?: UploadStatus | undefined;
  limit: number;
  skip: number;
}

export async function listUploads(db: Executor, scope: ContractScope, f: UploadsFilter) {
  const where = and(
    uploadInScope(scope),
    f.types.length > 0 ? inArray(uploads.type, [...f.types]) : sql`false`,
    f.contractId ? or(eq(uploads.contractId, f.contractId), sql`${f.contractId}::int = any(${uploads.contractIds})`) : undefined,
    f.status ? eq(uploads.status, f.status) : undefined,
  );
  const [records, [count]] = await Promise.all([
    base(db).where(where).orderBy(desc(uploads.createdAt), desc(uploads.uploadId)).limit(f.limit).offset(f.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(uploads)
      .where(where),
  ]);
  return { records: records as UploadView[], total: count?.n ?? 0 };
}

/**
 * The latest upload of this type and file content that is not invalid, failed or rejected, among the uploads the
 * scope sees (another contract's upload of the same file is neither found nor named).
 */
export async function activeUploadOfContent(db: Executor, scope: ContractScope, type: string, sha256: string) {
  const [row] = await db
    .select({ id: uploads.uploadId, status: uploads.status, createdAt: uploads.createdAt })
    .from(uploads)
    .where(and(eq(uploads.type, type), eq(uploads.sha256, sha256), sql`${uploads.status} not in ('invalid', 'failed', 'rejected')`, uploadInScope(scope)))
    .orderBy(desc(uploads.createdAt))
    .limit(1);
  return row;
}

/**
 * Serialises uploads of one file content until the transaction ends, so the duplicate check and the insert of two
 * identical uploads cannot interleave: a transaction-level advisory lock in the two-key space (apart from the
 * single-key locks of partitions, alerts and pg-boss), keyed by this table and the first 32 bits of the sha256.
 */
export async function lockUploadContent(tx: Executor, sha256: string): Promise<void> {
  const key = Number.parseInt(sha256.slice(0, 8), 16) | 0;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('strata.uploads.content'), ${key}::int)`);
}

/**
 * Moves an upload from one of `from` to `to` (and sets `values`); returns the row when it moved. `staleBefore`: an
 * upload already in `to` whose last change is older also moves (a worker died while holding it).
 */
export async function transition(
  db: Executor,
  id: number,
  from: UploadStatus[],
  to: UploadStatus,
  values: Partial<UploadInsert>,
  staleBefore?: Date,
): Promise<UploadRow | undefined> {
  const [row] = await db
    .update(uploads)
    .set({ ...values, status: to })
    .where(
      and(
        eq(uploads.uploadId, id),
        or(inArray(uploads.status, from), staleBefore ? and(eq(uploads.status, to), lt(uploads.updatedAt, staleBefore)) : undefined),
      ),
    )
    .returning();
  return row;
}

/** Locks the row for the load transaction and returns its status. */
export async function lockUpload(tx: Executor, id: number): Promise<UploadStatus | undefined> {
  const [row] = await tx.select({ status: uploads.status }).from(uploads).where(eq(uploads.uploadId, id)).for('update');
  return row?.status;
}

/** Uploads a sweep should take: received/approved before `waitingBefore`, validating/loading untouched since `staleBefore`. */
export async function pendingUploads(db: Executor, waitingBefore: Date, staleBefore: Date) {
  return db
    .select({ id: uploads.uploadId, status: uploads.status })
    .from(uploads)
    .where(
      or(
        and(inArray(uploads.status, ['received', 'approved']), lt(uploads.updatedAt, waitingBefore)),
        and(inArray(uploads.status, ['validating', 'loading']), lt(uploads.updatedAt, staleBefore)),
      ),
    )
    .orderBy(asc(uploads.uploadId))
    .limit(100);
}

export async function replaceErrors(tx: Executor, uploadId: number, errors: { row: number; field: string; message: string; instrument_id?: number | null }[]) {
  await tx.delete(uploadErrors).where(eq(uploadErrors.uploadId, uploadId));
  for (let i = 0; i < errors.length; i += 2000) {
    await tx
      .insert(uploadErrors)
      .values(
        errors
          .slice(i, i + 2000)
          .map((e, k) => ({ uploadId, seq: i + k + 1, row: e.row, field: e.field, message: e.message, instrumentId: e.instrument_id ?? null })),
      );
  }
}

export async function errorsPage(db: Executor, uploadId: number, skip: number, limit: number) {
  const [records, [count]] = await Promise.all([
    db
      .select({ row: uploadErrors.row, field: uploadErrors.field, message: uploadErrors.message, instrument_id: uploadErrors.instrumentId })
      .from(uploadErrors)
      .where(eq(uploadErrors.uploadId, uploadId))
      .orderBy(asc(uploadErrors.seq))
      .limit(limit)
      .offset(skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(uploadErrors)
      .where(eq(uploadErrors.uploadId, uploadId)),
  ]);
  return { records, total: count?.n ?? 0 };
}

// ---- what validation looks up ----

/** The scope's instruments (optionally of one contract) for name resolution, by lower-case name. */
export async function instrumentRefs(db: Executor, scope: ContractScope, contractId: number | null): Promise<Map<string, InstrumentRef[]>> {
  const rows = await db
    .select({
      id: instruments.instrumentId,
      name: instruments.name,
      contractId: instruments.contractId,
      contractNo: contracts.no,
      typeId: instruments.typeId,
      typeCode: instrumentTypes.code,
      hasDepth: instrumentTypes.hasDepth,
    })
    .from(instruments)
    .innerJoin(contracts, eq(contracts.contractId, instruments.contractId))
    .innerJoin(instrumentTypes, eq(instrumentTypes.typeId, instruments.typeId))
    .where(and(inScope(scope, instruments.contractId), contractId ? eq(instruments.contractId, contractId) : undefined));
  const out = new Map<string, InstrumentRef[]>();
  for (const r of rows) {
    const key = r.name.toLowerCase();
    const list = out.get(key);
    if (list) list.push(r);
    else out.set(key, [r]);
  }
  return out;
}

export async function contractRefs(db: Executor, scope: ContractScope): Promise<Map<string, { id: number; no: string }>> {
  const rows = await db.select({ id: contracts.contractId, no: contracts.no }).from(contracts).where(inScope(scope, contracts.contractId));
  return new Map(rows.map((r) => [r.no.toLowerCase(), r]));
}

export async function codeRefs(db: Executor): Promise<Map<number, Map<string, CodeRef>>> {
  const rows = await db
    .select({
      id: readingCodes.readingCodeId,
      typeId: readingCodes.typeId,
      code: readingCodes.code,
      unit: readingCodes.unit,
      min: readingCodes.minValue,
      max: readingCodes.maxValue,
    })
    .from(readingCodes);
  const out = new Map<number, Map<string, CodeRef>>();
  for (const r of rows) {
    const m = out.get(r.typeId) ?? new Map<string, CodeRef>();
    m.set(r.code.toUpperCase(), { id: r.id, code: r.code, unit: r.unit, min: r.min, max: r.max });
    out.set(r.typeId, m);
  }
  return out;
}

/** The uploader (scope and name for audit rows). */
export async function userRef(db: Executor, userId: number | null) {
  if (userId === null) return undefined;
  const [row] = await db
    .select({ userId: users.userId, userType: users.userType, loginName: users.loginName, status: users.status })
    .from(users)
    .where(eq(users.userId, userId))
    .limit(1);
  return row;
}
