import { BOREHOLE_NO_VALUE, type BoreholeField } from '@strata/shared';

/** Shown for an empty header value (crew, remark …). */
export const EMPTY_VALUE = '-';

/** A header value, "-" when empty. */
export function orDash(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return EMPTY_VALUE;
  const text = String(value).trim();
  return text === '' ? EMPTY_VALUE : text;
}

/**
 * A group cell as the table shows it (spec §5): numbers with the field's decimals; null and the "no value" marker
 * -2147483648 empty; text as it is.
 */
export function formatCell(field: BoreholeField, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (field.kind === 'number') {
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(n) || n === BOREHOLE_NO_VALUE) return typeof value === 'string' && n !== BOREHOLE_NO_VALUE ? value : '';
    return n.toFixed(field.decimals ?? 2);
  }
  return String(value);
}

/** An easting or northing in SVY21 metres (3 decimals), "-" when unknown. */
export function formatMetres(value: number | null | undefined, decimals = 3): string {
  return value === null || value === undefined || value === BOREHOLE_NO_VALUE ? EMPTY_VALUE : value.toFixed(decimals);
}

/** An AGS date (ISO or YYYY-MM-DD…) as DD/MM/YYYY; the text itself when it is not a date; "-" when empty. */
export function formatAgsDate(value: string | null | undefined): string {
  if (!value) return EMPTY_VALUE;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}
