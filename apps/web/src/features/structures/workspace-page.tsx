import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TStructureKind, TStructureRecord } from '@strata/shared';
import { fromLonLat } from 'ol/proj';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MapView, viewToSvy21 } from '../../components/map';
import { EmptyText, LoadError, Loading } from '../../components/query-states';
import { SearchField } from '../../components/search-field';
import { Section } from '../../components/section';
import { useTableParams, useUrlFilters } from '../../components/data-table';
import { useGo } from '../../lib/page-nav';
import { useRouteAction } from '../../lib/route-actions';
import { useStructures } from './api';
import { KINDS, recordPath } from './kinds';
import { OutlineLayer, outlinesExtent, type OutlineItem } from './components/outline-layer';

const PAGE = 20;
const FILTERS = ['keyword'] as const;

/** The list's WGS84 outline back in SVY21 (the map layer draws SVY21). */
function svy21Of(r: TStructureRecord): OutlineItem['outline'] {
  const toSvy = (p: number[]) => viewToSvy21(fromLonLat([p[0]!, p[1]!]));
  const o = r.outline_wgs84;
  return o.type === 'Polygon'
    ? { type: 'Polygon', coordinates: o.coordinates.map((ring) => ring.map(toSvy)) }
    : { type: 'LineString', coordinates: o.coordinates.map(toSvy) };
}

/**
 * `/dashboard/critical-interface` and `/dashboard/mining-works` (spec §2.4): the kind's records of the caller's
 * contracts beside their outlines on the map; the New action (Manage permission) opens the form.
 */
export function StructuresWorkspacePage({ kind }: { kind: TStructureKind }) {
  const { t } = useTranslation();
  const info = KINDS[kind];
  const go = useGo();
  const [filters, setFilters] = useUrlFilters(FILTERS);
  const table = useTableParams(PAGE);
  const page = table.page;
  const query = useStructures(kind, { limit: table.limit, skip: table.skip, keyword: filters.keyword || undefined });
  useRouteAction('new', () => go(`${info.workspace}/new`));
  const records = useMemo(() => query.data?.records ?? [], [query.data]);
  const items = useMemo(() => records.map((r) => ({ id: r.structure_id, name: r.name, outline: svy21Of(r) })), [records]);
  const extent = useMemo(
    () =>
      outlinesExtent(
        items.map((i) => i.outline),
        150,
      ),
    [items],
  );
  const total = query.data?.total_records ?? 0;

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
      <Section title={t(`structures.kind.${info.words}.plural`)} sx={{ flex: { md: '0 0 380px' }, minWidth: 0 }}>
        <Stack spacing={1}>
          <SearchField label={t('structures.list.search')} value={filters.keyword} onSearch={(keyword) => setFilters({ keyword })} fullWidth />
          {query.error ? (
            <LoadError error={query.error} onRetry={() => void query.refetch()} />
          ) : !query.data ? (
            <Loading />
          ) : records.length === 0 ? (
            <EmptyText>{filters.keyword ? t('structures.list.noMatch') : t(`structures.kind.${info.words}.empty`)}</EmptyText>
          ) : (
            <List aria-label={t(`structures.kind.${info.words}.plural`)} dense>
              {records.map((r) => (
                <ListItemButton key={r.structure_id} onClick={() => go(recordPath(info, r.structure_id))}>
                  <ListItemText
                    primary={r.name}
                    secondary={`${r.contract_no} · ${t(`structures.type.${r.structure_type}`)} · ${t('structures.list.instrumentCount', { count: r.instrument_count })}`}
                  />
                  {r.open_alert_count > 0 && <Chip size="small" color="error" label={t('structures.list.alertCount', { count: r.open_alert_count })} />}
                </ListItemButton>
              ))}
            </List>
          )}
          {total > table.pageSize && (
            <Pagination
              count={Math.ceil(total / table.pageSize)}
              page={page}
              onChange={(_e, p) => table.onChange({ page: p, pageSize: table.pageSize, sort: table.sort })}
              size="small"
            />
          )}
          <Typography variant="caption" color="text.secondary">
            {t('structures.list.total', { count: total })}
          </Typography>
        </Stack>
      </Section>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <MapView label={t('structures.list.map')} extent={extent} height={{ xs: 320, sm: 420, md: 'calc(100vh - 180px)' }}>
          <OutlineLayer items={items} onPick={(item) => go(recordPath(info, item.id))} />
        </MapView>
      </Box>
    </Stack>
  );
}

export function CriticalInterfaceWorkspacePage() {
  return <StructuresWorkspacePage kind="critical-interface" />;
}
export function MiningWorksWorkspacePage() {
  return <StructuresWorkspacePage kind="mining-works" />;
}
