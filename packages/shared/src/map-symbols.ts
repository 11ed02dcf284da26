import { INSTRUMENT_ICONS, type InstrumentIcon } from './master-data.js';

/**
 * The map's symbols and colours, shared by the web map (OpenLayers styles, the legend) and the server's report maps
 * (map reports, location plans; decision 039), so an instrument looks the same on screen and on paper.
 */

/** The colour of an instrument at no level when its type has none: the spec's green (§9). */
export const NORMAL_INSTRUMENT_COLOR = '#018e27';
/** The outline drawn around every instrument icon, so light colours stay visible on a light map or page. */
export const ICON_OUTLINE = '#263238';
/** Contract boundaries (the web theme's primary colour). */
export const BOUNDARY_COLOR = '#0471d1';
/** The construction layers: excavations orange, mined tunnels violet, the selected site blue. */
export const SITE_COLORS = { E: '#e65100', MT: '#6a1b9a', selected: '#0471d1', excavated: '#c62828', face: '#212121' } as const;

/** An instrument's colour: its level's colour when it is at a level, else its type's normal colour, else green. */
export function instrumentMapColor(levelColor: string | null | undefined, typeColor: string | null | undefined): string {
  return levelColor || typeColor || NORMAL_INSTRUMENT_COLOR;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The points of a regular polygon (or a star when `inner` is given) around (12, 12.5), first point up. */
function polygonPoints(corners: number, outer: number, inner?: number): string {
  const count = inner === undefined ? corners : corners * 2;
  return Array.from({ length: count }, (_, i) => {
    const radius = inner !== undefined && i % 2 === 1 ? inner : outer;
    const angle = -Math.PI / 2 + (i * 2 * Math.PI) / count;
    return `${round(12 + radius * Math.cos(angle))},${round(12.5 + radius * Math.sin(angle))}`;
  }).join(' ');
}

/** The SVG body of each built-in icon (a 24 × 24 view box). */
export const INSTRUMENT_ICON_SHAPES: Record<InstrumentIcon, string> = {
  circle: '<circle cx="12" cy="12" r="8"/>',
  square: '<rect x="4.5" y="4.5" width="15" height="15"/>',
  triangle: '<polygon points="12,3.5 21,19.5 3,19.5"/>',
  'inverted-triangle': '<polygon points="3,4.5 21,4.5 12,20.5"/>',
  diamond: '<polygon points="12,2.5 21.5,12 12,21.5 2.5,12"/>',
  pentagon: `<polygon points="${polygonPoints(5, 9.5)}"/>`,
  hexagon: `<polygon points="${polygonPoints(6, 9.5)}"/>`,
  star: `<polygon points="${polygonPoints(5, 10.5, 4.4)}"/>`,
  cross: '<polygon points="6,3.5 12,9.5 18,3.5 20.5,6 14.5,12 20.5,18 18,20.5 12,14.5 6,20.5 3.5,18 9.5,12 3.5,6"/>',
  plus: '<polygon points="9,3 15,3 15,9 21,9 21,15 15,15 15,21 9,21 9,15 3,15 3,9 9,9"/>',
  pin: '<path d="M12 1.8c-4 0-7.2 3.1-7.2 7.1 0 5.3 7.2 13.3 7.2 13.3s7.2-8 7.2-13.3c0-4-3.2-7.1-7.2-7.1z"/><circle cx="12" cy="9" r="2.6" fill="#ffffff"/>',
};

/** True for the names of the built-in icons (the server accepts only these). */
export function isInstrumentIcon(name: string): name is InstrumentIcon {
  return (INSTRUMENT_ICONS as readonly string[]).includes(name);
}

const SAFE_COLOR = /^#[0-9a-fA-F]{3,8}$/;

/**
 * The icon's group in a 24 × 24 box: the shape filled with `color` and outlined. An unknown name draws a circle; a
 * colour that is not `#rgb`/`#rrggbb` draws grey.
 */
export function instrumentIconGroup(icon: string, color: string): string {
  const shape = INSTRUMENT_ICON_SHAPES[isInstrumentIcon(icon) ? icon : 'circle'];
  const fill = SAFE_COLOR.test(color) ? color : '#9e9e9e';
  return `<g fill="${fill}" stroke="${ICON_OUTLINE}" stroke-width="1.2" stroke-linejoin="round">${shape}</g>`;
}
