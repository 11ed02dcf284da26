import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { USER_TYPE } from '@strata/shared';
import { auditLog, generatedFiles, users } from '../../db/schema/index.js';
import { createRole, createUser } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../testing/harness.js';
import { pdfText } from '../../testing/pdf-text.js';

interface World {
  t: TestApp;
  admin: Session;
  generator: Session;
  genRole: number;
}

/** An app on a database of its own, an administrator and a holder of GenerateUserReport, both signed in. */
async function createExportWorld(): Promise<World> {
  const t = await createTestApp({ dataDir: mkdtempSync(path.join(tmpdir(), 'strata-exports-')) });
  const all = await createRole(t.db, 'all', 'All');
  await createUser(t.db, { loginName: 'x.admin', roleId: all.roleId, userType: USER_TYPE.AppAdmin });
  const admin = await signIn(t, 'x.admin');
  const gen = await createRole(t.db, ['GenerateUserReport'], 'Generator');
  await createUser(t.db, { loginName: 'x.gen', roleId: gen.roleId });
  const generator = await signIn(t, 'x.gen');
  return { t, admin, generator, genRole: gen.roleId };
}

/** Starts an export; its job id. */
async function startExport(t: TestApp, s: Session, type: string, payload: object): Promise<number> {
  const res = await as(t, s, { method: 'POST', url: `/api/v1/exports/${type}`, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().job_id as number;
}

describe('exports and generated reports', () => {
  let t: TestApp;
  let admin: Session;
  let generator: Session;
  let genRole: number;

  // One app for the file; each test starts without generated files, as tests count them (the audit rows they look at
  // are those of their own files). The clean-up test, which moves the clock past the sessions' lifetime, has its own.
  beforeAll(async () => {
    ({ t, admin, generator, genRole } = await createExportWorld());
  });
  beforeEach(async () => {
    await t.db.orm.delete(generatedFiles);
  });
  afterAll(() => t.close());

  const start = (s: Session, type: string, payload: object) => startExport(t, s, type, payload);
  const check = async (s: Session, id: number) => (await as(t, s, { method: 'GET', url: `/api/v1/exports/${id}/check` })).json();

  it('exports the audit log as a real XLSX: in progress, then completed, downloaded with the resource token as an attachment', async () => {
    const id = await start(admin, 'audit-logs', { format: 'xlsx', action: 'auth.' });
    expect(await check(admin, id)).toEqual({ status: 1 });
    expect(await t.services.exports.runPending()).toBe(1);
    const done = await check(admin, id);
    expect(done).toMatchObject({ status: 2, url: `/api/v1/exports/${id}/download` });
    expect(done.file_name).toMatch(/^audit-logs-\d{8}-\d{6}\.xlsx$/);

    const res = await t.app.inject({ method: 'GET', url: `${done.url}?_token=${admin.resourceToken}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${done.file_name}"`);
    expect(Number(res.headers['content-length'])).toBe(done.size);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(5).value).toBe('Action');
    const actions: string[] = [];
    ws.eachRow((row, n) => {
      if (n > 1) actions.push(String(row.getCell(5).value));
    });
    const signins = await t.db.orm.select().from(auditLog).where(eq(auditLog.action, 'auth.signin'));
    expect(actions.filter((a) => a === 'auth.signin')).toHaveLength(signins.length);
    expect(actions.every((a) => a.startsWith('auth.'))).toBe(true);
    const [row] = await t.db.orm.select().from(generatedFiles).where(eq(generatedFiles.id, id));
    expect(row).toMatchObject({ status: 'completed', rows: actions.length, kind: 'export' });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(7 * 86_400_000);
    const ofFile = (action: string) => and(eq(auditLog.action, action), eq(auditLog.entityId, String(id)));
    const [created] = await t.db.orm.select().from(auditLog).where(ofFile('export.create'));
    expect(created?.after).toMatchObject({ type: 'audit-logs', format: 'xlsx' });
    expect((await t.db.orm.select().from(auditLog).where(ofFile('export.download'))).length).toBe(1);
  });

  it('exports the audit log as CSV', async () => {
    const id = await start(admin, 'audit-logs', { format: 'csv', action: 'auth.signin' });
    await t.services.exports.runPending();
    const done = await check(admin, id);
    const res = await as(t, admin, { method: 'GET', url: done.url });
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Time,User ID,Login name,Client address,Action,Entity type,Entity ID,Before,After');
    expect(lines.slice(1).every((l) => l.includes(',auth.signin,'))).toBe(true);
  });

  it('makes the user report as a PDF; downloading needs DownloadUserReport', async () => {
    for (let i = 0; i < 5; i++) await createUser(t.db, { loginName: `x.user${i}`, roleId: genRole }); // users to report
    // Written as they are (issue 16: the standard fonts showed "?" for the dash and the Chinese name).
    const named = await createUser(t.db, { loginName: 'x.zhang', roleId: genRole });
    await t.db.orm.update(users).set({ fullname: 'ETR – 张伟' }).where(eq(users.userId, named.userId));
    const id = await start(generator, 'users', { format: 'pdf', user_type: 0 });
    await t.services.exports.runPending();
    const done = await check(generator, id);
    expect(done.status).toBe(2);
    expect(done.url).toBeUndefined();
    expect((await as(t, generator, { method: 'GET', url: `/api/v1/exports/${id}/download` })).statusCode).toBe(403);
    const res = await as(t, admin, { method: 'GET', url: `/api/v1/exports/${id}/download` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="user-report-\d{8}-\d{6}\.pdf"/);
    const lines = pdfText(res.rawPayload).split('\n');
    expect(lines).toContain('User report');
    expect(lines).toContain('x.zhang');
    expect(lines).toContain('ETR – 张伟');
  });

  it('makes the roles × permissions matrix as XLSX and PDF', async () => {
    const x = await start(admin, 'roles', { format: 'xlsx' });
    const p = await start(admin, 'roles', { format: 'pdf' });
    await t.services.exports.runPending();
    const xr = await as(t, admin, { method: 'GET', url: (await check(admin, x)).url });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xr.rawPayload as unknown as ArrayBuffer);
    const header = wb.worksheets[0]!.getRow(1).values as unknown[];
    expect(header).toEqual(expect.arrayContaining(['Permission', 'All', 'Generator']));
    const pr = await as(t, admin, { method: 'GET', url: (await check(admin, p)).url });
    expect(pr.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('validates the type, the format and the creator’s permission', async () => {
    expect((await as(t, admin, { method: 'POST', url: '/api/v1/exports/nope', payload: {} })).statusCode).toBe(404);
    const badFormat = await as(t, admin, { method: 'POST', url: '/api/v1/exports/users', payload: { format: 'csv' } });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json()).toHaveProperty('format');
    expect((await as(t, generator, { method: 'POST', url: '/api/v1/exports/audit-logs', payload: {} })).statusCode).toBe(403);
  });

  it('reports failures (3) and files that are too large (4)', async () => {
    const id = await start(admin, 'audit-logs', { format: 'xlsx' });
    await t.db.orm.update(generatedFiles).set({ type: 'broken' }).where(eq(generatedFiles.id, id));
    await t.services.exports.runPending();
    await t.db.orm.update(generatedFiles).set({ type: 'audit-logs' }).where(eq(generatedFiles.id, id));
    expect(await check(admin, id)).toMatchObject({ status: 3 });
    await t.db.orm.update(generatedFiles).set({ status: 'too_large', error: 'Too large to export' }).where(eq(generatedFiles.id, id));
    expect(await check(admin, id)).toMatchObject({ status: 4 });
  });

  it('lists generated files by kind, with who, size, status and the download link', async () => {
    // Three reports (a user report by the generator, then the roles matrix twice) and an export, which is not a report.
    await start(generator, 'users', { format: 'pdf', user_type: 0 });
    await start(admin, 'roles', { format: 'xlsx' });
    await start(admin, 'roles', { format: 'pdf' });
    await start(admin, 'audit-logs', { format: 'csv' });
    expect(await t.services.exports.runPending()).toBe(4);
    const reports = await as(t, admin, { method: 'GET', url: '/api/v1/generated-files?kind=report' });
    expect(reports.statusCode).toBe(200);
    const recs = reports.json().records;
    expect(recs.length).toBe(3);
    expect(recs.every((r: { kind: string }) => r.kind === 'report')).toBe(true);
    expect(recs[recs.length - 1]).toMatchObject({ type: 'users', created_by_name: 'x.gen', status: 2, state: 'completed' });
    expect(recs[0].size).toBeGreaterThan(0);
    // The generator sees only the user reports, without a download link.
    const mine = await as(t, generator, { method: 'GET', url: '/api/v1/generated-files' });
    expect(mine.json().records.map((r: { type: string; url: string | null }) => [r.type, r.url])).toEqual([['users', null]]);
  });
});

describe('the clean-up of generated files', () => {
  let world: World;
  beforeAll(async () => {
    world = await createExportWorld();
  });
  afterAll(() => world.t.close());

  it('the clean-up deletes expired files and their rows', async () => {
    const { t, admin } = world;
    await startExport(t, admin, 'audit-logs', { format: 'csv' });
    await startExport(t, admin, 'roles', { format: 'pdf' });
    await t.services.exports.runPending();
    const before = (await t.db.orm.select().from(generatedFiles)).length;
    t.clock.advance(8 * 86_400_000);
    const result = await t.services.exports.cleanExpired();
    expect(before).toBe(2);
    expect(result.deleted).toBe(before);
    expect(await t.db.orm.select().from(generatedFiles)).toHaveLength(0);
  });
});
