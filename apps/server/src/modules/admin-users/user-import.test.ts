import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { eq, inArray, like } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { USER_TYPE } from '@strata/shared';
import { auditLog, systemLogs, userContracts, userImports, users } from '../../db/schema/index.js';
import { createContract, createContractor, createRole, createUser } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../testing/harness.js';

/** A multipart body with one file part named `files` (as the upload button sends). */
function multipart(fileName: string, data: Buffer, contentType: string) {
  const boundary = `----strata${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const CSV = [
  'login_name,fullname,email,user_type,role,contractor,contracts',
  'good.one,Good One,good.one@example.com,Authority,Engineer,,T301;T302',
  'good.two,"Two, Good",good.two@example.com,Contractor,engineer,Lion City Tunnelling,T301',
  ',No Login,nologin@example.com,Authority,Engineer,,',
  'bad.mail,Bad Mail,not-an-email,Authority,Engineer,,',
  'good.one,Duplicate,dup@example.com,Authority,Engineer,,',
  'taken,Taken,taken.new@example.com,Authority,Engineer,,',
  'no.role,No Role,no.role@example.com,Authority,Nope,,',
  'no.contractor,No Contractor,nc@example.com,Contractor,Engineer,,',
  'wrong.contract,Wrong Contract,wc@example.com,Contractor,Engineer,Lion City Tunnelling,X900',
  'unknown.contract,Unknown Contract,uc@example.com,Authority,Engineer,,ZZZ',
  'bad.type,Bad Type,bt@example.com,Admin,Engineer,,',
  '',
].join('\r\n');

describe('bulk user upload (upload type user-import)', () => {
  let t: TestApp;
  let admin: Session;

  // A database of its own for each test: the imports stage users under fixed login names (a dry run checks that they are
  // not there) and the report test counts every pending user and import audit row.
  beforeEach(async () => {
    t = await createTestApp({ dataDir: mkdtempSync(path.join(tmpdir(), 'strata-import-')) });
    const role = await createRole(t.db, ['BulkUserUpload', 'SearchUsers'], 'Importer');
    await createRole(t.db, [], 'Engineer');
    await createUser(t.db, { loginName: 'importer', roleId: role.roleId, userType: USER_TYPE.AppAdmin });
    await createUser(t.db, { loginName: 'taken' });
    admin = await signIn(t, 'importer');
    const lct = await createContractor(t.db, 'Lion City Tunnelling');
    const other = await createContractor(t.db, 'Other Builders');
    await createContract(t.db, { no: 'T301', contractorId: lct.contractorId });
    await createContract(t.db, { no: 'T302', contractorId: lct.contractorId });
    await createContract(t.db, { no: 'X900', contractorId: other.contractorId });
  });
  afterEach(() => t.close());

  const upload = (fileName: string, data: Buffer, type: string, query = '') =>
    as(t, admin, { method: 'POST', url: `/api/v1/admin/users/import${query}`, ...multipart(fileName, data, type) });

  it('offers the template as CSV and XLSX', async () => {
    const csv = await as(t, admin, { method: 'GET', url: '/api/v1/admin/users/import/template?format=csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim()).toBe('login_name,fullname,email,user_type,role,contractor,contracts');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="user-import-template.csv"');
    const xlsx = await as(t, admin, { method: 'GET', url: '/api/v1/admin/users/import/template?format=xlsx' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]?.getRow(1).values).toEqual([undefined, 'login_name', 'fullname', 'email', 'user_type', 'role', 'contractor', 'contracts']);
  });

  it('a dry run reports every row and stages nothing', async () => {
    const res = await upload('users.csv', Buffer.from(CSV), 'text/csv', '?dry_run=true');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ valid: 2, invalid: 9, staged: 0, dry_run: true, import_id: null });
    expect(
      await t.db.orm
        .select()
        .from(users)
        .where(inArray(users.loginName, ['good.one', 'good.two'])),
    ).toHaveLength(0);
  });

  it('gives the right per-row report and stages only the good rows, as pending users of source import', async () => {
    const res = await upload('users.csv', Buffer.from(CSV), 'text/csv');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ valid: 2, invalid: 9, staged: 2, dry_run: false });
    const byRow = new Map(body.rows.map((r: { row: number; status: string; errors: { field: string; message: string }[] }) => [r.row, r]));
    const fieldsOf = (row: number) => (byRow.get(row) as { errors: { field: string }[] }).errors.map((e) => e.field);
    expect((byRow.get(2) as { status: string }).status).toBe('valid');
    expect((byRow.get(3) as { status: string }).status).toBe('valid');
    expect(fieldsOf(4)).toEqual(['login_name']);
    expect(fieldsOf(5)).toEqual(['email']);
    expect((byRow.get(6) as { errors: { message: string }[] }).errors[0]?.message).toMatch(/Duplicate login name \(also in row 2\)/);
    expect(fieldsOf(7)).toEqual(['login_name']);
    expect(fieldsOf(8)).toEqual(['role']);
    expect(fieldsOf(9)).toEqual(['contractor']);
    expect((byRow.get(10) as { errors: { message: string }[] }).errors[0]?.message).toMatch(/X900 is not of contractor Lion City Tunnelling/);
    expect(fieldsOf(11)).toEqual(['contracts']);
    expect(fieldsOf(12)).toEqual(['user_type']);

    const staged = await t.db.orm
      .select()
      .from(users)
      .where(inArray(users.loginName, ['good.one', 'good.two']));
    expect(staged.map((u) => u.status)).toEqual(['pending', 'pending']);
    expect(staged.every((u) => u.passwordHash === null)).toBe(true);
    const two = staged.find((u) => u.loginName === 'good.two')!;
    expect(two.fullname).toBe('Two, Good');
    expect(
      await t.db.orm
        .select()
        .from(userContracts)
        .where(eq(userContracts.userId, staged.find((u) => u.loginName === 'good.one')!.userId)),
    ).toHaveLength(2);
    const list = await as(t, admin, { method: 'GET', url: '/api/v1/admin/users?status=pending' });
    expect(list.json().records.map((u: { source: string }) => u.source)).toEqual(['import', 'import']);
    const audits = await t.db.orm.select().from(auditLog).where(like(auditLog.action, 'user%.import'));
    expect(audits.map((a) => a.action).sort()).toEqual(['user.import', 'user.import', 'users.import']);
  });

  it('reads XLSX too', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Users');
    ws.addRow(['login_name', 'fullname', 'email', 'user_type', 'role', 'contractor', 'contracts']);
    ws.addRow(['xlsx.user', 'Xlsx User', 'xlsx.user@example.com', 'Contractor', 'Engineer', 'Lion City Tunnelling', 'T302']);
    ws.addRow(['xlsx.bad', 'Xlsx Bad', 'xlsx.bad@example', 'Authority', 'Engineer', '', '']);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await upload('users.xlsx', data, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ valid: 1, invalid: 1, staged: 1 });
    expect(res.json().rows[1]).toMatchObject({ row: 3, login_name: 'xlsx.bad', status: 'error', errors: [{ field: 'email' }] });
  });

  it('checks the content, not the name: a picture named .csv, or a file without the columns, is refused', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]);
    const bin = await upload('users.csv', png, 'text/csv');
    expect(bin.statusCode).toBe(400);
    expect(bin.json()).toHaveProperty('files');
    const cols = await upload('users.csv', Buffer.from('name,mail\r\na,b\r\n'), 'text/csv');
    expect(cols.statusCode).toBe(400);
    expect(cols.json().files).toMatch(/Missing columns/);
  });

  it('leaves nothing behind when the database fails part-way (row 3 of 3)', async () => {
    await t.db.exec(`
      create function strata_test_boom() returns trigger language plpgsql as $$
      begin raise exception 'simulated failure'; end $$;
      create trigger strata_test_boom before insert on users for each row when (new.login_name = 'boom.three') execute function strata_test_boom();`);
    const before = (await t.db.orm.select().from(userImports)).length;
    const auditsBefore = (await t.db.orm.select().from(auditLog)).length;
    const csv = [
      'login_name,fullname,email,user_type,role',
      'boom.one,B1,b1@example.com,Authority,Engineer',
      'boom.two,B2,b2@example.com,Authority,Engineer',
      'boom.three,B3,b3@example.com,Authority,Engineer',
    ].join('\n');
    const res = await upload('boom.csv', Buffer.from(csv), 'text/csv');
    expect(res.statusCode).toBe(500);
    expect(await t.db.orm.select().from(users).where(like(users.loginName, 'boom.%'))).toHaveLength(0);
    expect(await t.db.orm.select().from(userImports)).toHaveLength(before);
    expect(await t.db.orm.select().from(auditLog)).toHaveLength(auditsBefore);
    const [log] = await t.db.orm.select().from(systemLogs).where(eq(systemLogs.route, '/api/v1/admin/users/import'));
    expect(log).toMatchObject({ level: 'error', source: 'http', method: 'POST', status: 500 });
    await t.db.exec('drop trigger strata_test_boom on users; drop function strata_test_boom();');
  });
});
