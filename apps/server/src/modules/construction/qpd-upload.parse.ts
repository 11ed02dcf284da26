/**
 * The row checks of a QP(D) design values file (`/upload/qpd`, QPD_UPLOAD_COLUMNS): per row an instrument of the
 * upload's contract, a reading code of its type, a depth when (and only when) the type has depths, a construction site
 * of the contract and a stage of that site, and the predicted value. Pure: the contract's instruments, reading codes
 * and sites come in; the parsed rows that pass every check and the per-row findings ({ row, field, message }) go out.
 */
import { UPLOAD_REPORT_CAP, isSafeText } from '@strata/shared';
import type { SheetRow } from '../../lib/sheet-file.js';
import type { CodeRef } from '../uploads/reading-validator.js';
import { numberReader, TEXT_LIMITS, shown, type SiteRef } from './construction-upload.parse.js';

/** An instrument of the upload's contract, as the checks need it. */
export interface InstrumentRef {
  instrumentId: number;
  name: string;
  typeId: number;
  typeCode: string;
  hasDepth: boolean;
}

export interface PredictionRow {
  /** The row number in the file (the header is row 1). */
  row: number;
  instrumentId: number;
  readingCodeId: number;
  depth: number | null;
  siteId: number;
  stageNo: number;
  value: number;
  remarks: string;
}

export interface QpdCheckContext {
  /** The instruments of the upload's contract by lower-cased name. */
  instruments: ReadonlyMap<string, InstrumentRef>;
  /** Reading codes per type id, by upper-cased code (`readingCodesByType`). */
  codesByType: ReadonlyMap<number, ReadonlyMap<string, CodeRef>>;
  /** The construction sites of the upload's contract by lower-cased name (`sitesOfContract`). */
  sites: ReadonlyMap<string, SiteRef>;
}

export interface RowFindings<R> {
  /** The rows that passed every check, in file order. */
  rows: R[];
  /** The findings (the first UPLOAD_REPORT_CAP), by row. */
  errors: { row: number; field: string; message: string }[];
  errorsTotal: number;
  rowsTotal: number;
  rowsValid: number;
}

/** The key a prediction is unique on (`design_predictions_key`: a null depth counts as -1). */
export const predictionKey = (r: Pick<PredictionRow, 'instrumentId' | 'readingCodeId' | 'siteId' | 'stageNo' | 'depth'>) =>
  `${r.instrumentId}|${r.readingCodeId}|${r.siteId}|${r.stageNo}|${r.depth ?? -1}`;

/** The columns a QP(D) file must have (depth and remarks may be left out when no row needs them). */
export const QPD_REQUIRED_COLUMNS = ['instrument', 'reading_code', 'site', 'stage', 'value'] as const;

/**
 * The per-row collector both design-value checks share: `fail` counts every finding and keeps the first
 * UPLOAD_REPORT_CAP; `number` reads a number cell (a finding when missing and required, or not a number).
 */
export function rowChecker() {
  const errors: RowFindings<unknown>['errors'] = [];
  let errorsTotal = 0;
  return {
    errors,
    get errorsTotal() {
      return errorsTotal;
    },
    /** The checks of one row: `ok` stays true until a finding. */
    row(row: number, cells: Record<string, string>) {
      const state = { ok: true };
      const cell = (name: string) => cells[name] ?? '';
      const fail = (field: string, message: string) => {
        state.ok = false;
        errorsTotal++;
        if (errors.length < UPLOAD_REPORT_CAP) errors.push({ row, field, message });
      };
      const number = numberReader(cell, fail);
      const text = (name: string, max: number): string => {
        const v = cell(name);
        if (v.length > max) fail(name, `${name} must be at most ${max} characters`);
        else if (!isSafeText(v)) fail(name, `${name} holds characters that are not allowed (markup or control characters)`);
        return v;
      };
      return { state, cell, fail, number, text };
    },
  };
}

/** Checks the rows of a QP(D) file: every finding of a row is reported; a row with any finding is left out of `rows`. */
export function checkQpdRows(input: readonly SheetRow[], ctx: QpdCheckContext): RowFindings<PredictionRow> {
  const checker = rowChecker();
  const firstOf = new Map<string, number>();
  const out: PredictionRow[] = [];

  for (const { row, cells } of input) {
    const { state, cell, fail, number, text } = checker.row(row, cells);

    const instrumentName = cell('instrument');
    let instrument: InstrumentRef | undefined;
    if (instrumentName === '') fail('instrument', 'instrument is required');
    else {
      instrument = ctx.instruments.get(instrumentName.toLowerCase());
      if (!instrument) fail('instrument', `No instrument named ${shown(instrumentName)} in the contract of the upload`);
    }

    const codeText = cell('reading_code');
    let code: CodeRef | undefined;
    if (codeText === '') fail('reading_code', 'reading_code is required');
    else if (instrument) {
      const codes = ctx.codesByType.get(instrument.typeId);
      code = codes?.get(codeText.toUpperCase());
      if (!code) {
        const known = codes ? [...codes.values()].map((c) => c.code).join(', ') : '';
        fail('reading_code', `${shown(codeText)} is not a reading code of type ${instrument.typeCode}${known ? ` (its codes: ${known})` : ''}`);
      }
    }

    let depth: number | null = null;
    if (instrument?.hasDepth) {
      if (cell('depth') === '') fail('depth', `depth is required: ${instrument.typeCode} readings are by depth (m below the top)`);
      else depth = number('depth', true, { min: 0 });
    } else if (instrument && cell('depth') !== '') {
      fail('depth', `${instrument.name} is of type ${instrument.typeCode}, which has no depths: leave depth empty`);
    }

    const siteName = cell('site');
    let site: SiteRef | undefined;
    if (siteName === '') fail('site', 'site is required');
    else {
      site = ctx.sites.get(siteName.toLowerCase());
      if (!site) fail('site', `No construction site named ${shown(siteName)} in the contract of the upload`);
    }

    let stageNo = number('stage', true, { integer: true, min: 0 });
    if (stageNo !== null && site && !site.stages.some((s) => s.stage_no === stageNo)) {
      const known = site.stages.map((s) => s.stage_no).join(', ');
      fail('stage', `${site.siteName} has no stage ${stageNo}${known ? ` (its stages: ${known})` : ' (it has no stages)'}`);
      stageNo = null;
    }

    const value = number('value', true);
    if (value !== null && code) {
      const unit = code.unit ? ` ${code.unit}` : '';
      if (code.min !== null && value < code.min) fail('value', `value ${value} is below the least ${code.code} can be (${code.min}${unit})`);
      else if (code.max !== null && value > code.max) fail('value', `value ${value} is above the most ${code.code} can be (${code.max}${unit})`);
    }
    const remarks = text('remarks', TEXT_LIMITS.remarks);

    if (state.ok && instrument && code && site && stageNo !== null && value !== null) {
      const parsed: PredictionRow = { row, instrumentId: instrument.instrumentId, readingCodeId: code.id, depth, siteId: site.siteId, stageNo, value, remarks };
      const key = predictionKey(parsed);
      const first = firstOf.get(key);
      if (first !== undefined) fail(depth === null ? 'stage' : 'depth', `The same instrument, reading code, depth, site and stage as row ${first}`);
      else {
        firstOf.set(key, row);
        out.push(parsed);
      }
    }
  }
  checker.errors.sort((a, b) => a.row - b.row);
  return { rows: out, errors: checker.errors, errorsTotal: checker.errorsTotal, rowsTotal: input.length, rowsValid: out.length };
}
