/**
 * The Log of Actions Taken's reads and writes (issue 9; decision 018). Every read is scoped to the caller's contracts
 * (`inScope` through `scoped`) and, when the request names contracts, to those.
 */
import { ACTION_CASE_RECORD_CATEGORY } from '@strata/shared';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rows, type Executor } from '../../db/client.js';
import { actionCaseEntries, actionCases, actionEntryFiles, attachments, contracts, instruments } from '../../db/schema/index.js';
import { likeEscape } from '../../lib/filters.js';
import { inScope, type ContractScope, scoped } from '../../db/scope.js';
import { pgArray } from '../../db/sql.js';

export interface CaseRow {
  caseId: number;
  category: string;
  status: string;
  title: string;
  contractId: number;
  contractNo: string;
  alertId: number | null;
  instrumentId: number | null;
  instrumentName: string | null;
  openedBy: string | null;
  openedAt: Date | string;
  closedBy: string | null;
  closedAt: Date | string | null;
  closeReason: string | null;
  entryCount: number;
  lastEntryAt: Date | string | null;
  // The alert, enough for its one-line message (alertMessage).
  alertKind: string | null;
  alertStatus: string | null;
  alertLevel: string | null;
  alertLevelColor: string | null;
  alertInstrumentName: string | null;
  readingCode: string | null;
  depth: number | null;
  unit: string | null;
  latestValue: number | null;
  readingAt: Date | string | null;
  groupName: string | null;
  scenarioName: string | null;
  alertDetail: Record<string, unknown> | null;
}

const FROM = sql`from action_cases ac
  join contracts c on c.contract_id = ac.contract_id
  left join instruments i on i.instrument_id = ac.instrument_id
  left join alerts a on a.alert_id = ac.alert_id
  left join alert_levels l on l.code = a.level_code
  left join instruments ai on ai.instrument_id = a.instrument_id
  left join reading_series s on s.series_id = a.series_id
  left join reading_codes rc on rc.reading_code_id = s.reading_code_id
  left join monitoring_groups g on g.group_id = a.group_id
  left join alert_scenarios sc on sc.scenario_id = a.scenario_id
  left join users ou on ou.user_id = ac.opened_by
  left join users cu on cu.user_id = ac.closed_by`;

const SELECT = sql`select ac.case_id as "caseId", ac.category, ac.status, ac.title, ac.contract_id as "contractId", c.no as "contractNo",
       ac.alert_id as "alertId", ac.instrument_id as "instrumentId", i.name as "instrumentName",
       ou.fullname as "openedBy", ac.opened_at as "openedAt", cu.fullname as "closedBy", ac.closed_at as "closedAt", ac.close_reason as "closeReason",
       (select count(*)::int from action_case_entries e where e.case_id = ac.case_id) as "entryCount",
       (select max(e.done_at) from action_case_entries e where e.case_id = ac.case_id) as "lastEntryAt",
       a.kind as "alertKind", a.status as "alertStatus", a.level_code as "alertLevel", l.color as "alertLevelColor",
       ai.name as "alertInstrumentName", rc.code as "readingCode", s.depth, rc.unit, a.latest_value as "latestValue", a.reading_at as "readingAt",
       g.name as "groupName", sc.name as "scenarioName", a.detail as "alertDetail"
  ${FROM}`;

export interface CaseFilter {
  /** The categories the caller may read (never empty: the service refuses first). */
  categories: readonly string[];
  contracts?: number[] | undefined;
  status?: string | undefined;
  keyword?: string | undefined;
  alertId?: number | undefined;
  instrumentId?: number | undefined;
}

function where(scope: ContractScope, f: CaseFilter): SQL {
  const kw = f.keyword ? `%${likeEscape(f.keyword)}%` : undefined;
  const caseNo = f.keyword && /^#?\d{1,9}$/.test(f.keyword) ? Number(f.keyword.replace('#', '')) : undefined;
  return and(
    scoped(scope, 'ac.contract_id', f.contracts),
    sql`ac.category = any(${pgArray([...f.categories])}::text[])`,
    f.status ? sql`ac.status = ${f.status}` : undefined,
    f.alertId ? sql`ac.alert_id = ${f.alertId}` : undefined,
    f.instrumentId ? sql`ac.instrument_id = ${f.instrumentId}` : undefined,
    kw
      ? sql`(ac.title ilike ${kw} or i.name ilike ${kw} or c.no ilike ${kw} or g.name ilike ${kw} or sc.name ilike ${kw} or rc.code ilike ${kw}
            or a.level_code ilike ${kw} or ${caseNo === undefined ? sql`false` : sql`ac.case_id = ${caseNo}`}
            or exists (select 1 from action_case_entries e where e.case_id = ac.case_id and e.action ilike ${kw}))`
      : undefined,
  )!;
}

export async function listCases(db: Executor, scope: ContractScope, f: CaseFilter, page: { limit: number; skip: number }) {
  const w = where(scope, f);
  const [records, [count]] = await Promise.all([
    rows<CaseRow>(db, sql`${SELECT} where ${w} order by ac.opened_at desc, ac.case_id desc limit ${page.limit} offset ${page.skip}`),
    rows<{ n: number }>(db, sql`select count(*)::int as n ${FROM} where ${w}`),
  ]);
  return { records, total: count?.n ?? 0 };
}

export async function findCase(db: Executor, scope: ContractScope, id: number): Promise<CaseRow | undefined> {
  const [row] = await rows<CaseRow>(db, sql`${SELECT} where ac.case_id = ${id} and ${scoped(scope, 'ac.contract_id', undefined)}`);
  return row;
}

/** Open cases per category within the scope. */
export async function openCounts(db: Executor, scope: ContractScope, contracts: number[] | undefined) {
  return rows<{ category: string; n: number }>(
    db,
    sql`select ac.category, count(*)::int as n from action_cases ac where ac.status = 'open' and ${scoped(scope, 'ac.contract_id', contracts)} group by ac.category`,
  );
}

/** The open case of an alert, or of a damaged instrument (whatever the caller's scope: the rule is one open case each). */
export async function openCaseOf(db: Executor, target: { alertId: number } | { instrumentId: number }): Promise<number | undefined> {
  const [row] = await db
    .select({ id: actionCases.caseId })
    .from(actionCases)
    .where(
      and(
        eq(actionCases.status, 'open'),
        'alertId' in target
          ? eq(actionCases.alertId, target.alertId)
          : and(eq(actionCases.category, 'damaged'), eq(actionCases.instrumentId, target.instrumentId)),
      ),
    )
    .limit(1);
  return row?.id;
}

/** The open cases of these alerts: alert id -> case id. */
export async function openCasesOfAlerts(db: Executor, alertIds: readonly number[]): Promise<Map<number, number>> {
  if (alertIds.length === 0) return new Map();
  const rows = await db
    .select({ alertId: actionCases.alertId, caseId: actionCases.caseId })
    .from(actionCases)
    .where(and(eq(actionCases.status, 'open'), inArray(actionCases.alertId, [...alertIds])));
  return new Map(rows.map((r) => [r.alertId!, r.caseId]));
}

export async function insertCase(tx: Executor, values: typeof actionCases.$inferInsert) {
  const [row] = await tx.insert(actionCases).values(values).returning();
  if (!row) throw new Error('case insert returned no row');
  return row;
}

/** Closes an open case; false when it was not open (closed meanwhile). */
export async function closeCase(tx: Executor, id: number, userId: number, reason: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(actionCases)
    .set({ status: 'closed', closedBy: userId, closedAt: at, closeReason: reason })
    .where(and(eq(actionCases.caseId, id), eq(actionCases.status, 'open')))
    .returning({ id: actionCases.caseId });
  return rows.length > 0;
}

/** Locks the case row for the rest of the transaction and answers its status (entries and closing serialise on it). */
export async function lockCase(tx: Executor, id: number): Promise<string | undefined> {
  const [row] = await rows<{ status: string }>(tx, sql`select status from action_cases where case_id = ${id} for update`);
  return row?.status;
}

// ---- follow-ups ----

export async function insertEntry(tx: Executor, values: typeof actionCaseEntries.$inferInsert) {
  const [row] = await tx.insert(actionCaseEntries).values(values).returning();
  if (!row) throw new Error('entry insert returned no row');
  return row;
}

export async function linkFiles(tx: Executor, entryId: number, fileIds: readonly number[]): Promise<void> {
  if (fileIds.length === 0) return;
  await tx.insert(actionEntryFiles).values(fileIds.map((fileId) => ({ entryId, fileId })));
}

export interface CaseFileRow {
  fileId: number;
  kind: 'photo' | 'document';
  fileName: string;
  size: number;
  storageKey: string;
  fileType: string;
  entryId: number | null;
}

/** The photos and documents attached to the case (the record `(case, id)`), with the follow-up each belongs to. */
export async function filesOfCase(db: Executor, caseId: number, fileIds?: readonly number[]): Promise<CaseFileRow[]> {
  return db
    .select({
      fileId: attachments.fileId,
      kind: attachments.kind,
      fileName: attachments.fileName,
      size: attachments.size,
      storageKey: attachments.storageKey,
      fileType: attachments.fileType,
      entryId: actionEntryFiles.entryId,
    })
    .from(attachments)
    .leftJoin(actionEntryFiles, eq(actionEntryFiles.fileId, attachments.fileId))
    .where(
      and(
        eq(attachments.category, ACTION_CASE_RECORD_CATEGORY),
        eq(attachments.refId, caseId),
        fileIds ? (fileIds.length ? inArray(attachments.fileId, [...fileIds]) : sql`false`) : undefined,
      ),
    )
    .orderBy(attachments.createdAt, attachments.fileId);
}

export interface EntryRow {
  entryId: number;
  caseId: number;
  action: string;
  doneAt: Date;
  byName: string | null;
  createdAt: Date;
}

/** The follow-ups of a case, in the order things were done (then written). */
export async function entriesOf(db: Executor, caseId: number): Promise<EntryRow[]> {
  return rows<EntryRow>(
    db,
    sql`select e.entry_id as "entryId", e.case_id as "caseId", e.action, e.done_at as "doneAt", u.fullname as "byName", e.created_at as "createdAt"
        from action_case_entries e left join users u on u.user_id = e.by_user
        where e.case_id = ${caseId} order by e.done_at, e.entry_id`,
  );
}

/** The case as a record files hang on: its contract, category and status, within the scope. */
export async function caseRecord(db: Executor, scope: ContractScope, id: number) {
  const [row] = await rows<{ contractId: number; category: string; status: string; title: string }>(
    db,
    sql`select ac.contract_id as "contractId", ac.category, ac.status, ac.title from action_cases ac
        where ac.case_id = ${id} and ${scoped(scope, 'ac.contract_id', undefined)}`,
  );
  return row;
}

/** An instrument within the scope, with its contract's number (a damaged-instrument case is about it). */
export async function findInstrument(db: Executor, scope: ContractScope, id: number) {
  const [row] = await db
    .select({ instrumentId: instruments.instrumentId, name: instruments.name, contractId: instruments.contractId, contractNo: contracts.no })
    .from(instruments)
    .innerJoin(contracts, eq(contracts.contractId, instruments.contractId))
    .where(and(eq(instruments.instrumentId, id), inScope(scope, instruments.contractId)))
    .limit(1);
  return row;
}

/** The ids of every case, as the column `ref_id` (`RecordResolver.existing`). */
export const CASE_RECORD_IDS = sql`select case_id as ref_id from action_cases`;
