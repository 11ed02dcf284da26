import { overlayShown, type TConfig, type TMapLayer } from '@strata/shared';
import type BaseLayer from 'ol/layer/Base';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import GeoJSON from 'ol/format/GeoJSON';
import KML from 'ol/format/KML';
import TileWMS from 'ol/source/TileWMS';
import VectorSource from 'ol/source/Vector';
import XYZ from 'ol/source/XYZ';
import type TileSource from 'ol/source/Tile';
import { VIEW_PROJECTION } from './projection';

/** A layer the map can show, from the configured map layers (`GET /config` `map_layers`) or the tile server setting. */
export interface MapLayerDef {
  /** `layer-<layer_id>` or `tile-server`. */
  id: string;
  /** The configured layer's id (null: the tile server setting). */
  layerId: number | null;
  name: string;
  kind: 'base' | 'overlay';
  /** Shown at first (overlays: the admin's default, before the user's choice), or the first base layer shown. */
  visible: boolean;
  create: (resourceToken: string | null) => BaseLayer;
}

const isTemplate = (url: string) => /\{-?[xyz]\}/i.test(url);

function tileOptions(layer: Pick<TMapLayer, 'attribution' | 'min_zoom' | 'max_zoom'>) {
  return {
    attributions: layer.attribution || undefined,
    ...(layer.min_zoom != null ? { minZoom: layer.min_zoom } : {}),
    ...(layer.max_zoom != null ? { maxZoom: layer.max_zoom } : {}),
  };
}

function withToken(url: string, token: string | null): string {
  if (!token) return url;
  return `${url}${url.includes('?') ? '&' : '?'}_token=${encodeURIComponent(token)}`;
}

function fromConfigLayer(layer: TMapLayer & { kind: MapLayerDef['kind'] }): MapLayerDef | undefined {
  const base = { id: `layer-${layer.layer_id}`, layerId: layer.layer_id, name: layer.name, kind: layer.kind, visible: layer.visible };
  const common = { opacity: layer.opacity, properties: { layerId: base.id } };
  if ((layer.source === 'xyz' || layer.source === 'wmts') && layer.url && isTemplate(layer.url)) {
    // WMTS through its REST template ({z}/{x}/{y}); a capabilities-only WMTS address cannot be shown without them.
    const url = layer.url;
    return { ...base, create: () => new TileLayer({ ...common, source: new XYZ({ url, ...tileOptions(layer) }) }) };
  }
  if (layer.source === 'wms' && layer.url && layer.layer_name) {
    const url = layer.url;
    const name = layer.layer_name;
    return {
      ...base,
      create: () =>
        new TileLayer({
          ...common,
          source: new TileWMS({ url, params: { LAYERS: name, TILED: true }, attributions: layer.attribution || undefined }),
        }),
    };
  }
  if ((layer.source === 'geojson' || layer.source === 'kml') && (layer.file_url || layer.url)) {
    const fileUrl = layer.file_url;
    const url = layer.url;
    const format = layer.source === 'kml' ? new KML({ extractStyles: true }) : new GeoJSON({ featureProjection: VIEW_PROJECTION });
    return {
      ...base,
      create: (token) =>
        new VectorLayer({
          ...common,
          source: new VectorSource({ url: fileUrl ? withToken(fileUrl, token) : (url ?? undefined), format, attributions: layer.attribution || undefined }),
        }),
    };
  }
  return undefined;
}

const isBaseOrOverlay = (layer: TMapLayer): layer is TMapLayer & { kind: MapLayerDef['kind'] } => layer.kind === 'base' || layer.kind === 'overlay';

/**
 * The layers of the configuration the map can show, in the configured order: base maps first (one shown at a time),
 * then overlays. The tile server setting, when set, is one more base map (an XYZ template, or an address to which
 * `/{z}/{x}/{y}.png` is added). Station layers are not here: the work-space map draws them (`show_stations`).
 */
export function mapLayerDefs(config: Pick<TConfig, 'map_layers' | 'tile_server'> | undefined): MapLayerDef[] {
  if (!config) return [];
  const sorted = config.map_layers.filter(isBaseOrOverlay).sort((a, b) => a.sort_order - b.sort_order);
  const defs = sorted.map(fromConfigLayer).filter((d): d is MapLayerDef => d !== undefined);
  const tileServer = config.tile_server?.trim();
  if (tileServer && /^https?:\/\//i.test(tileServer)) {
    const url = isTemplate(tileServer) ? tileServer : `${tileServer.replace(/\/+$/, '')}/{z}/{x}/{y}.png`;
    defs.push({
      id: 'tile-server',
      layerId: null,
      name: '',
      kind: 'base',
      visible: !defs.some((d) => d.kind === 'base' && d.visible),
      create: () => new TileLayer({ properties: { layerId: 'tile-server' }, source: new XYZ({ url }) }),
    });
  }
  return [...defs.filter((d) => d.kind === 'base'), ...defs.filter((d) => d.kind === 'overlay')];
}

/** Whether an overlay is drawn: the user's choice in the preferences' `layers`, else the admin's default. */
export function overlayVisible(def: MapLayerDef, choices: readonly string[] | undefined): boolean {
  if (def.layerId === null || !choices) return def.visible;
  return overlayShown({ layer_id: def.layerId, visible: def.visible }, choices);
}

/** The base map shown at first: the first visible one, else the first. */
export function initialBaseId(defs: readonly MapLayerDef[]): string | undefined {
  const bases = defs.filter((d) => d.kind === 'base');
  return (bases.find((d) => d.visible) ?? bases[0])?.id;
}

/** Tile sources report loads and failures: `tileloadend` / `tileloaderror`. */
export function tileSourceOf(layer: BaseLayer): TileSource | undefined {
  return layer instanceof TileLayer ? ((layer.getSource() as TileSource | null) ?? undefined) : undefined;
}
