/**
 * The row checks of an instrument plan file (`/upload/instrument-plan`, INSTRUMENT_PLAN_UPLOAD_COLUMNS): per row a
 * planned instrument name (unique in the file, case-insensitive), an instrument type code, an optional planned
 * location (SVY21, both or neither, inside the map bounds setting as the instrument import requires), planned install
 * date and reading frequency. Pure: the types, the map bounds and the frequencies come in; the parsed rows that pass
 * every check and the per-row findings go out.
 */
import { FREQUENCIES, type FrequencyCode } from '@strata/shared';
import type { SheetRow } from '../../lib/sheet-file.js';
import { TEXT_LIMITS, parseDate, shown } from './construction-upload.parse.js';
import { rowChecker, type RowFindings } from './qpd-upload.parse.js';

export interface PlanRow {
  /** The row number in the file (the header is row 1). */
  row: number;
  name: string;
  typeId: number;
  easting: number | null;
  northing: number | null;
  plannedInstallDate: string | null;
  plannedFrequency: FrequencyCode | null;
  remarks: string;
}

export interface PlanCheckContext {
  /** Instrument types by upper-cased code. */
  types: ReadonlyMap<string, { typeId: number; code: string }>;
  /** The map bounds setting [minE, minN, maxE, maxN] (SVY21 m), or null: any location. */
  bounds: readonly [number, number, number, number] | null;
}

/** The columns a plan file must have. */
export const PLAN_REQUIRED_COLUMNS = ['name', 'type'] as const;

/** An instrument name as the instrument master data takes it (instrument import: at most 100, no , ; or "). */
export const PLAN_NAME_MAX = 100;

/** A frequency by its code or its name, case-insensitive ("daily", "Daily", "twice-weekly", "Twice weekly"). */
const FREQUENCY_BY_TEXT = new Map<string, FrequencyCode>(
  FREQUENCIES.flatMap((f) => [[f.code.toLowerCase(), f.code] as const, [f.name.toLowerCase(), f.code] as const]),
);

/** Checks the rows of an instrument plan file: every finding of a row is reported; a row with any finding is left out. */
export function checkPlanRows(input: readonly SheetRow[], ctx: PlanCheckContext): RowFindings<PlanRow> {
  const checker = rowChecker();
  const firstOf = new Map<string, number>();
  const out: PlanRow[] = [];

  for (const { row, cells } of input) {
    const { state, cell, fail, number, text } = checker.row(row, cells);

    const name = text('name', PLAN_NAME_MAX);
    if (cell('name') === '') fail('name', 'name is required (the instrument id on the drawings)');
    else if (/[,;"]/.test(name)) fail('name', 'name may not hold , ; or "');

    const typeText = cell('type');
    const type = ctx.types.get(typeText.toUpperCase());
    if (typeText === '') fail('type', 'type is required (an instrument type code)');
    else if (!type) fail('type', `Unknown instrument type ${shown(typeText)}`);

    const easting = number('easting', false);
    const northing = number('northing', false);
    const b = ctx.bounds;
    if ((cell('easting') === '') !== (cell('northing') === '')) {
      fail(cell('easting') === '' ? 'easting' : 'northing', 'Give both easting and northing (SVY21 m), or neither');
    }
    if (easting !== null && b && (easting < b[0] || easting > b[2])) fail('easting', `Easting is outside the map bounds (${b[0]} to ${b[2]})`);
    if (northing !== null && b && (northing < b[1] || northing > b[3])) fail('northing', `Northing is outside the map bounds (${b[1]} to ${b[3]})`);

    const dateText = cell('planned_install_date');
    const plannedInstallDate = dateText === '' ? null : (parseDate(dateText) ?? null);
    if (dateText !== '' && plannedInstallDate === null)
      fail('planned_install_date', `planned_install_date must be a date, YYYY-MM-DD or DD/MM/YYYY (got ${shown(dateText)})`);

    const frequencyText = cell('planned_frequency');
    const plannedFrequency = frequencyText === '' ? null : (FREQUENCY_BY_TEXT.get(frequencyText.toLowerCase()) ?? null);
    if (frequencyText !== '' && plannedFrequency === null)
      fail('planned_frequency', `Unknown frequency ${shown(frequencyText)}: one of ${FREQUENCIES.map((f) => f.code).join(', ')}`);

    const remarks = text('remarks', TEXT_LIMITS.remarks);

    if (state.ok && type) {
      const key = name.toLowerCase();
      const first = firstOf.get(key);
      if (first !== undefined) fail('name', `The same name as row ${first}`);
      else {
        firstOf.set(key, row);
        out.push({ row, name, typeId: type.typeId, easting, northing, plannedInstallDate, plannedFrequency, remarks });
      }
    }
  }
  checker.errors.sort((a, b) => a.row - b.row);
  return { rows: out, errors: checker.errors, errorsTotal: checker.errorsTotal, rowsTotal: input.length, rowsValid: out.length };
}
