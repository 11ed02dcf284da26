import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Feature from 'ol/Feature';
import LineString from 'ol/geom/LineString';
import Draw from 'ol/interaction/Draw';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Stroke, Style } from 'ol/style';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMetres, MapView, PointerPosition, svy21ToView, useOlMap, viewToSvy21 } from '../../../components/map';

type Line = { type: 'LineString'; coordinates: number[][] };

const style = new Style({ stroke: new Stroke({ color: '#7b1fa2', width: 3 }) });
const round = (v: number) => Math.round(v * 1000) / 1000;

/** Draws a line on the enclosing MapView (click each point, double-click to finish) and shows the current one. */
function LineDrawing({ value, onChange, readOnly }: { value: Line | null; onChange: (line: Line) => void; readOnly?: boolean }) {
  const map = useOlMap();
  const source = useMemo(() => new VectorSource(), []);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });
  useEffect(() => {
    source.clear();
    if (value) source.addFeature(new Feature(new LineString(value.coordinates.map((p) => svy21ToView(p)))));
  }, [source, value]);
  useEffect(() => {
    if (!map) return;
    const layer = new VectorLayer({ source, style, zIndex: 10 });
    map.addLayer(layer);
    if (readOnly)
      return () => {
        map.removeLayer(layer);
      };
    const draw = new Draw({ type: 'LineString' });
    draw.on('drawend', (event) => {
      const geometry = event.feature.getGeometry() as LineString;
      const coordinates = geometry.getCoordinates().map((c) => viewToSvy21(c).map(round));
      if (coordinates.length >= 2) changed.current({ type: 'LineString', coordinates });
    });
    map.addInteraction(draw);
    return () => {
      map.removeInteraction(draw);
      map.removeLayer(layer);
    };
  }, [map, source, readOnly]);
  return null;
}

export interface LineEditorProps {
  label: string;
  value: Line | null;
  onChange: (line: Line | null) => void;
  extent?: readonly number[] | null;
  readOnly?: boolean;
}

/** A LineString in SVY21 metres drawn on the map (a tunnel, a viaduct), with its points listed and Clear. */
export function LineEditor({ label, value, onChange, extent, readOnly }: LineEditorProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1}>
      <MapView label={label} extent={extent} footer={<PointerPosition />}>
        <LineDrawing value={value} onChange={onChange} readOnly={readOnly} />
      </MapView>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="body2" color="text.secondary">
          {value
            ? t('structures.form.linePoints', {
                count: value.coordinates.length,
                points: value.coordinates.map((p) => `${formatMetres(p[0]!)}, ${formatMetres(p[1]!)}`).join(' → '),
              })
            : t('structures.form.lineHint')}
        </Typography>
        {value && !readOnly && (
          <Button size="small" onClick={() => onChange(null)}>
            {t('structures.form.clear')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
