/** Test support of the report types: a report context for a user, and a collector of a document's blocks. */
import { eq } from 'drizzle-orm';
import { PERMISSION_CODES, reportPeriodBounds, ZReportParams, type TReportParamsInput } from '@strata/shared';
import type { Actor } from '../../../context.js';
import { users } from '../../../db/schema/index.js';
import type { TestApp } from '../../../testing/harness.js';
import { scopeOf } from '../../contracts/contracts.service.js';
import type { LevelCell, ReportBlock, ReportDocument, ReportRow } from '../report-document.js';
import type { ReportContext } from '../report-types.js';

/** The context the engine gives a report type, for this user (every task; their contracts as assigned). */
export async function reportContext(t: TestApp, userId: number, params: TReportParamsInput): Promise<ReportContext> {
  const [u] = await t.db.orm.select().from(users).where(eq(users.userId, userId));
  const actor: Actor = {
    userId,
    loginName: u!.loginName,
    fullname: u!.fullname,
    userType: u!.userType,
    roleId: u!.roleId,
    permissions: new Set(PERMISSION_CODES),
    sessionId: 0,
    csrfToken: '',
    via: 'access',
    verified: true,
    passwordExpired: false,
    clientAddress: '127.0.0.1',
  };
  const settings = await t.services.settings.get();
  const now = t.ctx.now();
  const parsed = ZReportParams.parse(params);
  return {
    app: t.ctx,
    actor,
    scope: scopeOf(actor),
    params: parsed,
    period: reportPeriodBounds(parsed.period, now, settings.timezone),
    timezone: settings.timezone,
    tzoHours: 8,
    now,
    settings,
    services: t.services.reportServices,
  };
}

/** A collected table: its headers and its rows (async rows drained). */
export interface CollectedTable {
  headers: string[];
  rows: ReportRow[];
  /** A row's cell by header (first match). */
  cell(row: ReportRow, header: string): ReportRow[number] | undefined;
}
export type Collected = Exclude<ReportBlock, { kind: 'table' }> | ({ kind: 'table' } & CollectedTable);

/** Every block of a document, tables' rows drained: what a renderer would see, without rendering. */
export async function collect(doc: ReportDocument): Promise<Collected[]> {
  const out: Collected[] = [];
  for await (const b of doc.blocks as AsyncIterable<ReportBlock>) {
    if (b.kind !== 'table') {
      out.push(b);
      continue;
    }
    const rows: ReportRow[] = [];
    for await (const r of b.rows as AsyncIterable<ReportRow>) rows.push(r);
    const headers = b.columns.map((c) => c.header);
    out.push({ kind: 'table', headers, rows, cell: (row, h) => row[headers.indexOf(h)] });
  }
  return out;
}

export const tables = (blocks: Collected[]) => blocks.filter((b): b is { kind: 'table' } & CollectedTable => b.kind === 'table');
export const texts = (blocks: Collected[]) => blocks.flatMap((b) => (b.kind === 'paragraph' || b.kind === 'heading' ? [b.text] : []));
export const headings1 = (blocks: Collected[]) => blocks.filter((b) => b.kind === 'heading' && b.level === 1).length;
export const isLevelCell = (c: unknown): c is LevelCell => typeof c === 'object' && c !== null && 'level' in c && 'color' in c;
