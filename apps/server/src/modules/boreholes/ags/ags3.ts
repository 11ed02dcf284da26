import type { AgsGroup } from './types.js';

/**
 * Builds AGS3.1 / AGS(SG) groups: `"**NAME"` opens a group, lines of `"*HEADING"` fields follow (a heading line
 * longer than 240 characters is wrapped: it ends with a comma and the next line carries on), then the `"<UNITS>"`
 * row, then data rows; a `"<CONT>"` row carries on the row above it (each non-empty field is appended to the same
 * field of that row). `<UNITS>` and `<CONT>` stand in the first column, so the first heading has no unit.
 */

/** Events the AGS3 checker needs that the model does not keep. */
export interface Ags3Events {
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

export class Ags3Builder {
  readonly groups: AgsGroup[] = [];
  private current: AgsGroup | null = null;
  /** The group's heading lines are still coming (the last one ended with a comma, or no data row yet). */
  private inHeadings = false;
  private wrapped = false;

  constructor(private readonly events?: Ags3Events) {}

  line(number: number, text: string, fields: string[]): void {
    if (isAgs3GroupLine(text)) {
      const name = (fields[0] ?? '').replace(/^\*\*/, '');
      this.current = {
        name,
        line: number,
        headingLine: null,
        headings: [],
        units: null,
        unitLine: null,
        types: null,
        typeLine: null,
        rows: [],
      };
      this.groups.push(this.current);
      this.inHeadings = true;
      this.wrapped = false;
      return;
    }
    const group = this.current;
    const first = fields[0] ?? '';
    if (group === null) {
      this.events?.strayLine(number, null);
      return;
    }
    if (this.wrapped || (first.startsWith('*') && !first.startsWith('**'))) {
      if (!this.inHeadings) this.events?.lateHeading(number, group.name);
      // A wrapped heading line ends with a comma: the tokenizer reads it as a last, empty field.
      this.wrapped = text.endsWith(',');
      const names = this.wrapped ? fields.slice(0, -1) : fields;
      for (const name of names) group.headings.push(name.replace(/^\*/, ''));
      if (group.headingLine === null) group.headingLine = number;
      return;
    }
    this.inHeadings = false;
    if (first === '<UNITS>') {
      if (group.units === null) {
        group.units = ['', ...fields.slice(1)];
        group.unitLine = number;
      }
      return;
    }
    if (first === '<CONT>') {
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
    group.rows.push({ line: number, values: fields });
  }
}
