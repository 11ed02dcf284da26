/** The tabular-file reader shared by the bulk imports and the reading uploads. */
import { describe, expect, it } from 'vitest';
import { eachCsvRecord, parseCsvRecords, SheetFileError } from './sheet-file.js';

describe('CSV records', () => {
  it('splits plain lines fast and reads quoted fields (separators, quotes, line breaks) by RFC 4180', () => {
    const got: [string[], number][] = [];
    eachCsvRecord('\ufeffa,b,c\r\n1,"x,y",3\n"multi\nline","say ""hi""",\n4,5,6', (f, n) => got.push([f, n]));
    expect(got).toEqual([
      [['a', 'b', 'c'], 1],
      [['1', 'x,y', '3'], 2],
      [['multi\nline', 'say "hi"', ''], 3],
      [['4', '5', '6'], 4],
    ]);
  });

  it('takes ; or tab as the separator when the header has no comma', () => {
    const semi: string[][] = [];
    eachCsvRecord('a;b\n1,5;2\n', (f) => semi.push(f));
    expect(semi).toEqual([
      ['a', 'b'],
      ['1,5', '2'],
    ]);
    const tab: string[][] = [];
    eachCsvRecord('a\tb\n1\t2', (f) => tab.push(f));
    expect(tab).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('scans a large file without quotes once (linear time)', () => {
    const text = `a,b\n${'SM-00001,2026-01-01T00:00:00.000Z\n'.repeat(300_000)}"q",1\n`;
    let n = 0;
    const t0 = performance.now();
    eachCsvRecord(text, () => n++);
    expect(n).toBe(300_002);
    expect(performance.now() - t0).toBeLessThan(5000);
  });

  it('refuses an unclosed quote', () => {
    expect(() => eachCsvRecord('a,b\n"1,2\n', () => undefined)).toThrow(SheetFileError);
  });
});

describe('CSV records of a bulk import', () => {
  it('are the same records, a blank line included and a final line break not making one', () => {
    expect(parseCsvRecords('name;type\r\nSM-1;"S;M"\n\nSM-2;SP\n')).toEqual([['name', 'type'], ['SM-1', 'S;M'], [''], ['SM-2', 'SP']]);
  });
});
