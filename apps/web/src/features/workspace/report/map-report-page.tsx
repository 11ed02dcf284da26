import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { MapReportLayer } from '@strata/shared';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SINGAPORE_EXTENT } from '../../../components/map';
import { LoadError } from '../../../components/query-states';
import { useConfig } from '../../../lib/config';
import { useContractBoundaries } from '../api/boundaries';
import { useWorkspaceInstruments } from '../api/instruments';
import { useMapPreferences } from '../api/preferences';
import { useInstrumentStatuses } from '../api/statuses';
import { insideExtent, mapInstruments } from '../list/filter-instruments';
import { useHomeFit } from '../map/home-view';
import { instrumentLook } from '../map/instrument-style';
import { usePreferredLayers } from '../map/use-preferred-layers';
import { samePosition } from '../map/view-sync';
import { WorkspaceMap } from '../map/workspace-map';
import { INSTRUMENT_LIST_PATH, instrumentPath } from '../paths';
import { useWorkspaceNav } from '../shared/use-workspace-nav';
import { useWorkspaceUrl } from '../state/use-workspace-url';
import { isEmptyFilter, type MapPosition, type Svy21Extent } from '../state/url-state';
import { ALL_CONTRACTS, useContractFromAddress, useWorkspaceContracts } from '../state/workspace-contract';
import { MapReportPanel, type MapReportView } from './map-report-panel';

/**
 * Map Reports (spec §2.4 `/dashboard/report`, Generate Map Report): the work-space map as it is — restored from the
 * same query string (`pos`, `map-bounds`, `map-bounds-selected`, `instrument_filter`, `keyword`) and contract choice —
 * beside a panel that turns it into a map report: its current view as the extent, the layers it draws, and the
 * selected instruments (the area, filter or keyword; all in the view when none).
 */
export function MapReportPage() {
  const { t } = useTranslation();
  const { go } = useWorkspaceNav();
  const { state, update, currentSearch } = useWorkspaceUrl();
  const { contracts, choice, contractIds, setChoice } = useWorkspaceContracts();
  useContractFromAddress();
  const config = useConfig();
  const prefs = useMapPreferences();
  const { stations, overlays } = usePreferredLayers();
  const instruments = useWorkspaceInstruments(contractIds);
  const { levelOf } = useInstrumentStatuses(contractIds);
  const boundaries = useContractBoundaries(contractIds);
  const homeFit = useHomeFit({ contractIds, instruments, boundaries });
  const look = useMemo(() => instrumentLook(config.data), [config.data]);
  const shown = useMemo(
    () => mapInstruments(instruments.data ?? [], { keyword: state.keyword, filter: state.filter }, levelOf),
    [instruments.data, state.keyword, state.filter, levelOf],
  );
  const [extent, setExtent] = useState<Svy21Extent | null>(null);

  const onMoved = useCallback(
    (pos: MapPosition, viewExtent: Svy21Extent | null) => {
      setExtent(viewExtent);
      if (!samePosition(pos, state.pos)) update({ pos }, { replace: true });
    },
    [state.pos, update],
  );

  const view = useMemo((): MapReportView => {
    const layers: MapReportLayer[] = ['boundaries', 'instruments', ...(prefs.show_label ? (['labels'] as const) : [])];
    const narrowed = state.selectedBounds !== null || !isEmptyFilter(state.filter) || state.keyword.trim() !== '';
    const selected = shown.filter((i) => insideExtent(i, state.selectedBounds));
    return { extent, layers, ...(narrowed ? { instrumentIds: selected.map((i) => i.instrument_id) } : {}) };
  }, [extent, prefs.show_label, shown, state.selectedBounds, state.filter, state.keyword]);

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button size="small" startIcon={<ArrowBack />} onClick={() => go(INSTRUMENT_LIST_PATH, { search: currentSearch() })}>
          {t('workspace.mapReport.backToWorkspace')}
        </Button>
        <TextField
          select
          size="small"
          label={t('workspace.toolbar.contract')}
          value={contracts.length === 0 ? '' : String(choice)}
          onChange={(event) => setChoice(Number(event.target.value))}
          disabled={contracts.length === 0}
          sx={{ minWidth: { xs: 150, sm: 200 } }}
        >
          {contracts.length > 1 && <MenuItem value={String(ALL_CONTRACTS)}>{t('workspace.toolbar.allContracts')}</MenuItem>}
          {contracts.map((c) => (
            <MenuItem key={c.contract_id} value={String(c.contract_id)}>
              {c.no}
              {c.title ? ` — ${c.title}` : ''}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {instruments.isError && <LoadError error={instruments.error} onRetry={() => void instruments.refetch()} />}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <WorkspaceMap
            instruments={shown}
            boundaries={boundaries.boundaries}
            look={look}
            levelOf={levelOf}
            showLabels={prefs.show_label}
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
            onSelectArea={(selected) => update({ selectedBounds: selected })}
            height={{ xs: 360, md: 'max(460px, calc(100vh - 260px))' }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <MapReportPanel contractIds={contractIds} view={view} />
        </Grid>
      </Grid>
    </Stack>
  );
}
