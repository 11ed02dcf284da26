/** A decimal number as a person types it: `12`, `-3.5`, `.25`, `+4.` (no exponent, no thousands separators). */
export const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** The number of a text field, or undefined when it is empty or not a number. */
export function parseDecimal(text: string | null | undefined): number | undefined {
  const value = (text ?? '').trim();
  if (!DECIMAL.test(value)) return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** A number for a text field: '' for none. */
export function numberText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}
