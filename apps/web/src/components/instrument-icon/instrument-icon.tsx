import { instrumentIconGroup, isInstrumentIcon } from '@strata/shared';

// The shapes and their colouring are shared with the server's report maps (packages/shared map-symbols.ts).
export { isInstrumentIcon };

/**
 * The icon as a standalone SVG document (for a map style or an `<img>`): the shape filled with `color`, outlined.
 * An unknown name draws a circle; a colour that is not `#rgb`/`#rrggbb` draws grey.
 */
export function instrumentIconSvg(icon: string, color: string, size = 24): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24">${instrumentIconGroup(icon, color)}</svg>`;
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
