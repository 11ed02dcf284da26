import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.js';
import { createTestDatabase, type TestDatabase } from '../../platform/test-database.js';
import { readAgsBuffer } from './ags/index.js';
import { agsDate, agsNumber, loadAgsFile } from './borehole-store.repository.js';
import { groupRecords } from './boreholes.repository.js';

const agsFile = (path: string) => readAgsBuffer(readFileSync(fileURLToPath(new URL(`../../../test-data/ags/${path}`, import.meta.url))));

const SMALL = `"GROUP","PROJ"
"HEADING","PROJ_ID","PROJ_NAME"
"UNIT","",""
"TYPE","ID","X"
"DATA","P-1","Small"

"GROUP","LOCA"
"HEADING","LOCA_ID","LOCA_TYPE","LOCA_NATE","LOCA_NATN","LOCA_GL","LOCA_FDEP","LOCA_ENDD","LOCA_REM"
"UNIT","","","m","m","m","m","yyyy-mm-dd",""
"TYPE","ID","PA","2DP","2DP","2DP","2DP","DT","X"
"DATA","STRATA-BH1","CP","30000.00","35000.00","15.20","30.00","2026-03-04","first"

"GROUP","ISPT"
"HEADING","LOCA_ID","ISPT_TOP","ISPT_NVAL","ISPT_REP"
"UNIT","","m","",""
"TYPE","ID","2DP","0DP","X"
"DATA","STRATA-BH1","1.50","-2147483648","no blows"
"DATA","STRATA-BH1","3.00","12","N=12"
`;

describe('loading an AGS file into a contract', () => {
  let t: TestDatabase;
  let contractId: number;

  beforeAll(async () => {
    t = await createTestDatabase();
    [{ id: contractId }] = (await rows<{ id: number }>(t.db.orm, sql`INSERT INTO contracts (no, title) VALUES ('C1', 'C1') RETURNING contract_id AS id`)) as [
      { id: number },
    ];
  });
  afterAll(async () => {
    await t?.drop();
  });

  const load = (file: ReturnType<typeof agsFile>, crs: '3414' | '27700', fileName = 'f.ags') =>
    t.db.orm.transaction((tx) => loadAgsFile(tx, { contractId, uploadId: null, fileName, file, crs, loadedBy: null }));

  it('stores every group and row of the DLR file and one borehole per LOCA row, located in London', async () => {
    const file = agsFile('ags4/dlr-woolwich-extension.ags');
    const loaded = await load(file, '27700', 'dlr.ags');
    const dataRows = file.groups.reduce((n, g) => n + g.rows.length, 0);
    expect(loaded.rows).toBe(dataRows);
    expect(loaded.boreholes).toHaveLength(25);
    const [stored] = await rows<{ groups: number; rows: number }>(
      t.db.orm,
      sql`SELECT (SELECT count(*)::int FROM ags_groups WHERE ags_file_id = ${loaded.agsFileId}) AS groups,
                 (SELECT sum(row_count)::int FROM ags_rows WHERE ags_file_id = ${loaded.agsFileId}) AS rows`,
    );
    expect(stored).toEqual({ groups: file.groups.length, rows: dataRows });
    // The stored blocks are the file's rows, as the AGS4 writer writes them: the GEOL group reads back the same.
    const blocks = await rows<{ data: string }>(
      t.db.orm,
      sql`SELECT r.data FROM ags_rows r JOIN ags_groups g ON g.ags_file_id = r.ags_file_id AND g.seq = r.group_seq
          WHERE r.ags_file_id = ${loaded.agsFileId} AND g.name = 'GEOL' ORDER BY r.seq`,
    );
    const geolGroup = file.groups.find((g) => g.name === 'GEOL')!;
    const back = readAgsBuffer(`"GROUP","GEOL"\r\n"HEADING",${geolGroup.headings.map((h) => `"${h}"`).join(',')}\r\n${blocks.map((b) => b.data).join('')}`);
    expect(back.groups[0]?.rows.map((r) => r.values)).toEqual(geolGroup.rows.map((r) => r.values));
    const located = await rows<{ lat: number; lon: number; crs: number }>(
      t.db.orm,
      sql`SELECT latitude AS lat, longitude AS lon, crs FROM borehole_versions WHERE ags_file_id = ${loaded.agsFileId} AND latitude IS NOT NULL`,
    );
    expect(located.length).toBeGreaterThan(0);
    for (const p of located) {
      expect(p.crs).toBe(27700);
      expect(p.lat).toBeGreaterThan(51.4);
      expect(p.lat).toBeLessThan(51.6);
      expect(Math.abs(p.lon)).toBeLessThan(0.2);
    }
    const [geol] = await rows<{ n: number }>(
      t.db.orm,
      sql`SELECT count(*)::int AS n FROM borehole_geol g JOIN borehole_versions v USING (version_id) WHERE v.ags_file_id = ${loaded.agsFileId}`,
    );
    expect(geol?.n).toBe(200);
  });

  it('reads an AGS3 file under AGS4 names: HOLE boreholes, CORE_BOT as core_bot, the sample date and time split', async () => {
    const file = agsFile('ags3/C6048.ags');
    const holes = file.groups.find((g) => g.name === 'HOLE')?.rows.length ?? 0;
    const loaded = await load(file, '27700', 'c6048.ags');
    expect(loaded.boreholes).toHaveLength(holes);
    const [core] = await rows<{ n: number; bot: number }>(
      t.db.orm,
      sql`SELECT count(*)::int AS n, count(core_bot)::int AS bot FROM borehole_core c JOIN borehole_versions v USING (version_id) WHERE v.ags_file_id = ${loaded.agsFileId}`,
    );
    expect(core?.n).toBe(file.groups.find((g) => g.name === 'CORE')?.rows.length);
    expect(core?.bot).toBe(core?.n);
    const samp = await rows<{ d: string | null; tm: string | null }>(
      t.db.orm,
      sql`SELECT samp_date AS d, samp_time AS tm FROM borehole_samp s JOIN borehole_versions v USING (version_id)
          WHERE v.ags_file_id = ${loaded.agsFileId} AND samp_date IS NOT NULL LIMIT 5`,
    );
    for (const s of samp) expect(s.d).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('stores -2147483648 as no value, and a second load of a borehole makes version 2 while version 1 stays', async () => {
    const first = await load(readAgsBuffer(SMALL), '3414');
    expect(first.boreholes).toEqual([expect.objectContaining({ boreholeNo: 'STRATA-BH1', version: 1 })]);
    const second = await load(readAgsBuffer(SMALL.replace('"first"', '"second"')), '3414');
    expect(second.boreholes).toEqual([expect.objectContaining({ boreholeNo: 'STRATA-BH1', version: 2 })]);
    const [bh] = await rows<{ version: number; remark: string; lat: number; versions: number }>(
      t.db.orm,
      sql`SELECT b.version, b.remark, b.latitude AS lat, (SELECT count(*)::int FROM borehole_versions v WHERE v.borehole_id = b.borehole_id) AS versions
          FROM boreholes b WHERE b.contract_id = ${contractId} AND b.borehole_no = 'STRATA-BH1'`,
    );
    expect(bh).toMatchObject({ version: 2, remark: 'second', versions: 2 });
    expect(bh?.lat).toBeCloseTo(1.3, 0);
    const spt = await rows<{ version: number; nval: number | null; rep: string }>(
      t.db.orm,
      sql`SELECT v.version, i.ispt_nval AS nval, i.ispt_rep AS rep FROM borehole_ispt i JOIN borehole_versions v USING (version_id)
          JOIN boreholes b USING (borehole_id) WHERE b.borehole_no = 'STRATA-BH1' ORDER BY v.version, i.seq`,
    );
    expect(spt).toEqual([
      { version: 1, nval: null, rep: 'no blows' },
      { version: 1, nval: 12, rep: 'N=12' },
      { version: 2, nval: null, rep: 'no blows' },
      { version: 2, nval: 12, rep: 'N=12' },
    ]);
  });

  it('answers a group top first even when the file lists it out of order (DLR BH101 lists GEOL so)', async () => {
    const loaded = await load(agsFile('ags4/dlr-woolwich-extension.ags'), '27700', 'dlr-again.ags');
    const bh101 = loaded.boreholes.find((b) => b.boreholeNo === 'BH101')!;
    const { records, total } = await groupRecords(t.db.orm, bh101.versionId, 'geol');
    expect(total).toBe(12);
    const tops = records.map((r) => r.geol_top as number);
    expect(tops).toEqual([...tops].sort((a, b) => a - b));
    expect(tops[0]).toBe(0);
    const page = await groupRecords(t.db.orm, bh101.versionId, 'geol', 5, 5);
    expect(page.records.map((r) => r.geol_top)).toEqual(tops.slice(5, 10));
  });

  it('deletes the typed rows of a version with it (they have no foreign key)', async () => {
    const loaded = await load(readAgsBuffer(SMALL.replaceAll('STRATA-BH1', 'STRATA-BH9')), '3414');
    const versionId = loaded.boreholes[0]!.versionId;
    const count = async () => (await rows<{ n: number }>(t.db.orm, sql`SELECT count(*)::int AS n FROM borehole_ispt WHERE version_id = ${versionId}`))[0]?.n;
    expect(await count()).toBe(2);
    await t.db.orm.execute(sql`DELETE FROM boreholes WHERE borehole_id = ${loaded.boreholes[0]!.boreholeId}`);
    expect(await count()).toBe(0);
  });

  it('keeps nothing of a load whose transaction fails', async () => {
    const before = await rows<{ n: number }>(t.db.orm, sql`SELECT count(*)::int AS n FROM ags_files`);
    await expect(
      t.db.orm.transaction(async (tx) => {
        await loadAgsFile(tx, { contractId, uploadId: null, fileName: 'x.ags', file: readAgsBuffer(SMALL), crs: '3414', loadedBy: null });
        throw new Error('the status transition failed');
      }),
    ).rejects.toThrow('the status transition failed');
    expect(await rows<{ n: number }>(t.db.orm, sql`SELECT count(*)::int AS n FROM ags_files`)).toEqual(before);
  });
});

describe('AGS cell values', () => {
  it('reads numbers, and treats empty, text and -2147483648 as no value', () => {
    expect(agsNumber('1.50')).toBe(1.5);
    expect(agsNumber('-3')).toBe(-3);
    expect(agsNumber('1e3')).toBe(1000);
    expect(agsNumber('')).toBeNull();
    expect(agsNumber('n/a')).toBeNull();
    expect(agsNumber('-2147483648')).toBeNull();
  });
  it('reads AGS4 and AGS3 dates as yyyy-mm-dd', () => {
    expect(agsDate('2026-03-04')).toBe('2026-03-04');
    expect(agsDate('2026-03-04T10:30')).toBe('2026-03-04');
    expect(agsDate('4/3/2026')).toBe('2026-03-04');
    expect(agsDate('')).toBeNull();
  });
});
