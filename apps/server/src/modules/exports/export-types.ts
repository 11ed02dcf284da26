/**
 * The export types: who may create and download each, how its request is read, and how its file is made.
 * Each generator reads with the creator's scope as it was at creation (stored in the row's params).
 */
import {
  EXPORT_LIMITS,
  formatDateTime,
  PERMISSIONS,
  USER_TYPE_LABELS,
  ZAuditLogFilters,
  ZListAdminUsersQuery,
  type PermissionCode,
  type TAuditLogFilters,
  type UserType,
} from '@strata/shared';
import { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { dateRange } from '../../lib/filters.js';
import { parseOrBadRequest } from '../../lib/filters.js';
import type { AdminScope } from '../admin-users/admin-scope.js';
import { csvWriter, pdfTableWriter, TooLargeError, xlsxWriter, type TableWriter } from './export-writers.js';
import { countUsers, reportUsers, type UserFilters } from '../admin-users/admin-users.service.js';
import { auditConditions, auditPage, countAudit } from '../audit-logs/audit-logs.service.js';
import { allRolesWithPermissions } from '../roles/roles.service.js';

export interface ExportContext {
  db: Executor;
  scope: AdminScope;
  tz: string;
  now: Date;
  maxBytes: number;
}

export interface ExportResult {
  data: Buffer;
  rows: number;
}

export interface ExportTypeDef {
  kind: 'export' | 'report';
  formats: readonly string[];
  create: readonly PermissionCode[];
  download: readonly PermissionCode[];
  /** File name stem: `<stem>-YYYYMMDD-HHmmss.<format>`. */
  stem: string;
  /** Reads the request body (400 field errors on bad input); returns the filters to store. */
  parse(body: unknown): { format: string; filters: Record<string, unknown> };
  generate(ctx: ExportContext, format: string, filters: Record<string, unknown>): Promise<ExportResult>;
}

const BATCH = 2000;

function checkRows(n: number) {
  if (n > EXPORT_LIMITS.maxRows) throw new TooLargeError(`${n} rows: more than ${EXPORT_LIMITS.maxRows.toLocaleString('en')} rows`);
}

function writerFor(format: string, maxBytes: number, sheet: string, pdf: Parameters<typeof pdfTableWriter>[1], widths?: number[]): TableWriter {
  if (format === 'csv') return csvWriter(maxBytes);
  if (format === 'pdf') return pdfTableWriter(maxBytes, pdf);
  return xlsxWriter(maxBytes, sheet, widths);
}

const json = (v: unknown) => (v == null ? '' : JSON.stringify(v));

const auditLogs: ExportTypeDef = {
  kind: 'export',
  formats: ['xlsx', 'csv'],
  create: ['ViewAuditLogs'],
  download: ['ViewAuditLogs'],
  stem: 'audit-logs',
  parse(body) {
    const v = parseOrBadRequest(ZAuditLogFilters.extend({ format: z.enum(['xlsx', 'csv'], 'Format must be xlsx or csv').default('xlsx') }), body);
    dateRange(v.from, v.to); // 400 on an unreadable date now, not in the job
    const { format, ...filters } = v;
    return { format, filters };
  },
  async generate(ctx, format, filters) {
    const where = auditConditions(ctx.scope, filters as TAuditLogFilters);
    checkRows(await countAudit(ctx.db, where));
    const headers = ['Time', 'User ID', 'Login name', 'Client address', 'Action', 'Entity type', 'Entity ID', 'Before', 'After'];
    const w = writerFor(format, ctx.maxBytes, 'Audit log', { title: 'Audit log', columns: [] }, [20, 8, 18, 16, 24, 14, 12, 50, 50]);
    await w.header(headers);
    let rows = 0;
    let last: number | null = null;
    for (;;) {
      const page = await auditPage(ctx.db, where, last, BATCH);
      for (const r of page) {
        await w.row([formatDateTime(r.at, ctx.tz), r.userId, r.loginName, r.clientAddress, r.action, r.entityType, r.entityId, json(r.before), json(r.after)]);
      }
      rows += page.length;
      checkRows(rows);
      if (page.length < BATCH) break;
      last = page.at(-1)!.auditId;
    }
    return { data: await w.finish(), rows };
  },
};

const ZUserReportRequest = ZListAdminUsersQuery.omit({ limit: true, skip: true, sort: true, order: true }).extend({
  format: z.enum(['xlsx', 'pdf'], 'Format must be xlsx or pdf').default('xlsx'),
});

const usersReport: ExportTypeDef = {
  kind: 'report',
  formats: ['xlsx', 'pdf'],
  create: ['GenerateUserReport'],
  download: ['DownloadUserReport'],
  stem: 'user-report',
  parse(body) {
    const { format, ...filters } = parseOrBadRequest(ZUserReportRequest, body);
    return { format, filters };
  },
  async generate(ctx, format, filters) {
    const f = filters as UserFilters;
    checkRows(await countUsers(ctx.db, ctx.scope, f));
    const headers = ['Login name', 'Full name', 'E-mail', 'User type', 'Role', 'Contractor', 'Status', 'Created', 'Last sign-in'];
    const w = writerFor(
      format,
      ctx.maxBytes,
      'Users',
      {
        title: 'User report',
        subtitle: `Generated ${formatDateTime(ctx.now, ctx.tz)} (${ctx.tz})`,
        landscape: true,
        columns: [70, 110, 140, 60, 80, 100, 55, 80, 80].map((width, i) => ({ header: headers[i]!, width })),
      },
      [18, 24, 30, 16, 20, 26, 12, 20, 20],
    );
    await w.header(headers);
    let rows = 0;
    let last = 0;
    for (;;) {
      const page = await reportUsers(ctx.db, ctx.scope, f, last, BATCH);
      for (const r of page) {
        const u = r.user;
        await w.row([
          u.loginName,
          u.fullname,
          u.email,
          USER_TYPE_LABELS[u.userType as UserType] ?? String(u.userType),
          r.roleName,
          r.contractorName,
          u.status,
          formatDateTime(u.createdAt, ctx.tz),
          r.lastSignin ? formatDateTime(new Date(r.lastSignin), ctx.tz) : '',
        ]);
      }
      rows += page.length;
      if (page.length < BATCH) break;
      last = page.at(-1)!.user.userId;
    }
    return { data: await w.finish(), rows };
  },
};

const ROLES_PER_PDF_TABLE = 8;

const rolesReport: ExportTypeDef = {
  kind: 'report',
  formats: ['xlsx', 'pdf'],
  create: ['ManageRoles'],
  download: ['ManageRoles'],
  stem: 'roles-report',
  parse(body) {
    const { format } = parseOrBadRequest(z.object({ format: z.enum(['xlsx', 'pdf'], 'Format must be xlsx or pdf').default('xlsx') }), body);
    return { format, filters: {} };
  },
  async generate(ctx, format) {
    const roles = await allRolesWithPermissions(ctx.db);
    const held = roles.map((r) => new Set(r.permissionIds));
    const subtitle = `${roles.length} roles × ${PERMISSIONS.length} permissions. Generated ${formatDateTime(ctx.now, ctx.tz)} (${ctx.tz})`;
    if (format === 'xlsx') {
      const w = xlsxWriter(ctx.maxBytes, 'Roles x permissions', [18, 40, 34, ...roles.map(() => 14)]);
      await w.header(['Group', 'Permission', 'Code', ...roles.map((r) => r.name)]);
      for (const p of PERMISSIONS) await w.row([p.group, p.label, p.code, ...held.map((s) => (s.has(p.id) ? 'X' : ''))]);
      await w.row(['', 'Users holding the role', '', ...roles.map((r) => r.userCount)]);
      return { data: await w.finish(), rows: PERMISSIONS.length };
    }
    // PDF: the matrix in tables of up to 8 roles side by side, each table across as many pages as it needs.
    const chunks: (typeof roles)[] = [];
    for (let i = 0; i < roles.length; i += ROLES_PER_PDF_TABLE) chunks.push(roles.slice(i, i + ROLES_PER_PDF_TABLE));
    if (chunks.length === 0) chunks.push([]);
    const w = pdfTableWriter(ctx.maxBytes, {
      title: 'Roles and permissions',
      subtitle,
      landscape: true,
      columns: [
        { header: 'Group', width: 110 },
        { header: 'Permission', width: 210 },
        ...Array.from({ length: ROLES_PER_PDF_TABLE }, () => ({ header: '', width: 58 })),
      ],
    });
    let first = true;
    for (const chunk of chunks) {
      const names = chunk.map((r) => r.name);
      if (!first) await w.row(['', '', ...names.map(() => '')]);
      first = false;
      await w.row(['Group', 'Permission', ...names]);
      const idx = chunk.map((r) => held[roles.indexOf(r)]!);
      for (const p of PERMISSIONS) await w.row([p.group, p.label, ...idx.map((s) => (s.has(p.id) ? 'X' : ''))]);
    }
    return { data: await w.finish(), rows: PERMISSIONS.length };
  },
};

export const EXPORT_TYPE_DEFS: Record<string, ExportTypeDef> = {
  'audit-logs': auditLogs,
  users: usersReport,
  roles: rolesReport,
};

const union = (pick: (d: ExportTypeDef) => readonly PermissionCode[]) => [...new Set(Object.values(EXPORT_TYPE_DEFS).flatMap(pick))];
/** The routes' declarations: who may create some export, download some, or see some (either). */
export const EXPORT_CREATE_PERMISSIONS = union((d) => d.create);
export const EXPORT_DOWNLOAD_PERMISSIONS = union((d) => d.download);
export const EXPORT_PERMISSIONS = union((d) => [...d.create, ...d.download]);
