import { emptyGroup, type AgsGroup } from './types.js';

/**
 * Builds AGS3.1 / AGS(SG) groups: `"**NAME"` opens a group, lines of `"*HEADING"` fields follow (a heading line
 * longer than 240 characters is wrapped: it ends with a comma and the next line carries on), then the `"<UNITS>"`
 * row, then data rows; a `"<CONT>"` row carries on the row above it (each non-empty field is appended to the same
 * field of that row). `<UNITS>` and `<CONT>` stand in the first column, so the first heading has no unit.
 */

/** What the AGS3 checker needs beyond the model: each logical line (wrapped lines joined) and what it was. */
export interface Ags3Events {
  /** A line joined from its wrapped parts; `headings` is the group's heading count so far. */
  logical(line: number, kind: 'group' | 'heading' | 'units' | 'cont' | 'data', fields: string[], headings: number): void;
  /** A <CONT> row with no data row above it in its group. */
  orphanCont(line: number, group: string | null): void;
  /** A heading line seen after the <UNITS> row or a data row (headings must come first). */
  lateHeading(line: number, group: string): void;
  /** A line before the first group, or a data line in a group that has no heading. */
  strayLine(line: number, group: string | null): void;
}

export function isAgs3GroupLine(text: string): boolean {
  return text.startsWith('"**') || text.startsWith('**');
}

/**
 * Any AGS3 line may be wrapped: a line longer than 240 characters ends with a comma after a closing quote and goes
 * on in the next line. The builder joins such lines into one logical line, numbered by its first line.
 */
export class Ags3Builder {
  readonly groups: AgsGroup[] = [];
  private current: AgsGroup | null = null;
  /** The group's heading lines are still coming (no <UNITS> or data row yet). */
  private inHeadings = false;
  private pending: { line: number; fields: string[] } | null = null;

  constructor(private readonly events?: Ags3Events) {}

  line(number: number, text: string, fields: string[]): void {
    if (text.endsWith(',') && !isAgs3GroupLine(text)) {
      const part = fields.slice(0, -1);
      if (this.pending === null) this.pending = { line: number, fields: part };
      else this.pending.fields.push(...part);
      return;
    }
    if (this.pending !== null) {
      const joined = this.pending;
      this.pending = null;
      joined.fields.push(...fields);
      this.logical(joined.line, text, joined.fields);
    } else this.logical(number, text, fields);
  }

  /** The end of the file: a wrapped line with nothing after it. */
  end(): void {
    if (this.pending === null) return;
    const joined = this.pending;
    this.pending = null;
    this.logical(joined.line, '', joined.fields);
  }

  private logical(number: number, text: string, fields: string[]): void {
    if (isAgs3GroupLine(text)) {
      const name = (fields[0] ?? '').replace(/^\*\*/, '');
      this.current = emptyGroup(name, number);
      this.groups.push(this.current);
      this.inHeadings = true;
      this.events?.logical(number, 'group', fields, 0);
      return;
    }
    const group = this.current;
    const first = fields[0] ?? '';
    if (group === null) {
      this.events?.strayLine(number, null);
      return;
    }
    if (first.startsWith('*') && !first.startsWith('**')) {
      if (!this.inHeadings) this.events?.lateHeading(number, group.name);
      for (const name of fields) group.headings.push(name.replace(/^\*/, ''));
      if (group.headingLine === null) group.headingLine = number;
      this.events?.logical(number, 'heading', fields, group.headings.length);
      return;
    }
    this.inHeadings = false;
    if (first === '<UNITS>') {
      this.events?.logical(number, 'units', fields, group.headings.length);
      if (group.units === null) {
        group.units = ['', ...fields.slice(1)];
        group.unitLine = number;
      }
      return;
    }
    if (first === '<CONT>') {
      this.events?.logical(number, 'cont', fields, group.headings.length);
      const previous = group.rows[group.rows.length - 1];
      if (previous === undefined) {
        this.events?.orphanCont(number, group.name);
        return;
      }
      for (let i = 1; i < fields.length; i++) {
        const more = fields[i] ?? '';
        if (more !== '') previous.values[i] = (previous.values[i] ?? '') + more;
      }
      return;
    }
    if (group.headingLine === null) this.events?.strayLine(number, group.name);
    else this.events?.logical(number, 'data', fields, group.headings.length);
    group.rows.push({ line: number, values: fields });
  }
}
