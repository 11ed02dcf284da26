import { AGS4_DESCRIPTORS } from '../ags4.js';
import type { AgsLine } from '../reader.js';
import { ORPHAN_QUOTE, UNQUOTED, UNTERMINATED } from '../tokenizer.js';
import type { Findings } from './findings.js';

/**
 * The AGS4 rules checked line by line while the file streams past: 1 (characters), 2a (CR LF), 3 (data
 * descriptor), 4 (GROUP row, fields against the HEADING row), 5 (quotes), 7 (duplicate headings), 19/19a/19b
 * (group and heading names).
 */
export class Ags4LineRules {
  private group = '';
  /** The HEADING row's fields (descriptor included), empty until the group has one. */
  private headings: string[] = [];
  private headingsMissingReported = new Set<string>();
  private notCrLf = 0;
  private firstNotCrLf = 0;
  private lastLine = 0;

  constructor(private readonly findings: Findings) {}

  /** A byte-order mark before the first line: rule 1, as the reference checker reports it. */
  bom(): void {
    this.findings.rule('1', 1, undefined, 'Has a byte-order-mark (BOM) before the first line; save the file without it (AGS files are ASCII).');
  }

  line(line: AgsLine): void {
    const { text, fields, number } = line;
    this.lastLine = number;
    const bare = text.replace(/^"+/, '');
    if (bare.startsWith('GROUP')) {
      this.group = fields[1] ?? '';
      this.headings = [];
    } else if (bare.startsWith('HEADING')) {
      this.headings = fields;
    }
    if (line.nonAscii) this.characters(line);
    if (!line.crlf && !(line.unterminated && text === '')) {
      if (this.notCrLf++ === 0) this.firstNotCrLf = number;
    }
    if (text.trim() === '') {
      if (text !== '') this.findings.rule('5', number, undefined, 'Contains only spaces.');
      return;
    }
    const descriptor = fields[0] ?? '';
    if (!AGS4_DESCRIPTORS.has(descriptor)) {
      this.findings.rule('3', number, undefined, 'Does not start with a valid data descriptor.');
    }
    this.rule4(line, bare);
    this.rule5(line, bare);
    if (bare.startsWith('GROUP')) this.groupName(number, fields);
    if (bare.startsWith('HEADING')) this.headingNames(number, fields);
  }

  /** After the last line: rule 2a once for the file (the count and the first line), not once per line. */
  end(): void {
    if (this.notCrLf === 0) return;
    const lines = this.notCrLf === 1 ? 'line is' : 'lines are';
    this.findings.rule(
      '2a',
      this.firstNotCrLf,
      undefined,
      `Is not terminated by <CR> and <LF> characters (${this.notCrLf} ${lines} not, of ${this.lastLine}; the first is this one).`,
    );
  }

  private characters(line: AgsLine): void {
    let extended = false;
    for (let i = 0; i < line.text.length; i++) {
      const c = line.text.charCodeAt(i);
      if (c < 128) continue;
      if (c < 160 || c > 255) {
        this.findings.rule('1', line.number, undefined, 'Has Non-ASCII character(s).');
        return;
      }
      extended = true;
    }
    if (extended) {
      this.findings.add('FYI (Related to Rule 1)', 'fyi', line.number, undefined, 'Has extended ASCII character(s).');
    }
  }

  private rule4({ number, fields }: AgsLine, bare: string): void {
    if (bare.startsWith('GROUP') && fields[0] === 'GROUP') {
      if (fields.length > 2) this.findings.rule('4', number, fields[1], 'GROUP row has more than one field.');
      else if (fields.length < 2) this.findings.rule('4', number, '', 'GROUP row is malformed.');
      return;
    }
    if (!(bare.startsWith('UNIT') || bare.startsWith('TYPE') || bare.startsWith('DATA'))) return;
    if (this.headings.length === 0) {
      if (!this.headingsMissingReported.has(this.group)) {
        this.headingsMissingReported.add(this.group);
        this.findings.rule('4', null, this.group, 'Headings row missing.');
      }
    } else if (fields.length !== this.headings.length) {
      this.findings.rule('4', number, this.group, 'Number of fields does not match the HEADING row.');
    }
  }

  private rule5({ number, text, flags }: AgsLine, bare: string): void {
    if (!text.startsWith('"') || !text.endsWith('"') || (flags & (UNQUOTED | UNTERMINATED)) !== 0) {
      this.findings.rule('5', number, undefined, 'Contains fields that are not enclosed in double quotes.');
      return;
    }
    if (bare.startsWith('HEADING') || bare.startsWith('UNIT') || bare.startsWith('TYPE')) {
      if (text.split('","').length !== text.split(',').length) {
        this.findings.rule('5', number, undefined, 'Contains fields that are not enclosed in double quotes.');
      }
      return;
    }
    if ((flags & ORPHAN_QUOTE) !== 0) {
      this.findings.rule('5', number, undefined, 'Contains quotes within a data field. All such quotes should be enclosed by a second quote.');
    }
  }

  private groupName(number: number, fields: string[]): void {
    const name = fields[1];
    if (name === undefined) return;
    if (name.length !== 4 || name !== name.toUpperCase() || name === name.toLowerCase()) {
      this.findings.rule('19', number, name, 'GROUP name should consist of four uppercase letters.');
    }
  }

  private headingNames(number: number, fields: string[]): void {
    const group = this.group;
    if (new Set(fields).size !== fields.length) {
      this.findings.rule('7', number, undefined, 'HEADER row has duplicate fields.');
    }
    if (fields.length < 2) {
      this.findings.rule('19a', number, group, 'Headings row does not seem to have any fields.');
      return;
    }
    for (const item of fields.slice(1)) {
      if (/[^A-Z0-9_]/.test(item)) {
        this.findings.rule('19a', number, group, `Heading ${item} should consist of only uppercase letters, numbers, and an underscore character.`, item);
      }
      if (item.length > 9) {
        this.findings.rule('19a', number, group, `Heading ${item} is more than 9 characters in length.`, item);
      }
    }
    for (const item of fields.slice(1)) {
      const parts = item.split('_');
      if (parts.length < 2) {
        this.findings.rule('19b', number, group, `Heading ${item} should consist of group name and field name separated by "_".`, item);
      } else if ((parts[0] ?? '').length !== 4 || (parts[1] ?? '').length > 4) {
        this.findings.rule('19b', number, group, `Heading ${item} should consist of a 4 character group name and a field name of up to 4 characters.`, item);
      }
    }
  }
}
