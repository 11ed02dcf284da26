import { API_BASE, type TMapLayer } from '@strata/shared';
import type { MapLayerRow } from './map-layers.repository.js';

export type { MapLayerRow };

export function presentMapLayer(r: MapLayerRow): TMapLayer {
  return {
    layer_id: r.layerId,
    name: r.name,
    kind: r.kind,
    source: r.source,
    url: r.url,
    layer_name: r.layerName,
    file_name: r.fileName,
    file_url: r.fileKey ? `${API_BASE}/map-layers/${r.layerId}/file` : null,
    sort_order: r.sortOrder,
    visible: r.visible,
    opacity: r.opacity,
    attribution: r.attribution,
    min_zoom: r.minZoom,
    max_zoom: r.maxZoom,
  };
}
