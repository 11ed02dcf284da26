import { isSafeText, MESSAGES, ownValue, USER_TYPE, ZEmail, ZLoginName, type TUserImportResult } from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import { writeAudit } from '../../platform/audit.js';
import { adminScopeOf } from './admin-scope.js';
import { importLookups, insertImportBatch, insertImportedUser } from './user-import.repository.js';
import { ImportFileError, readImportFile, type SheetRow } from './user-import-file.js';
import { visibleContractIds } from '../contracts/contracts.service.js';

interface ValidRow {
  row: number;
  loginName: string;
  fullname: string;
  email: string;
  userType: number;
  roleId: number;
  contractorId: number | null;
  contractIds: number[];
}

type RowError = { field: string; message: string };

const lower = (s: string) => s.trim().toLowerCase();

/**
 * Bulk user upload (upload type `user-import`): every row is checked, the valid ones are staged as pending users
 * for approval, all in one transaction (a failure part-way leaves nothing). `dry_run` only reports.
 */
export class UserImportService {
  constructor(private readonly ctx: AppContext) {}

  async import(actor: Actor, file: { fileName: string; data: Buffer }, dryRun: boolean): Promise<TUserImportResult> {
    let parsed;
    try {
      parsed = await readImportFile(file.data);
    } catch (err) {
      if (err instanceof ImportFileError) throw badRequest({ files: err.message });
      throw err;
    }
    const { rows: report, valid } = await this.validate(actor, parsed.rows);
    const invalid = report.filter((r) => r.status === 'error').length;
    if (dryRun || valid.length === 0) return { rows: report, valid: valid.length, invalid, staged: 0, dry_run: dryRun, import_id: null };

    const now = this.ctx.now();
    const importId = await this.ctx.db.orm.transaction(async (tx) => {
      const batch = await insertImportBatch(tx, {
        fileName: file.fileName.slice(0, 255),
        format: parsed.format,
        totalRows: report.length,
        validRows: valid.length,
        invalidRows: invalid,
        createdBy: actor.userId,
        createdAt: now,
      });
      for (const v of valid) {
        const u = await insertImportedUser(tx, batch.id, v, now);
        await writeAudit(tx, actor, {
          action: 'user.import',
          entityType: 'user',
          entityId: u.id,
          after: {
            login_name: v.loginName,
            fullname: v.fullname,
            email: v.email,
            user_type: v.userType,
            role_id: v.roleId,
            contractor_id: v.contractorId,
            contract_ids: v.contractIds,
            status: 'pending',
            import_id: batch.id,
            row: v.row,
          },
        });
      }
      await writeAudit(tx, actor, {
        action: 'users.import',
        entityType: 'user_import',
        entityId: batch.id,
        after: { file_name: file.fileName, format: parsed.format, rows: report.length, staged: valid.length, invalid },
      });
      return batch.id;
    });
    return { rows: report, valid: valid.length, invalid, staged: valid.length, dry_run: false, import_id: importId };
  }

  private async validate(actor: Actor, rows: SheetRow[]) {
    const db = this.ctx.db.orm;
    const scope = await adminScopeOf(db, actor);
    const cell = (r: SheetRow, k: string) => ownValue(r.cells, k) ?? '';

    const logins = [...new Set(rows.map((r) => lower(cell(r, 'login_name'))).filter(Boolean))];
    const emails = [...new Set(rows.map((r) => lower(cell(r, 'email'))).filter(Boolean))];
    const contractNos = [...new Set(rows.flatMap((r) => cell(r, 'contracts').split(';').map(lower).filter(Boolean)))];
    const { roleRows, contractorRows, contractRows, takenLogins, takenEmails } = await importLookups(db, { logins, emails, contractNos });
    const visible = new Set(
      await visibleContractIds(
        db,
        scope.contracts,
        contractRows.map((c) => c.contractId),
      ),
    );
    const roleByName = new Map(roleRows.map((r) => [lower(r.name), r.id]));
    const contractorByKey = new Map<string, (typeof contractorRows)[number]>();
    for (const c of contractorRows) {
      contractorByKey.set(lower(c.name), c);
      if (c.registrationNo) contractorByKey.set(lower(c.registrationNo), c);
    }
    const contractByNo = new Map(contractRows.filter((c) => visible.has(c.contractId)).map((c) => [lower(c.no), c]));
    const loginTaken = new Set(takenLogins.map((r) => r.v));
    const emailTakenSet = new Set(takenEmails.map((r) => r.v));
    const firstLogin = new Map<string, number>();
    const firstEmail = new Map<string, number>();

    const report: TUserImportResult['rows'] = [];
    const valid: ValidRow[] = [];
    for (const r of rows) {
      const errors: RowError[] = [];
      const add = (field: string, message: string) => errors.push({ field, message });
      for (const [k, v] of Object.entries(r.cells)) if (!isSafeText(v)) add(k, MESSAGES.maliciousInput);

      const login = ZLoginName.safeParse(cell(r, 'login_name'));
      const loginName = login.success ? login.data : lower(cell(r, 'login_name'));
      if (!cell(r, 'login_name')) add('login_name', 'Login name is required');
      else if (!login.success) add('login_name', login.error.issues[0]?.message ?? 'Invalid login name');
      else if (loginTaken.has(loginName)) add('login_name', MESSAGES.loginNameTaken);
      else if (firstLogin.has(loginName)) add('login_name', `Duplicate login name (also in row ${firstLogin.get(loginName)})`);
      if (loginName && !firstLogin.has(loginName)) firstLogin.set(loginName, r.row);

      const fullname = cell(r, 'fullname');
      if (!fullname) add('fullname', 'Full name is required');
      else if (fullname.length > 100) add('fullname', 'Full name must be at most 100 characters');

      const emailRaw = cell(r, 'email');
      const email = ZEmail.safeParse(emailRaw);
      if (!emailRaw) add('email', 'E-mail is required');
      else if (!email.success) add('email', 'Enter a valid e-mail address');
      else if (emailTakenSet.has(lower(emailRaw))) add('email', MESSAGES.emailTaken);
      else if (firstEmail.has(lower(emailRaw))) add('email', `Duplicate e-mail (also in row ${firstEmail.get(lower(emailRaw))})`);
      if (emailRaw && !firstEmail.has(lower(emailRaw))) firstEmail.set(lower(emailRaw), r.row);

      const typeText = lower(cell(r, 'user_type'));
      const userType =
        typeText === 'authority' || typeText === '0' ? USER_TYPE.Authority : typeText === 'contractor' || typeText === '1' ? USER_TYPE.Contractor : undefined;
      if (!typeText) add('user_type', 'User type is required');
      else if (userType === undefined) add('user_type', 'User type must be Authority or Contractor');

      const roleName = cell(r, 'role');
      const roleId = roleByName.get(lower(roleName));
      if (!roleName) add('role', 'Role is required');
      else if (roleId === undefined) add('role', `Unknown role "${roleName}"`);

      const contractorKey = cell(r, 'contractor');
      const contractor = contractorKey ? contractorByKey.get(lower(contractorKey)) : undefined;
      if (contractorKey && !contractor) add('contractor', `Unknown contractor "${contractorKey}"`);
      if (userType === USER_TYPE.Contractor && !contractorKey) add('contractor', MESSAGES.contractorRequired);
      if (userType === USER_TYPE.Authority && contractorKey) add('contractor', 'Only Contractor users have a contractor');
      if (scope.contractorId !== null && userType !== undefined) {
        if (userType !== USER_TYPE.Contractor) add('user_type', 'You can only import users of your contractor');
        else if (contractor && contractor.contractorId !== scope.contractorId) add('contractor', 'You can only import users of your contractor');
      }

      const contractIds: number[] = [];
      for (const no of cell(r, 'contracts')
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const c = contractByNo.get(lower(no));
        if (!c) add('contracts', `Unknown contract "${no}"`);
        else if (userType === USER_TYPE.Contractor && contractor && c.contractorId !== contractor.contractorId)
          add('contracts', `Contract ${c.no} is not of contractor ${contractor.name}`);
        else if (!contractIds.includes(c.contractId)) contractIds.push(c.contractId);
      }

      report.push({ row: r.row, login_name: loginName, status: errors.length ? 'error' : 'valid', errors });
      if (errors.length === 0 && userType !== undefined && roleId !== undefined) {
        valid.push({ row: r.row, loginName, fullname, email: emailRaw, userType, roleId, contractorId: contractor?.contractorId ?? null, contractIds });
      }
    }
    return { rows: report, valid };
  }
}
