import type { Ags3Events } from '../ags3.js';
import { isAgs3GroupLine } from '../ags3.js';
import { ags4GroupName, ags4HeadingName } from '../ags3-names.js';
import { buildDictionary, dictEntries, findGroup, standardDictionary, type AgsDictionary } from '../dictionary.js';
import type { AgsLine } from '../reader.js';
import { ORPHAN_QUOTE, UNQUOTED, UNTERMINATED, tokenizeLine } from '../tokenizer.js';
import type { AgsFile, AgsGroup } from '../types.js';
import type { Findings } from './findings.js';

/**
 * The syntax checks of AGS 3.1 (and AGS(SG), which is based on it): quoting, group and heading names, the <UNITS>
 * row, <CONT> placement, fields per row, key fields unique per group, and every HOLE_ID present in HOLE. Key
 * fields are those of the group's AGS4 counterpart in the 4.0.4 dictionary (the AGS3 dictionary is not published
 * in a machine-readable form).
 */
export const AGS3_RULES = {
  quotes: 'AGS3 Quotes',
  groupName: 'AGS3 Group name',
  headingName: 'AGS3 Heading name',
  units: 'AGS3 <UNITS> row',
  cont: 'AGS3 <CONT> row',
  fields: 'AGS3 Fields per row',
  length: 'AGS3 Line length',
  order: 'AGS3 Line order',
  keys: 'AGS3 Key fields',
  parent: 'AGS3 Parent HOLE',
} as const;

const GROUP_NAME = /^\??[A-Z0-9]{4}$/;
const HEADING_NAME = /^\??[A-Z0-9?]{4}_[A-Z0-9]{1,4}$/;

export class Ags3Rules implements Ags3Events {
  private group: string | null = null;

  constructor(private readonly findings: Findings) {}

  private add(rule: string, line: number | null, group: string | null | undefined, message: string): void {
    this.findings.add(rule, 'error', line, group ?? undefined, message);
  }

  orphanCont(line: number, group: string | null): void {
    this.add(AGS3_RULES.cont, line, group, '<CONT> row with no data row above it to continue.');
  }

  lateHeading(line: number, group: string): void {
    this.add(AGS3_RULES.order, line, group, 'Heading line after the <UNITS> row or a data row; headings come first.');
  }

  strayLine(line: number, group: string | null): void {
    const where = group === null ? 'before the first group' : 'in a group that has no heading line';
    this.add(AGS3_RULES.order, line, group, `Data line ${where}.`);
  }

  /** Quoting, line by line (a wrapped line's closing comma is not an unquoted field). */
  line(line: AgsLine): void {
    const { text, number } = line;
    if (isAgs3GroupLine(text)) this.group = (line.fields[0] ?? '').replace(/^\*\*/, '');
    if (text.trim() === '') {
      if (text !== '') this.add(AGS3_RULES.quotes, number, this.group, 'Line holds only spaces.');
      return;
    }
    const { flags } = text.endsWith(',') ? tokenizeLine(text.slice(0, -1)) : line;
    if ((flags & (UNQUOTED | UNTERMINATED)) !== 0) {
      this.add(AGS3_RULES.quotes, number, this.group, 'Contains fields that are not enclosed in double quotes.');
    } else if ((flags & ORPHAN_QUOTE) !== 0) {
      this.add(AGS3_RULES.quotes, number, this.group, 'Contains a quote inside a field that is not doubled ("").');
    }
    if (text.length > 240) this.add(AGS3_RULES.length, number, this.group, `Line of ${text.length} characters; AGS3 lines are at most 240 (wrap them).`);
  }

  /** Names and fields per row, on lines joined from their wrapped parts. */
  logical(number: number, kind: 'group' | 'heading' | 'units' | 'cont' | 'data', fields: string[], headings: number): void {
    if (kind === 'group') {
      const name = (fields[0] ?? '').replace(/^\*\*/, '');
      if (!GROUP_NAME.test(name)) {
        this.add(AGS3_RULES.groupName, number, name, `Group name ${name} should be four uppercase letters or digits (a user group starts with "?").`);
      }
      if (fields.length > 1) this.add(AGS3_RULES.groupName, number, name, 'Group line has more than one field.');
      return;
    }
    if (kind === 'heading') {
      for (const field of fields) {
        if (!field.startsWith('*') || !HEADING_NAME.test(field.slice(1))) {
          this.add(
            AGS3_RULES.headingName,
            number,
            this.group,
            `Heading ${field} should be "*" and GROUP_NAME (group, underscore, up to four letters or digits).`,
          );
        }
      }
      return;
    }
    if (fields.length !== headings) {
      const what = kind === 'units' ? 'The <UNITS> row' : kind === 'cont' ? 'The <CONT> row' : 'The data row';
      this.add(AGS3_RULES.fields, number, this.group, `${what} has ${fields.length} fields, the heading line ${headings}.`);
    }
  }

  finish(file: AgsFile): void {
    for (const g of file.groups) {
      if (g.headingLine !== null && g.units === null) {
        this.add(AGS3_RULES.units, g.line, g.name, 'No <UNITS> row after the heading line.');
      } else if (g.unitLine !== null && g.rows.length > 0 && (g.rows[0]?.line ?? 0) < g.unitLine) {
        this.add(AGS3_RULES.units, g.unitLine, g.name, 'The <UNITS> row comes after data rows; it follows the headings.');
      }
    }
    this.keys(file);
    this.parents(file);
  }

  private keys(file: AgsFile): void {
    const dict: AgsDictionary = buildDictionary(dictEntries(findGroup(standardDictionary('4.0.4').file, 'DICT')));
    for (const g of file.groups) {
      const keyNames = new Set((dict.byGroup.get(ags4GroupName(g.name)) ?? []).filter((e) => /key/i.test(e.status)).map((e) => e.heading));
      const columns = g.headings.map((h, i) => (keyNames.has(ags4HeadingName(h)) ? i : -1)).filter((i) => i >= 0);
      // Only when every key field of the group is there: a part of a key is not a key.
      if (columns.length === 0 || columns.length < keyNames.size) continue;
      const first = new Map<string, number>();
      for (const row of g.rows) {
        const key = columns.map((c) => row.values[c] ?? '').join('|');
        const seen = first.get(key);
        if (seen === undefined) first.set(key, row.line);
        else {
          const names = columns.map((c) => g.headings[c]).join(', ');
          this.add(AGS3_RULES.keys, row.line, g.name, `Key fields (${names}) ${key} repeat the row at line ${seen}.`);
        }
      }
    }
  }

  private parents(file: AgsFile): void {
    const hole = findGroup(file, 'HOLE');
    const children = file.groups.filter((g: AgsGroup) => g.name !== 'HOLE' && g.headings.includes('HOLE_ID'));
    if (hole === undefined) {
      if (children.length > 0) this.add(AGS3_RULES.parent, null, 'HOLE', 'HOLE group not found, though other groups name holes (HOLE_ID).');
      return;
    }
    const holeIds = new Set(hole.rows.map((r) => r.values[hole.headings.indexOf('HOLE_ID')] ?? ''));
    for (const g of children) {
      const c = g.headings.indexOf('HOLE_ID');
      for (const row of g.rows) {
        const id = row.values[c] ?? '';
        if (!holeIds.has(id)) this.add(AGS3_RULES.parent, row.line, g.name, `HOLE_ID ${id} not found in the HOLE group.`);
      }
    }
  }
}
