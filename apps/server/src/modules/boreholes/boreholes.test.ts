import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  svy21ToWgs84,
  USER_TYPE,
  type TBorehole,
  type TBoreholeGroupPage,
  type TBoreholeList,
  type TBoreholeLog,
  type TBoreholeSection,
  type TBoreholeVersions,
} from '@strata/shared';
import { as, createTestApp, type TestApp } from '../../testing/harness.js';
import { createWorld, type World } from '../../testing/master-data.js';
import { checkAgsBuffer, readAgsBuffer, toAgs4Names, type AgsFile } from './ags/index.js';
import { loadAgsFile } from './borehole-store.repository.js';

const q = (...v: (string | number)[]) => v.map((x) => `"${String(x).replace(/"/g, '""')}"`).join(',');
function group(name: string, headings: string[], units: string[], types: string[], rows: (string | number)[][]): string {
  return [q('GROUP', name), q('HEADING', ...headings), q('UNIT', ...units), q('TYPE', ...types), ...rows.map((r) => q('DATA', ...r)), ''].join('\r\n');
}

interface Hole {
  id: string;
  e: number;
  n: number;
  depth: number;
  geol: [number, number, string, string][];
  spt: [number, number][];
}

/** A small AGS4 file: PROJ, TRAN, UNIT, TYPE, LOCA, GEOL, ISPT. */
function agsText(holes: Hole[]): string {
  return [
    group('PROJ', ['PROJ_ID', 'PROJ_NAME'], ['', ''], ['ID', 'X'], [['P-1', 'Strata test']]),
    group(
      'TRAN',
      ['TRAN_ISNO', 'TRAN_DATE', 'TRAN_PROD', 'TRAN_STAT', 'TRAN_AGS', 'TRAN_RECV', 'TRAN_DLIM', 'TRAN_RCON'],
      ['', 'yyyy-mm-dd', '', '', '', '', '', ''],
      ['X', 'DT', 'X', 'X', 'X', 'X', 'X', 'X'],
      [['1', '2026-03-04', 'Strata', 'DRAFT', '4.1', 'Strata', '.', '+']],
    ),
    group(
      'UNIT',
      ['UNIT_UNIT', 'UNIT_DESC'],
      ['', ''],
      ['X', 'X'],
      [
        ['m', 'metre'],
        ['yyyy-mm-dd', 'date'],
      ],
    ),
    group(
      'TYPE',
      ['TYPE_TYPE', 'TYPE_DESC'],
      ['', ''],
      ['X', 'X'],
      [
        ['ID', 'Unique identifier'],
        ['X', 'Text'],
        ['DT', 'Date'],
        ['2DP', 'Value; 2 decimal places'],
        ['0DP', 'Value; 0 decimal places'],
      ],
    ),
    group(
      'LOCA',
      ['LOCA_ID', 'LOCA_TYPE', 'LOCA_NATE', 'LOCA_NATN', 'LOCA_GL', 'LOCA_FDEP', 'LOCA_ENDD', 'LOCA_REM'],
      ['', '', 'm', 'm', 'm', 'm', 'yyyy-mm-dd', ''],
      ['ID', 'X', '2DP', '2DP', '2DP', '2DP', 'DT', 'X'],
      holes.map((h) => [h.id, 'CP', h.e.toFixed(2), h.n.toFixed(2), '15.20', h.depth.toFixed(2), '2026-03-04', `remark ${h.id}`]),
    ),
    group(
      'GEOL',
      ['LOCA_ID', 'GEOL_TOP', 'GEOL_BASE', 'GEOL_DESC', 'GEOL_LEG', 'GEOL_GEOL'],
      ['', 'm', 'm', '', '', ''],
      ['ID', '2DP', '2DP', 'X', 'X', 'X'],
      holes.flatMap((h) => h.geol.map(([t, b, d, l]) => [h.id, t.toFixed(2), b.toFixed(2), d, l, 'FILL'])),
    ),
    group(
      'ISPT',
      ['LOCA_ID', 'ISPT_TOP', 'ISPT_NVAL', 'ISPT_REP'],
      ['', 'm', '', ''],
      ['ID', '2DP', '0DP', 'X'],
      holes.flatMap((h) => h.spt.map(([t, n]) => [h.id, t.toFixed(2), String(n), `N=${n}`])),
    ),
  ].join('\r\n');
}

/** A 60 m hole: twelve strata of 5 m, SPT every 1.5 m (the first has no value). */
const deepHole = (id: string, e: number, n: number): Hole => ({
  id,
  e,
  n,
  depth: 60,
  geol: Array.from({ length: 12 }, (_, i) => [i * 5, i * 5 + 5, i === 0 ? 'Soft <b>grey</b> CLAY & "fill"' : `Layer ${i + 1}`, String([102, 201, 401, 501, 805][i % 5])]),
  spt: Array.from({ length: 40 }, (_, i) => [1.5 + i * 1.5, i === 0 ? -2147483648 : 5 + i * 2]),
});
const shallowHole = (id: string, e: number, n: number): Hole => ({ id, e, n, depth: 10, geol: [[0, 10, `${id} clay`, '201']], spt: [[1.5, 7]] });

const dlrBytes = () => readFileSync(fileURLToPath(new URL('../../../test-data/ags/ags4/dlr-woolwich-extension.ags', import.meta.url)));
const errorRules = (bytes: Buffer | string) => new Set(checkAgsBuffer(bytes).report.findings.filter((f) => f.severity === 'error').map((f) => f.rule));
const rowsOf = (file: AgsFile, name: string, locaId: string) => {
  const g = file.groups.find((x) => x.name === name)!;
  const i = g.headings.indexOf('LOCA_ID');
  return g.rows.filter((r) => r.values[i] === locaId).map((r) => Object.fromEntries(g.headings.map((h, k) => [h, r.values[k] ?? ''])));
};

describe('boreholes: reading, sections and downloads', () => {
  let t: TestApp;
  let w: World;
  const ids: Record<string, number> = {};
  const req = (who: keyof World['sessions'], method: 'GET' | 'POST', url: string, payload?: object) =>
    as(t, w.sessions[who], { method, url: `/api/v1${url}`, ...(payload ? { payload } : {}) });
  const load = (contractId: number, text: string | Buffer, crs: '3414' | '27700' = '3414') =>
    t.db.orm.transaction((tx) => loadAgsFile(tx, { contractId, uploadId: null, fileName: 'test.ags', file: readAgsBuffer(text), crs, loadedBy: null }));
  const listAs = async (who: keyof World['sessions'], query = '') => {
    const res = await req(who, 'GET', `/boreholes${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TBoreholeList>();
  };

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t, ['ExportSiteInvestigation', 'UploadSIBoreholeFiles']);
    // Contract A: BH1 (deep), BH2, BH10 along an east-west line; contract B: BHB1 next to them, and the DLR file.
    const a = await load(w.contractA, agsText([deepHole('BH1', 30000, 30000), shallowHole('BH2', 30100, 30000), shallowHole('BH10', 30200, 30040)]));
    await load(w.contractB, agsText([shallowHole('BHB1', 30150, 30010)]));
    for (const b of a.boreholes) ids[b.boreholeNo] = b.boreholeId;
    // A second load of BH1 with one stratum makes version 2.
    await load(w.contractA, agsText([{ ...shallowHole('BH1', 30000, 30000), depth: 60 }]));
    const dlr = await load(w.contractB, dlrBytes(), '27700');
    ids.dlr = dlr.boreholes[0]!.boreholeId;
    ids.BHB1 = (await listAs('yuser', '?keyword=BHB1')).records[0]!.borehole_id;
  });
  afterAll(() => t.close());

  it('lists only the caller’s contracts, in natural order, with every row on limit -1', async () => {
    const x = await listAs('xuser', '?limit=-1');
    expect(x.records.map((r) => r.borehole_no)).toEqual(['BH1', 'BH2', 'BH10']);
    expect(x.total_records).toBe(3);
    const y = await listAs('yuser', '?limit=-1');
    expect(y.records.every((r) => r.contract_id === w.contractB)).toBe(true);
    expect(y.total_records).toBe(26);
    expect(y.records).toHaveLength(26);
    const page = await listAs('yuser', '?limit=5&skip=5');
    expect(page.records).toHaveLength(5);
    expect(page.total_records).toBe(26);
    expect((await listAs('manager', '?limit=-1')).total_records).toBe(29);
  });

  it('filters the list by keyword (wildcards taken literally), contract, type, depth and bounds', async () => {
    expect((await listAs('xuser', '?keyword=bh1&limit=-1')).records.map((r) => r.borehole_no)).toEqual(['BH1', 'BH10']);
    const contractNo = (await listAs('xuser')).records[0]!.contract_no;
    expect((await listAs('manager', `?keyword=${encodeURIComponent(contractNo.toLowerCase())}`)).total_records).toBe(3);
    expect((await listAs('manager', '?keyword=%25')).total_records).toBe(0);
    expect((await listAs('xuser', '?keyword=B_1')).total_records).toBe(0);
    expect((await listAs('manager', `?contract=${w.contractA}`)).total_records).toBe(3);
    expect((await listAs('xuser', `?contract=${w.contractB}`)).total_records).toBe(0);
    expect((await listAs('xuser', '?depth_min=20')).records.map((r) => r.borehole_no)).toEqual(['BH1']);
    expect((await listAs('xuser', '?depth_max=20&type=cp')).records.map((r) => r.borehole_no)).toEqual(['BH2', 'BH10']);
    const p = svy21ToWgs84(30000, 30000);
    const bounds = `${p.lon - 0.0001},${p.lat - 0.0001},${p.lon + 0.0001},${p.lat + 0.0001}`;
    expect((await listAs('manager', `?bounds=${bounds}`)).records.map((r) => r.borehole_no)).toEqual(['BH1']);
    expect((await req('manager', 'GET', '/boreholes?bounds=1,2,3')).statusCode).toBe(400);
    expect((await req('manager', 'GET', '/boreholes?limit=0')).statusCode).toBe(400);
  });

  it('answers the borehole types in scope', async () => {
    expect((await req('xuser', 'GET', '/boreholes/types')).json()).toEqual({ records: ['CP'] });
  });

  it('answers 404 for another contract’s borehole on every read route', async () => {
    for (const path of ['', '/versions', '/logs', '/geol', '/ispt?limit=-1']) {
      expect((await req('yuser', 'GET', `/boreholes/${ids.BH1}${path}`)).statusCode, path).toBe(404);
      expect((await req('xuser', 'GET', `/boreholes/${ids.BH1}${path}`)).statusCode, path).toBe(200);
    }
    expect((await req('xuser', 'GET', `/boreholes/${ids.BHB1}`)).statusCode).toBe(404);
    expect((await req('xuser', 'GET', `/boreholes/${ids.BH1}/nope`)).statusCode).toBe(400);
  });

  it('shows the newest version and reads an earlier one on ?version', async () => {
    const now = (await req('xuser', 'GET', `/boreholes/${ids.BH1}`)).json<TBorehole>();
    expect(now).toMatchObject({ borehole_no: 'BH1', contract_no: expect.any(String), version: 2, latest_version: 2, crs: 3414, easting: 30000, northing: 30000 });
    expect(now.counts).toMatchObject({ geol: 1, ispt: 1, core: 0 });
    const first = (await req('xuser', 'GET', `/boreholes/${ids.BH1}?version=1`)).json<TBorehole>();
    expect(first).toMatchObject({ version: 1, latest_version: 2, final_depth: 60, end_date: '2026-03-04', remark: 'remark BH1' });
    expect(first.counts).toMatchObject({ geol: 12, ispt: 40 });
    expect((await req('xuser', 'GET', `/boreholes/${ids.BH1}?version=3`)).statusCode).toBe(404);
    const versions = (await req('xuser', 'GET', `/boreholes/${ids.BH1}/versions`)).json<TBoreholeVersions>();
    expect(versions.records.map((v) => v.version)).toEqual([2, 1]);
    expect(versions.records[0]!.file_name).toBe('test.ags');
  });

  it('pages a group by the spec’s field names, 5 by default and every row on -1, with -2147483648 as null', async () => {
    const first = (await req('xuser', 'GET', `/boreholes/${ids.BH1}/ispt?version=1`)).json<TBoreholeGroupPage>();
    expect(first.total_records).toBe(40);
    expect(first.records).toHaveLength(5);
    expect(first.records[0]).toMatchObject({ ispt_top: 1.5, ispt_nval: null, ispt_rep: 'N=-2147483648', ispt_inc1: null });
    expect(first.records[1]).toMatchObject({ ispt_top: 3, ispt_nval: 7 });
    const all = (await req('xuser', 'GET', `/boreholes/${ids.BH1}/ispt?version=1&limit=-1`)).json<TBoreholeGroupPage>();
    expect(all.records).toHaveLength(40);
    const page = (await req('xuser', 'GET', `/boreholes/${ids.BH1}/geol?version=1&limit=5&skip=10`)).json<TBoreholeGroupPage>();
    expect(page.records.map((r) => r.geol_top)).toEqual([50, 55]);
    expect(Object.keys(page.records[0]!)).toEqual(['geol_top', 'geol_base', 'geol_geol', 'geol_geo2', 'geol_geo3', 'geol_leg', 'geol_stat', 'geol_desc']);
    const stcn = (await req('xuser', 'GET', `/boreholes/${ids.BH1}/stcn`)).json<TBoreholeGroupPage>();
    expect(stcn).toEqual({ records: [], total_records: 0 });
  });

  it('answers the log with every geol, ispt, core and stcn record in order', async () => {
    const log = (await req('xuser', 'GET', `/boreholes/${ids.BH1}/logs?version=1`)).json<TBoreholeLog>();
    expect(log).toMatchObject({ id: ids.BH1, borehole_no: 'BH1', ground_level: 15.2, final_depth: 60, borehole_type: 'CP' });
    expect(log.geol).toHaveLength(12);
    expect(log.ispt.map((r) => r.ispt_top)).toEqual(Array.from({ length: 40 }, (_, i) => 1.5 + i * 1.5));
    expect(log.core).toEqual([]);
  });

  it('places picked boreholes by distance along the line through them, in the order given', async () => {
    const res = await req('xuser', 'GET', `/boreholes/section?ids=${ids.BH10},${ids.BH2},${ids.BH1}`);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json<TBoreholeSection>();
    expect(s.boreholes.map((b) => b.no)).toEqual(['BH10', 'BH2', 'BH1']);
    expect(s.boreholes[0]!.distance).toBe(0);
    expect(s.boreholes[1]!.distance).toBeCloseTo(Math.hypot(100, 40), 0);
    expect(s.boreholes[2]!.distance).toBeCloseTo(Math.hypot(100, 40) + 100, 0);
    expect(s.length).toBeCloseTo(Math.hypot(100, 40) + 100, 0);
    expect(s.boreholes[2]!.geol).toHaveLength(1);
    expect((await req('xuser', 'GET', `/boreholes/section?ids=${ids.BH1},${ids.BHB1}`)).statusCode).toBe(404);
    expect((await req('xuser', 'GET', '/boreholes/section')).statusCode).toBe(400);
  });

  it('finds the caller’s boreholes within the buffer of a drawn line, projected onto it', async () => {
    const a = svy21ToWgs84(29950, 30000);
    const b = svy21ToWgs84(30250, 30000);
    const line = `${a.lon},${a.lat},${b.lon},${b.lat}`;
    const s = (await req('xuser', 'GET', `/boreholes/section?line=${line}&buffer=50`)).json<TBoreholeSection>();
    expect(s.boreholes.map((x) => x.no)).toEqual(['BH1', 'BH2', 'BH10']);
    expect(s.boreholes.map((x) => Math.round(x.distance))).toEqual([50, 150, 250]);
    expect(s.boreholes.map((x) => Math.round(x.offset))).toEqual([0, 0, 40]);
    expect(s.length).toBeCloseTo(300, 0);
    const narrow = (await req('xuser', 'GET', `/boreholes/section?line=${line}&buffer=20`)).json<TBoreholeSection>();
    expect(narrow.boreholes.map((x) => x.no)).toEqual(['BH1', 'BH2']);
    const manager = (await req('manager', 'GET', `/boreholes/section?line=${line}&buffer=50`)).json<TBoreholeSection>();
    expect(manager.boreholes.map((x) => x.no)).toEqual(['BH1', 'BH2', 'BHB1', 'BH10']);
    expect((await req('xuser', 'GET', `/boreholes/section?line=${a.lon},${a.lat}`)).statusCode).toBe(400);
  });

  it('attaches photos and comments to a borehole of the caller’s contract only', async () => {
    expect((await req('xuser', 'GET', `/photos/borehole/${ids.BH1}`)).statusCode).toBe(200);
    expect((await req('yuser', 'GET', `/photos/borehole/${ids.BH1}`)).statusCode).toBe(404);
    const posted = await req('xuser', 'POST', '/comments', { topic: 'borehole', ref_id: ids.BH1, comment: 'Casing to 6 m' });
    expect(posted.statusCode, posted.body).toBe(200);
    expect((await req('yuser', 'POST', '/comments', { topic: 'borehole', ref_id: ids.BH1, comment: 'not mine' })).statusCode).toBe(404);
    const ref = await t.services.records.resolve({ userId: w.userIds.xuser, userType: USER_TYPE.Contractor }, 'borehole', ids.BH1!);
    expect(ref).toMatchObject({ path: `/dashboard/search/borehole/${ids.BH1}`, managePermissions: ['UploadSIBoreholeFiles'] });
  });

  describe('the si-borehole report', () => {
    const download = (who: keyof World['sessions'], body: object) => req(who, 'POST', '/reports/si-borehole', body);

    it('needs ExportSiteInvestigation and the borehole’s contract', async () => {
      expect((await download('nobody', { output: 'pdf', borehole_id: ids.BH1 })).statusCode).toBe(403);
      expect((await download('yuser', { output: 'pdf', borehole_id: ids.BH1 })).statusCode).toBe(404);
      expect((await download('xuser', { output: 'doc', borehole_id: ids.BH1 })).statusCode).toBe(400);
    });

    it('writes a real PDF of several pages: header, log and group tables', async () => {
      const res = await download('xuser', { output: 'pdf', borehole_id: ids.BH1, version: 1 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+-BH1\.pdf"/);
      expect(res.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
      const shown = await download('xuser', { output: 'pdf', borehole_id: ids.BH1, download: false });
      expect(shown.headers['content-disposition']).toMatch(/^inline; filename=".+-BH1\.pdf"/);
      const dir = mkdtempSync(join(tmpdir(), 'strata-bh-'));
      try {
        const file = join(dir, 'bh.pdf');
        writeFileSync(file, res.rawPayload);
        const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
        const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
        // The 60 m log takes two pages; the tables (40 SPT rows) at least two more.
        expect(pages).toBeGreaterThanOrEqual(4);
        const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
        for (const s of ['BH1', 'Borehole no', '04/03/2026', 'SPT (N/cm)', 'GEOL (12 records)', 'ISPT (40 records)', 'ROCK (0 records)', 'Made ground / fill']) {
          expect(text, s).toContain(s);
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('writes an XLSX with a Header sheet and a sheet per group, numbers as numbers', async () => {
      const res = await download('xuser', { output: 'xls', borehole_id: ids.BH1, version: 1 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/-BH1\.xlsx"$/);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(wb.worksheets.map((s) => s.name)).toEqual(['Header', 'GEOL', 'CORE', 'ISPT', 'STCN', 'SAMP', 'ROCK']);
      const geol = wb.getWorksheet('GEOL')!;
      expect(geol.getRow(1).getCell(1).value).toBe('geol_top');
      expect(geol.rowCount).toBe(13);
      expect(geol.getRow(3).getCell(1).value).toBe(5);
      expect(geol.getRow(2).getCell(8).value).toBe('Soft <b>grey</b> CLAY & "fill"');
      const ispt = wb.getWorksheet('ISPT')!;
      expect(ispt.getRow(2).getCell(10).value).toBeNull();
      expect(wb.getWorksheet('Header')!.getRow(12).values).toEqual([undefined, 'End date', '04/03/2026']);
    });

    it('writes one self-contained HTML page with the text escaped', async () => {
      const res = await download('xuser', { output: 'html', borehole_id: ids.BH1, version: 1 });
      expect(res.statusCode).toBe(200);
      const html = res.body;
      expect(html).toMatch(/^<!DOCTYPE html>/);
      expect(html).toContain('Soft &lt;b&gt;grey&lt;/b&gt; CLAY &amp; &quot;fill&quot;');
      expect(html).not.toContain('<b>grey');
      expect(html).toContain('04/03/2026');
      expect(html).not.toMatch(/<(script|link)\b|src=/);
      expect(html).toContain('<td class="n">1.50</td>');
    });

    it('writes the borehole back as AGS4: its rows only, no new errors, the same GEOL rows', async () => {
      const res = await download('xuser', { output: 'ags4', borehole_id: ids.BH1, version: 1 });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="BH1.ags"');
      const source = agsText([deepHole('BH1', 30000, 30000), shallowHole('BH2', 30100, 30000), shallowHole('BH10', 30200, 30040)]);
      const before = errorRules(source);
      for (const rule of errorRules(res.rawPayload)) expect(before, rule).toContain(rule);
      const back = readAgsBuffer(res.rawPayload);
      expect(rowsOf(back, 'GEOL', 'BH1')).toEqual(rowsOf(readAgsBuffer(source), 'GEOL', 'BH1'));
      expect(rowsOf(back, 'GEOL', 'BH2')).toEqual([]);
      expect(back.groups.map((g) => g.name)).toEqual(['PROJ', 'TRAN', 'UNIT', 'TYPE', 'LOCA', 'GEOL', 'ISPT']);
    });

    it('writes a borehole of an AGS3 file back as AGS4 with the AGS4 names and the same GEOL rows', async () => {
      const w2 = await createWorld(t, ['ExportSiteInvestigation']);
      const bytes = readFileSync(fileURLToPath(new URL('../../../test-data/ags/ags3/C6048.ags', import.meta.url)));
      const loaded = await load(w2.contractA, bytes);
      const hole = loaded.boreholes[0]!;
      const res = await as(t, w2.sessions.xuser, { method: 'POST', url: '/api/v1/reports/si-borehole', payload: { output: 'ags4', borehole_id: hole.boreholeId } });
      expect(res.statusCode, res.body).toBe(200);
      const back = readAgsBuffer(res.rawPayload);
      expect(back.version).toBe('AGS4');
      expect(back.groups.map((g) => g.name)).toContain('LOCA');
      const source = toAgs4Names(readAgsBuffer(bytes));
      expect(rowsOf(back, 'GEOL', hole.boreholeNo)).toEqual(rowsOf(source, 'GEOL', hole.boreholeNo));
      expect(rowsOf(back, 'GEOL', hole.boreholeNo).length).toBeGreaterThan(0);
    });

    it('writes a borehole of a real file back as AGS4 that the checker finds no new errors in', async () => {
      const res = await download('manager', { output: 'ags4', borehole_id: ids.dlr });
      expect(res.statusCode).toBe(200);
      const before = errorRules(dlrBytes());
      for (const rule of errorRules(res.rawPayload)) expect(before, rule).toContain(rule);
      const no = (await req('manager', 'GET', `/boreholes/${ids.dlr}`)).json<TBorehole>().borehole_no;
      expect(rowsOf(readAgsBuffer(res.rawPayload), 'GEOL', no)).toEqual(rowsOf(readAgsBuffer(dlrBytes()), 'GEOL', no));
      const pdf = await download('manager', { output: 'pdf', borehole_id: ids.dlr });
      expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    });
  });
});
