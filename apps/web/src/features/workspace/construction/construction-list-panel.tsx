import CropFree from '@mui/icons-material/CropFree';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { LIMITS, SITE_PROGRESS_STATUSES, siteProgressStatus, type SiteType, type TConstructionProgressItem, type TSiteProgressStatus } from '@strata/shared';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyText, LoadError, Loading } from '../../../components/query-states';
import { SearchField } from '../../../components/search-field';
import type { WorkspaceUpdate } from '../state/use-workspace-url';
import type { Svy21Extent, WorkspaceUrlState } from '../state/url-state';
import { useConstructionProgressList } from './api';
import { ProgressText } from './progress-text';
import { siteInExtent } from './geometry';

const ALL = 'all';

/** Sites per page (the paginated list default, as the instrument and borehole lists). */
export const CONSTRUCTION_LIST_PAGE_SIZE = LIMITS.listPageSize;

export interface ConstructionListPanelProps {
  type: SiteType;
  /** The contracts the work space shows (its choice: one, or all of the caller's). */
  contractIds: readonly number[];
  /** No contract chosen or offered. */
  noContracts: boolean;
  state: WorkspaceUrlState;
  update: WorkspaceUpdate;
  currentExtent: () => Svy21Extent | null;
  onOpen: (site: TConstructionProgressItem) => void;
}

/** The sites the list shows: those meeting the area (the area selected, else the map view while it is kept). */
export function listSites(
  records: readonly TConstructionProgressItem[],
  extent: Svy21Extent | null,
  status: TSiteProgressStatus | null = null,
): TConstructionProgressItem[] {
  return records.filter((r) => siteInExtent(r.geometry, extent) && (status === null || siteProgressStatus(r.type, r.progress) === status));
}

/**
 * The Excavation Site List and the Mined Tunnel List (spec §2.2, §2.5; issue 19): keyword (Enter; sent to
 * `GET /civil/progress`), the state (not started, in progress, complete: `siteProgressStatus`, in the query string as
 * `site-status`), "only what the map shows" and the area selected on the map, pages of 20, each row with the
 * site's current progress. Keyword, page and bounds are in the query string; the contract is the work space's
 * choice. The answer holds every site of the type, so the pages and the area are computed here, as the map draws them.
 */
export function ConstructionListPanel(props: ConstructionListPanelProps) {
  const { t } = useTranslation();
  const { state, update, type } = props;
  const query = useConstructionProgressList(type, props.contractIds, state.keyword, !props.noContracts);
  const extent = state.selectedBounds ?? state.mapBounds;
  const shown = useMemo(() => listSites(query.data?.records ?? [], extent, state.siteStatus), [query.data, extent, state.siteStatus]);
  const total = shown.length;
  const pages = Math.max(1, Math.ceil(total / CONSTRUCTION_LIST_PAGE_SIZE));
  const page = state.page;
  const rows = shown.slice((Math.min(page, pages) - 1) * CONSTRUCTION_LIST_PAGE_SIZE, Math.min(page, pages) * CONSTRUCTION_LIST_PAGE_SIZE);
  const words = type === 'E' ? 'construction.excavation' : 'construction.tunnel';

  // Spec §4: a page beyond the last goes back to page 1.
  useEffect(() => {
    if (query.data && page > 1 && (page - 1) * CONSTRUCTION_LIST_PAGE_SIZE >= total) update({ page: 1 }, { replace: true });
  }, [query.data, page, total, update]);

  let body;
  if (props.noContracts) body = <EmptyText>{t('workspace.list.noContracts')}</EmptyText>;
  else if (query.isError && !query.data) body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <Loading />;
  else if (total === 0) body = <EmptyText>{t(`${words}.empty`)}</EmptyText>;
  else {
    body = (
      <>
        <List dense aria-label={t(`${words}.listLabel`)} sx={{ py: 0 }}>
          {rows.map((site) => (
            <ListItem key={site.site_id} disablePadding>
              <ListItemButton onClick={() => props.onOpen(site)} divider>
                <ListItemText
                  primary={site.site_name}
                  secondary={
                    <>
                      <Box component="span" sx={{ display: 'block' }}>
                        {site.contract_no}
                      </Box>
                      <ProgressText type={type} summary={site.progress} />
                    </>
                  }
                  slotProps={{ primary: { sx: { fontWeight: 600 } }, secondary: { component: 'div' } }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        {total > CONSTRUCTION_LIST_PAGE_SIZE && (
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
      <SearchField label={t(`${words}.keyword`)} value={state.keyword} onSearch={(keyword) => update({ keyword, page: 1 })} />
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('construction.status.label')}
          value={state.siteStatus ?? ALL}
          onChange={(event) => update({ siteStatus: event.target.value === ALL ? null : (event.target.value as TSiteProgressStatus) })}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value={ALL}>{t('construction.status.all')}</MenuItem>
          {SITE_PROGRESS_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {t(`construction.status.${status}`)}
            </MenuItem>
          ))}
        </TextField>
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
      </Stack>
      {query.data && !props.noContracts && (
        <Typography variant="body2" color="text.secondary" data-testid="construction-total" aria-live="polite">
          {t(`${words}.total`, { count: total })}
        </Typography>
      )}
      <Box sx={{ height: 4 }}>{query.isFetching && query.data && <LinearProgress aria-label={t('common.loading')} />}</Box>
      {body}
    </Stack>
  );
}
