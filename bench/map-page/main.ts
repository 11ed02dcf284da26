/**
 * The page of `npm run bench:map` (bench/map.ts builds it with Vite and drives it in headless Chromium): the
 * work-space instrument layer — the same code as the work space (`createInstrumentLayerParts`, `followZoom`,
 * `instrumentFeatures`, `createInstrumentStyle`: clustering, type icons, level colours, labels) — and, as the baseline, a bare OpenLayers vector
 * layer of the same points with a plain circle style, each drawn on a fresh 1280 × 800 map until `rendercomplete`.
 */
import type { TInstrument } from '@strata/shared';
import Feature from 'ol/Feature';
import OlMap from 'ol/Map';
import View from 'ol/View';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import 'ol/ol.css';
import { svy21ExtentToView, svy21ToView } from '../../apps/web/src/components/map/projection';
import { createInstrumentLayerParts, followZoom, instrumentFeatures } from '../../apps/web/src/features/workspace/map/instrument-layer-parts';
import { createInstrumentStyle, instrumentLook } from '../../apps/web/src/features/workspace/map/instrument-style';

export type Variant = 'workspace' | 'baseline';

const TYPES = [
  { code: 'SM', name: 'Settlement Marker', icon: 'circle', icon_color: '#018e27' },
  { code: 'INC', name: 'Inclinometer', icon: 'triangle', icon_color: '#0471d1' },
  { code: 'SP', name: 'Standpipe', icon: 'square', icon_color: '#6a1b9a' },
  { code: 'VWP', name: 'Piezometer', icon: 'diamond', icon_color: '#00838f' },
  { code: 'SG', name: 'Strain Gauge', icon: 'star', icon_color: '#ef6c00' },
  { code: 'TS', name: 'Prism', icon: 'cross', icon_color: '#37474f' },
];
const LEVELS = [
  { code: 'CL', name: 'Check Level', color: '#4fc3f7', severity: 1 },
  { code: 'AL', name: 'Alert Level', color: '#fb8c00', severity: 2 },
  { code: 'PDL', name: 'Pre-Determined Level', color: '#e53935', severity: 3 },
  { code: 'WSL', name: 'Work Suspension Level', color: '#8e0000', severity: 4 },
];
/** Where the points lie (SVY21): a 24 × 16 km part of the island, like a line's contracts. */
const AREA = [18000, 28000, 42000, 44000] as const;

/** A seeded generator (mulberry32): every run draws the same points. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` instruments: 70 % around 60 work sites (within ~400 m), the rest anywhere in the area; 1 in 10 at a level. */
export function makeInstruments(n: number): { instruments: TInstrument[]; levels: Map<number, string> } {
  const rnd = random(n);
  const sites = Array.from({ length: 60 }, () => [AREA[0] + rnd() * (AREA[2] - AREA[0]), AREA[1] + rnd() * (AREA[3] - AREA[1])] as const);
  const levels = new Map<number, string>();
  const instruments = Array.from({ length: n }, (_, i): TInstrument => {
    let easting: number;
    let northing: number;
    if (rnd() < 0.7) {
      const site = sites[Math.floor(rnd() * sites.length)]!;
      const r = 400 * Math.sqrt(rnd());
      const a = rnd() * 2 * Math.PI;
      easting = site[0] + r * Math.cos(a);
      northing = site[1] + r * Math.sin(a);
    } else {
      easting = AREA[0] + rnd() * (AREA[2] - AREA[0]);
      northing = AREA[1] + rnd() * (AREA[3] - AREA[1]);
    }
    const type = TYPES[i % TYPES.length]!;
    if (rnd() < 0.1) levels.set(i + 1, LEVELS[Math.floor(rnd() * LEVELS.length)]!.code);
    return {
      instrument_id: i + 1,
      name: `${type.code}-${String(i + 1).padStart(5, '0')}`,
      type_code: type.code,
      type_name: type.name,
      contract_id: 1,
      contract_no: 'C101',
      zone_id: null,
      zone_name: null,
      easting,
      northing,
      latitude: 0,
      longitude: 0,
      level: null,
      install_date: null,
      status: 'active',
      frequency: 'daily',
      lta_code: null,
      remarks: null,
      baseline_date: null,
      baseline_remarks: null,
      created: '2026-01-01T00:00:00Z',
      updated: '2026-01-01T00:00:00Z',
    };
  });
  return { instruments, levels };
}

const look = instrumentLook({
  instruments: TYPES.map((t) => ({ ...t, lta_code: null, category: null, has_depth: t.code === 'INC' })),
  thresholds: LEVELS,
} as unknown as Parameters<typeof instrumentLook>[0]);
const plainStyle = new Style({
  image: new CircleStyle({ radius: 5, fill: new Fill({ color: '#018e27' }), stroke: new Stroke({ color: '#ffffff', width: 1 }) }),
});
const cache = new Map<number, ReturnType<typeof makeInstruments>>();

function whenRendered(map: OlMap): Promise<void> {
  return new Promise((resolve) => map.once('rendercomplete', () => resolve()));
}

/**
 * Draws `n` instruments with one variant on a new map showing the whole area (the work space's overview) and answers
 * the milliseconds from making the features to the map's `rendercomplete`.
 */
async function run(variant: Variant, n: number, zoomIn = 0): Promise<number> {
  if (!cache.has(n)) cache.set(n, makeInstruments(n));
  const { instruments, levels } = cache.get(n)!;
  const target = document.createElement('div');
  target.className = 'map';
  document.body.appendChild(target);
  const view = new View({ projection: 'EPSG:3857' });
  const map = new OlMap({ target, view, controls: [], interactions: [] });
  view.fit(svy21ExtentToView(AREA), { size: [1280, 800] });
  if (zoomIn) view.setZoom((view.getZoom() ?? 11) + zoomIn);
  await whenRendered(map); // the empty map: not counted

  const start = performance.now();
  const rendered = whenRendered(map);
  if (variant === 'workspace') {
    const parts = createInstrumentLayerParts();
    followZoom(parts, view.getZoom() ?? 0);
    parts.layer.setStyle(
      createInstrumentStyle({
        look,
        levelOf: (id) => levels.get(id),
        showLabels: true,
        zoom: () => view.getZoom() ?? 0,
        textColor: '#263238',
        haloColor: '#ffffff',
      }),
    );
    parts.source.addFeatures(instrumentFeatures(instruments));
    map.addLayer(parts.selected);
    map.addLayer(parts.layer);
  } else {
    const source = new VectorSource({ features: instruments.map((i) => new Feature({ geometry: new Point(svy21ToView([i.easting, i.northing])) })) });
    map.addLayer(new VectorLayer({ source, style: plainStyle }));
  }
  await rendered;
  const elapsed = performance.now() - start;
  map.setTarget(undefined);
  map.dispose();
  target.remove();
  return elapsed;
}

declare global {
  interface Window {
    benchMap: typeof run;
    benchReady: boolean;
  }
}
window.benchMap = run;
window.benchReady = true;
