import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkAgsBuffer, type CheckOptions } from './checker/index.js';
import { readAgsBuffer } from './reader.js';
import type { AgsReport } from './types.js';

/**
 * The AGS4 checker against the verdicts of the reference checker's own test suite (python-ags4, tests/test_check.py:
 * ags4-rules/expected.json): for every case, the rules that must be reported and must not be, and the line and group
 * of each asserted finding (its place among the findings of its rule).
 */

const RULES = new URL('../../../../test-data/ags/ags4-rules/', import.meta.url);

interface Expected {
  test: string;
  fixture: string;
  dictionary: string | null;
  encoding: string | null;
  rules_present: string[];
  rules_absent: string[];
  findings: { rule: string; index: number; line?: number | string | null; group?: string | null }[];
}

const cases = JSON.parse(readFileSync(new URL('expected.json', RULES), 'utf8')) as Expected[];

/** The files the reference suite's fixture folder holds next to the AGS files (rule 20). */
const ATTACHED = ['FILE/327-16A/Report.pdf'];

function check(c: Expected): AgsReport {
  const options: CheckOptions = { version: 'AGS4', attachedFiles: ATTACHED };
  if (c.dictionary?.startsWith('Standard_dictionary')) options.dictionary = c.dictionary;
  else if (c.dictionary !== null) options.dictionary = readAgsBuffer(readFileSync(new URL(c.dictionary, RULES)));
  return checkAgsBuffer(readFileSync(new URL(c.fixture, RULES)), options).report;
}

/** 'Metadata' and 'Summary of data' are parts of the report, not findings. */
function reported(report: AgsReport, rule: string): boolean {
  if (rule === 'Metadata') return report.encoding !== undefined && report.version !== undefined;
  if (rule === 'Summary of data') return report.summary.length > 0;
  return report.byRule.some((r) => r.rule === rule);
}

describe('AGS4 checker: the reference suite (ags4-rules/expected.json)', () => {
  it('has every case of the reference suite', () => {
    expect(cases).toHaveLength(79);
  });

  it.each(cases.map((c) => [c.test, c] as const))('%s', (_name, c) => {
    const report = check(c);
    const rules = report.byRule.map((r) => r.rule);
    for (const rule of c.rules_present) expect(reported(report, rule), `${rule} reported (got ${rules.join(', ')})`).toBe(true);
    for (const rule of c.rules_absent) expect(reported(report, rule), `${rule} not reported`).toBe(false);
    for (const want of c.findings) {
      const list = report.byRule.find((r) => r.rule === want.rule)?.findings ?? [];
      const finding = want.index < 0 ? list[list.length + want.index] : list[want.index];
      expect(finding, `${want.rule} #${want.index} in ${JSON.stringify(list)}`).toBeDefined();
      if (typeof want.line === 'number') expect(finding?.line, `${want.rule} #${want.index} line`).toBe(want.line);
      if (typeof want.group === 'string') expect(finding?.group ?? '', `${want.rule} #${want.index} group`).toBe(want.group);
    }
  });
});

/** Assertions of the reference suite that expected.json does not carry (loops, messages, whole-report checks). */
describe('AGS4 checker: what the reference suite asserts beyond expected.json', () => {
  const run = (fixture: string, options: CheckOptions = { dictionary: '4.1' }) =>
    checkAgsBuffer(readFileSync(new URL(fixture, RULES)), { attachedFiles: ATTACHED, ...options }).report;
  const of = (report: AgsReport, rule: string) => (report.byRule.find((r) => r.rule === rule)?.findings ?? []).map((f) => [f.line, f.group, f.message]);

  it('reports each date, time and elapsed time against its UNIT (test_rule_8_4)', () => {
    const findings = of(run('4.1-rule8-4.ags'), 'AGS Format Rule 8');
    expect(findings.map(([line, group]) => `${line} ${group}`)).toEqual(
      ['18 LOCA', '19 LOCA', '20 LOCA', '18 LOCA', '27 SAMP', '28 SAMP', '34 HDPH', '35 HDPH', '34 HDPH']
        .concat(['43 CHIS', '44 CHIS', '46 CHIS', '47 CHIS', '48 CHIS', '43 CHIS', '44 CHIS', '45 CHIS', '47 CHIS'])
        .concat(['48 CHIS', '49 CHIS', '50 CHIS']),
    );
    expect(findings[2]?.[2]).toBe('Value 2021-02-29 in LOCA_STAR does not match the specified format (yyyy-mm-dd) or is an invalid date/time.');
  });

  it('reports DMS, U and YN values and significant figures with the value expected (test_rule_8_3/5/6/7/9)', () => {
    expect(of(run('4.1-rule8-5.ags'), 'AGS Format Rule 8').map(([line, , message]) => `${line} ${message}`)).toEqual([
      '76 Value 51:68:52.498 in LOCA_LAT not of data type DMS or is an invalid value.',
      '77 Value 51:28:152.498 in LOCA_LAT not of data type DMS or is an invalid value.',
      '78 Value :28:152.498 in LOCA_LAT not of data type DMS or is an invalid value.',
      '85 Value x in SAMP_RECL not of data type U. Numeric value expected.',
      ...['yes', 'no', 'YES', 'NO', 'xyz', '10'].map((v, i) => `${95 + i} Value ${v} in ISPT_ROCK not of data type YN.`),
    ]);
    expect(of(run('4.1-rule8-3.ags'), 'AGS Format Rule 8').map(([, , m]) => m)).toEqual([
      'Value 45.0 in LLPL_LL not of data type 2SF. (Expected: 45)',
      'Value 101 in LLPL_LL not of data type 2SF. (Expected: 100)',
      'Value 0.2 in LLPL_PI not of data type 2SF. (Expected: 0.20)',
    ]);
    expect(of(run('4.1-rule8-7.ags'), 'AGS Format Rule 8')[0]).toEqual([
      73,
      'LOCA',
      'Value 45:45:45,454 in LOCA_LON not of data type DMS or is an invalid value.',
    ]);
  });

  it('finds no rule broken in a file whose SAMP rows hold only SAMP_ID (test_file_with_standalone_SAMP_IDs)', () => {
    const report = run('Standalone_SAMP_IDs.ags', {});
    expect(report.byRule.filter((r) => r.rule.includes('Rule')).map((r) => r.rule)).toEqual([]);
  });

  it('reports a byte-order mark under rule 1 on line 1 (test_file_with_BOM)', () => {
    const report = run('File_with_BOM.ags');
    expect(report.bom).toBe(true);
    expect(of(report, 'AGS Format Rule 1')[0]?.slice(0, 2)).toEqual([1, undefined]);
    expect(report.byRule.map((r) => r.rule)).not.toContain('AGS Format Rule 3');
  });

  it('warns that an unknown TRAN_AGS falls back to the latest dictionary (test_file_with_invalid_TRAN_AGS)', () => {
    const report = run('Invalid_TRAN_AGS.ags', {});
    expect(of(report, 'Warnings')[0]?.[2]).toContain("'x.x' in TRAN_AGS is not a recognized AGS4 version");
    expect(report.dictionary).toBe('Standard_dictionary_v4_2.ags');
  });

  it('picks the standard dictionary TRAN_AGS names (test_rule_LBSGCheck, test_rule_2b_1)', () => {
    expect(run('LBSGCheck.ags', {}).dictionary).toBe('Standard_dictionary_v4_0_4.ags');
    expect(run('4.1-rule2b1.ags', {}).dictionary).toBe('Standard_dictionary_v4_1.ags');
  });

  it('names the heading that belongs to no group (test_rule_19b_2)', () => {
    expect(of(run('4.1-rule19b-2.ags', {}), 'AGS Format Rule 19b')[2]?.[2]).toBe(
      'XXXX_425 does not start with the name of this group, nor is it defined in another group.',
    );
  });

  it('checks the FILE folder only when the files that came with the AGS file are known', () => {
    const withFiles = of(run('4.1-rule20-3.ags'), 'AGS Format Rule 20');
    expect(withFiles[0]?.[2]).toBe('File named "FILE/327-16A/wrong Report.pdf" not found even though it is defined in the FILE group.');
    const bare = checkAgsBuffer(readFileSync(new URL('4.1-rule20-3.ags', RULES)), { dictionary: '4.1' }).report;
    expect(of(bare, 'AGS Format Rule 20')).toEqual([]);
  });
});
