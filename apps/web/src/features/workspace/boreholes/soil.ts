import type { TBoreholeRecord } from '@strata/shared';

/** The families of strata the log draws, each with its own hatch (spec §2.14 "geology hatch patterns"). */
export const SOIL_FAMILIES = ['fill', 'topsoil', 'clay', 'silt', 'sand', 'gravel', 'peat', 'cobbles', 'rock', 'void', 'other'] as const;
export type SoilFamily = (typeof SOIL_FAMILIES)[number];

/** The base colour of each family (the hatch is drawn on it; the legend shows it). */
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

/** The first digit of the AGS legend codes (GEOL_LEG, BS 5930 numbering: 101 topsoil … 999 void). */
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
  [/\b(made ground|fill)\b/i, 'fill'],
  [/\btopsoil\b/i, 'topsoil'],
  [/\bpeat\b/i, 'peat'],
  [/\b(rock|granite|sandstone|siltstone|mudstone|limestone|chalk|shale|basalt|igneous|bedrock|conglomerate|schist|tuff|quartzite)\b/i, 'rock'],
  [/\bvoid\b/i, 'void'],
  [/\b(cobbles?|boulders?)\b/i, 'cobbles'],
  // The main soil is the word in capitals (BS 5930: "Silty sandy CLAY"); then any of the words.
  [/\bCLAY\b/, 'clay'],
  [/\bSILT\b/, 'silt'],
  [/\bSAND\b/, 'sand'],
  [/\bGRAVEL\b/, 'gravel'],
  [/\bclay\b/i, 'clay'],
  [/\bsilt\b/i, 'silt'],
  [/\bsand\b/i, 'sand'],
  [/\bgravel\b/i, 'gravel'],
];

/**
 * The family of a GEOL record: from its legend code (GEOL_LEG: 101 topsoil, 102 made ground, 2xx clay … 8xx rock),
 * else from the words of the legend, the geology code and the description.
 */
export function soilFamily(record: TBoreholeRecord): SoilFamily {
  const leg = String(record.geol_leg ?? '').trim();
  if (leg === '101') return 'topsoil';
  const code = /^(\d)\d\d$/.exec(leg);
  if (code && BY_CODE[code[1]!]) return BY_CODE[code[1]!]!;
  for (const text of [leg, String(record.geol_geol ?? ''), String(record.geol_desc ?? '')]) {
    for (const [pattern, family] of WORDS) if (pattern.test(text)) return family;
  }
  return 'other';
}

const SIZE = 16;

/** Draws a family's hatch on a SIZE × SIZE tile. */
function drawHatch(ctx: CanvasRenderingContext2D, family: SoilFamily) {
  ctx.fillStyle = SOIL_COLORS[family];
  ctx.fillRect(0, 0, SIZE, SIZE);
  ctx.strokeStyle = '#37474f';
  ctx.fillStyle = '#37474f';
  ctx.lineWidth = 1;
  const line = (x1: number, y1: number, x2: number, y2: number) => {
    ctx.beginPath();
    ctx.moveTo(x1, y1);
    ctx.lineTo(x2, y2);
    ctx.stroke();
  };
  const dot = (x: number, y: number, r: number) => {
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fill();
  };
  switch (family) {
    case 'clay': // horizontal dashes
      line(1, 4, 7, 4);
      line(9, 12, 15, 12);
      break;
    case 'silt': // short dashes and dots
      line(1, 4, 5, 4);
      dot(11, 4, 0.8);
      line(9, 12, 13, 12);
      dot(3, 12, 0.8);
      break;
    case 'sand': // fine dots
      dot(3, 3, 0.9);
      dot(11, 6, 0.9);
      dot(6, 11, 0.9);
      dot(14, 14, 0.9);
      break;
    case 'gravel': // small circles
      ctx.beginPath();
      ctx.arc(5, 5, 2.5, 0, Math.PI * 2);
      ctx.stroke();
      ctx.beginPath();
      ctx.arc(12, 12, 2.5, 0, Math.PI * 2);
      ctx.stroke();
      break;
    case 'cobbles':
      ctx.beginPath();
      ctx.arc(8, 8, 5, 0, Math.PI * 2);
      ctx.stroke();
      break;
    case 'peat': // tufts on dark ground
      ctx.strokeStyle = '#d7ccc8';
      line(2, 12, 5, 6);
      line(5, 6, 8, 12);
      line(10, 6, 14, 6);
      break;
    case 'fill': // cross-hatch
      line(0, 0, SIZE, SIZE);
      line(SIZE, 0, 0, SIZE);
      break;
    case 'topsoil':
      line(0, SIZE, SIZE, 0);
      dot(4, 4, 0.9);
      break;
    case 'rock': // brick
      line(0, 0.5, SIZE, 0.5);
      line(0, 8.5, SIZE, 8.5);
      line(4.5, 0, 4.5, 8);
      line(12.5, 8, 12.5, SIZE);
      break;
    default:
      break;
  }
}

const cache = new Map<SoilFamily, HTMLCanvasElement | null>();

/**
 * The hatch of a family as a fill for ECharts (a repeating canvas pattern), or its plain colour where no canvas can be
 * drawn (tests, old browsers).
 */
export function soilFill(family: SoilFamily): string | { image: HTMLCanvasElement; repeat: 'repeat' } {
  let canvas = cache.get(family);
  if (canvas === undefined) {
    canvas = null;
    try {
      const element = document.createElement('canvas');
      element.width = SIZE;
      element.height = SIZE;
      const ctx = element.getContext('2d');
      if (ctx) {
        drawHatch(ctx, family);
        canvas = element;
      }
    } catch {
      canvas = null;
    }
    cache.set(family, canvas);
  }
  return canvas ? { image: canvas, repeat: 'repeat' } : SOIL_COLORS[family];
}
