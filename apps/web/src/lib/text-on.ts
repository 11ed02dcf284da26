/**
 * The text colour for a coloured background (a level's chip, a marker's label): black or white, whichever has the
 * higher contrast by WCAG 2's formula. Level colours are data, so no colour is assumed light or dark: the PDL red
 * (#e53935) reads 4.2:1 in white but 5.0:1 in black, and only the latter passes AA for chip-sized text (4.5:1).
 * A colour that is not `#rgb`/`#rrggbb` gets white (the dark default background of a chip without a level colour).
 */
export const TEXT_DARK = '#000';
export const TEXT_LIGHT = '#fff';

/** Relative luminance of a `#rgb`/`#rrggbb` colour, or undefined for anything else. */
export function luminance(color: string | null | undefined): number | undefined {
  let hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color ?? '')?.[1];
  if (!hex) return undefined;
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG contrast ratio of two luminances (1 to 21). */
export const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

export function textOn(background: string | null | undefined): string {
  const l = luminance(background);
  if (l === undefined) return TEXT_LIGHT;
  return contrast(l, 0) > contrast(l, 1) ? TEXT_DARK : TEXT_LIGHT;
}
