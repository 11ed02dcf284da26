import { isAscii, isUtf8 } from 'node:buffer';
import type { AgsEncoding } from './types.js';

/**
 * Bytes to lines to fields. An AGS line is one record (AGS4 rule 6: no line break inside a field), so the bytes are
 * cut at LF, each line decoded on its own and split into its quoted fields. Nothing here holds more than one chunk
 * and one line.
 */

/** Field flags: what the tokenizer had to forgive on a line (the checker turns them into findings). */
export const UNQUOTED = 1;
export const ORPHAN_QUOTE = 2;
export const UNTERMINATED = 4;

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

export interface Tokens {
  fields: string[];
  /** UNQUOTED | ORPHAN_QUOTE | UNTERMINATED */
  flags: number;
}

/**
 * Split one line (no line end) into its fields. A field is "…" with "" for a quote inside; a quote inside a field
 * that is not doubled is kept as a character (ORPHAN_QUOTE), a field without quotes is read up to the next comma
 * (UNQUOTED), a field whose closing quote is missing runs to the end of the line (UNTERMINATED).
 */
export function tokenizeLine(text: string): Tokens {
  const fields: string[] = [];
  let flags = 0;
  const n = text.length;
  if (n === 0) return { fields, flags };
  let i = 0;
  for (;;) {
    if (text.charCodeAt(i) === QUOTE) {
      let start = i + 1;
      let searchFrom = start;
      let value = '';
      for (;;) {
        const q = text.indexOf('"', searchFrom);
        if (q === -1) {
          value += text.slice(start);
          flags |= UNTERMINATED;
          i = n;
          break;
        }
        const next = text.charCodeAt(q + 1);
        if (next === QUOTE) {
          value += text.slice(start, q + 1);
          start = searchFrom = q + 2;
        } else if (q + 1 === n || next === COMMA) {
          value += text.slice(start, q);
          i = q + 1;
          break;
        } else {
          flags |= ORPHAN_QUOTE;
          searchFrom = q + 1;
        }
      }
      fields.push(value);
    } else {
      const comma = text.indexOf(',', i);
      const end = comma === -1 ? n : comma;
      fields.push(text.slice(i, end));
      flags |= UNQUOTED;
      i = end;
    }
    if (i >= n) break;
    i++; // the comma
    if (i === n) {
      fields.push('');
      flags |= UNQUOTED;
      break;
    }
  }
  return { fields, flags };
}

export interface RawLine {
  /** 1-based line number. */
  number: number;
  /** The decoded line without its line end (and without a leading byte-order mark). */
  text: string;
  /** The line ended with CR LF (false: LF alone, or the last line without a line end). */
  crlf: boolean;
  /** The line had no line end at all (the file's last line). */
  unterminated: boolean;
  /** The line holds a byte outside ASCII. */
  nonAscii: boolean;
}

const cp1252 = new TextDecoder('windows-1252');

/**
 * Cuts a stream of byte chunks into decoded lines. The encoding is found as the bytes come: ASCII until a line holds
 * another byte; that line decides UTF-8 (it is valid UTF-8) or Windows-1252 (it is not), and the rest of the file is
 * read the same way (a later line that is not valid UTF-8 in a UTF-8 file is read as Windows-1252).
 */
export class LineSplitter {
  encoding: AgsEncoding = 'ascii';
  bom = false;
  crlfLines = 0;
  lfLines = 0;
  lineCount = 0;
  private carry: Buffer | null = null;
  private first = true;

  constructor(private readonly onLine: (line: RawLine) => void) {}

  push(chunk: Buffer): void {
    let buf = chunk;
    if (this.first) {
      if (this.carry === null && buf.length < 3) {
        this.carry = buf;
        return;
      }
      if (this.carry !== null) {
        buf = Buffer.concat([this.carry, buf]);
        this.carry = null;
        if (buf.length < 3) {
          this.carry = buf;
          return;
        }
      }
      this.first = false;
      if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
        this.bom = true;
        this.encoding = 'utf-8';
        buf = buf.subarray(3);
      }
    }
    let start = 0;
    for (;;) {
      const lf = buf.indexOf(LF, start);
      if (lf === -1) break;
      let line = buf.subarray(start, lf);
      if (this.carry !== null) {
        line = Buffer.concat([this.carry, line]);
        this.carry = null;
      }
      this.emit(line, true);
      start = lf + 1;
    }
    if (start < buf.length) {
      const rest = buf.subarray(start);
      this.carry = this.carry === null ? Buffer.from(rest) : Buffer.concat([this.carry, rest]);
    }
  }

  end(): void {
    if (this.first && this.carry !== null) {
      // A file shorter than three bytes: no room for a BOM.
      this.first = false;
    }
    if (this.carry !== null && this.carry.length > 0) this.emit(this.carry, false);
    this.carry = null;
  }

  private emit(bytes: Buffer, terminated: boolean): void {
    let line = bytes;
    const crlf = terminated && line.length > 0 && line[line.length - 1] === CR;
    if (crlf) line = line.subarray(0, line.length - 1);
    if (terminated) {
      if (crlf) this.crlfLines++;
      else this.lfLines++;
    }
    const ascii = isAscii(line);
    let text: string;
    if (ascii) text = line.toString('latin1');
    else if (this.encoding !== 'cp1252' && isUtf8(line)) {
      text = line.toString('utf8');
      this.encoding = 'utf-8';
    } else {
      text = cp1252.decode(line);
      if (this.encoding === 'ascii') this.encoding = 'cp1252';
    }
    this.lineCount++;
    this.onLine({ number: this.lineCount, text, crlf, unterminated: !terminated, nonAscii: !ascii });
  }

  get lineEnding(): 'CRLF' | 'LF' | 'mixed' {
    if (this.crlfLines > 0 && this.lfLines > 0) return 'mixed';
    return this.lfLines > 0 ? 'LF' : 'CRLF';
  }
}
