import Clear from '@mui/icons-material/Clear';
import Close from '@mui/icons-material/Close';
import Draw from '@mui/icons-material/Draw';
import FileUpload from '@mui/icons-material/FileUpload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TPolygon } from '@strata/shared';
import Feature from 'ol/Feature';
import MultiPoint from 'ol/geom/MultiPoint';
import Polygon from 'ol/geom/Polygon';
import DrawInteraction, { type DrawEvent } from 'ol/interaction/Draw';
import Modify from 'ol/interaction/Modify';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Circle as CircleStyle, Fill, Stroke, Style } from 'ol/style';
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AppAlert } from '../feedback/app-alert';
import { closeRings, parsePolygonFile, PolygonFileError, polygonProblem, type PolygonProblemKey } from './geo-file';
import { MapView, useOlMap, type MapViewProps } from './map-view';
import { PointerPosition } from './pointer-position';
import { svy21ToView, viewToSvy21 } from './projection';
import { VertexTable } from './vertex-table';

const BLUE = '#0471d1';

const polygonStyle = new Style({
  stroke: new Stroke({ color: BLUE, width: 2.5 }),
  fill: new Fill({ color: 'rgba(4, 113, 209, 0.15)' }),
});
const vertexStyle = new Style({
  image: new CircleStyle({ radius: 5, fill: new Fill({ color: '#fff' }), stroke: new Stroke({ color: BLUE, width: 2 }) }),
  geometry: (feature) => {
    const geometry = feature.getGeometry();
    if (!(geometry instanceof Polygon)) return undefined;
    // The corners as points (each ring's closing repeat left out).
    return new MultiPoint(geometry.getCoordinates().flatMap((ring) => ring.slice(0, -1)));
  },
});

/** A file's text (FileReader where Blob.text is missing). */
function readText(file: Blob): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file);
  });
}

/** The SVY21 bounding box `[minE, minN, maxE, maxN]` of a polygon's outer ring. */
export function polygonExtent(polygon: TPolygon | null | undefined): number[] | null {
  const ring = polygon?.coordinates[0];
  if (!ring || ring.length === 0) return null;
  const es = ring.map((p) => p[0]!);
  const ns = ring.map((p) => p[1]!);
  return [Math.min(...es), Math.min(...ns), Math.max(...es), Math.max(...ns)];
}

function toFeature(polygon: TPolygon): Feature<Polygon> {
  return new Feature(new Polygon(polygon.coordinates.map((ring) => ring.map((p) => svy21ToView(p)))));
}

function fromGeometry(geometry: Polygon): TPolygon {
  return { type: 'Polygon', coordinates: closeRings(geometry.getCoordinates().map((ring) => ring.map((c) => viewToSvy21(c)))) };
}

interface PolygonLayerProps {
  value: TPolygon | null;
  /** Bumped to redraw the value (an edit that was refused). */
  revision: number;
  readOnly: boolean;
  drawing: boolean;
  onDrawn: (polygon: TPolygon) => void;
  onEdited: (polygon: TPolygon) => void;
  onDrawEnd: () => void;
}

/** The polygon on the map, its Modify interaction, and the Draw interaction while drawing. */
function PolygonLayer({ value, revision, readOnly, drawing, onDrawn, onEdited, onDrawEnd }: PolygonLayerProps) {
  const map = useOlMap();
  const source = useMemo(() => new VectorSource<Feature<Polygon>>(), []);
  const handlers = useRef({ onDrawn, onEdited, onDrawEnd });
  handlers.current = { onDrawn, onEdited, onDrawEnd };

  useEffect(() => {
    if (!map) return;
    const layer = new VectorLayer({ source, style: [polygonStyle, vertexStyle], zIndex: 10 });
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
    };
  }, [map, source]);

  // The feature follows the value (after a drawing, an edit, an import, a clear or a reload).
  useEffect(() => {
    source.clear();
    if (value) source.addFeature(toFeature(value));
  }, [source, value, revision]);

  useEffect(() => {
    if (!map || readOnly || drawing) return;
    const modify = new Modify({ source });
    modify.on('modifyend', (event) => {
      const geometry = event.features.item(0)?.getGeometry();
      if (geometry instanceof Polygon) handlers.current.onEdited(fromGeometry(geometry));
    });
    map.addInteraction(modify);
    return () => {
      map.removeInteraction(modify);
    };
  }, [map, source, readOnly, drawing]);

  useEffect(() => {
    if (!map || !drawing) return;
    const draw = new DrawInteraction({ type: 'Polygon', style: [polygonStyle, vertexStyle] });
    draw.on('drawend', (event: DrawEvent) => {
      const geometry = event.feature.getGeometry();
      if (geometry instanceof Polygon) handlers.current.onDrawn(fromGeometry(geometry));
      handlers.current.onDrawEnd();
    });
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') handlers.current.onDrawEnd();
      else if (event.key === 'Backspace' && !(event.target instanceof HTMLInputElement)) draw.removeLastPoint();
    };
    map.addInteraction(draw);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      map.removeInteraction(draw);
    };
  }, [map, drawing]);

  return null;
}

function DrawButton({ drawing, onToggle }: { drawing: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const map = useOlMap();
  if (!map) return null;
  return (
    <Button variant={drawing ? 'contained' : 'outlined'} startIcon={drawing ? <Close /> : <Draw />} onClick={onToggle} aria-pressed={drawing}>
      {drawing ? t('contractsAdmin.map.cancelDraw') : t('contractsAdmin.map.draw')}
    </Button>
  );
}

export interface PolygonEditorProps {
  /** The map's accessible name. */
  label: string;
  /** A GeoJSON polygon in SVY21 metres (`[easting, northing]`, rings closed), as the server stores it; null = none. */
  value: TPolygon | null;
  /** A new polygon (drawn, edited, imported) or null (cleared). Only valid polygons are passed on. */
  onChange: (value: TPolygon | null) => void;
  readOnly?: boolean;
  /** SVY21 extent shown when there is no polygon (default `map_bounds`). */
  extent?: readonly number[] | null;
  layers?: MapViewProps['layers'];
  height?: MapViewProps['height'];
  /** The vertex table's accessible name (default "Vertices"). */
  tableLabel?: string;
}

/**
 * A polygon on a map (MapView): draw one (click the corners, double-click to finish; Esc cancels, Backspace removes
 * the last corner), move corners (drag; drag an edge to add one; Alt+click removes one), clear it, or import it from
 * a GeoJSON or KML file (read in the browser). The corners are listed in SVY21 and WGS84, and the pointer's position
 * is shown in both. Works without tiles (offline): the map keeps a plain background.
 */
export function PolygonEditor({ label, value, onChange, readOnly = false, extent, layers, height, tableLabel }: PolygonEditorProps) {
  const { t } = useTranslation();
  const [drawing, setDrawing] = useState(false);
  const [problem, setProblem] = useState<PolygonProblemKey | null>(null);
  const [imported, setImported] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);
  // The view fits the polygon at first and after an import; drawing and editing leave it where the user put it.
  const [viewExtent, setViewExtent] = useState<readonly number[] | null>(() => polygonExtent(value) ?? extent ?? null);

  const accept = (polygon: TPolygon) => {
    const found = polygonProblem(polygon);
    if (found) {
      setProblem(found);
      return false;
    }
    setProblem(null);
    onChange(polygon);
    return true;
  };

  const [revision, setRevision] = useState(0);
  const onEdited = (polygon: TPolygon) => {
    // An edit that breaks the polygon is undone: the value stays and the feature is redrawn from it.
    if (!accept(polygon)) setRevision((n) => n + 1);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setImported(null);
    try {
      const { polygon, sourceCrs } = parsePolygonFile(await readText(chosen), chosen.name);
      setProblem(null);
      setDrawing(false);
      onChange(polygon);
      setViewExtent(polygonExtent(polygon));
      setImported(t(sourceCrs === 'wgs84' ? 'contractsAdmin.map.importedWgs84' : 'contractsAdmin.map.importedSvy21', { name: chosen.name }));
    } catch (error) {
      setProblem(error instanceof PolygonFileError ? error.key : 'contractsAdmin.map.errors.unreadable');
    }
  };

  return (
    <Stack spacing={1.5}>
      <MapView
        label={label}
        extent={viewExtent}
        layers={layers}
        height={height}
        footer={
          <>
            <PointerPosition />
            {!readOnly && (
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 1 }}>
                <DrawButton drawing={drawing} onToggle={() => setDrawing((d) => !d)} />
                <Button startIcon={<FileUpload />} onClick={() => file.current?.click()}>
                  {t('contractsAdmin.map.import')}
                </Button>
                <Button
                  color="error"
                  startIcon={<Clear />}
                  disabled={value === null}
                  onClick={() => {
                    setDrawing(false);
                    setProblem(null);
                    setImported(null);
                    onChange(null);
                  }}
                >
                  {t('contractsAdmin.map.clear')}
                </Button>
                <Box
                  component="input"
                  ref={file}
                  type="file"
                  accept=".geojson,.json,.kml,application/geo+json,application/json,application/vnd.google-earth.kml+xml"
                  aria-label={t('contractsAdmin.map.importFile')}
                  onChange={(event: ChangeEvent<HTMLInputElement>) => void onFile(event)}
                  sx={{ display: 'none' }}
                />
              </Stack>
            )}
          </>
        }
      >
        <PolygonLayer
          value={value}
          revision={revision}
          readOnly={readOnly}
          drawing={drawing}
          onDrawn={(polygon) => {
            setImported(null);
            accept(polygon);
          }}
          onEdited={onEdited}
          onDrawEnd={() => setDrawing(false)}
        />
      </MapView>
      {!readOnly && (
        <Typography variant="body2" color="text.secondary">
          {drawing ? t('contractsAdmin.map.drawHint') : t('contractsAdmin.map.editHint')}
        </Typography>
      )}
      {problem && <AppAlert type="error" message={t(problem)} onClose={() => setProblem(null)} />}
      {imported && !problem && <AppAlert type="info" message={imported} onClose={() => setImported(null)} />}
      <VertexTable polygon={value} label={tableLabel ?? t('contractsAdmin.map.vertices')} />
    </Stack>
  );
}
