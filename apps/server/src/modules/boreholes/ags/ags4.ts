import { emptyGroup, type AgsGroup } from './types.js';

/** The AGS4 data descriptors: the first field of every line. */
export const AGS4_DESCRIPTORS = new Set(['GROUP', 'HEADING', 'UNIT', 'TYPE', 'DATA']);

/**
 * Builds AGS4 groups from tokenized lines: "GROUP" opens a group, "HEADING", "UNIT" and "TYPE" describe it, "DATA"
 * adds a row. A line with another first field is not part of the model (the checker reports it, rule 3).
 */
export class Ags4Builder {
  readonly groups: AgsGroup[] = [];
  private current: AgsGroup | null = null;

  line(number: number, fields: string[]): void {
    const descriptor = fields[0];
    if (descriptor === 'GROUP') {
      this.current = emptyGroup(fields[1] ?? '', number);
      this.groups.push(this.current);
      return;
    }
    const group = this.current;
    if (group === null) return;
    if (descriptor === 'DATA') group.rows.push({ line: number, values: fields.slice(1) });
    else if (descriptor === 'HEADING') {
      if (group.headingLine === null) {
        group.headings = fields.slice(1);
        group.headingLine = number;
      }
    } else if (descriptor === 'UNIT') {
      if (group.units === null) {
        group.units = fields.slice(1);
        group.unitLine = number;
      }
    } else if (descriptor === 'TYPE') {
      if (group.types === null) {
        group.types = fields.slice(1);
        group.typeLine = number;
      }
    }
  }
}
