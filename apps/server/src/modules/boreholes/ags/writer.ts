import type { AgsFile, AgsGroup } from './types.js';

/**
 * Groups back to an AGS4 file: GROUP, HEADING, UNIT, TYPE and DATA rows, every field quoted ("" for a quote inside),
 * CR LF line ends, a blank line after each group. A group read without a UNIT or TYPE row gets an empty UNIT row and
 * "X" (text) types; a row is written with as many fields as the group has headings.
 */

function line(descriptor: string, values: readonly string[]): string {
  let out = `"${descriptor}"`;
  for (const v of values) out += `,"${v.includes('"') ? v.replace(/"/g, '""') : v}"`;
  return `${out}\r\n`;
}

function fit(values: readonly string[], n: number, fill: string): string[] {
  const out = new Array<string>(n);
  for (let i = 0; i < n; i++) out[i] = values[i] ?? fill;
  return out;
}

/** One DATA row with `n` fields (missing ones empty), CR LF at its end. */
export function ags4DataLine(values: readonly string[], n: number): string {
  return line('DATA', fit(values, n, ''));
}

/** The lines of one group, each with its CR LF. */
export function* ags4GroupLines(group: AgsGroup): Generator<string> {
  const n = group.headings.length;
  yield line('GROUP', [group.name]);
  yield line('HEADING', group.headings);
  yield line('UNIT', fit(group.units ?? [], n, ''));
  yield line('TYPE', fit(group.types ?? [], n, 'X'));
  for (const row of group.rows) yield ags4DataLine(row.values, n);
  yield '\r\n';
}

/** The whole file as chunks (one per line): stream it to a file or a response without building one string. */
export function* ags4Chunks(file: Pick<AgsFile, 'groups'>): Generator<string> {
  for (const group of file.groups) yield* ags4GroupLines(group);
}

export function writeAgs4(file: Pick<AgsFile, 'groups'>): string {
  let out = '';
  for (const chunk of ags4Chunks(file)) out += chunk;
  return out;
}
