import CropFree from '@mui/icons-material/CropFree';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LIMITS, type TBoreholeListItem } from '@strata/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyText, LoadError, Loading } from '../../../components/query-states';
import { SearchField } from '../../../components/search-field';
import type { WorkspaceUpdate } from '../state/use-workspace-url';
import type { Svy21Extent, WorkspaceUrlState } from '../state/url-state';
import { contractsParam, useBoreholeList, useBoreholeTypes } from './api';
import { boreholeTypeColor } from './borehole-style';
import { formatMetres } from './format';
import { boundsParam, BOREHOLE_FILTER_PARAM, decodeBoreholeFilter, encodeBoreholeFilter, type BoreholeFilter } from './list-state';
import { SectionControls } from './section-controls';
import { togglePick, useSectionPick } from './section-state';

/** Boreholes per page (the paginated list default, as the instrument list). */
export const BOREHOLE_LIST_PAGE_SIZE = LIMITS.listPageSize;

export interface BoreholeListPanelProps {
  /** The contracts the work space shows (its choice: one, or all of the caller's). */
  contractIds: readonly number[];
  /** No contract chosen or offered. */
  noContracts: boolean;
  state: WorkspaceUrlState;
  update: WorkspaceUpdate;
  currentExtent: () => Svy21Extent | null;
  onOpen: (borehole: TBoreholeListItem) => void;
}

function depthText(value: string): number | null | 'bad' {
  if (value.trim() === '') return null;
  return /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : 'bad';
}

/** A borehole symbol as on the map: a circle in its type's colour with a white cross. */
export function BoreholeSymbol({ type, size = 20 }: { type: string | null; size?: number }) {
  return (
    <Box component="svg" viewBox="0 0 20 20" sx={{ width: size, height: size, flex: 'none' }} aria-hidden>
      <circle cx="10" cy="10" r="8.5" fill={boreholeTypeColor(type)} stroke="#fff" strokeWidth="1.5" />
      <path d="M10 4v12M4 10h12" stroke="#fff" strokeWidth="2" />
    </Box>
  );
}

/**
 * The SI Borehole List (spec §2.2 borehole/list, §2.5): keyword (Enter), borehole type (`GET /boreholes/types`),
 * final depth from / to, "only what the map shows" and the area selected on the map, in server pages of 20. The
 * keyword, page, map bounds and `borehole_filter` are in the query string; the contract is the work space's choice.
 */
export function BoreholeListPanel(props: BoreholeListPanelProps) {
  const { t } = useTranslation();
  const { state, update } = props;
  const [params, setParams] = useSearchParams();
  const filter = decodeBoreholeFilter(params.get(BOREHOLE_FILTER_PARAM));
  const types = useBoreholeTypes();
  // Section mode "pick": each row has a checkbox and a click picks or unpicks the borehole (in order).
  const section = useSectionPick();
  const picking = section.pick.mode === 'pick';
  const [depthMin, setDepthMin] = useState(filter.depthMin === null ? '' : String(filter.depthMin));
  const [depthMax, setDepthMax] = useState(filter.depthMax === null ? '' : String(filter.depthMax));
  const extent = state.selectedBounds ?? state.mapBounds;
  const page = state.page;
  const query = useBoreholeList(
    {
      keyword: state.keyword || undefined,
      contracts: contractsParam(props.contractIds),
      type: filter.type || undefined,
      depth_min: filter.depthMin ?? undefined,
      depth_max: filter.depthMax ?? undefined,
      bounds: boundsParam(extent),
      skip: (page - 1) * BOREHOLE_LIST_PAGE_SIZE,
      limit: BOREHOLE_LIST_PAGE_SIZE,
    },
    !props.noContracts,
  );
  const total = query.data?.total_records ?? 0;
  const pages = Math.max(1, Math.ceil(total / BOREHOLE_LIST_PAGE_SIZE));

  // Spec §4: a page starting at or beyond the total goes back to page 1.
  useEffect(() => {
    if (query.data && page > 1 && (page - 1) * BOREHOLE_LIST_PAGE_SIZE >= total) update({ page: 1 }, { replace: true });
  }, [query.data, page, total, update]);

  const setFilter = (next: BoreholeFilter) =>
    setParams((current) => {
      const out = new URLSearchParams(current);
      const text = encodeBoreholeFilter(next);
      if (text) out.set(BOREHOLE_FILTER_PARAM, text);
      else out.delete(BOREHOLE_FILTER_PARAM);
      out.delete('page-num');
      return out;
    });

  const min = depthText(depthMin);
  const max = depthText(depthMax);
  const applyDepth = () => {
    if (min === 'bad' || max === 'bad') return;
    if (min !== filter.depthMin || max !== filter.depthMax) setFilter({ ...filter, depthMin: min, depthMax: max });
  };
  const depthField = (label: string, value: string, set: (v: string) => void, bad: boolean) => (
    <TextField
      size="small"
      label={label}
      value={value}
      onChange={(event) => set(event.target.value)}
      onBlur={applyDepth}
      onKeyDown={(event) => {
        if (event.key === 'Enter') applyDepth();
      }}
      error={bad}
      helperText={bad ? t('boreholes.list.depthNumber') : undefined}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
    />
  );

  let body;
  if (props.noContracts) body = <EmptyText>{t('workspace.list.noContracts')}</EmptyText>;
  else if (query.isError && !query.data) body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <Loading />;
  else if (total === 0) body = <EmptyText>{t('boreholes.list.empty')}</EmptyText>;
  else {
    body = (
      <>
        <List dense aria-label={t('boreholes.list.label')} sx={{ py: 0 }}>
          {query.data.records.map((b) => {
            const order = section.pick.ids.indexOf(b.borehole_id) + 1;
            return (
              <ListItem key={b.borehole_id} disablePadding>
                <ListItemButton onClick={() => (picking ? section.change({ ids: togglePick(section.pick.ids, b.borehole_id) }) : props.onOpen(b))} divider>
                  {picking && (
                    <ListItemIcon sx={{ minWidth: 36 }}>
                      <Checkbox
                        edge="start"
                        size="small"
                        checked={order > 0}
                        tabIndex={-1}
                        disableRipple
                        slotProps={{ input: { 'aria-label': t('boreholes.section.pickRow', { no: b.borehole_no }) } }}
                        sx={{ p: 0.5 }}
                      />
                    </ListItemIcon>
                  )}
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <BoreholeSymbol type={b.borehole_type} size={22} />
                  </ListItemIcon>
                  <ListItemText
                    primary={b.borehole_no}
                    secondary={[
                      b.borehole_type,
                      b.contract_no,
                      b.final_depth === null ? null : t('boreholes.list.finalDepth', { depth: formatMetres(b.final_depth, 2) }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                    slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                  />
                  {picking && order > 0 && (
                    <Chip size="small" color="primary" label={order} aria-label={t('boreholes.section.order', { order })} sx={{ ml: 1 }} />
                  )}
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
        {total > BOREHOLE_LIST_PAGE_SIZE && (
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
      <SearchField label={t('boreholes.list.keyword')} value={state.keyword} onSearch={(keyword) => update({ keyword, page: 1 })} />
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' } }}>
        <TextField
          select
          size="small"
          label={t('boreholes.list.type')}
          value={filter.type}
          onChange={(event) => setFilter({ ...filter, type: event.target.value })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('boreholes.list.anyType')}</MenuItem>
          {filter.type && !(types.data ?? []).includes(filter.type) && <MenuItem value={filter.type}>{filter.type}</MenuItem>}
          {(types.data ?? []).map((type) => (
            <MenuItem key={type} value={type}>
              {type}
            </MenuItem>
          ))}
        </TextField>
        {depthField(t('boreholes.list.depthMin'), depthMin, setDepthMin, min === 'bad')}
        {depthField(t('boreholes.list.depthMax'), depthMax, setDepthMax, max === 'bad')}
      </Box>
      {!props.noContracts && <SectionControls />}
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <FormControlLabel
          control={
            <Switch
              checked={state.mapBounds !== null}
              onChange={(event) => update({ mapBounds: event.target.checked ? props.currentExtent() : null, page: 1 })}
            />
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
        {(filter.type || filter.depthMin !== null || filter.depthMax !== null) && (
          <Button
            size="small"
            onClick={() => {
              setDepthMin('');
              setDepthMax('');
              setFilter({ type: '', depthMin: null, depthMax: null });
            }}
          >
            {t('workspace.list.clearFilter')}
          </Button>
        )}
      </Stack>
      {query.data && !props.noContracts && (
        <Typography variant="body2" color="text.secondary" data-testid="borehole-total" aria-live="polite">
          {t('boreholes.list.total', { count: total })}
        </Typography>
      )}
      <Box sx={{ height: 4 }}>{query.isFetching && query.data && <LinearProgress aria-label={t('common.loading')} />}</Box>
      {body}
    </Stack>
  );
}
