import type { AgsFile, AgsGroup, AgsRow } from './types.js';

/**
 * AGS3 names to AGS4 names (DOMAIN.md "Boreholes"): HOLE -> LOCA, STCN -> SCPT, CORE_BOT -> CORE_BASE,
 * SAMP_DIA -> SAMP_SDIA, SAMP_DATE + SAMP_TIME -> SAMP_DTIM, ROCK -> RUCS / RDEN / RPLT. Other names are kept.
 */

const GROUPS: Readonly<Record<string, string>> = { HOLE: 'LOCA', STCN: 'SCPT' };

const HEADINGS: Readonly<Record<string, string>> = { CORE_BOT: 'CORE_BASE', SAMP_DIA: 'SAMP_SDIA' };

/** The ROCK headings of each AGS4 rock test group (the rest of ROCK stays in a ROCK group). */
const ROCK_SPLIT: Readonly<Record<string, readonly string[]>> = {
  RUCS: ['ROCK_UCS', 'ROCK_E', 'ROCK_MU', 'ROCK_UREM', 'ROCK_EMOD', 'ROCK_MC', 'ROCK_MREM'],
  RDEN: ['ROCK_BDEN', 'ROCK_DDEN', 'ROCK_PORO', 'ROCK_DREM'],
  RPLT: ['ROCK_PLS', 'ROCK_PLSI', 'ROCK_PLST', 'ROCK_PREM'],
};

/** Headings that identify a sample and go with each part of a split ROCK group. */
const SAMPLE_KEYS = new Set(['HOLE_ID', 'SAMP_TOP', 'SAMP_REF', 'SAMP_TYPE', 'SAMP_ID', 'SPEC_REF', 'SPEC_DPTH']);

export function ags4GroupName(ags3: string): string {
  return GROUPS[ags3] ?? ags3;
}

export function ags4HeadingName(ags3: string): string {
  const direct = HEADINGS[ags3];
  if (direct !== undefined) return direct;
  const [prefix, ...rest] = ags3.split('_');
  const group = prefix === undefined ? undefined : GROUPS[prefix];
  return group === undefined ? ags3 : [group, ...rest].join('_');
}

/** dd/mm/yyyy + hhmm[ss] (AGS3) to yyyy-mm-ddThh:mm (AGS4); the date alone when there is no time. */
export function ags4DateTime(date: string, time: string): string {
  const d = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(date.trim());
  if (d === null) return [date, time].filter((v) => v !== '').join(' ');
  const iso = `${d[3]}-${d[2]?.padStart(2, '0')}-${d[1]?.padStart(2, '0')}`;
  const t = /^(\d{2}):?(\d{2})/.exec(time.trim());
  return t === null ? iso : `${iso}T${t[1]}:${t[2]}`;
}

function renamed(g: AgsGroup, name: string, columns: number[], headings: string[]): AgsGroup {
  const pick = (values: string[]) => columns.map((c) => values[c] ?? '');
  return {
    ...g,
    name,
    headings,
    units: g.units === null ? null : pick(g.units),
    types: g.types === null ? null : pick(g.types),
    rows: g.rows.map((r): AgsRow => ({ line: r.line, values: pick(r.values) })),
  };
}

function mergeSampleDateTime(g: AgsGroup): AgsGroup {
  const date = g.headings.indexOf('SAMP_DATE');
  const time = g.headings.indexOf('SAMP_TIME');
  if (date < 0) return g;
  const keep = g.headings.map((_, i) => i).filter((i) => i !== time);
  const out = renamed(
    g,
    g.name,
    keep,
    keep.map((i) => (i === date ? 'SAMP_DTIM' : (g.headings[i] ?? ''))),
  );
  const at = keep.indexOf(date);
  if (out.units !== null) out.units[at] = 'yyyy-mm-ddThh:mm';
  out.rows.forEach((r, n) => {
    const source = g.rows[n]?.values ?? [];
    r.values[at] = ags4DateTime(source[date] ?? '', time < 0 ? '' : (source[time] ?? ''));
  });
  return out;
}

function splitRock(g: AgsGroup): AgsGroup[] {
  const keys = g.headings.map((h, i) => (SAMPLE_KEYS.has(h) ? i : -1)).filter((i) => i >= 0);
  const used = new Set(keys);
  const parts: AgsGroup[] = [];
  for (const [name, headings] of Object.entries(ROCK_SPLIT)) {
    const own = g.headings.map((h, i) => (headings.includes(h) ? i : -1)).filter((i) => i >= 0);
    if (own.length === 0) continue;
    own.forEach((i) => used.add(i));
    const columns = [...keys, ...own];
    const part = renamed(
      g,
      name,
      columns,
      columns.map((i) => (g.headings[i] ?? '').replace(/^ROCK_/, `${name}_`)),
    );
    part.rows = part.rows.filter((r) => own.some((_, k) => (r.values[keys.length + k] ?? '') !== ''));
    parts.push(part);
  }
  const rest = g.headings.map((_, i) => i).filter((i) => !used.has(i));
  if (rest.length > 0)
    parts.push(
      renamed(
        g,
        'ROCK',
        [...keys, ...rest],
        [...keys, ...rest].map((i) => g.headings[i] ?? ''),
      ),
    );
  return parts.map((p) => ({ ...p, headings: p.headings.map(ags4HeadingName) }));
}

/** An AGS3 model with AGS4 group and heading names (AGS4 models are returned as they are). */
export function toAgs4Names(file: AgsFile): AgsFile {
  if (file.version !== 'AGS3') return file;
  const groups: AgsGroup[] = [];
  for (const g of file.groups) {
    if (g.name === 'ROCK') {
      groups.push(...splitRock(g));
      continue;
    }
    const merged = g.name === 'SAMP' ? mergeSampleDateTime(g) : g;
    groups.push({ ...merged, name: ags4GroupName(g.name), headings: merged.headings.map(ags4HeadingName) });
  }
  return { ...file, groups };
}
