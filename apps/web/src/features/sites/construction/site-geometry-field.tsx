import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TSiteGeometry } from '@strata/shared';
import Feature from 'ol/Feature';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Circle as CircleStyle, Fill, Stroke, Style } from 'ol/style';
import { useEffect, useMemo, useState } from 'react';
import { get, useController, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDegrees, MapView, PointerPosition, PolygonEditor, positionsOf, svy21ToView, useOlMap } from '../../../components/map';
import { translateMessage } from '../../../lib/i18n';
import { useContractExtent, useMapKey } from '../shared/contracts-api';
import { firstMessage } from '../shared/form-errors';
import { Section } from '../../../components/section';

export type GeometryKind = 'none' | TSiteGeometry['type'];
const KINDS: readonly GeometryKind[] = ['none', 'Polygon', 'LineString', 'Point'];
const KIND_KEYS = {
  none: 'sites.geometry.none',
  Polygon: 'sites.geometry.polygon',
  LineString: 'sites.geometry.line',
  Point: 'sites.geometry.point',
} as const;

interface Row {
  easting: string;
  northing: string;
}

/** A typed coordinate: a finite number, or NaN (empty or unreadable), which the form's schema refuses. */
function coordinate(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

function rowsOf(geometry: TSiteGeometry | null): Row[] {
  if (geometry?.type === 'LineString') return geometry.coordinates.map((p) => ({ easting: String(p[0]), northing: String(p[1]) }));
  if (geometry?.type === 'Point') return [{ easting: String(geometry.coordinates[0]), northing: String(geometry.coordinates[1]) }];
  return [];
}

/** The positions of line or point rows as the API takes them (SVY21 `[easting, northing]`). */
export function geometryOfRows(kind: 'LineString' | 'Point', rows: readonly Row[]): TSiteGeometry {
  const positions = rows.map((r) => [coordinate(r.easting), coordinate(r.northing)]);
  return kind === 'Point' ? { type: 'Point', coordinates: positions[0] ?? [Number.NaN, Number.NaN] } : { type: 'LineString', coordinates: positions };
}

const lineStyle = [
  new Style({ stroke: new Stroke({ color: '#0471d1', width: 3 }) }),
  new Style({ image: new CircleStyle({ radius: 5, fill: new Fill({ color: '#fff' }), stroke: new Stroke({ color: '#0471d1', width: 2 }) }) }),
];

/** A line or a point drawn on the enclosing MapView (read-only preview of the typed positions). */
function PreviewLayer({ geometry }: { geometry: TSiteGeometry | null }) {
  const map = useOlMap();
  const source = useMemo(() => new VectorSource(), []);
  useEffect(() => {
    if (!map) return;
    const layer = new VectorLayer({ source, style: lineStyle, zIndex: 10 });
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
    };
  }, [map, source]);
  useEffect(() => {
    source.clear();
    if (!geometry || geometry.type === 'Polygon') return;
    const positions = geometry.type === 'Point' ? [geometry.coordinates] : geometry.coordinates;
    const finite = positions.filter((p) => Number.isFinite(p[0]) && Number.isFinite(p[1]));
    if (finite.length === 0) return;
    if (geometry.type === 'Point') source.addFeature(new Feature(new Point(svy21ToView(finite[0]!))));
    else {
      if (finite.length > 1) source.addFeature(new Feature(new LineString(finite.map((p) => svy21ToView(p)))));
      finite.forEach((p) => source.addFeature(new Feature(new Point(svy21ToView(p)))));
    }
  }, [source, geometry]);
  return null;
}

/** The SVY21 box around typed positions (at least 100 m across, so a point shows its surroundings). */
function extentOf(geometry: TSiteGeometry | null): number[] | null {
  if (!geometry || geometry.type === 'Polygon') return null;
  const positions = (geometry.type === 'Point' ? [geometry.coordinates] : geometry.coordinates).filter((p) => Number.isFinite(p[0]) && Number.isFinite(p[1]));
  if (positions.length === 0) return null;
  const es = positions.map((p) => p[0]!);
  const ns = positions.map((p) => p[1]!);
  const pad = (lo: number, hi: number) => Math.max(0, (100 - (hi - lo)) / 2);
  const [minE, maxE, minN, maxN] = [Math.min(...es), Math.max(...es), Math.min(...ns), Math.max(...ns)];
  return [minE - pad(minE, maxE), minN - pad(minN, maxN), maxE + pad(minE, maxE), maxN + pad(minN, maxN)];
}

interface PositionRowsProps {
  kind: 'LineString' | 'Point';
  rows: Row[];
  onChange: (rows: Row[]) => void;
  readOnly?: boolean;
}

/** Easting/northing fields (SVY21 metres) with the WGS84 latitude/longitude computed beside them. */
function PositionRows({ kind, rows, onChange, readOnly }: PositionRowsProps) {
  const { t } = useTranslation();
  const set = (i: number, change: Partial<Row>) => onChange(rows.map((row, j) => (j === i ? { ...row, ...change } : row)));
  return (
    <Stack
      spacing={1.5}
      component="ol"
      sx={{ listStyle: 'none', p: 0, m: 0 }}
      aria-label={kind === 'Point' ? t('sites.geometry.point') : t('sites.geometry.positions')}
    >
      {rows.map((row, i) => {
        const e = coordinate(row.easting);
        const n = coordinate(row.northing);
        const wgs = Number.isFinite(e) && Number.isFinite(n) ? positionsOf([e, n]) : null;
        const label = kind === 'Point' ? '' : ` ${i + 1}`;
        return (
          <Box
            key={i}
            component="li"
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr 1fr auto', md: 'minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1.4fr) auto' },
              alignItems: 'center',
            }}
          >
            <TextField
              size="small"
              label={`${t('sites.geometry.easting')}${label}`}
              value={row.easting}
              onChange={(event) => set(i, { easting: event.target.value })}
              disabled={readOnly}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <TextField
              size="small"
              label={`${t('sites.geometry.northing')}${label}`}
              value={row.northing}
              onChange={(event) => set(i, { northing: event.target.value })}
              disabled={readOnly}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ gridColumn: { xs: '1 / 3', md: 'auto' }, gridRow: { xs: 2, md: 'auto' }, fontVariantNumeric: 'tabular-nums' }}
            >
              {wgs ? t('sites.geometry.latLon', { lat: formatDegrees(wgs.lat), lon: formatDegrees(wgs.lon) }) : t('sites.geometry.latLonUnknown')}
            </Typography>
            {kind === 'LineString' && !readOnly ? (
              <Tooltip title={t('sites.geometry.removePosition')}>
                <span>
                  <IconButton
                    color="error"
                    aria-label={t('sites.geometry.removePositionN', { n: i + 1 })}
                    disabled={rows.length <= 2}
                    onClick={() => onChange(rows.filter((_, j) => j !== i))}
                  >
                    <Delete />
                  </IconButton>
                </span>
              </Tooltip>
            ) : (
              <span />
            )}
          </Box>
        );
      })}
    </Stack>
  );
}

/**
 * The geometry of a site (SVY21 metres): none, an outline (a polygon drawn on the map with the shared PolygonEditor,
 * or imported from GeoJSON/KML), an alignment (a line: positions typed in order) or a point. Bound to the form's
 * `geometry` field; its errors (the schema's or the server's) show below it.
 */
export function SiteGeometryField({ readOnly }: { readOnly?: boolean }) {
  const { t } = useTranslation();
  const { control } = useFormContext<{ geometry: TSiteGeometry | null; contract_id: string }>();
  const { field } = useController({ control, name: 'geometry' });
  // With nothing drawn yet, the map opens around the chosen contract's reference point (again when the contract changes).
  const contractId = useWatch({ control, name: 'contract_id' });
  const aroundContract = useContractExtent(contractId);
  const mapKey = useMapKey(contractId, field.value === null && aroundContract !== null);
  const { errors } = useFormState({ control, name: 'geometry' });
  const value = field.value;
  const [kind, setKind] = useState<GeometryKind>(value?.type ?? 'none');
  const [rows, setRows] = useState<Row[]>(() => rowsOf(value));
  const error = firstMessage(get(errors, 'geometry'));

  const changeKind = (next: GeometryKind) => {
    setKind(next);
    if (next === 'none' || next === 'Polygon') {
      field.onChange(next === 'Polygon' && value?.type === 'Polygon' ? value : null);
      return;
    }
    const fresh =
      next === 'Point'
        ? [{ easting: '', northing: '' }]
        : [
            { easting: '', northing: '' },
            { easting: '', northing: '' },
          ];
    const kept = rows.length > 0 ? (next === 'Point' ? rows.slice(0, 1) : rows.length >= 2 ? rows : [...rows, { easting: '', northing: '' }]) : fresh;
    setRows(kept);
    field.onChange(geometryOfRows(next, kept));
  };
  const changeRows = (next: Row[]) => {
    setRows(next);
    if (kind === 'LineString' || kind === 'Point') field.onChange(geometryOfRows(kind, next));
  };

  return (
    <Section title={t('sites.geometry.title')} subheader={t('sites.geometry.hint')}>
      <Stack spacing={2}>
        <TextField
          select
          size="small"
          label={t('sites.geometry.kind')}
          value={kind}
          onChange={(event) => changeKind(event.target.value as GeometryKind)}
          disabled={readOnly}
          sx={{ maxWidth: { sm: 320 } }}
          fullWidth
        >
          {KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {t(KIND_KEYS[k])}
            </MenuItem>
          ))}
        </TextField>
        {kind === 'Polygon' && (
          <PolygonEditor
            key={mapKey}
            label={t('sites.geometry.mapLabel')}
            value={value?.type === 'Polygon' ? value : null}
            onChange={(polygon) => field.onChange(polygon)}
            readOnly={readOnly}
            extent={aroundContract}
            tableLabel={t('sites.geometry.vertices')}
          />
        )}
        {(kind === 'LineString' || kind === 'Point') && (
          <>
            <MapView label={t('sites.geometry.mapLabel')} extent={extentOf(value) ?? aroundContract} height={{ xs: 260, sm: 340 }} footer={<PointerPosition />}>
              <PreviewLayer geometry={value} />
            </MapView>
            <PositionRows kind={kind} rows={rows} onChange={changeRows} readOnly={readOnly} />
            {kind === 'LineString' && !readOnly && (
              <Box>
                <Button startIcon={<Add />} onClick={() => changeRows([...rows, { easting: '', northing: '' }])}>
                  {t('sites.geometry.addPosition')}
                </Button>
              </Box>
            )}
          </>
        )}
        {error && (
          <FormHelperText error role="alert">
            {translateMessage(error)}
          </FormHelperText>
        )}
      </Stack>
    </Section>
  );
}
