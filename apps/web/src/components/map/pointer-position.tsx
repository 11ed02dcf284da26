import Typography from '@mui/material/Typography';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOlMap } from './map-view';
import { formatDegrees, formatMetres, positionsOf, viewToSvy21, type BothPositions } from './projection';

/** The pointer's position over the enclosing MapView, in SVY21 (easting, northing) and WGS84 (latitude, longitude). */
export function PointerPosition() {
  const { t } = useTranslation();
  const map = useOlMap();
  const [position, setPosition] = useState<BothPositions | null>(null);
  useEffect(() => {
    if (!map) return;
    const onMove = (event: MapBrowserEvent) => {
      if (event.dragging) return;
      setPosition(positionsOf(viewToSvy21(event.coordinate)));
    };
    const viewport = map.getViewport() as HTMLElement | undefined;
    const onLeave = () => setPosition(null);
    map.on('pointermove', onMove);
    viewport?.addEventListener('mouseleave', onLeave);
    return () => {
      map.un('pointermove', onMove);
      viewport?.removeEventListener('mouseleave', onLeave);
    };
  }, [map]);
  if (!map) return null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="pointer-position" sx={{ mt: 0.5, minHeight: '1.5em', fontVariantNumeric: 'tabular-nums' }}>
      {position
        ? t('contractsAdmin.map.pointer', {
            easting: formatMetres(position.easting),
            northing: formatMetres(position.northing),
            lat: formatDegrees(position.lat),
            lon: formatDegrees(position.lon),
          })
        : t('contractsAdmin.map.pointerHint')}
    </Typography>
  );
}
