/**
 * Validation of an instrument readings file, row by row, into a per-row report and the valid readings ready for the
 * load (binary COPY data grouped by series, in time order, with the per-grain rollups and the latest value of each
 * series).
 *
 * Three passes: (1) each row as it is read: instrument (and contract), reading code, depth, date-time, value, physical
 * limits; (2) duplicates within the file (same instrument, code, depth and time); (3) duplicates of readings already
 * stored — the caller queries them for the ranges `storedCheck()` gives and hands the hits to `markStored()`.
 * Built for a million readings: plain number arrays, caches for repeated names and times, no object per reading.
 *
 * Longer than the 400 lines the lint allows: the three passes share those arrays (one class holds them), and
 * spreading the passes over files would hand the hot per-reading state between modules.
 */
/* eslint max-lines: ["error", { "max": 430, "skipBlankLines": true, "skipComments": true }] */
import { isSafeText, UPLOAD_REPORT_CAP, type TUploadRowError } from '@strata/shared';
import { parseDateTime, wallToEpoch } from '../../lib/zoned-time.js';
import { BinaryReadingsWriter } from '../readings/copy-binary.js';
import type { ReadingRow, TimeCell } from './reading-file.js';
import { monthsOf, ROLLUP_GRAIN_MS, seriesKeyOf, type SeriesKey } from '../readings/reading-keys.js';

/** The row errors of a duplicate reading: of an earlier row of the file, or of a stored reading (the quality audit counts them). */
export const duplicateInFileMessage = (row: number) => `Duplicate of row ${row} in this file (same instrument, reading code, depth and time)`;
export const DUPLICATE_STORED_MESSAGE = 'A reading of this instrument, reading code and depth at this time is already stored';
export const isDuplicateMessage = (m: string) => m === DUPLICATE_STORED_MESSAGE || /^Duplicate of row \d+ in this file /.test(m);

export interface InstrumentRef {
  id: number;
  name: string;
  contractId: number;
  contractNo: string;
  typeId: number;
  typeCode: string;
  hasDepth: boolean;
}

export interface CodeRef {
  id: number;
  code: string;
  unit: string;
  min: number | null;
  max: number | null;
}

export interface ValidationLookups {
  timezone: string;
  /** Now (epoch ms): a reading more than a day after it is refused. */
  now: number;
  /** The contract chosen at upload: rows must be of it. */
  contract: { id: number; no: string } | null;
  /** The uploader's instruments (of the chosen contract, when one was), by lower-case name. */
  instrumentsByName: Map<string, InstrumentRef[]>;
  /** The uploader's contracts, by lower-case number. */
  contractsByNo: Map<string, { id: number; no: string }>;
  /** Reading codes per instrument type id, by upper-case code. */
  codesByType: Map<number, Map<string, CodeRef>>;
}

export interface ValidationResult {
  rowsTotal: number;
  rowsValid: number;
  rowsInvalid: number;
  errorsTotal: number;
  /** The first UPLOAD_REPORT_CAP errors, by row. */
  errors: TUploadRowError[];
  /** Series with valid readings. */
  series: SeriesKey[];
  /** How the texts name each series: its id when every series already exists, else its index. */
  refs: number[];
  /** Binary COPY data of the valid readings (series ref, upload id, time, value), grouped by series, in time order. */
  readings: Buffer;
  /** `<series ref>\t<grain ISO>\t<n>\t<min>\t<max>\t<min at>\t<max at>\t<first at>\t<last at>\n` (ms after the grain). */
  rollupsText: string;
  latest: { index: number; takenAt: string; value: number }[];
  months: string[];
  first: number | null;
  last: number | null;
  contractIds: number[];
}

const FUTURE_TOLERANCE_MS = 86_400_000;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Text of the file shown back in a message: cut, and never unsafe text. */
const shown = (text: string) => (isSafeText(text) ? (text.length > 60 ? `${text.slice(0, 60)}…` : text) : '(text refused: it holds unsafe characters)');

function parseNumber(v: string | number): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (!NUMBER.test(v)) return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

type Resolved = { ref: InstrumentRef; errors?: undefined } | { ref?: undefined; errors: [string, string][] };

export class ReadingValidator {
  // Pass-1 output: one entry per candidate reading (valid so far).
  private readonly sIdx: number[] = [];
  private readonly times: number[] = [];
  private readonly values: number[] = [];
  private readonly rows: number[] = [];
  private bad: Uint8Array | undefined;
  private readonly seriesList: (SeriesKey & { instrument: InstrumentRef })[] = [];
  private readonly seriesIndex = new Map<string, number>();
  /** Per series: candidate indices in (time, row) order (after pass 2). */
  private bySeries: Int32Array[] = [];

  private readonly errors: TUploadRowError[] = [];
  private readonly dupRows: number[] = [];
  private readonly dupMessages: string[] = [];
  private readonly dupInstruments: number[] = [];
  /** The instrument of the row being read (null until it resolves): report rows carry it for links. */
  private rowInstrument: number | null = null;
  private errorsTotal = 0;
  private total = 0;
  private invalid = 0;

  private readonly instrumentCache = new Map<string, Resolved>();
  private readonly rawCache = new Map<string, Resolved>();
  /** Per instrument type: code as written -> reading code (null: none). */
  private readonly codeCache = new Map<number, Map<string, CodeRef | null>>();
  /** Series without depth by instrument id * 2^21 + reading code id; with depth by text key. */
  private readonly seriesByNumber = new Map<number, number>();
  private readonly timeCache = new Map<string, number | null>();

  constructor(private readonly l: ValidationLookups) {}

  private error(row: number, field: string, message: string) {
    this.errorsTotal++;
    if (this.errors.length < UPLOAD_REPORT_CAP) this.errors.push({ row, field, message, instrument_id: this.rowInstrument });
  }

  private resolve(name: string, contract: string): Resolved {
    // Keyed by the text as written (a file repeats it the same way); the case-insensitive match happens on a miss.
    const raw = contract ? `${name}\u0000${contract}` : name;
    const hit = this.rawCache.get(raw);
    if (hit) return hit;
    const key = `${name.toLowerCase()}\u0000${contract.toLowerCase()}`;
    let r = this.instrumentCache.get(key);
    if (r) {
      this.rawCache.set(raw, r);
      return r;
    }
    const errors: [string, string][] = [];
    let candidates = name ? (this.l.instrumentsByName.get(name.toLowerCase()) ?? []) : [];
    if (!name) errors.push(['instrument', 'Instrument is required']);
    if (contract) {
      const c = this.l.contractsByNo.get(contract.toLowerCase());
      if (!c) errors.push(['contract', `Unknown contract ${shown(contract)}`]);
      else if (this.l.contract && c.id !== this.l.contract.id) errors.push(['contract', `This upload is for contract ${this.l.contract.no}`]);
      else {
        candidates = candidates.filter((i) => i.contractId === c.id);
        if (name && candidates.length === 0) errors.push(['instrument', `Contract ${c.no} has no instrument ${shown(name)}`]);
      }
    } else if (name && candidates.length === 0) errors.push(['instrument', `Unknown instrument ${shown(name)}`]);
    else if (candidates.length > 1) errors.push(['contract', `Several contracts have an instrument ${shown(name)}: give the contract`]);
    r = errors.length === 0 && candidates[0] ? { ref: candidates[0] } : { errors };
    this.instrumentCache.set(key, r);
    this.rawCache.set(raw, r);
    return r;
  }

  private codeOf(instrument: InstrumentRef, code: string): CodeRef | null {
    let m = this.codeCache.get(instrument.typeId);
    if (!m) {
      m = new Map();
      this.codeCache.set(instrument.typeId, m);
    }
    let c = m.get(code);
    if (c === undefined) {
      c = this.l.codesByType.get(instrument.typeId)?.get(code.toUpperCase()) ?? null;
      m.set(code, c);
    }
    return c;
  }

  private seriesOf(ref: InstrumentRef, code: CodeRef, depth: number | null): number {
    let s: number | undefined;
    const num = depth === null && code.id < 2_097_152 ? ref.id * 2_097_152 + code.id : -1;
    if (num >= 0) s = this.seriesByNumber.get(num);
    else s = this.seriesIndex.get(`${ref.id}|${code.id}|${depth ?? ''}`);
    if (s === undefined) {
      s = this.seriesList.length;
      this.seriesList.push({ instrumentId: ref.id, readingCodeId: code.id, depth, instrument: ref });
      if (num >= 0) this.seriesByNumber.set(num, s);
      else this.seriesIndex.set(`${ref.id}|${code.id}|${depth ?? ''}`, s);
    }
    return s;
  }

  private timeOf(cell: TimeCell): number | null {
    if (typeof cell !== 'string') return wallToEpoch(cell.wall, this.l.timezone);
    let t = this.timeCache.get(cell);
    if (t === undefined) {
      t = parseDateTime(cell, this.l.timezone) ?? null;
      if (this.timeCache.size > 200_000) this.timeCache.clear();
      this.timeCache.set(cell, t);
    }
    return t;
  }

  /** Instruments with candidate readings (for the stored-duplicates check). */
  instrumentIds(): number[] {
    return [...new Set(this.seriesList.map((s) => s.instrumentId))];
  }

  /** Contracts of every instrument the file named and resolved (valid rows or not): who may see the upload. */
  contractIds(): number[] {
    const ids = new Set<number>();
    for (const r of this.instrumentCache.values()) if (r.ref) ids.add(r.ref.contractId);
    return [...ids];
  }

  /** Pass 1: one row of the file. */
  add(r: ReadingRow): void {
    const cells = r.cells;
    const readings = Math.max(1, cells.length);
    this.total += readings;
    const row = r.row;
    let rowOk = true;
    const inst = this.resolve(r.instrument, r.contract);
    this.rowInstrument = inst.ref ? inst.ref.id : null;
    if (inst.errors) {
      for (const [f, m] of inst.errors) this.error(row, f, m);
      rowOk = inst.errors.length === 0;
    }
    const ref = inst.ref;
    let depth: number | null = null;
    if (ref) {
      if (ref.hasDepth) {
        if (!r.depth) rowOk = this.fail(row, 'depth', `Depth is required for ${ref.typeCode} instruments`);
        else {
          const d = parseNumber(r.depth);
          if (d === undefined) rowOk = this.fail(row, 'depth', 'Depth must be a number (metres)');
          else depth = d;
        }
      } else if (r.depth) rowOk = this.fail(row, 'depth', `${ref.typeCode} instruments take no depth`);
    }
    let t: number | null = null;
    if (r.time === '') rowOk = this.fail(row, 'date_time', 'Date and time are required');
    else {
      t = this.timeOf(r.time);
      if (t === null) {
        rowOk = this.fail(
          row,
          'date_time',
          `Unreadable date and time ${shown(r.time as string)}: use YYYY-MM-DD HH:mm:ss (with an offset such as +08:00, or in the time zone setting) or DD/MM/YYYY HH:mm:ss`,
        );
      } else if (t > this.l.now + FUTURE_TOLERANCE_MS) rowOk = this.fail(row, 'date_time', 'The date and time is in the future');
    }
    if (cells.length === 0) rowOk = this.fail(row, 'value', 'The row has no values');
    let badCells = 0;
    for (let k = 0; k < cells.length; k++) {
      const cell = cells[k]!;
      let cellOk = true;
      let code: CodeRef | null = null;
      if (!cell.code) cellOk = this.fail(row, cell.field === 'value' ? 'reading_code' : cell.field, 'Reading code is required');
      else if (ref) {
        code = this.codeOf(ref, cell.code);
        if (!code)
          cellOk = this.fail(row, cell.field === 'value' ? 'reading_code' : cell.field, `${ref.typeCode} instruments have no reading code ${shown(cell.code)}`);
      }
      let v: number | undefined;
      if (cell.value === '') cellOk = this.fail(row, cell.field, 'Value is required');
      else {
        v = parseNumber(cell.value);
        if (v === undefined) cellOk = this.fail(row, cell.field, `Value must be a number (got ${shown(String(cell.value))})`);
        else if (code && ((code.min !== null && v < code.min) || (code.max !== null && v > code.max))) {
          cellOk = this.fail(
            row,
            cell.field,
            `Value ${v} is outside the physical limits of ${code.code} (${code.min ?? '…'} to ${code.max ?? '…'}${code.unit ? ` ${code.unit}` : ''})`,
          );
        }
      }
      if (!cellOk || !rowOk || !ref || !code || t === null || v === undefined) {
        badCells++;
        continue;
      }
      this.sIdx.push(this.seriesOf(ref, code, depth));
      this.times.push(t);
      this.values.push(v);
      this.rows.push(row);
    }
    this.invalid += rowOk ? badCells : readings;
  }

  /** Records an error; returns false (the row or cell is not valid). */
  private fail(row: number, field: string, message: string): false {
    this.error(row, field, message);
    return false;
  }

  private dup(i: number, message: string) {
    this.bad![i] = 1;
    this.invalid++;
    this.errorsTotal++;
    this.dupRows.push(this.rows[i]!);
    this.dupMessages.push(message);
    this.dupInstruments.push(this.seriesList[this.sIdx[i]!]!.instrumentId);
  }

  /** Pass 2: duplicates within the file. */
  checkFile(): void {
    const n = this.sIdx.length;
    this.bad = new Uint8Array(n);
    const counts = new Int32Array(this.seriesList.length);
    for (let i = 0; i < n; i++) counts[this.sIdx[i]!]!++;
    this.bySeries = Array.from(counts, (c) => new Int32Array(c));
    const fill = new Int32Array(this.seriesList.length);
    for (let i = 0; i < n; i++) {
      const s = this.sIdx[i]!;
      this.bySeries[s]![fill[s]!++] = i;
    }
    const t = this.times;
    const rows = this.rows;
    for (const order of this.bySeries) {
      let sorted = true;
      for (let k = 1; k < order.length && sorted; k++) if (t[order[k]!]! < t[order[k - 1]!]!) sorted = false;
      if (!sorted) order.sort((a, b) => t[a]! - t[b]! || rows[a]! - rows[b]!);
      for (let k = 1; k < order.length; k++) {
        const i = order[k]!;
        const prev = order[k - 1]!;
        if (t[i] === t[prev]) {
          // Every later copy points at the first one of that time.
          let first = prev;
          for (let j = k - 1; j >= 0 && t[order[j]!] === t[i]; j--) first = order[j]!;
          this.dup(i, duplicateInFileMessage(rows[first]!));
        }
      }
    }
  }

  /** The series and time ranges to look up among stored readings: those of series that already exist. */
  storedCheck(existing: Map<string, number>): { index: number; seriesId: number; lo: number; hi: number }[] {
    const out: { index: number; seriesId: number; lo: number; hi: number }[] = [];
    this.seriesList.forEach((s, index) => {
      const seriesId = existing.get(seriesKeyOf(s));
      const order = this.bySeries[index]!;
      if (seriesId === undefined || order.length === 0) return;
      out.push({ index, seriesId, lo: this.times[order[0]!]!, hi: this.times[order[order.length - 1]!]! });
    });
    return out;
  }

  /** Pass 3: readings already stored (series index, epoch ms). */
  markStored(hits: { index: number; t: number }[]): void {
    const t = this.times;
    for (const hit of hits) {
      const order = this.bySeries[hit.index];
      if (!order) continue;
      let lo = 0;
      let hi = order.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const v = t[order[mid]!]!;
        if (v < hit.t) lo = mid + 1;
        else if (v > hit.t) hi = mid - 1;
        else {
          // Every reading of the file at that time (the first one; the others are already in-file duplicates).
          let k = mid;
          while (k > 0 && t[order[k - 1]!] === hit.t) k--;
          for (; k < order.length && t[order[k]!] === hit.t; k++) {
            if (!this.bad![order[k]!]) this.dup(order[k]!, DUPLICATE_STORED_MESSAGE);
          }
          break;
        }
      }
    }
  }

  /**
   * The report and the valid readings, ready for the load. `existing`: the series ids known now (by key); when every
   * series of the result is among them the texts name series by id, so the load can COPY the file as it is.
   */
  result(existing: Map<string, number> = new Map(), uploadId: number | null = null): ValidationResult {
    if (!this.bad) this.checkFile();
    // Errors by row: the row-pass errors are in row order; merge the duplicate ones in.
    const dupOrder = Array.from(this.dupRows.keys()).sort((a, b) => this.dupRows[a]! - this.dupRows[b]!);
    const merged: TUploadRowError[] = [];
    let i = 0;
    let j = 0;
    while (merged.length < UPLOAD_REPORT_CAP && (i < this.errors.length || j < dupOrder.length)) {
      const e = this.errors[i];
      const d = dupOrder[j];
      if (d === undefined || (e && e.row <= this.dupRows[d]!)) {
        merged.push(e!);
        i++;
      } else {
        merged.push({ row: this.dupRows[d]!, field: 'date_time', message: this.dupMessages[d]!, instrument_id: this.dupInstruments[d]! });
        j++;
      }
    }

    const bad = this.bad!;
    const t = this.times;
    const v = this.values;
    const isoCache = new Map<number, string>();
    const iso = (ms: number) => {
      let s = isoCache.get(ms);
      if (s === undefined) {
        s = new Date(ms).toISOString();
        if (isoCache.size > 200_000) isoCache.clear();
        isoCache.set(ms, s);
      }
      return s;
    };
    // Series with a valid reading, in order, and how the texts will name them.
    const kept: number[] = [];
    this.seriesList.forEach((_, index) => {
      if (this.bySeries[index]!.some((k) => !bad[k])) kept.push(index);
    });
    const knownIds = kept.map((index) => existing.get(seriesKeyOf(this.seriesList[index]!)));
    const byId = knownIds.every((id) => id !== undefined);
    const refs = kept.map((_, i) => (byId ? knownIds[i]! : i));
    const series: SeriesKey[] = [];
    const latest: ValidationResult['latest'] = [];
    const writer = new BinaryReadingsWriter(this.sIdx.length);
    const rollups: string[] = [];
    const grains = new Set<number>();
    const contracts = new Set<number>();
    let first: number | null = null;
    let last: number | null = null;
    this.seriesList.forEach((s, index) => {
      const order = this.bySeries[index]!;
      let out = -1; // this series' ref in the texts, once it has a valid reading
      let g = NaN;
      let n = 0;
      let minV = 0;
      let minT = 0;
      let maxV = 0;
      let maxT = 0;
      let firstT = 0;
      let lastT = 0;
      let lastI = -1;
      const flush = () => {
        if (n > 0) rollups.push(`${out}\t${iso(g)}\t${n}\t${minV}\t${maxV}\t${minT - g}\t${maxT - g}\t${firstT - g}\t${lastT - g}\n`);
      };
      for (const k of order) {
        if (bad[k]) continue;
        if (out < 0) {
          out = refs[series.length]!;
          series.push({ instrumentId: s.instrumentId, readingCodeId: s.readingCodeId, depth: s.depth });
          contracts.add(s.instrument.contractId);
        }
        const tk = t[k]!;
        const vk = v[k]!;
        writer.add(out, uploadId, tk, vk);
        const gk = Math.floor(tk / ROLLUP_GRAIN_MS) * ROLLUP_GRAIN_MS;
        if (gk !== g) {
          flush();
          g = gk;
          grains.add(gk);
          n = 0;
          minV = maxV = vk;
          minT = maxT = firstT = tk;
        } else if (vk < minV) {
          minV = vk;
          minT = tk;
        } else if (vk > maxV) {
          maxV = vk;
          maxT = tk;
        }
        n++;
        lastT = tk;
        lastI = k;
        if (first === null || tk < first) first = tk;
        if (last === null || tk > last) last = tk;
      }
      flush();
      if (lastI >= 0) latest.push({ index: series.length - 1, takenAt: iso(t[lastI]!), value: v[lastI]! });
    });
    return {
      rowsTotal: this.total,
      rowsValid: this.total - this.invalid,
      rowsInvalid: this.invalid,
      errorsTotal: this.errorsTotal,
      errors: merged,
      series,
      refs,
      readings: writer.finish(),
      rollupsText: rollups.join(''),
      latest,
      months: monthsOf(grains),
      first,
      last,
      contractIds: [...contracts].sort((a, b) => a - b),
    };
  }
}
