import type { TAuditLog, TAuditLogList, TListAuditLogsQuery } from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { iso } from '../../lib/filters.js';
import { adminScopeOf } from '../admin-users/admin-scope.js';
import { listAudit, type AuditRow, auditConditions } from './audit-logs.repository.js';

/** What other modules use of this module's data (the audit log export): they reach it through this service, not the repository. */
export { auditConditions, auditPage, countAudit } from './audit-logs.repository.js';

export function presentAudit(r: AuditRow): TAuditLog {
  return {
    audit_id: r.auditId,
    at: iso(r.at),
    user_id: r.userId,
    login_name: r.loginName,
    client_address: r.clientAddress,
    action: r.action,
    entity_type: r.entityType,
    entity_id: r.entityId,
    before: (r.before as Record<string, unknown> | null) ?? null,
    after: (r.after as Record<string, unknown> | null) ?? null,
  };
}

/** The audit log, read only: no route edits or deletes a row. Secrets never reach it (redacted when written). */
export class AuditLogsService {
  constructor(private readonly ctx: AppContext) {}

  async list(actor: Actor, q: TListAuditLogsQuery): Promise<TAuditLogList> {
    const db = this.ctx.db.orm;
    const where = auditConditions(await adminScopeOf(db, actor), { ...q, keyword: q.keyword || undefined, action: q.action || undefined });
    const { records, total } = await listAudit(db, where, q);
    return { records: records.map(presentAudit), total_records: total };
  }
}
