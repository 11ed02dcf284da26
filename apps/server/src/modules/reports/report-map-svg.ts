/**
 * The report map (issue 20, decision 039): a map drawn as SVG in SVY21 metres, without a network or tiles — contract
 * boundaries, zones, construction sites, the instruments as the web map draws them (the type's icon in its level's
 * colour, packages/shared map-symbols.ts), their labels where they do not cover each other, a legend, a scale bar, a
 * north arrow, E/N ticks on a frame and a title. The PDF renderer places it as vectors and real text (svg-to-pdfkit),
 * the HTML renderer inlines it.
 */
import { BOUNDARY_COLOR, ICON_OUTLINE, instrumentIconGroup, SITE_COLORS, type TSiteGeometry } from '@strata/shared';

export type Extent = readonly [number, number, number, number];
type Ring = readonly (readonly number[])[];

export interface MapArea {
  label: string;
  /** Polygon rings, SVY21. */
  rings: readonly Ring[];
}
export interface MapSite {
  label: string;
  type: 'E' | 'MT';
  geometry: TSiteGeometry;
}
export interface MapInstrument {
  id: number;
  name: string;
  easting: number;
  northing: number;
  icon: string;
  color: string;
  /** Higher draws later and is labelled first (the level's severity; 0 at no level). */
  severity: number;
}
export interface MapLegend {
  levels: readonly { code: string; name: string; color: string }[];
  /** The types drawn, each in its normal colour, with counts. */
  types: readonly { name: string; icon: string; color: string; count: number }[];
  /** Layer symbols listed: those drawn with something on them. */
  layers: readonly ('boundaries' | 'zones' | 'excavations' | 'tunnels')[];
}
export interface MapDrawing {
  title: string;
  /** What must be shown (SVY21): the drawing widens it to the map area's shape, centred. */
  extent: Extent;
  boundaries: readonly MapArea[];
  zones: readonly MapArea[];
  sites: readonly MapSite[];
  instruments: readonly MapInstrument[];
  labels: boolean;
  legend: MapLegend;
}

/** The drawing's size (SVG units = PDF points at full size): landscape, about A4's shape. */
export const MAP_SIZE = { width: 1000, height: 690 } as const;
const TITLE_H = 40;
const TICK_ROOM = 46;
const LEGEND_W = 210;
const ICON = 14;
const FONT = 'font-family="sans-serif"';

/** The map area in the drawing and the transform from SVY21 to it (north up, one scale for both axes). */
export interface MapFrame {
  box: { x: number; y: number; width: number; height: number };
  /** The extent shown: the asked one widened to the box's shape. */
  shown: Extent;
  /** Drawing units per metre. */
  scale: number;
  x(easting: number): number;
  y(northing: number): number;
}

export function mapFrame(extent: Extent, size: { width: number; height: number } = MAP_SIZE): MapFrame {
  const box = { x: TICK_ROOM, y: TITLE_H + TICK_ROOM / 2, width: size.width - TICK_ROOM * 2 - LEGEND_W, height: size.height - TITLE_H - TICK_ROOM * 1.5 };
  const [minE, minN, maxE, maxN] = extent;
  const scale = Math.min(box.width / (maxE - minE), box.height / (maxN - minN));
  const cE = (minE + maxE) / 2;
  const cN = (minN + maxN) / 2;
  const halfE = box.width / scale / 2;
  const halfN = box.height / scale / 2;
  const shown: Extent = [cE - halfE, cN - halfN, cE + halfE, cN + halfN];
  return {
    box,
    shown,
    scale,
    x: (e) => round(box.x + (e - shown[0]) * scale),
    y: (n) => round(box.y + (shown[3] - n) * scale),
  };
}

const round = (v: number) => Math.round(v * 100) / 100;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** A text's width at a font size (sans-serif, average glyph): enough to keep labels apart. */
const textWidth = (s: string, size: number) => s.length * size * 0.56;

/** 1, 2 or 5 × 10^k: the nicest step not above `v`. */
export function niceStep(v: number): number {
  const p = 10 ** Math.floor(Math.log10(v));
  return [5, 2, 1].map((m) => m * p).find((s) => s <= v) ?? p;
}

function ringPath(f: MapFrame, ring: Ring, close: boolean): string {
  return ring.map((p, i) => `${i ? 'L' : 'M'}${f.x(p[0]!)} ${f.y(p[1]!)}`).join('') + (close ? 'Z' : '');
}

function areaPaths(f: MapFrame, areas: readonly MapArea[], stroke: string, fill: string, dash: string, cls: string): string {
  return areas
    .map(
      (a) =>
        `<path class="${cls}" d="${a.rings.map((r) => ringPath(f, r, true)).join('')}" fill="${fill}" fill-rule="evenodd" stroke="${stroke}" stroke-width="1.6" stroke-dasharray="${dash}"/>`,
    )
    .join('');
}

/** An area's label just above its northernmost vertex (outside the area, as the web map puts it). */
function areaLabels(f: MapFrame, areas: readonly MapArea[], color: string): string {
  return areas
    .map((a) => {
      const top = (a.rings[0] ?? []).reduce<readonly number[] | undefined>((best, p) => (!best || p[1]! > best[1]! ? p : best), undefined);
      if (!top) return '';
      return `<text x="${f.x(top[0]!)}" y="${f.y(top[1]!) - 4}" ${FONT} font-size="11" font-weight="bold" fill="${color}" text-anchor="middle">${esc(a.label)}</text>`;
    })
    .join('');
}

function sitePaths(f: MapFrame, sites: readonly MapSite[]): string {
  return sites
    .map((s) => {
      const color = SITE_COLORS[s.type];
      const g = s.geometry;
      let shape: string;
      let at: readonly number[];
      if (g.type === 'Point') {
        shape = `<circle cx="${f.x(g.coordinates[0]!)}" cy="${f.y(g.coordinates[1]!)}" r="5" fill="${color}" stroke="#ffffff" stroke-width="1.5"/>`;
        at = g.coordinates;
      } else if (g.type === 'LineString') {
        shape = `<path d="${ringPath(f, g.coordinates, false)}" fill="none" stroke="${color}" stroke-width="3"/>`;
        at = g.coordinates[Math.floor(g.coordinates.length / 2)]!;
      } else {
        shape = `<path d="${g.coordinates.map((r) => ringPath(f, r, true)).join('')}" fill="${color}" fill-opacity="0.08" stroke="${color}" stroke-width="2"/>`;
        const ring = g.coordinates[0]!;
        at = [ring.reduce((a, p) => a + p[0]!, 0) / ring.length, ring.reduce((a, p) => a + p[1]!, 0) / ring.length];
      }
      const label = `<text x="${f.x(at[0]!)}" y="${f.y(at[1]!) - 7}" ${FONT} font-size="10" font-weight="bold" fill="${color}" text-anchor="middle">${esc(s.label)}</text>`;
      return `<g class="site">${shape}${label}</g>`;
    })
    .join('');
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
const overlaps = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
const inside = (a: Box, b: Box) => a.x >= b.x && a.y >= b.y && a.x + a.w <= b.x + b.w && a.y + a.h <= b.y + b.h;

/**
 * Labels placed greedily, the most severe instruments first (then by name): right of the symbol, else left, above,
 * below; a label that would cover another label or another instrument's symbol, or leave the map, is left out.
 */
export function placeLabels(f: MapFrame, list: readonly MapInstrument[], size = 10): { id: number; x: number; y: number; text: string }[] {
  const symbols: Box[] = list.map((i) => ({ x: f.x(i.easting) - ICON / 2, y: f.y(i.northing) - ICON / 2, w: ICON, h: ICON }));
  const taken: Box[] = [];
  const out: { id: number; x: number; y: number; text: string }[] = [];
  const order = list.map((i, k) => ({ i, k })).sort((a, b) => b.i.severity - a.i.severity || a.i.name.localeCompare(b.i.name));
  for (const { i, k } of order) {
    const cx = f.x(i.easting);
    const cy = f.y(i.northing);
    const w = textWidth(i.name, size);
    const h = size + 2;
    const tries: Box[] = [
      { x: cx + ICON / 2 + 2, y: cy - h / 2, w, h },
      { x: cx - ICON / 2 - 2 - w, y: cy - h / 2, w, h },
      { x: cx - w / 2, y: cy - ICON / 2 - 1 - h, w, h },
      { x: cx - w / 2, y: cy + ICON / 2 + 1, w, h },
    ];
    const area: Box = { x: f.box.x, y: f.box.y, w: f.box.width, h: f.box.height };
    const fit = tries.find((b) => inside(b, area) && !taken.some((t) => overlaps(t, b)) && !symbols.some((s, n) => n !== k && overlaps(s, b)));
    if (!fit) continue;
    taken.push(fit);
    out.push({ id: i.id, x: round(fit.x), y: round(fit.y + h - 3), text: i.name });
  }
  return out;
}

function instrumentSymbols(f: MapFrame, list: readonly MapInstrument[]): string {
  const k = ICON / 24;
  return [...list]
    .sort((a, b) => a.severity - b.severity)
    .map(
      (i) =>
        `<g class="instrument" data-id="${i.id}" data-color="${i.color}" transform="translate(${f.x(i.easting)} ${f.y(i.northing)})">` +
        `<g transform="translate(${-ICON / 2} ${-ICON / 2}) scale(${round(k)})">${instrumentIconGroup(i.icon, i.color)}</g></g>`,
    )
    .join('');
}

/** E ticks along the top and bottom, N ticks along the left and right, every `step` metres. */
function ticks(f: MapFrame): string {
  const { box, shown } = f;
  const step = niceStep((shown[2] - shown[0]) / 5);
  const parts: string[] = [];
  const label = (x: number, y: number, text: string, anchor: string, rotate?: boolean) =>
    `<text x="${x}" y="${y}" ${FONT} font-size="8.5" fill="#333333" text-anchor="${anchor}"${rotate ? ` transform="rotate(-90 ${x} ${y})"` : ''}>${text}</text>`;
  for (let e = Math.ceil(shown[0] / step) * step; e <= shown[2]; e += step) {
    const x = f.x(e);
    parts.push(`<path d="M${x} ${box.y}v-5M${x} ${box.y + box.height}v5" stroke="#333333" stroke-width="0.8"/>`);
    parts.push(label(x, box.y - 8, `E ${e}`, 'middle'), label(x, box.y + box.height + 14, `E ${e}`, 'middle'));
  }
  for (let n = Math.ceil(shown[1] / step) * step; n <= shown[3]; n += step) {
    const y = f.y(n);
    parts.push(`<path d="M${box.x} ${y}h-5M${box.x + box.width} ${y}h5" stroke="#333333" stroke-width="0.8"/>`);
    parts.push(label(box.x - 8, y, `N ${n}`, 'middle', true), label(box.x + box.width + 14, y, `N ${n}`, 'middle', true));
  }
  return `<g class="ticks">${parts.join('')}</g>`;
}

/** A scale bar of a nice length (about a fifth of the map), in two halves, at the map's lower left. */
function scaleBar(f: MapFrame): string {
  const metres = niceStep((f.shown[2] - f.shown[0]) / 5);
  const w = round(metres * f.scale);
  const x = f.box.x + 12;
  const y = f.box.y + f.box.height - 18;
  const text = metres >= 1000 ? `${metres / 1000} km` : `${metres} m`;
  return (
    `<g class="scale-bar"><rect x="${x - 6}" y="${y - 14}" width="${w + 48}" height="26" fill="#ffffff" fill-opacity="0.85"/>` +
    `<rect x="${x}" y="${y}" width="${round(w / 2)}" height="5" fill="#263238"/><rect x="${round(x + w / 2)}" y="${y}" width="${round(w / 2)}" height="5" fill="#ffffff" stroke="#263238" stroke-width="0.8"/>` +
    `<text x="${x}" y="${y - 3}" ${FONT} font-size="8.5" text-anchor="middle">0</text><text x="${round(x + w)}" y="${y - 3}" ${FONT} font-size="8.5" text-anchor="start">${text}</text></g>`
  );
}

function northArrow(f: MapFrame): string {
  const x = f.box.x + f.box.width - 24;
  const y = f.box.y + 14;
  return (
    `<g class="north-arrow"><circle cx="${x}" cy="${y + 14}" r="15" fill="#ffffff" fill-opacity="0.85"/>` +
    `<path d="M${x} ${y}l7 22l-7 -5l-7 5z" fill="#263238"/>` +
    `<text x="${x}" y="${y + 33}" ${FONT} font-size="9" font-weight="bold" text-anchor="middle">N</text></g>`
  );
}

const LAYER_LEGEND: Record<MapLegend['layers'][number], { label: string; symbol: string }> = {
  boundaries: { label: 'Contract boundary', symbol: `<path d="M0 6h24" stroke="${BOUNDARY_COLOR}" stroke-width="2" stroke-dasharray="6 4"/>` },
  zones: { label: 'Zone', symbol: '<path d="M0 6h24" stroke="#546e7a" stroke-width="1.6" stroke-dasharray="3 3"/>' },
  excavations: {
    label: 'Excavation',
    symbol: `<rect x="2" y="0" width="20" height="11" fill="${SITE_COLORS.E}" fill-opacity="0.1" stroke="${SITE_COLORS.E}" stroke-width="2"/>`,
  },
  tunnels: { label: 'Mined tunnel', symbol: `<path d="M0 6h24" stroke="${SITE_COLORS.MT}" stroke-width="3"/>` },
};

/** The legend at the right: levels (with Normal), instrument types with counts, the layers drawn, the grid. */
function legend(f: MapFrame, l: MapLegend, width: number): string {
  const x = width - LEGEND_W + 8;
  let y = f.box.y + 4;
  const rows: string[] = [
    `<rect x="${x - 8}" y="${f.box.y}" width="${LEGEND_W - 8}" height="${f.box.height}" fill="#ffffff" stroke="#263238" stroke-width="0.8"/>`,
  ];
  const heading = (text: string) => {
    y += 16;
    rows.push(`<text x="${x}" y="${y}" ${FONT} font-size="11" font-weight="bold">${esc(text)}</text>`);
    y += 4;
  };
  const row = (symbol: string, text: string) => {
    if (y + 16 > f.box.y + f.box.height - 4) return;
    rows.push(`<g transform="translate(${x} ${y + 2})">${symbol}</g>`);
    rows.push(`<text x="${x + 30}" y="${y + 12}" ${FONT} font-size="9.5">${esc(text)}</text>`);
    y += 16;
  };
  const disc = (color: string) => `<circle cx="7" cy="6" r="5.5" fill="${color}" stroke="${ICON_OUTLINE}" stroke-width="0.8"/>`;
  rows.push(`<text x="${x}" y="${y + 12}" ${FONT} font-size="12" font-weight="bold">Legend</text>`);
  y += 14;
  heading('Levels');
  row(disc('#ffffff'), 'Normal (type colour)');
  for (const lv of l.levels) row(disc(lv.color), `${lv.code} ${lv.name}`);
  if (l.types.length) heading('Instrument types');
  for (const t of l.types) row(`<g transform="scale(0.5)">${instrumentIconGroup(t.icon, t.color)}</g>`, `${t.name} (${t.count})`);
  if (l.layers.length) heading('Layers');
  for (const k of l.layers) row(LAYER_LEGEND[k].symbol, LAYER_LEGEND[k].label);
  heading('Grid');
  rows.push(`<text x="${x}" y="${y + 10}" ${FONT} font-size="9">SVY21 (EPSG:3414), metres</text>`);
  return `<g class="legend">${rows.join('')}</g>`;
}

/** The map as one SVG document of MAP_SIZE. */
export function drawMapSvg(d: MapDrawing, size: { width: number; height: number } = MAP_SIZE): string {
  const f = mapFrame(d.extent, size);
  const { box } = f;
  // Unique per extent: an HTML page with several maps keeps each one's clip.
  const clip = `map-area-${d.extent.map((v) => Math.round(v)).join('-')}`;
  const [minE, minN, maxE, maxN] = f.shown;
  const visible = d.instruments.filter((i) => i.easting >= minE && i.easting <= maxE && i.northing >= minN && i.northing <= maxN);
  const labels = d.labels
    ? placeLabels(f, visible)
        .map(
          (l) => `<text class="label" data-id="${l.id}" x="${l.x}" y="${l.y}" ${FONT} font-size="10" font-weight="bold" fill="#263238">${esc(l.text)}</text>`,
        )
        .join('')
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${size.width} ${size.height}">` +
    `<rect width="${size.width}" height="${size.height}" fill="#ffffff"/>` +
    `<text x="${box.x}" y="24" ${FONT} font-size="16" font-weight="bold">${esc(d.title)}</text>` +
    `<defs><clipPath id="${clip}"><rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}"/></clipPath></defs>` +
    `<rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" fill="#f7f9fa"/>` +
    `<g clip-path="url(#${clip})">` +
    areaPaths(f, d.zones, '#546e7a', 'none', '3 3', 'zone') +
    areaPaths(f, d.boundaries, BOUNDARY_COLOR, 'none', '8 6', 'boundary') +
    sitePaths(f, d.sites) +
    areaLabels(f, d.zones, '#546e7a') +
    areaLabels(f, d.boundaries, BOUNDARY_COLOR) +
    instrumentSymbols(f, visible) +
    labels +
    `</g>` +
    `<rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" fill="none" stroke="#263238" stroke-width="1.2"/>` +
    ticks(f) +
    scaleBar(f) +
    northArrow(f) +
    legend(f, d.legend, size.width) +
    `</svg>`
  );
}
