import type { Readable } from 'node:stream';
import { Ags3Builder, isAgs3GroupLine, type Ags3Events } from './ags3.js';
import { Ags4Builder } from './ags4.js';
import { LineSplitter, tokenizeLine, type RawLine } from './tokenizer.js';
import type { AgsFile, AgsVersion } from './types.js';

/** A line as the reader saw it: what the line rules of the checker look at. */
export interface AgsLine extends RawLine {
  fields: string[];
  /** Tokenizer flags (UNQUOTED, ORPHAN_QUOTE, UNTERMINATED). */
  flags: number;
}

export interface ReadOptions {
  /** Called for every line, blank ones included, in order, after the model has taken it. */
  onLine?: (line: AgsLine, version: AgsVersion | null) => void;
  /** AGS3 structure events (the AGS3 checker listens). */
  ags3Events?: Ags3Events;
}

export type AgsSource = Readable | AsyncIterable<Buffer | Uint8Array | string>;

/**
 * One reader for AGS4 and AGS3: push chunks, then end() gives the model. The version is decided by the first line
 * that is not blank (`"**…"` is AGS3). Lines are decoded and tokenized one at a time; only the groups' rows stay.
 */
export class AgsParser {
  private readonly splitter: LineSplitter;
  private version: AgsVersion | null = null;
  private ags4: Ags4Builder | null = null;
  private ags3: Ags3Builder | null = null;

  constructor(private readonly options: ReadOptions = {}) {
    this.splitter = new LineSplitter((line) => this.line(line));
  }

  /** The file started with a UTF-8 byte-order mark (known once the first bytes are in). */
  get bom(): boolean {
    return this.splitter.bom;
  }

  push(chunk: Buffer | Uint8Array | string): void {
    this.splitter.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  }

  end(): AgsFile {
    this.splitter.end();
    this.ags3?.end();
    const s = this.splitter;
    return {
      version: this.version ?? 'AGS4',
      encoding: s.encoding,
      bom: s.bom,
      lineEnding: s.lineEnding,
      lineCount: s.lineCount,
      groups: this.ags3?.groups ?? this.ags4?.groups ?? [],
    };
  }

  private line(raw: RawLine): void {
    const blank = raw.text.trim() === '';
    if (this.version === null && !blank) {
      this.version = isAgs3GroupLine(raw.text) ? 'AGS3' : 'AGS4';
      if (this.version === 'AGS3') this.ags3 = new Ags3Builder(this.options.ags3Events);
      else this.ags4 = new Ags4Builder();
    }
    const { fields, flags } = blank ? { fields: [], flags: 0 } : tokenizeLine(raw.text);
    if (!blank) {
      if (this.ags4 !== null) this.ags4.line(raw.number, fields);
      else this.ags3?.line(raw.number, raw.text, fields);
    }
    this.options.onLine?.({ ...raw, fields, flags }, this.version);
  }
}

/** Read an AGS file from a stream of chunks (a Node Readable or any async iterable of Buffers). */
export async function readAgs(source: AgsSource, options: ReadOptions = {}): Promise<AgsFile> {
  const parser = new AgsParser(options);
  for await (const chunk of source as AsyncIterable<Buffer | Uint8Array | string>) parser.push(chunk);
  return parser.end();
}

/** Read an AGS file already in memory (dictionaries, tests). */
export function readAgsBuffer(bytes: Buffer | Uint8Array | string, options: ReadOptions = {}): AgsFile {
  const parser = new AgsParser(options);
  parser.push(bytes);
  return parser.end();
}
