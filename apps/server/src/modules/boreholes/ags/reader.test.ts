import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { checkAgsBuffer } from './checker/index.js';
import { readAgs, readAgsBuffer } from './reader.js';
import type { AgsFile } from './types.js';
import { toAgs4Names } from './ags3-names.js';
import { writeAgs4 } from './writer.js';

const DATA = new URL('../../../../test-data/ags/', import.meta.url);
const bytes = (path: string) => readFileSync(new URL(path, DATA));
const counts = (file: AgsFile) => file.groups.map((g) => `${g.name}:${g.rows.length}`).join(' ');

/**
 * Rows per group counted by hand (awk over the files: DATA lines per GROUP in AGS4; in AGS3 the lines of a group
 * that are not its "**" line, "*" heading lines, <UNITS>, <CONT>, blank lines, or the second part of a line wrapped
 * with a trailing comma).
 */
const HAND_COUNTS: Record<string, string> = {
  'ags4/example_ags.ags': 'PROJ:1 ABBR:5 TRAN:1 TYPE:13 UNIT:8 LOCA:1 SAMP:1',
  'ags4/example_broken_ags.ags': 'PROJ:1 ABBR:5 TRAN:1 TYPE:13 UNIT:8 LOCA:1 SAMP:1',
  'ags4/20-0071-final.ags':
    'PROJ:1 ABBR:37 DICT:9 TRAN:1 TYPE:20 UNIT:17 BKFL:1 CDIA:2 CHIS:1 CORE:4 DETL:1 FRAC:4 GEOL:15 GRAG:3 GRAT:57 ' +
    'HDPH:5 ISPT:2 LBSG:1 LBST:6 LLPL:2 LNMC:3 LOCA:3 RPLT:3 RUCS:1 SAMP:17 SHBG:6 SHBT:6 WADD:1 WSTD:1 WSTG:1',
  'ags4/dlr-woolwich-extension.ags':
    'PROJ:1 ABBR:72 DICT:7 TRAN:1 TYPE:20 UNIT:21 CDIA:21 CMPG:2 CMPT:10 CONG:2 CONS:14 CORE:220 DETL:576 DREM:576 ' +
    'FLSH:98 FRAC:95 GCHM:244 GEOL:200 GRAG:82 GRAT:1149 HDIA:33 HDPH:25 HORN:25 ISPT:209 IVAN:3 LDEN:8 LLPL:42 ' +
    'LNMC:96 LOCA:25 LPDN:6 MOND:12 MONG:6 PTIM:112 RCCV:213 RDEN:216 RPLT:84 RUCS:35 SAMP:951 TRIG:11 TRIT:17 ' +
    'WSTD:34 WSTG:16',
  'ags3/F11661_F.AGS':
    'PROJ:1 CODE:2 DICT:0 UNIT:19 ABBR:14 HOLE:2 SAMP:43 PTIM:12 ROCK:22 TRIG:4 TRIX:10 WSTK:3 ISPT:15 CNMT:16 ' +
    'CONG:2 CONS:14 CORE:11 DETL:16 FRAC:7 GEOL:24 GRAD:192 HDIA:4 CLSS:8',
  'ags3/C6048.ags':
    'PROJ:1 DICT:219 UNIT:27 ABBR:37 CODE:7 HOLE:45 SAMP:404 ?BKFL:45 CBRG:12 CBRT:12 CDIA:23 CHIS:44 CLSS:77 ' +
    'CMPG:4 CMPT:8 CNMT:67 CONG:4 CONS:29 CORE:30 DETL:59 DREM:59 FLSH:10 FRAC:13 GEOL:176 GRAD:415 HDIA:35 ' +
    'ISPT:65 ?MONP:5 ?MONR:25 PTIM:50 STCN:2299 TRIG:17 TRIX:17 WSTK:8',
};

describe('AGS reader', () => {
  it.each(Object.entries(HAND_COUNTS))('reads %s into the groups and rows counted by hand', (path, expected) => {
    const file = readAgsBuffer(bytes(path));
    expect(counts(file)).toBe(expected);
    if (path.includes('broken')) return; // its TYPE rows are broken on purpose
    for (const g of file.groups) {
      if (g.units !== null) expect(g.units, `${g.name} units`).toHaveLength(g.headings.length);
      for (const row of g.rows) expect(row.values, `${g.name} line ${row.line}`).toHaveLength(g.headings.length);
    }
  });

  it('tells the version, encoding and line ends of each file', () => {
    const seen = Object.keys(HAND_COUNTS).map((p) => {
      const f = readAgsBuffer(bytes(p));
      return `${p} ${f.version} ${f.encoding}${f.bom ? '+BOM' : ''} ${f.lineEnding}`;
    });
    expect(seen).toEqual([
      'ags4/example_ags.ags AGS4 ascii CRLF',
      'ags4/example_broken_ags.ags AGS4 ascii CRLF',
      'ags4/20-0071-final.ags AGS4 utf-8+BOM LF',
      'ags4/dlr-woolwich-extension.ags AGS4 ascii LF',
      'ags3/F11661_F.AGS AGS3 cp1252 LF',
      'ags3/C6048.ags AGS3 ascii LF',
    ]);
    expect(readAgsBuffer(bytes('ags4-rules/4.1-rule1-utf8.ags')).encoding).toBe('utf-8');
    expect(readAgsBuffer(bytes('ags4-rules/4.1-rule1-latin1.ags')).encoding).toBe('cp1252');
  });

  it('joins AGS3 heading lines wrapped with a trailing comma', () => {
    const hole = readAgsBuffer(bytes('ags3/F11661_F.AGS')).groups.find((g) => g.name === 'HOLE');
    expect(hole?.headings).toHaveLength(23);
    expect(hole?.headings.slice(12, 16)).toEqual(['HOLE_LOCY', 'HOLE_LOCZ', 'HOLE_LOG', 'HOLE_NATE']);
    expect(hole?.units?.slice(0, 3)).toEqual(['', 'dd/mm/yyyy', '']);
  });

  it('joins AGS3 <UNITS> and data lines wrapped with a trailing comma', () => {
    const hole = readAgsBuffer(bytes('ags3/C6048.ags')).groups.find((g) => g.name === 'HOLE');
    expect(hole?.headings).toHaveLength(56);
    expect(hole?.units?.slice(-3)).toEqual(['hhmm', 'm', 'm']);
    expect(hole?.unitLine).toBe(313);
    expect(hole?.rows[0]?.line).toBe(315);
  });

  it('appends each <CONT> row to the fields of the row above it', () => {
    const file = readAgsBuffer(bytes('ags3/F11661_F.AGS'));
    const hole = file.groups.find((g) => g.name === 'HOLE');
    const bh1 = hole?.rows[0];
    const field = (name: string) => bh1?.values[hole?.headings.indexOf(name) ?? -1];
    expect(bh1?.line).toBe(58);
    expect(field('HOLE_REM')).toBe(
      '1.  Inspection pit dug to 1.00m. 2.  Borehole complete at 19.50m. 3.  Borehole grouted to rockhead and backfilled with arisings to ground level.',
    );
    expect(field('HOLE_STAR')).toBe('15/05/2000');
    expect(field('HOLE_TYPE')).toBe('CP+RC');
    const geol = file.groups.find((g) => g.name === 'GEOL');
    const row = geol?.rows.find((r) => r.line === 297);
    expect(row?.values[geol?.headings.indexOf('GEOL_DESC') ?? -1]).toMatch(/Cobble and boulder sized fragments of sandstone\.$/);
  });

  it('reads a stream in chunks of any size to the same model as the whole file', async () => {
    for (const path of ['ags4/20-0071-final.ags', 'ags4/example_ags.ags', 'ags3/F11661_F.AGS']) {
      const whole = readAgsBuffer(bytes(path));
      const all = bytes(path);
      for (const size of [1, 2, 7, 4096]) {
        const chunks = Array.from({ length: Math.ceil(all.length / size) }, (_, i) => all.subarray(i * size, (i + 1) * size));
        expect(await readAgs(Readable.from(chunks)), `${path} in chunks of ${size}`).toEqual(whole);
      }
    }
  });

  it('keeps a quote written as "" inside a field as one quote', () => {
    const proj = readAgsBuffer(bytes('ags4-rules/4.1-rule5.ags')).groups[0];
    expect(proj?.rows[0]?.values[1]).toBe('ACME "Gas Works" Redevelopment');
  });

  it('maps AGS3 names to AGS4 names (HOLE to LOCA, STCN to SCPT, SAMP_DATE and SAMP_TIME to SAMP_DTIM)', () => {
    const file = toAgs4Names(readAgsBuffer(bytes('ags3/C6048.ags')));
    const names = file.groups.map((g) => g.name);
    expect(names).toContain('LOCA');
    expect(names).toContain('SCPT');
    expect(names).not.toContain('HOLE');
    const loca = file.groups.find((g) => g.name === 'LOCA');
    expect(loca?.headings.slice(0, 3)).toEqual(['LOCA_ID', 'LOCA_TYPE', 'LOCA_NATE']);
    expect(file.groups.find((g) => g.name === 'SCPT')?.rows).toHaveLength(2299);
    const rock = toAgs4Names(readAgsBuffer(bytes('ags3/F11661_F.AGS'))).groups.map((g) => g.name);
    expect(rock).toEqual(expect.arrayContaining(['RUCS', 'RDEN', 'RPLT']));
  });
});

describe('AGS4 writer', () => {
  const same = (a: AgsFile) => a.groups.map((g) => ({ name: g.name, headings: g.headings, units: g.units, types: g.types, rows: g.rows.map((r) => r.values) }));

  it.each(['ags4/example_ags.ags', 'ags4/20-0071-final.ags', 'ags4/dlr-woolwich-extension.ags'])(
    'writes %s back to AGS4 that reads to the same groups and rows',
    (path) => {
      const first = readAgsBuffer(bytes(path));
      const again = readAgsBuffer(writeAgs4(first));
      expect(same(again)).toEqual(same(first));
      expect(again.lineEnding).toBe('CRLF');
    },
  );

  it('writes back a file that passes the checker without errors when the original did', () => {
    const original = bytes('ags4/example_ags.ags');
    expect(checkAgsBuffer(original).report.counts.errors).toBe(0);
    const written = checkAgsBuffer(writeAgs4(readAgsBuffer(original))).report;
    expect(written.findings.filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('writes the line-end and byte-order-mark errors of a file away, and nothing else changes', () => {
    const original = checkAgsBuffer(bytes('ags4/20-0071-final.ags')).report;
    expect(original.byRule.filter((r) => r.severity === 'error').map((r) => r.rule)).toEqual(['AGS Format Rule 1', 'AGS Format Rule 2a']);
    const written = checkAgsBuffer(writeAgs4(readAgsBuffer(bytes('ags4/20-0071-final.ags')))).report;
    expect(written.counts.errors).toBe(0);
  });
});
