import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type TInstrument } from '@strata/shared';
import { formatDateTime } from '../../../lib/display-time';
import Overlay from 'ol/Overlay';
import { useEffect, useMemo } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useOlMap } from '../../../components/map';
import { useCanViewReadings, useLatestReadings } from '../api/readings';
import type { HoveredInstruments } from './instrument-layer';

const MAX_NAMES = 5;

function LatestLines({ instrument }: { instrument: TInstrument }) {
  const { t } = useTranslation();
  const allowed = useCanViewReadings();
  const { data, isPending } = useLatestReadings([instrument.instrument_id], allowed);
  if (!allowed) return null;
  if (isPending)
    return (
      <Typography variant="caption" color="text.secondary">
        {t('common.loading')}
      </Typography>
    );
  const readings = data?.get(instrument.instrument_id) ?? [];
  if (readings.length === 0)
    return (
      <Typography variant="caption" color="text.secondary">
        {t('workspace.map.noReading')}
      </Typography>
    );
  const shown = readings.slice(0, 4);
  return (
    <>
      {shown.map((r) => (
        <Typography key={r.series_id} variant="caption" component="div">
          {t('workspace.map.latest', {
            code: r.depth === null ? r.code : `${r.code} @ ${r.depth} m`,
            value: r.value,
            unit: r.unit,
            at: formatDateTime(r.taken_at),
          })}
        </Typography>
      ))}
      {readings.length > shown.length && (
        <Typography variant="caption" color="text.secondary">
          {t('workspace.map.moreSeries', { count: readings.length - shown.length })}
        </Typography>
      )}
    </>
  );
}

/** What the pointer is over: an instrument's name, type and latest readings, or a cluster's size and first names. */
export function HoverTooltip({ hovered }: { hovered: HoveredInstruments | null }) {
  const { t } = useTranslation();
  const map = useOlMap();
  const element = useMemo(() => document.createElement('div'), []);
  const overlay = useMemo(() => new Overlay({ element, positioning: 'bottom-center', offset: [0, -18], stopEvent: false }), [element]);

  useEffect(() => {
    if (!map) return;
    map.addOverlay(overlay);
    return () => {
      map.removeOverlay(overlay);
    };
  }, [map, overlay]);

  useEffect(() => {
    overlay.setPosition(hovered ? hovered.coordinate : undefined);
  }, [overlay, hovered]);

  if (!map || !hovered) return null;
  const [first] = hovered.instruments;
  const one = hovered.instruments.length === 1 && first;
  return createPortal(
    <Paper elevation={4} role="tooltip" sx={{ px: 1.25, py: 0.75, maxWidth: 280, pointerEvents: 'none' }}>
      {one ? (
        <>
          <Typography variant="subtitle2">{first.name}</Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {first.type_name} · {first.contract_no}
          </Typography>
          <LatestLines instrument={first} />
        </>
      ) : (
        <>
          <Typography variant="subtitle2">{t('workspace.map.cluster', { count: hovered.instruments.length })}</Typography>
          {hovered.instruments.slice(0, MAX_NAMES).map((i) => (
            <Typography key={i.instrument_id} variant="caption" component="div">
              {i.name}
            </Typography>
          ))}
          {hovered.instruments.length > MAX_NAMES && (
            <Typography variant="caption" color="text.secondary">
              {t('workspace.map.clusterMore', { count: hovered.instruments.length - MAX_NAMES })}
            </Typography>
          )}
        </>
      )}
    </Paper>,
    element,
  );
}
