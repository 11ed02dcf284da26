import ArrowBack from '@mui/icons-material/ArrowBack';
import Image from '@mui/icons-material/Image';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../lib/display-time';
import type OlMap from 'ol/Map';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canvasPdf, safeFileName } from '../../../components/chart';
import { useToast } from '../../../components/feedback';
import { canDrawMaps, SINGAPORE_EXTENT, useOlMap } from '../../../components/map';
import { useConfig } from '../../../lib/config';
import { saveBlob } from '../../../lib/download';
import { useContractBoundaries } from '../api/boundaries';
import { useWorkspaceInstruments } from '../api/instruments';
import { useInstrumentStatuses } from '../api/statuses';
import { mapInstruments } from '../list/filter-instruments';
import { useHomeFit } from '../map/home-view';
import { instrumentLook } from '../map/instrument-style';
import { legendData } from '../map/map-legend';
import { samePosition } from '../map/view-sync';
import { usePreferredLayers } from '../map/use-preferred-layers';
import { WorkspaceMap } from '../map/workspace-map';
import { INSTRUMENT_LIST_PATH, instrumentPath } from '../paths';
import { LoadError } from '../../../components/query-states';
import { useWorkspaceNav } from '../shared/use-workspace-nav';
import { useWorkspaceUrl } from '../state/use-workspace-url';
import type { MapPosition } from '../state/url-state';
import { ALL_CONTRACTS, useContractFromAddress, useWorkspaceContracts } from '../state/workspace-contract';
import { composeMap } from './compose-map';

/** Reports the OpenLayers map of the enclosing MapView to the page. */
function MapBridge({ onMap }: { onMap: (map: OlMap | null) => void }) {
  const map = useOlMap();
  useEffect(() => onMap(map), [map, onMap]);
  return null;
}

/**
 * Capture Map (spec §2.1 `/capture-map`): the current work-space map view — from the same query string (`pos`,
 * `instrument_filter`) and contract choice — with its legend, saved as PNG or as a one-page A4 PDF.
 */
export function CaptureMapPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const { stations, overlays } = usePreferredLayers();
  const { go } = useWorkspaceNav();
  const { state, update } = useWorkspaceUrl();
  const { contracts, choice, contractIds } = useWorkspaceContracts();
  useContractFromAddress();
  const config = useConfig();
  const instruments = useWorkspaceInstruments(contractIds);
  const { levelOf } = useInstrumentStatuses(contractIds);
  const boundaries = useContractBoundaries(contractIds);
  const homeFit = useHomeFit({ contractIds, instruments, boundaries });
  const look = useMemo(() => instrumentLook(config.data), [config.data]);
  const shown = useMemo(
    () => mapInstruments(instruments.data ?? [], { keyword: state.keyword, filter: state.filter }, levelOf),
    [instruments.data, state.keyword, state.filter, levelOf],
  );
  const legend = useMemo(() => legendData(shown, look), [shown, look]);
  const [map, setMap] = useState<OlMap | null>(null);
  const [busy, setBusy] = useState(false);
  const [omitted, setOmitted] = useState(false);
  const drawable = useMemo(canDrawMaps, []);

  const onMoved = useCallback(
    (pos: MapPosition) => {
      if (!samePosition(pos, state.pos)) update({ pos }, { replace: true });
    },
    [state.pos, update],
  );

  const contractText = choice === ALL_CONTRACTS ? contracts.map((c) => c.no).join(', ') : (contracts.find((c) => c.contract_id === choice)?.no ?? '');
  const now = new Date();

  const save = async (format: 'png' | 'pdf') => {
    if (!map) return;
    setBusy(true);
    try {
      const { canvas, omittedLayers } = await composeMap(map, {
        title: t('workspace.capture.imageTitle', { contracts: contractText }),
        subtitle: t('workspace.capture.imageSubtitle', { at: formatDateTime(now, config.data?.timezone), count: shown.length }),
        legend,
        legendTitle: t('workspace.map.legend'),
        levelsTitle: t('workspace.map.levels'),
      });
      setOmitted(omittedLayers);
      const base = safeFileName(`map-${contractText || 'work-space'}-${now.toISOString().slice(0, 16).replace(/[T:]/g, '-')}`);
      if (format === 'png') {
        const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
        if (!blob) throw new Error('png');
        saveBlob(blob, `${base}.png`);
      } else {
        saveBlob(canvasPdf(canvas.toDataURL('image/jpeg', 0.92), t('workspace.route.captureMap')), `${base}.pdf`);
      }
      toast({ message: t('workspace.capture.saved'), color: 'success' });
    } catch {
      toast({ message: t('workspace.capture.failed'), color: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button size="small" startIcon={<ArrowBack />} onClick={() => go(INSTRUMENT_LIST_PATH)}>
          {t('workspace.capture.backToWorkspace')}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {t('workspace.capture.hint', { count: shown.length, contracts: contractText || '—' })}
        </Typography>
        <Button variant="contained" startIcon={<Image />} disabled={!map || busy} onClick={() => void save('png')}>
          {t('workspace.capture.png')}
        </Button>
        <Button variant="outlined" startIcon={<PictureAsPdf />} disabled={!map || busy} onClick={() => void save('pdf')}>
          {t('workspace.capture.pdf')}
        </Button>
      </Stack>
      {!drawable && <Alert severity="info">{t('workspace.capture.unsupported')}</Alert>}
      {omitted && <Alert severity="warning">{t('workspace.capture.baseMapOmitted')}</Alert>}
      {instruments.isError && <LoadError error={instruments.error} onRetry={() => void instruments.refetch()} />}
      {contractIds.length === 0 && <Alert severity="info">{t('workspace.list.noContracts')}</Alert>}
      <WorkspaceMap
        instruments={shown}
        boundaries={boundaries.boundaries}
        look={look}
        levelOf={levelOf}
        showLabels
        showLegend
        stations={stations}
        overlays={overlays}
        home={config.data?.map_bounds ?? SINGAPORE_EXTENT}
        homeFit={homeFit}
        pos={state.pos}
        onMoved={onMoved}
        onOpen={(instrument) => go(instrumentPath(instrument.instrument_id))}
        selectedArea={state.selectedBounds}
        selecting={false}
        onSelectArea={() => undefined}
        height={{ xs: 360, md: 'max(460px, calc(100vh - 260px))' }}
      >
        <MapBridge onMap={setMap} />
      </WorkspaceMap>
    </Stack>
  );
}
