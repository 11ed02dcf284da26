/**
 * Strata families of a borehole's GEOL records, for the log on screen and in the PDF alike (issue 18, decision 036):
 * one mapping and one colour per family, so the two never disagree.
 *
 * From the legend code (GEOL_LEG, the AGS/BGS numbering after BS 5930: 101 topsoil, 1xx made ground, 2xx clay, 3xx
 * silt, 4xx sand, 5xx gravel, 6xx peat, 7xx cobbles and boulders, 8xx rock, 9xx void), else from the words of the
 * legend, the geology code and the description (text codes such as MUDTN, CL_STGR, SD_CST included).
 */

export const SOIL_FAMILIES = ['fill', 'topsoil', 'clay', 'silt', 'sand', 'gravel', 'peat', 'cobbles', 'rock', 'void', 'other'] as const;
export type SoilFamily = (typeof SOIL_FAMILIES)[number];

/** The base colour of each family (a hatch is drawn on it where the medium can). */
export const SOIL_COLORS: Readonly<Record<SoilFamily, string>> = {
  fill: '#b0bec5',
  topsoil: '#8d6e63',
  clay: '#c5a47e',
  silt: '#d7ccc8',
  sand: '#ffe082',
  gravel: '#ffcc80',
  peat: '#5d4037',
  cobbles: '#bcaaa4',
  rock: '#90a4ae',
  void: '#ffffff',
  other: '#e0e0e0',
};

/** English names (the PDF; the web says them through its translations, `boreholes.soil.<family>`). */
export const SOIL_LABELS: Readonly<Record<SoilFamily, string>> = {
  fill: 'Made ground / fill',
  topsoil: 'Topsoil',
  clay: 'Clay',
  silt: 'Silt',
  sand: 'Sand',
  gravel: 'Gravel',
  peat: 'Peat',
  cobbles: 'Cobbles / boulders',
  rock: 'Rock',
  void: 'Void',
  other: 'Other',
};

const BY_CODE: Readonly<Record<string, SoilFamily>> = {
  '1': 'fill',
  '2': 'clay',
  '3': 'silt',
  '4': 'sand',
  '5': 'gravel',
  '6': 'peat',
  '7': 'cobbles',
  '8': 'rock',
  '9': 'void',
};

const WORDS: readonly [RegExp, SoilFamily][] = [
  [/\b(made ground|m ground|fill)\b/i, 'fill'],
  [/\btopsoil\b/i, 'topsoil'],
  [/\b(peat|organic)\b/i, 'peat'],
  [
    /\b(rock|granite|sandstone|siltstone|mudstone|limestone|chalk|shale|basalt|igneous|bedrock|conglomerate|schist|tuff|quartzite|mudtn|sandtn|silttn)\b/i,
    'rock',
  ],
  [/\bvoid\b/i, 'void'],
  [/\b(cobbles?|boulders?)\b/i, 'cobbles'],
  // The main soil is the word in capitals (BS 5930: "Silty sandy CLAY"); then text codes (CL_…, SD_…); then any word.
  [/\bCLAY\b/, 'clay'],
  [/\bSILT\b/, 'silt'],
  [/\bSAND\b/, 'sand'],
  [/\bGRAVEL\b/, 'gravel'],
  [/^CL(_|$)/i, 'clay'],
  [/^SI(_|$)/i, 'silt'],
  [/^SD(_|$)/i, 'sand'],
  [/^GR(_|$)/i, 'gravel'],
  [/\bclay\b/i, 'clay'],
  [/\bsilt\b/i, 'silt'],
  [/\bsand\b/i, 'sand'],
  [/\bgravel\b/i, 'gravel'],
];

export interface GeolLike {
  geol_leg?: unknown;
  geol_geol?: unknown;
  geol_desc?: unknown;
}

const textOf = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** The family of a GEOL record. */
export function soilFamily(record: GeolLike): SoilFamily {
  const leg = textOf(record.geol_leg);
  if (leg === '101') return 'topsoil';
  const code = /^(\d)\d\d$/.exec(leg);
  if (code) return BY_CODE[code[1]!] ?? 'other';
  for (const text of [leg, textOf(record.geol_geol), textOf(record.geol_desc)]) {
    if (!text) continue;
    for (const [pattern, family] of WORDS) if (pattern.test(text)) return family;
  }
  return 'other';
}
