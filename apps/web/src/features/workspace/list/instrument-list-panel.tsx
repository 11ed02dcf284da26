import CropFree from '@mui/icons-material/CropFree';
import FilterList from '@mui/icons-material/FilterList';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { LIMITS, type TInstrument } from '@strata/shared';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRange } from '../../../components/date-range';
import { formatDate } from '../../../lib/display-time';
import { useDialog } from '../../../components/feedback';
import { InstrumentIcon } from '../../../components/instrument-icon';
import type { InstrumentLook } from '../map/instrument-style';
import { textOn } from '../../../lib/text-on';
import { instrumentColor } from '../map/instrument-style';
import { EmptyText, LoadError, Loading } from '../../../components/query-states';
import { SearchField } from '../../../components/search-field';
import { useConfig } from '../../../lib/config';
import type { WorkspaceUpdate } from '../state/use-workspace-url';
import { FILTER_KEYS, isEmptyFilter, type FilterKey, type InstrumentFilter, type Svy21Extent, type WorkspaceUrlState } from '../state/url-state';
import type { FilterDialogParams, FilterOption } from './filter-dialog';
import { listInstruments, type LevelLookup } from './filter-instruments';

/** Instruments per page (spec §3 paginated list default). */
export const LIST_PAGE_SIZE = LIMITS.listPageSize;

export interface InstrumentListPanelProps {
  /** Every instrument of the chosen contracts (undefined while loading). */
  instruments: readonly TInstrument[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  /** No contract chosen or offered. */
  noContracts: boolean;
  state: WorkspaceUrlState;
  update: WorkspaceUpdate;
  look: InstrumentLook;
  levelOf: LevelLookup;
  /** The choices of the filter dialog. */
  filterOptions: Record<FilterKey, FilterOption[]>;
  /** The map's extent now (for "only what the map shows"). */
  currentExtent: () => Svy21Extent | null;
  onOpen: (instrument: TInstrument) => void;
}

/**
 * The instrument list (spec §2.2 instrument/list, §2.5): keyword (Enter), the instrument filter (a dialog), the date
 * range the charts use, "only what the map shows" (`map-bounds`) and the area selected on the map
 * (`map-bounds-selected`), in pages of 20 (`page-num`).
 */
export function InstrumentListPanel(props: InstrumentListPanelProps) {
  const { t } = useTranslation();
  const confirm = useDialog();
  const { state, update } = props;
  const timezone = useConfig().data?.timezone;
  // The period is for the charts of the instrument opened from the list (it goes along in the query string): say so.
  const { start, end } = state.dateRange;
  const periodHint =
    start && end ? t('workspace.list.periodApplies', { start: formatDate(start, timezone), end: formatDate(end, timezone) }) : t('workspace.list.periodHint');
  const extent = state.selectedBounds ?? state.mapBounds;
  const rows = useMemo(
    () => (props.instruments ? listInstruments(props.instruments, { keyword: state.keyword, filter: state.filter, extent }, props.levelOf) : []),
    [props.instruments, props.levelOf, state.keyword, state.filter, extent],
  );
  const total = rows.length;
  const pages = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
  const page = state.page;
  const shown = rows.slice((page - 1) * LIST_PAGE_SIZE, page * LIST_PAGE_SIZE);

  // Spec §4: a page starting at or beyond the total goes back to page 1.
  useEffect(() => {
    if (props.instruments && !props.noContracts && page > 1 && (page - 1) * LIST_PAGE_SIZE >= total) update({ page: 1 }, { replace: true });
  }, [props.instruments, props.noContracts, page, total, update]);

  const filterLabels: Record<FilterKey, string> = {
    type: t('workspace.filter.type'),
    level: t('workspace.filter.level'),
    zone: t('workspace.filter.zone'),
    frequency: t('workspace.filter.frequency'),
    status: t('workspace.filter.status'),
  };
  const activeFilters = FILTER_KEYS.reduce((n, key) => n + (state.filter[key].length > 0 ? 1 : 0), 0);

  const openFilter = async () => {
    const result = await confirm<InstrumentFilter, FilterDialogParams>({
      title: t('workspace.filter.title'),
      positive: t('workspace.filter.apply'),
      maxWidth: 480,
      content: () => import('./filter-dialog'),
      params: { filter: state.filter, options: props.filterOptions, labels: filterLabels },
    });
    if (result && typeof result === 'object') update({ filter: result });
  };

  const chips = FILTER_KEYS.flatMap((key) =>
    state.filter[key].map((value) => {
      const label = props.filterOptions[key].find((o) => String(o.value) === String(value))?.label ?? String(value);
      return { key, value, label: `${filterLabels[key]}: ${label}` };
    }),
  );

  let body;
  if (props.noContracts) {
    body = <EmptyText>{t('workspace.list.noContracts')}</EmptyText>;
  } else if (props.error && !props.instruments) {
    body = <LoadError error={props.error} onRetry={props.onRetry} />;
  } else if (!props.instruments) {
    body = <Loading />;
  } else if (total === 0) {
    body = <EmptyText>{props.instruments.length === 0 ? t('workspace.list.noInstruments') : t('workspace.list.noMatch')}</EmptyText>;
  } else {
    body = (
      <>
        <List dense aria-label={t('workspace.list.label')} sx={{ py: 0 }}>
          {shown.map((instrument) => {
            const level = props.levelOf(instrument.instrument_id);
            const type = props.look.types.get(instrument.type_code);
            return (
              <ListItem key={instrument.instrument_id} disablePadding>
                <ListItemButton onClick={() => props.onOpen(instrument)} divider>
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <InstrumentIcon icon={type?.icon ?? 'circle'} color={instrumentColor(props.look, instrument.type_code, level)} size={22} />
                  </ListItemIcon>
                  <ListItemText
                    primary={instrument.name}
                    secondary={[instrument.type_name, instrument.contract_no, instrument.zone_name].filter(Boolean).join(' · ')}
                    slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                  />
                  {level && (
                    <Chip
                      size="small"
                      label={level}
                      title={props.look.levels.get(level)?.name}
                      data-testid="instrument-level"
                      sx={{ bgcolor: props.look.levels.get(level)?.color, color: textOn(props.look.levels.get(level)?.color), ml: 1 }}
                    />
                  )}
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
        {total > LIST_PAGE_SIZE && (
          <Pagination
            sx={{ display: 'flex', justifyContent: 'center', py: 1 }}
            count={pages}
            page={Math.min(page, pages)}
            siblingCount={0}
            boundaryCount={1}
            onChange={(_event, next) => update({ page: next })}
          />
        )}
      </>
    );
  }

  return (
    <Stack spacing={1.5}>
      <SearchField label={t('workspace.list.keyword')} value={state.keyword} onSearch={(keyword) => update({ keyword })} />
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Badge badgeContent={activeFilters} color="primary">
          <Button variant="outlined" size="small" startIcon={<FilterList />} onClick={() => void openFilter()}>
            {t('workspace.filter.title')}
          </Button>
        </Badge>
        {chips.map((chip) => (
          <Chip
            key={`${chip.key}-${chip.value}`}
            size="small"
            label={chip.label}
            onDelete={() =>
              update({ filter: { ...state.filter, [chip.key]: (state.filter[chip.key] as (string | number)[]).filter((v) => v !== chip.value) } })
            }
          />
        ))}
        {!isEmptyFilter(state.filter) && (
          <Button size="small" onClick={() => update({ filter: { type: [], level: [], zone: [], frequency: [], status: [] } })}>
            {t('workspace.list.clearFilter')}
          </Button>
        )}
      </Stack>
      <DateRange
        label={t('workspace.list.period')}
        value={state.dateRange}
        onChange={(dateRange) => update({ dateRange })}
        timezone={timezone}
        helperText={periodHint}
      />
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <FormControlLabel
          control={
            <Switch checked={state.mapBounds !== null} onChange={(event) => update({ mapBounds: event.target.checked ? props.currentExtent() : null })} />
          }
          label={t('workspace.list.onlyMapView')}
        />
        {state.selectedBounds && (
          <Chip
            icon={<CropFree />}
            color="error"
            variant="outlined"
            label={t('workspace.list.selectedArea')}
            onDelete={() => update({ selectedBounds: null })}
          />
        )}
      </Stack>
      {props.instruments && !props.noContracts && (
        <Typography variant="body2" color="text.secondary" data-testid="instrument-total" aria-live="polite">
          {t('workspace.list.total', { count: total })}
        </Typography>
      )}
      <Box sx={{ height: 4 }}>{props.loading && props.instruments && <LinearProgress aria-label={t('common.loading')} />}</Box>
      {body}
    </Stack>
  );
}
