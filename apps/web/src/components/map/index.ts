export { initialBaseId, mapLayerDefs, overlayVisible, type MapLayerDef } from './base-layers';
export { closeRings, parsePolygonFile, PolygonFileError, polygonProblem, type ImportedPolygon, type PolygonProblemKey } from './geo-file';
export { canDrawMaps, MapView, OlMapProvider, useMapLayer, useOlMap, type MapViewProps, type OverlayChoices } from './map-view';
export { PointerPosition } from './pointer-position';
export { PointLayer, pointsExtent, type PointLayerProps } from './point-layer';
export { polygonExtent, PolygonEditor, type PolygonEditorProps } from './polygon-editor';
export {
  formatDegrees,
  formatMetres,
  positionsOf,
  registerSvy21,
  SINGAPORE_EXTENT,
  svy21ExtentToView,
  svy21ToView,
  SVY21,
  VIEW_PROJECTION,
  viewToSvy21,
  type BothPositions,
} from './projection';
export { VertexTable, type VertexTableProps } from './vertex-table';
