import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TAgsReport, TUpload, TUploadCreated, TUploadList, TUploadReport } from '@strata/shared';
import { and, eq, sql } from 'drizzle-orm';
import { rows } from '../../db/client.js';
import { boreholes, boreholeVersions, notifications, uploads } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../testing/harness.js';
import { createWorld, filesUnder, lastAudit, multipart, tempDataDir, type World } from '../../testing/master-data.js';
import { image, zip } from '../attachments/test-files.js';

const TASKS = ['UploadSIBoreholeFiles', 'ViewSIBoreholeUploadHistory', 'ApproveUpload'] as const;
const testFile = (path: string) => readFileSync(fileURLToPath(new URL(`../../../test-data/ags/${path}`, import.meta.url)));
const DLR = testFile('ags4/dlr-woolwich-extension.ags');
/** LOCA rows of the DLR file. */
const DLR_BOREHOLES = 25;

/** A small AGS4 file with one borehole per LOCA row named in `ids`. */
const small = (ids: string[], extra = '') => `"GROUP","PROJ"
"HEADING","PROJ_ID","PROJ_NAME"
"UNIT","",""
"TYPE","ID","X"
"DATA","P-1","Small"

"GROUP","LOCA"
"HEADING","LOCA_ID","LOCA_TYPE","LOCA_NATE","LOCA_NATN","LOCA_GL","LOCA_FDEP"
"UNIT","","","m","m","m","m"
"TYPE","ID","PA","2DP","2DP","2DP","2DP"
${ids.map((id, i) => `"DATA","${id}","CP","${30000 + i}.00","35000.00","15.20","30.00"`).join('\r\n')}
${extra}`;

describe('borehole uploads (AGS)', () => {
  const dataDir = tempDataDir('bh-uploads');
  let t: TestApp;
  let w: World;
  type Who = keyof World['sessions'];

  const post = (who: Who, name: string, data: Buffer | string, fields: Record<string, string>, query = '') =>
    as(t, w.sessions[who], { method: 'POST', url: `/api/v1/uploads/borehole${query}`, ...multipart(name, data, fields) });
  const get = (who: Who, url: string) => as(t, w.sessions[who], { method: 'GET', url: `/api/v1${url}` });
  const act = (who: Who, url: string) => as(t, w.sessions[who], { method: 'POST', url: `/api/v1${url}` });
  const status = async (id: number, who: Who = 'manager') => (await get(who, `/uploads/${id}`)).json<TUpload>();

  async function uploadAndValidate(who: Who, name: string, data: Buffer | string, fields: Record<string, string>, query = '') {
    const res = await post(who, name, data, fields, query);
    expect(res.statusCode, res.body).toBe(202);
    const created = res.json<TUploadCreated>();
    await t.services.uploads.runPending();
    return status(created.upload_id, who);
  }

  const boreholesOf = async (contractId: number) =>
    (await t.db.orm.select({ no: boreholes.boreholeNo, version: boreholes.version }).from(boreholes).where(eq(boreholes.contractId, contractId))).sort((a, b) =>
      a.no.localeCompare(b.no),
    );

  beforeAll(async () => {
    t = await createTestApp({ dataDir });
  });
  beforeEach(async () => {
    w = await createWorld(t, TASKS);
  });
  afterAll(() => t.close());

  it('checks the DLR file, keeps its report (JSON, text, XLSX) and on approval loads one borehole per LOCA row', async () => {
    const u = await uploadAndValidate('xuser', 'dlr.ags', DLR, { contract_id: String(w.contractA), crs: '27700' });
    expect(u).toMatchObject({ type: 'borehole', status: 'validated', format: 'ags', rows_total: DLR_BOREHOLES, contract_ids: [w.contractA], progress: 100 });

    const res = await get('xuser', `/uploads/${u.upload_id}/ags-report`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<TAgsReport>();
    expect(report).toMatchObject({ upload_id: u.upload_id, file_name: 'dlr.ags', version: 'AGS4', files: ['dlr.ags'] });
    expect(report.boreholes).toHaveLength(DLR_BOREHOLES);
    expect(report.boreholes.every((b) => !b.exists)).toBe(true);
    const findings = report.counts.errors + report.counts.warnings + report.counts.fyi;
    expect(findings).toBeGreaterThan(0);
    expect(u.errors_total).toBe(findings);
    const rows = (await get('xuser', `/uploads/${u.upload_id}/report?limit=1000`)).json<TUploadReport>();
    expect(rows.total_records).toBeGreaterThan(0);
    expect(rows.records[0]!.message).toMatch(/^\[.+\] /);

    const txt = await get('xuser', `/uploads/${u.upload_id}/ags-report.txt`);
    expect(txt.statusCode).toBe(200);
    expect(txt.headers['content-type']).toMatch(/text\/plain/);
    expect(txt.body).toContain('File: dlr.ags');
    expect(txt.body).toContain(report.by_rule[0]!.rule);

    const xlsx = await get('xuser', `/uploads/${u.upload_id}/ags-report.xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Findings')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Rule', 'Severity', 'File', 'Line', 'Group', 'Heading', 'Message']);
    const listed = report.by_rule.reduce((n, r) => n + r.findings.length + (r.omitted > 0 ? 1 : 0), 0);
    expect(sheet.rowCount).toBe(listed + 1);

    // Approval: the load job puts every borehole of the file into the contract, and says so.
    expect((await act('manager', `/uploads/${u.upload_id}/approve`)).statusCode).toBe(200);
    await t.services.uploads.runPending();
    const done = await status(u.upload_id, 'xuser');
    expect(done).toMatchObject({ status: 'done', rows_loaded: DLR_BOREHOLES });
    const stored = await boreholesOf(w.contractA);
    expect(stored).toHaveLength(DLR_BOREHOLES);
    expect(stored.every((b) => b.version === 1)).toBe(true);
    expect(await lastAudit(t.db, 'upload.load')).toMatchObject({ entityId: String(u.upload_id) });
    const told = await t.db.orm
      .select({ userId: notifications.userId, link: notifications.linkUri, key: notifications.messageKey })
      .from(notifications)
      .where(eq(notifications.linkUri, `/en/upload/borehole?upload=${u.upload_id}`));
    expect(told.map((n) => n.userId).sort()).toEqual([w.userIds.manager, w.userIds.xuser].sort());
    expect(told[0]!.key).toBe('upload.boreholesLoaded');

    // The same file again: refused, then forced; the report now says the boreholes exist, and the load versions them.
    const again = await post('xuser', 'dlr.ags', DLR, { contract_id: String(w.contractA), crs: '27700' });
    expect(again.statusCode).toBe(409);
    const forced = await uploadAndValidate('xuser', 'dlr.ags', DLR, { contract_id: String(w.contractA), crs: '27700' }, '?force=true');
    expect(forced.status).toBe('validated');
    const second = (await get('xuser', `/uploads/${forced.upload_id}/ags-report`)).json<TAgsReport>();
    expect(second.boreholes.every((b) => b.exists)).toBe(true);
    expect((await act('manager', `/uploads/${forced.upload_id}/approve`)).statusCode).toBe(200);
    await t.services.uploads.runPending();
    expect((await status(forced.upload_id)).status).toBe('done');
    const versioned = await boreholesOf(w.contractA);
    expect(versioned).toHaveLength(DLR_BOREHOLES);
    expect(versioned.every((b) => b.version === 2)).toBe(true);
  });

  it('writes the progress of the check as the file is read', async () => {
    await t.db.exec(`create table bh_progress_seen (seq serial primary key, upload_id int, status text, progress int);
      create function bh_record_progress() returns trigger language plpgsql as $$
      begin
        if new.progress is distinct from old.progress then insert into bh_progress_seen (upload_id, status, progress) values (new.upload_id, new.status, new.progress); end if;
        return new;
      end $$;
      create trigger bh_record_progress after update on uploads for each row execute function bh_record_progress();`);
    const every = t.services.uploads.progressEveryMs;
    try {
      t.services.uploads.progressEveryMs = 0;
      const u = await uploadAndValidate('xuser', 'dlr.ags', DLR, { contract_id: String(w.contractA), crs: '27700' });
      expect(u).toMatchObject({ status: 'validated', progress: 100 });
      const steps = (
        await t.db.query<{ status: string; progress: number }>('select status, progress from bh_progress_seen where upload_id = $1 order by seq', [u.upload_id])
      ).rows;
      const reading = steps.filter((s) => s.status === 'validating' && s.progress > 0 && s.progress < 90);
      expect(reading.length).toBeGreaterThanOrEqual(3);
      const all = steps.map((s) => s.progress);
      expect(all.every((p, i) => i === 0 || p > all[i - 1]!)).toBe(true);
      expect(all.at(-1)).toBe(100);
    } finally {
      t.services.uploads.progressEveryMs = every;
      await t.db.exec('drop trigger bh_record_progress on uploads; drop function bh_record_progress(); drop table bh_progress_seen;');
    }
  });

  it('refuses a file that is not AGS (a PNG, a CSV) with a 400, storing nothing', async () => {
    const before = filesUnder(dataDir).length;
    const [count] = await t.db.orm.select({ n: sql<number>`count(*)::int` }).from(uploads);
    for (const [name, data] of [
      ['photo.png', await image('png')],
      ['readings.csv', 'instrument,date_time,reading_code,value\nSM-1,2026-01-01 08:00,DSPA,1\n'],
      ['photo.ags', await image('png')],
    ] as const) {
      const res = await post('xuser', name, data, { contract_id: String(w.contractA) });
      expect(res.statusCode, name).toBe(400);
      expect(res.json<{ files: string }>().files).toMatch(/not an AGS file/);
    }
    const noAgs = await post('xuser', 'photos.zip', zip([{ name: 'a.txt', data: 'hello' }]), { contract_id: String(w.contractA) });
    expect(noAgs.statusCode).toBe(400);
    expect(noAgs.json()).toEqual({ files: 'The ZIP holds no .ags file' });
    const badCrs = await post('xuser', 'a.ags', small(['BH1']), { contract_id: String(w.contractA), crs: '4326' });
    expect(badCrs.statusCode).toBe(400);
    expect(filesUnder(dataDir)).toHaveLength(before);
    const [after] = await t.db.orm.select({ n: sql<number>`count(*)::int` }).from(uploads);
    expect(after!.n).toBe(count!.n);
  });

  it('reports a DATA row with the wrong number of fields at its line, and still offers the file for approval', async () => {
    const text = small(['BH1', 'BH2']).replace('"DATA","BH2","CP"', '"DATA","BH2","CP","extra"');
    const line = text.split('\n').findIndex((l) => l.includes('"extra"')) + 1;
    const u = await uploadAndValidate('xuser', 'short.ags', text, { contract_id: String(w.contractA) });
    expect(u.status).toBe('validated');
    expect(u.rows_total).toBe(2);
    const report = (await get('xuser', `/uploads/${u.upload_id}/ags-report`)).json<TAgsReport>();
    const found = report.by_rule.flatMap((r) => r.findings).filter((f) => f.line === line);
    expect(found.length).toBeGreaterThan(0);
    expect(found.some((f) => f.severity === 'error')).toBe(true);
    const rows = (await get('xuser', `/uploads/${u.upload_id}/report`)).json<TUploadReport>();
    expect(rows.records.some((r) => r.row === line)).toBe(true);
  });

  it('marks a file without any borehole invalid, with its report, and does not approve it', async () => {
    const text = `"GROUP","PROJ"\r\n"HEADING","PROJ_ID"\r\n"UNIT",""\r\n"TYPE","ID"\r\n"DATA","P-1"\r\n`;
    const u = await uploadAndValidate('xuser', 'none.ags', text, { contract_id: String(w.contractA) });
    expect(u).toMatchObject({ status: 'invalid', rows_total: 0, error: 'The file holds no borehole (no LOCA or HOLE row)' });
    expect((await get('xuser', `/uploads/${u.upload_id}/ags-report`)).statusCode).toBe(200);
    expect((await act('manager', `/uploads/${u.upload_id}/approve`)).statusCode).toBe(409);
  });

  it('reads an AGS3 file: its HOLE rows are the boreholes, loaded with AGS4 names', async () => {
    const u = await uploadAndValidate('xuser', 'C6048.ags', testFile('ags3/C6048.ags'), { contract_id: String(w.contractA) });
    expect(u.status).toBe('validated');
    const report = (await get('xuser', `/uploads/${u.upload_id}/ags-report`)).json<TAgsReport>();
    expect(report.version).toBe('AGS3');
    expect(report.boreholes.length).toBe(u.rows_total);
    expect(u.rows_total).toBeGreaterThan(0);
    expect((await act('manager', `/uploads/${u.upload_id}/approve`)).statusCode).toBe(200);
    await t.services.uploads.runPending();
    expect(await status(u.upload_id)).toMatchObject({ status: 'done', rows_loaded: u.rows_total });
    expect((await boreholesOf(w.contractA)).map((b) => b.no).sort()).toEqual(report.boreholes.map((b) => b.borehole_no).sort());
  });

  it('marks a ZIP whose .ags file is not AGS at all invalid', async () => {
    const u = await uploadAndValidate('xuser', 'odd.zip', zip([{ name: 'photo.ags', data: await image('png') }]), { contract_id: String(w.contractA) });
    expect(u).toMatchObject({ status: 'invalid', error: 'The file could not be read as AGS: no GROUP row found' });
    const report = (await get('xuser', `/uploads/${u.upload_id}/ags-report`)).json<TAgsReport>();
    expect(report.counts.errors).toBeGreaterThan(0);
  });

  it('keeps uploads within the caller\u2019s contracts and the borehole permissions', async () => {
    const refused = await post('xuser', 'b.ags', small(['BH1']), { contract_id: String(w.contractB) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ contract_id: 'Contract not found' });
    expect((await post('xuser', 'b.ags', small(['BH1']), {})).statusCode).toBe(400);
    expect((await post('nobody', 'a.ags', small(['BH1']), { contract_id: String(w.contractA) })).statusCode).toBe(403);

    const u = await uploadAndValidate('xuser', 'a.ags', small(['BH-A']), { contract_id: String(w.contractA) });
    expect((await get('yuser', `/uploads/${u.upload_id}`)).statusCode).toBe(404);
    expect((await get('yuser', `/uploads/${u.upload_id}/ags-report`)).statusCode).toBe(404);
    expect((await get('nobody', `/uploads/${u.upload_id}/ags-report`)).statusCode).toBe(403);

    // The history: type=borehole for the borehole history viewers; the instrument history is not theirs.
    const list = (await get('xuser', '/uploads?type=borehole')).json<TUploadList>();
    expect(list.records.map((r) => r.upload_id)).toContain(u.upload_id);
    expect((await get('xuser', '/uploads?type=instrument')).statusCode).toBe(403);
    expect((await get('yuser', '/uploads?type=borehole')).json<TUploadList>().records.map((r) => r.upload_id)).not.toContain(u.upload_id);
  });

  it('leaves nothing written when the load fails part way, and tells the uploader and approver', async () => {
    const u = await uploadAndValidate('xuser', 'two.ags', small(['F-1', 'F-2']), { contract_id: String(w.contractA) });
    expect(u.status).toBe('validated');
    // The typed version rows are written after the generic store and the borehole rows: refuse them.
    await t.db.orm.execute(sql`CREATE FUNCTION test_refuse_versions() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`);
    await t.db.orm.execute(sql`CREATE TRIGGER test_refuse_versions BEFORE INSERT ON borehole_versions FOR EACH ROW EXECUTE FUNCTION test_refuse_versions()`);
    try {
      expect((await act('manager', `/uploads/${u.upload_id}/approve`)).statusCode).toBe(200);
      await t.services.uploads.runPending();
    } finally {
      await t.db.orm.execute(sql`DROP TRIGGER test_refuse_versions ON borehole_versions`);
      await t.db.orm.execute(sql`DROP FUNCTION test_refuse_versions()`);
    }
    expect(await status(u.upload_id)).toMatchObject({ status: 'failed', error: 'The boreholes could not be loaded; nothing was written', rows_loaded: 0 });
    expect(await boreholesOf(w.contractA)).toEqual([]);
    const [files] = await rows<{ n: number }>(t.db.orm, sql`SELECT count(*)::int AS n FROM ags_files WHERE upload_id = ${u.upload_id}`);
    expect(files!.n).toBe(0);
    const told = await t.db.orm
      .select({ key: notifications.messageKey })
      .from(notifications)
      .where(eq(notifications.linkUri, `/en/upload/borehole?upload=${u.upload_id}`));
    expect(told.map((n) => n.key)).toEqual(['upload.failed', 'upload.failed']);

    // Approved again, the load goes through.
    expect((await act('manager', `/uploads/${u.upload_id}/approve`)).statusCode).toBe(200);
    await t.services.uploads.runPending();
    expect((await status(u.upload_id)).status).toBe('done');
    expect((await boreholesOf(w.contractA)).map((b) => b.no)).toEqual(['F-1', 'F-2']);
  });

  it('takes a ZIP of two AGS files as one upload: one report naming both, every borehole loaded', async () => {
    const archive = zip([
      { name: 'north/north.ags', data: small(['N-1', 'N-2']) },
      { name: 'south.AGS', data: small(['S-1']) },
      { name: 'FILE/readme.txt', data: 'notes' },
    ]);
    const u = await uploadAndValidate('xuser', 'site.zip', archive, { contract_id: String(w.contractA), crs: '3414' });
    expect(u).toMatchObject({ status: 'validated', format: 'zip', rows_total: 3 });
    const report = (await get('xuser', `/uploads/${u.upload_id}/ags-report`)).json<TAgsReport>();
    expect(report.files).toEqual(['north/north.ags', 'south.AGS']);
    expect(report.boreholes.map((b) => b.borehole_no)).toEqual(['N-1', 'N-2', 'S-1']);
    const withFile = report.by_rule.flatMap((r) => r.findings).filter((f) => f.file !== undefined);
    expect(withFile.length).toBeGreaterThan(0);
    expect((await act('manager', `/uploads/${u.upload_id}/approve`)).statusCode).toBe(200);
    await t.services.uploads.runPending();
    expect((await status(u.upload_id)).status).toBe('done');
    expect((await boreholesOf(w.contractA)).map((b) => b.no)).toEqual(['N-1', 'N-2', 'S-1']);
    const [versions] = await t.db.orm
      .select({ n: sql<number>`count(*)::int` })
      .from(boreholeVersions)
      .where(and(eq(boreholeVersions.uploadId, u.upload_id)));
    expect(versions!.n).toBe(3);
  });
});
