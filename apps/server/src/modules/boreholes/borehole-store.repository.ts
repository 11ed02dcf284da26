/**
 * The borehole loader (issue 18, decision 036): one read AGS file into the tables, inside the caller's transaction.
 *
 * - The whole file goes to the generic store (`ags_files`, `ags_groups`, `ags_rows`) with AGS4 names, every group and
 *   row as read (rows as AGS4 DATA lines, in blocks of consecutive rows of one LOCA_ID: a few thousand rows to COPY
 *   instead of one per DATA row), so a borehole can be written back as AGS4 and nothing of the file is lost.
 * - Each LOCA row (AGS3: HOLE) is a borehole of the contract, identified by its LOCA_ID: new ones are created at
 *   version 1, stored ones get the next version; the six screen groups land in typed columns per version.
 * - Rows go in by COPY (text format) on both engines; the borehole and version rows are a few statements whatever the
 *   file's size. Loads into one contract are serialised by an advisory lock (two files naming the same borehole).
 *
 * Numbers: an empty cell, a value that is not a number, or -2147483648 (the spec's "no value") is stored as null.
 */
import { BOREHOLE_FIELDS, BOREHOLE_GROUP_SOURCE, BOREHOLE_GROUPS, BOREHOLE_NO_VALUE, gridToWgs84, type BoreholeField, type TBoreholeCrs } from '@strata/shared';
import { sql } from 'drizzle-orm';
import { copyChunks, copyIn, rows, type Executor } from '../../db/client.js';
import { boreholeColumn } from '../../db/schema/boreholes.js';
import { pgArray } from '../../db/sql.js';
import { ags4DataLine, toAgs4Names, type AgsFile, type AgsGroup } from './ags/index.js';

export interface AgsLoad {
  contractId: number;
  uploadId: number | null;
  /** The file's name (inside a ZIP: its path there). */
  fileName: string;
  /** The file as read (AGS3 or AGS4); AGS4 names are applied here. */
  file: AgsFile;
  /** EPSG code of LOCA_NATE/LOCA_NATN. */
  crs: TBoreholeCrs;
  loadedBy: number | null;
}

export interface AgsLoaded {
  agsFileId: number;
  /** Every borehole of the file with the version this load made. */
  boreholes: { boreholeId: number; boreholeNo: string; version: number; versionId: number }[];
  /** DATA rows stored in the generic store, and typed group rows. */
  rows: number;
  groupRows: number;
}

/** The LOCA rows' numbers as a borehole header. */
interface Header {
  boreholeNo: string;
  boreholeType: string | null;
  easting: number | null;
  northing: number | null;
  latitude: number | null;
  longitude: number | null;
  groundLevel: number | null;
  finalDepth: number | null;
  endDate: string | null;
  crew: string | null;
  remark: string | null;
  reference: string | null;
}

export function agsNumber(value: string | undefined): number | null {
  if (value === undefined) return null;
  const t = value.trim();
  if (t === '' || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) && n !== BOREHOLE_NO_VALUE ? n : null;
}

const text = (value: string | undefined): string | null => (value === undefined || value.trim() === '' ? null : value);

/** AGS4 yyyy-mm-dd[Thh:mm…] or AGS3 dd/mm/yyyy to yyyy-mm-dd; anything else as written. */
export function agsDate(value: string | undefined): string | null {
  const t = text(value)?.trim();
  if (!t) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(t);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const uk = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (uk) return `${uk[3]}-${uk[2]?.padStart(2, '0')}-${uk[1]?.padStart(2, '0')}`;
  return t;
}

/** Reads a group's cells by heading name. */
class Cells {
  private readonly index = new Map<string, number>();
  constructor(readonly group: AgsGroup) {
    group.headings.forEach((h, i) => {
      if (!this.index.has(h)) this.index.set(h, i);
    });
  }
  /** The column of the first of `headings` the group has, -1 when none. */
  indexOf(headings: readonly string[]): number {
    for (const h of headings) {
      const i = this.index.get(h);
      if (i !== undefined) return i;
    }
    return -1;
  }
  get(values: readonly string[], ...headings: readonly string[]): string | undefined {
    for (const h of headings) {
      const i = this.index.get(h);
      if (i !== undefined) return values[i];
    }
    return undefined;
  }
}

const firstGroup = (file: AgsFile, name: string) => file.groups.find((g) => g.name === name);

function headers(file: AgsFile, crs: TBoreholeCrs): Header[] {
  const loca = firstGroup(file, 'LOCA');
  if (!loca) return [];
  const proj = firstGroup(file, 'PROJ');
  const reference = proj ? text(new Cells(proj).get(proj.rows[0]?.values ?? [], 'PROJ_ID')) : null;
  const crewOf = new Map<string, string>();
  const hdph = firstGroup(file, 'HDPH');
  if (hdph) {
    const c = new Cells(hdph);
    for (const r of hdph.rows) {
      const id = c.get(r.values, 'LOCA_ID');
      const crew = text(c.get(r.values, 'HDPH_CREW'));
      if (id !== undefined && crew !== null && !crewOf.has(id)) crewOf.set(id, crew);
    }
  }
  const c = new Cells(loca);
  const seen = new Set<string>();
  const out: Header[] = [];
  for (const r of loca.rows) {
    const no = c.get(r.values, 'LOCA_ID')?.trim();
    if (!no || seen.has(no)) continue; // the checker reports duplicate keys; the first row wins
    seen.add(no);
    const easting = agsNumber(c.get(r.values, 'LOCA_NATE'));
    const northing = agsNumber(c.get(r.values, 'LOCA_NATN'));
    const wgs = easting !== null && northing !== null ? gridToWgs84(crs, easting, northing) : null;
    out.push({
      boreholeNo: no,
      boreholeType: text(c.get(r.values, 'LOCA_TYPE')),
      easting,
      northing,
      latitude: wgs?.lat ?? null,
      longitude: wgs?.lon ?? null,
      groundLevel: agsNumber(c.get(r.values, 'LOCA_GL')),
      finalDepth: agsNumber(c.get(r.values, 'LOCA_FDEP')),
      endDate: agsDate(c.get(r.values, 'LOCA_ENDD')),
      crew: crewOf.get(no) ?? text(c.get(r.values, 'LOCA_CREW')),
      remark: text(c.get(r.values, 'LOCA_REM')),
      reference,
    });
  }
  return out;
}

// ---- COPY text format ----

function copyText(v: string): string {
  return v.replace(/[\\\t\n\r]/g, (ch) => (ch === '\\' ? '\\\\' : ch === '\t' ? '\\t' : ch === '\n' ? '\\n' : '\\r'));
}

function copyValue(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '\\N';
  return typeof v === 'number' ? String(v) : copyText(v);
}

/** Reads a spec field's typed value from a row of its group (samp_date / samp_time split SAMP_DTIM). */
function cellReader(cells: Cells, field: BoreholeField): (values: readonly string[]) => string | number | null {
  const at = cells.indexOf(field.from);
  if (at < 0) return () => null;
  if (field.name === 'samp_date') return (values) => agsDate(values[at]);
  if (field.name === 'samp_time') return (values) => /^\d{2}:\d{2}(:\d{2})?/.exec(values[at]?.split('T')[1] ?? '')?.[0] ?? null;
  return field.kind === 'number' ? (values) => agsNumber(values[at]) : (values) => text(values[at]);
}

/** Loads one read AGS file into the contract, inside `tx` (a transaction). */
export async function loadAgsFile(tx: Executor, load: AgsLoad): Promise<AgsLoaded> {
  const file = toAgs4Names(load.file);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`boreholes:${load.contractId}`}))`);

  const [created] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO ags_files (upload_id, contract_id, file_name, ags_version, crs)
        VALUES (${load.uploadId}, ${load.contractId}, ${load.fileName}, ${load.file.version}, ${Number(load.crs)})
        RETURNING ags_file_id AS id`,
  );
  if (!created) throw new Error('loadAgsFile: no ags_files row');
  const agsFileId = created.id;

  // The generic store: every group, its rows as AGS4 DATA lines in blocks of consecutive rows of one LOCA_ID. The COPY
  // text is built as PostgreSQL reads it (chunks), here and for the typed groups below.
  const arr = (a: string[] | null) => (a === null ? '\\N' : copyText(pgArray(a)));
  const groupLines = file.groups.map((g, gi) => `${agsFileId}\t${gi}\t${copyText(g.name)}\t${arr(g.headings)}\t${arr(g.units)}\t${arr(g.types)}\n`).join('');
  const rowCount = file.groups.reduce((n, g) => n + g.rows.length, 0);
  function* blockLines(): Generator<string> {
    for (const [gi, g] of file.groups.entries()) {
      const loca = g.headings.indexOf('LOCA_ID');
      const n = g.headings.length;
      let block = 0;
      let id: string | null = null;
      let data = '';
      let count = 0;
      for (const r of g.rows) {
        const rowId = loca < 0 ? null : text(r.values[loca]?.trim());
        if (count > 0 && rowId !== id) {
          yield `${agsFileId}\t${gi}\t${block++}\t${copyValue(id)}\t${count}\t${copyText(data)}\n`;
          data = '';
          count = 0;
        }
        id = rowId;
        data += ags4DataLine(r.values, n);
        count++;
      }
      if (count > 0) yield `${agsFileId}\t${gi}\t${block}\t${copyValue(id)}\t${count}\t${copyText(data)}\n`;
    }
  }
  if (groupLines) await copyIn(tx, 'ags_groups (ags_file_id, seq, name, headings, units, types)', groupLines);
  if (rowCount > 0) await copyIn(tx, 'ags_rows (ags_file_id, group_seq, seq, loca_id, row_count, data)', copyChunks(blockLines()));

  // Boreholes and their versions.
  const found = headers(file, load.crs);
  if (found.length === 0) return { agsFileId, boreholes: [], rows: rowCount, groupRows: 0 };
  const nos = found.map((h) => h.boreholeNo);
  const stored = await rows<{ id: number; no: string; version: number }>(
    tx,
    sql`SELECT borehole_id AS id, borehole_no AS no, version FROM boreholes
        WHERE contract_id = ${load.contractId} AND borehole_no = ANY(${pgArray(nos)}::text[])`,
  );
  const storedByNo = new Map(stored.map((s) => [s.no, s]));
  const fresh = found.filter((h) => !storedByNo.has(h.boreholeNo));
  if (fresh.length > 0) {
    const made = await rows<{ id: number; no: string }>(
      tx,
      sql`INSERT INTO boreholes (contract_id, borehole_no, crs, version)
          SELECT ${load.contractId}, no, ${Number(load.crs)}, 0 FROM unnest(${pgArray(fresh.map((h) => h.boreholeNo))}::text[]) AS no
          RETURNING borehole_id AS id, borehole_no AS no`,
    );
    for (const m of made) storedByNo.set(m.no, { id: m.id, no: m.no, version: 0 });
  }

  const versionLines = found
    .map((h) => {
      const b = storedByNo.get(h.boreholeNo);
      if (!b) throw new Error('loadAgsFile: borehole row missing');
      return [
        b.id,
        b.version + 1,
        load.uploadId,
        agsFileId,
        h.boreholeType,
        Number(load.crs),
        h.easting,
        h.northing,
        h.latitude,
        h.longitude,
        h.groundLevel,
        h.finalDepth,
        h.endDate,
        h.crew,
        h.remark,
        h.reference,
        load.loadedBy,
      ]
        .map(copyValue)
        .join('\t');
    })
    .join('\n');
  const HEADER_COLUMNS = 'borehole_type, crs, easting, northing, latitude, longitude, ground_level, final_depth, end_date, crew, remark, reference';
  await copyIn(tx, `borehole_versions (borehole_id, version, upload_id, ags_file_id, ${HEADER_COLUMNS}, loaded_by)`, `${versionLines}\n`);
  const versions = await rows<{ versionId: number; boreholeId: number; version: number }>(
    tx,
    sql`SELECT version_id AS "versionId", borehole_id AS "boreholeId", version FROM borehole_versions WHERE ags_file_id = ${agsFileId}`,
  );
  await tx.execute(
    sql.raw(`UPDATE boreholes b SET (${HEADER_COLUMNS}, version, version_id, updated_at) =
      (v.borehole_type, v.crs, v.easting, v.northing, v.latitude, v.longitude, v.ground_level, v.final_depth, v.end_date,
       v.crew, v.remark, v.reference, v.version, v.version_id, now())
      FROM borehole_versions v WHERE v.ags_file_id = ${agsFileId} AND v.borehole_id = b.borehole_id`),
  );
  const idByBorehole = new Map(versions.map((v) => [v.boreholeId, v]));
  const versionOfNo = new Map<string, number>();
  for (const [no, b] of storedByNo) {
    const v = idByBorehole.get(b.id);
    if (v) versionOfNo.set(no, v.versionId);
  }

  // The six screen groups in typed columns.
  let groupRows = 0;
  for (const group of BOREHOLE_GROUPS) {
    const source = firstGroup(file, BOREHOLE_GROUP_SOURCE[group]);
    const loca = source?.headings.indexOf('LOCA_ID') ?? -1;
    if (!source || loca < 0) continue;
    const fields = BOREHOLE_FIELDS[group];
    const headings = new Cells(source);
    const read = fields.map((f) => cellReader(headings, f));
    let count = 0;
    function* lines(from: AgsGroup): Generator<string> {
      const seqOf = new Map<number, number>();
      for (const r of from.rows) {
        const versionId = versionOfNo.get(r.values[loca]?.trim() ?? '');
        if (versionId === undefined) continue; // a row of a borehole the file does not list (the checker reports it)
        const seq = seqOf.get(versionId) ?? 0;
        seqOf.set(versionId, seq + 1);
        let line = `${versionId}\t${seq}`;
        for (const value of read) line += `\t${copyValue(value(r.values))}`;
        count++;
        yield `${line}\n`;
      }
    }
    await copyIn(tx, `borehole_${group} (version_id, seq, ${fields.map((f) => boreholeColumn(f.name)).join(', ')})`, copyChunks(lines(source)));
    groupRows += count;
  }

  return {
    agsFileId,
    boreholes: found.map((h) => {
      const b = storedByNo.get(h.boreholeNo);
      const v = b ? idByBorehole.get(b.id) : undefined;
      if (!b || !v) throw new Error('loadAgsFile: version missing');
      return { boreholeId: b.id, boreholeNo: h.boreholeNo, version: v.version, versionId: v.versionId };
    }),
    rows: rowCount,
    groupRows,
  };
}
