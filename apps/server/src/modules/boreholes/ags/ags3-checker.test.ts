import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AGS3_RULES } from './checker/ags3-rules.js';
import { checkAgsBuffer } from './checker/index.js';
import type { AgsReport } from './types.js';

const DATA = new URL('../../../../test-data/ags/', import.meta.url);
const check = (text: string | Buffer) => checkAgsBuffer(text).report;
const found = (report: AgsReport, rule: string) => report.findings.filter((f) => f.rule === rule).map((f) => [f.line, f.group, f.message]);

/** A small valid AGS3.1 file: HOLE with two holes, GEOL under them (the lines the cases below break). */
const VALID = [
  '"**HOLE"',
  '"*HOLE_ID","*HOLE_TYPE","*HOLE_NATE"',
  '"<UNITS>","","m"',
  '"BH1","CP","412158.00"',
  '"BH2","RC","412170.00"',
  '',
  '"**GEOL"',
  '"*HOLE_ID","*GEOL_TOP","*GEOL_BASE","*GEOL_DESC"',
  '"<UNITS>","m","m",""',
  '"BH1","0.00","1.20","MADE GROUND"',
  '"BH2","0.00","2.00","CLAY"',
  '',
].join('\r\n');

const replaceLine = (n: number, text: string) =>
  VALID.split('\r\n')
    .map((l, i) => (i === n - 1 ? text : l))
    .join('\r\n');

describe('AGS3 checker', () => {
  it('finds nothing wrong with a valid AGS3.1 file', () => {
    const report = check(VALID);
    expect(report.version).toBe('AGS3');
    expect(report.findings).toEqual([]);
  });

  it('reports an unquoted field and a quote inside a field that is not doubled', () => {
    expect(found(check(replaceLine(4, '"BH1",CP,"412158.00"')), AGS3_RULES.quotes)).toEqual([
      [4, 'HOLE', 'Contains fields that are not enclosed in double quotes.'],
    ]);
    expect(found(check(replaceLine(10, '"BH1","0.00","1.20","MADE "GROUND"')), AGS3_RULES.quotes)[0]?.[0]).toBe(10);
  });

  it('reports group and heading names that are not AGS3 names', () => {
    expect(found(check(replaceLine(7, '"**Geol"')), AGS3_RULES.groupName)[0]?.slice(0, 2)).toEqual([7, 'Geol']);
    expect(found(check(replaceLine(8, '"*HOLE_ID","GEOL_TOP","*GEOL_BASE","*GEOL_DESCRIPT"')), AGS3_RULES.headingName)).toHaveLength(2);
  });

  it('reports a group without its <UNITS> row', () => {
    const text = VALID.replace('"<UNITS>","m","m",""\r\n', '');
    expect(found(check(text), AGS3_RULES.units)).toEqual([[7, 'GEOL', 'No <UNITS> row after the heading line.']]);
  });

  it('reports a <CONT> row with no data row above it, and joins one that has', () => {
    const orphan = VALID.replace('"<UNITS>","m","m",""\r\n', '"<UNITS>","m","m",""\r\n"<CONT>","","","more"\r\n');
    expect(found(check(orphan), AGS3_RULES.cont)).toEqual([[10, 'GEOL', '<CONT> row with no data row above it to continue.']]);
    const joined = checkAgsBuffer(VALID.replace('"CLAY"\r\n', '"CLAY"\r\n"<CONT>","",""," WITH SAND"\r\n'));
    expect(joined.report.findings).toEqual([]);
    expect(joined.file.groups[1]?.rows[1]?.values[3]).toBe('CLAY WITH SAND');
  });

  it('reports a data row with the wrong number of fields with its line', () => {
    expect(found(check(replaceLine(11, '"BH2","0.00","2.00"')), AGS3_RULES.fields)).toEqual([[11, 'GEOL', 'The data row has 3 fields, the heading line 4.']]);
  });

  it('reports rows that repeat the key fields of their group', () => {
    expect(found(check(replaceLine(11, '"BH1","0.00","1.20","SAND"')), AGS3_RULES.keys)).toEqual([
      [11, 'GEOL', 'Key fields (HOLE_ID, GEOL_TOP, GEOL_BASE) BH1|0.00|1.20 repeat the row at line 10.'],
    ]);
  });

  it('reports a HOLE_ID that is not in the HOLE group, and a file without a HOLE group', () => {
    expect(found(check(replaceLine(11, '"BH9","0.00","2.00","CLAY"')), AGS3_RULES.parent)).toEqual([[11, 'GEOL', 'HOLE_ID BH9 not found in the HOLE group.']]);
    const noHole = VALID.split('\r\n').slice(6).join('\r\n');
    expect(found(check(noHole), AGS3_RULES.parent)).toHaveLength(1);
  });

  it('checks the public AGS3 files: wrapped lines and <CONT> rows are not findings', () => {
    const report = check(readFileSync(new URL('ags3/C6048.ags', DATA)));
    const rules = report.byRule.map((r) => r.rule);
    expect(rules).not.toContain(AGS3_RULES.fields);
    expect(rules).not.toContain(AGS3_RULES.cont);
    expect(rules).not.toContain(AGS3_RULES.quotes);
    // Its DICT, UNIT, ABBR and CODE groups have no <UNITS> row.
    expect(found(report, AGS3_RULES.units).map((f) => f[1])).toEqual(['DICT', 'UNIT', 'ABBR', 'CODE']);
  });
});

describe('AGS checker: bad input is a finding with its line, never a throw', () => {
  const agsFile = (lines: string[]) => `${lines.join('\r\n')}\r\n`;
  const MINIMAL = readFileSync(new URL('ags4/example_ags.ags', DATA), 'latin1');

  it('reports a file that is not AGS', () => {
    const report = check(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x0a, 0x00, 0xff, 0xfe, 0x0a, 0x62, 0x69, 0x6e]));
    expect(found(report, 'Validator Process Error')).toEqual([[null, '', 'No GROUP row found: this is not an AGS4 (or AGS3) file.']]);
    expect(found(report, 'AGS Format Rule 3').map((f) => f[0])).toEqual([1, 2, 3]);
    expect(check('').findings.map((f) => f.rule)).toEqual(['Validator Process Error']);
  });

  it('reports a group with no HEADING row', () => {
    const text = agsFile(['"GROUP","PROJ"', '"UNIT","",""', '"TYPE","ID","X"', '"DATA","1","Project"']);
    const report = check(text);
    expect(found(report, 'AGS Format Rule 4')).toEqual([[null, 'PROJ', 'Headings row missing.']]);
  });

  it('reports a DATA row with the wrong number of fields', () => {
    const lines = MINIMAL.split('\r\n');
    const line = lines.findIndex((l) => l.startsWith('"DATA","327-16A",')) + 1;
    lines[line - 1] = (lines[line - 1] ?? '').replace(/,""$/, '');
    const text = lines.join('\r\n');
    expect(found(check(text), 'AGS Format Rule 4')).toEqual([[line, 'LOCA', 'Number of fields does not match the HEADING row.']]);
  });

  it('reports a value that is not a number in a numeric type', () => {
    const text = MINIMAL.replace('"523145.00"', '"n/a"');
    const line = MINIMAL.split('\r\n').findIndex((l) => l.includes('"523145.00"')) + 1;
    expect(found(check(text), 'AGS Format Rule 8')).toEqual([[line, 'LOCA', 'Value n/a in LOCA_NATE not of data type 2DP.']]);
  });

  it('lists at most a thousand findings of a rule and counts the rest', () => {
    const rows = Array.from({ length: 1500 }, (_, i) => `"DATA","H${i}","x","1"`);
    const text = agsFile(['"GROUP","LOCA"', '"HEADING","LOCA_ID","LOCA_NATE","LOCA_NATN"', '"UNIT","","m","m"', '"TYPE","ID","2DP","2DP"', ...rows]);
    const rule8 = check(text).byRule.find((r) => r.rule === 'AGS Format Rule 8');
    expect(rule8?.findings).toHaveLength(1000);
    expect(rule8?.omitted).toBe(3000 - 1000);
  });
});
