import { z } from 'zod';
import { ZId } from './ids.js';
import { MAP_LAYER_KINDS, MAP_LAYER_SOURCES } from '../master-data.js';

/** Map layers (issue 6): base maps, overlays and station layers, in order. */

export const ZMapLayer = z.object({
  layer_id: z.number().int(),
  name: z.string(),
  kind: z.enum(MAP_LAYER_KINDS),
  source: z.enum(MAP_LAYER_SOURCES),
  /** Tile/service address: XYZ with {z}/{x}/{y}, WMTS or WMS endpoint, or a GeoJSON/KML address. */
  url: z.string().nullable(),
  /** WMS/WMTS layer name. */
  layer_name: z.string().nullable(),
  /** An uploaded GeoJSON/KML file: its name, and the address serving it (append `?_token=<resource token>`). */
  file_name: z.string().nullable(),
  file_url: z.string().nullable(),
  sort_order: z.number().int(),
  visible: z.boolean(),
  opacity: z.number(),
  attribution: z.string(),
  min_zoom: z.number().int().nullable(),
  max_zoom: z.number().int().nullable(),
});
export type TMapLayer = z.infer<typeof ZMapLayer>;
export const ZMapLayerList = z.object({ records: z.array(ZMapLayer), total_records: z.number().int() });
export type TMapLayerList = z.infer<typeof ZMapLayerList>;

/** A station of a `stations` layer (`GET /config` `stations`): its name and SVY21 position. */
export const ZStation = z.object({ name: z.string(), easting: z.number(), northing: z.number(), layer_id: z.number().int() });
export type TStation = z.infer<typeof ZStation>;

/**
 * The user's overlay choices in the preferences' `layers`: `"<layer_id>:on"` / `"<layer_id>:off"` override the
 * layer's `visible` flag; anything else (unknown ids, other text) is ignored.
 */
export function overlayShown(layer: Pick<TMapLayer, 'layer_id' | 'visible'>, choices: readonly string[]): boolean {
  for (let i = choices.length - 1; i >= 0; i--) {
    const m = /^(\d+):(on|off)$/.exec(choices[i]!);
    if (m && Number(m[1]) === layer.layer_id) return m[2] === 'on';
  }
  return layer.visible;
}

/**
 * The preferences' `layers` after turning one overlay on or off: that layer's override replaced, and the overrides of
 * layers that no longer exist (not in `knownIds`) dropped; other entries are kept as they were.
 */
export function withOverlayChoice(choices: readonly string[], layerId: number, on: boolean, knownIds: readonly number[]): string[] {
  const known = new Set(knownIds);
  const kept = choices.filter((c) => {
    const m = /^(\d+):(on|off)$/.exec(c);
    if (!m) return true;
    const id = Number(m[1]);
    return id !== layerId && known.has(id);
  });
  // The preferences hold at most 100 entries: the newest win.
  return [...kept, `${layerId}:${on ? 'on' : 'off'}`].slice(-100);
}

/** http(s) only; `{z}`, `{x}`, `{y}`, `{s}` and `{-y}` placeholders are allowed. */
export const ZLayerUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => {
    if (!/^https?:\/\//i.test(v) || /\s/.test(v)) return false;
    try {
      new URL(v.replace(/\{-?[a-z]+\}/gi, '0'));
      return true;
    } catch {
      return false;
    }
  }, 'Enter an http(s) address');

const fields = {
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  kind: z.enum(MAP_LAYER_KINDS, 'Kind is base, overlay or stations'),
  source: z.enum(MAP_LAYER_SOURCES, 'Source is xyz, wmts, wms, geojson or kml'),
  url: ZLayerUrl.nullable(),
  layer_name: z.string().trim().max(200).nullable(),
  sort_order: z.number().int().min(0).max(10_000),
  visible: z.boolean(),
  opacity: z.number().min(0, 'Opacity is 0 to 1').max(1, 'Opacity is 0 to 1'),
  attribution: z.string().trim().max(500),
  min_zoom: z.number().int().min(0).max(24).nullable(),
  max_zoom: z.number().int().min(0).max(24).nullable(),
};

export const ZCreateMapLayerRequest = z.object({
  name: fields.name,
  kind: fields.kind,
  source: fields.source,
  url: fields.url.default(null),
  layer_name: fields.layer_name.default(null),
  sort_order: fields.sort_order.optional(),
  visible: fields.visible.default(true),
  opacity: fields.opacity.default(1),
  attribution: fields.attribution.default(''),
  min_zoom: fields.min_zoom.default(null),
  max_zoom: fields.max_zoom.default(null),
});
export type TCreateMapLayerRequest = z.infer<typeof ZCreateMapLayerRequest>;

/** A layer's writable fields, every one required and without defaults. */
export const ZMapLayerFields = z.object(fields);

/** PUT: only the fields given change (no defaults: a field left out keeps its value). */
export const ZUpdateMapLayerRequest = ZMapLayerFields.partial();
export type TUpdateMapLayerRequest = z.infer<typeof ZUpdateMapLayerRequest>;

/** PUT /master-data/map-layers/order: every layer id, in the new order. */
export const ZReorderMapLayersRequest = z.object({ layer_ids: z.array(ZId).min(1).max(1000) });
export type TReorderMapLayersRequest = z.infer<typeof ZReorderMapLayersRequest>;
