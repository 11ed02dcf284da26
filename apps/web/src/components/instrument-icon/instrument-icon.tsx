import { INSTRUMENT_ICONS, type InstrumentIcon as InstrumentIconName } from '@strata/shared';

/** The outline drawn around every icon, so light colours stay visible on a light map or page. */
const OUTLINE = '#263238';

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

/** The SVG body of each built-in icon (a 24 × 24 view box); `{fill}` marks where the colour goes. */
const SHAPES: Record<InstrumentIconName, string> = {
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
export function isInstrumentIcon(name: string): name is InstrumentIconName {
  return (INSTRUMENT_ICONS as readonly string[]).includes(name);
}

const SAFE_COLOR = /^#[0-9a-fA-F]{3,8}$/;

/**
 * The icon as a standalone SVG document (for a map style or an `<img>`): the shape filled with `color`, outlined.
 * An unknown name draws a circle; a colour that is not `#rgb`/`#rrggbb` draws grey.
 */
export function instrumentIconSvg(icon: string, color: string, size = 24): string {
  const shape = SHAPES[isInstrumentIcon(icon) ? icon : 'circle'];
  const fill = SAFE_COLOR.test(color) ? color : '#9e9e9e';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24">` +
    `<g fill="${fill}" stroke="${OUTLINE}" stroke-width="1.2" stroke-linejoin="round">${shape}</g></svg>`
  );
}

/** The icon as a `data:` URL (OpenLayers `Icon` sources, `<img src>`). */
export function instrumentIconDataUrl(icon: string, color: string, size = 24): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(instrumentIconSvg(icon, color, size))}`;
}

export interface InstrumentIconProps {
  /** One of the built-in icon names (`circle`, `triangle` …); others draw a circle. */
  icon: string;
  /** `#rrggbb`. */
  color: string;
  /** Pixels; default 24. */
  size?: number;
  /** The accessible name; without it the icon is decorative. */
  title?: string;
}

/** A built-in instrument map icon filled with a colour (a level colour, or the type's normal colour). */
export function InstrumentIcon({ icon, color, size = 24, title }: InstrumentIconProps) {
  return (
    <img
      src={instrumentIconDataUrl(icon, color, size)}
      width={size}
      height={size}
      alt={title ?? ''}
      aria-hidden={title ? undefined : true}
      data-icon={isInstrumentIcon(icon) ? icon : 'circle'}
      data-color={color}
      style={{ display: 'inline-block', verticalAlign: 'middle', flexShrink: 0 }}
    />
  );
}
