import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import type { SiteType } from '@strata/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRange, isDateRangeOption, type DateRangeValue } from '../../../components/date-range';
import { useSession } from '../../../lib/auth-store';
import { useRouteAction } from '../../../lib/route-actions';
import { ContractFilter, FilterSelect, SiteTypeFilter } from '../shared/filter-select';
import { SearchField } from '../../../components/search-field';
import { Section } from '../../../components/section';
import { canChangeActivity, isSiteType } from '../shared/site-type';
import { idOrUndefined } from '../../../lib/page-nav';
import { useClampPage, useTableParams, useUrlFilters } from '../../../components/data-table';
import { useCivilSites, useDrawings } from './api';
import { DrawingsTable } from './drawings-table';

export const UPLOAD_FILTER_KEYS = ['site', 'contract', 'type', 'q', 'range', 'from', 'to'] as const;

/**
 * `/master-data/construction/site/uploads` (upload history): the drawings uploaded to every site, newest first, with
 * a filter (site, contract, type, file or site name, date range) kept in the URL; the Filter action shows or hides it.
 */
export function UploadsPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useUrlFilters(UPLOAD_FILTER_KEYS);
  const [showFilters, setShowFilters] = useState(true);
  useRouteAction('filter', () => setShowFilters((shown) => !shown));
  const table = useTableParams();
  const sites = useCivilSites();
  const permissions = useSession((state) => state.permissions);
  const typeOf = useMemo(() => new Map((sites.data?.records ?? []).map((s) => [s.site_id, s.type] as const)), [sites.data]);

  const contractId = idOrUndefined(filters.contract);
  const type = isSiteType(filters.type) ? filters.type : undefined;
  const query = useDrawings({
    limit: table.limit,
    skip: table.skip,
    site_id: idOrUndefined(filters.site),
    contract_id: contractId,
    type,
    keyword: filters.q || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  });
  useClampPage(query.data?.total_records, table.page, table.pageSize);

  // The site filter offers the sites of the chosen contract and type.
  const siteOptions = (sites.data?.records ?? []).filter((s) => (!contractId || s.contract_id === contractId) && (!type || s.type === type));
  const siteValue = siteOptions.some((s) => String(s.site_id) === filters.site) ? filters.site : '';
  const range: DateRangeValue = {
    option: isDateRangeOption(filters.range) ? filters.range : 'none',
    start: filters.from || null,
    end: filters.to || null,
  };
  const filtered = UPLOAD_FILTER_KEYS.some((key) => filters[key] !== '');

  return (
    <Stack spacing={2}>
      {showFilters && (
        <Section title={t('sites.uploads.filterTitle')}>
          <Stack spacing={2}>
            <Box
              sx={{
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
                alignItems: 'start',
              }}
            >
              <ContractFilter value={filters.contract} onChange={(contract) => setFilters({ contract, site: '' })} />
              <SiteTypeFilter value={filters.type} onChange={(next) => setFilters({ type: next, site: '' })} />
              <FilterSelect label={t('sites.drawing.site')} value={siteValue} onChange={(site) => setFilters({ site })}>
                <MenuItem value="">{t('sites.uploads.allSites')}</MenuItem>
                {siteOptions.map((s) => (
                  <MenuItem key={s.site_id} value={String(s.site_id)}>
                    {s.contract_no} · {s.site_name}
                  </MenuItem>
                ))}
              </FilterSelect>
              <SearchField label={t('sites.uploads.keyword')} value={filters.q} onSearch={(q) => setFilters({ q })} />
            </Box>
            <DateRange
              value={range}
              onChange={(next) => setFilters({ range: next.option === 'none' ? '' : next.option, from: next.start ?? '', to: next.end ?? '' })}
            />
            {filtered && (
              <Box>
                <Button onClick={() => setFilters(Object.fromEntries(UPLOAD_FILTER_KEYS.map((key) => [key, ''])))}>{t('sites.uploads.clearFilters')}</Button>
              </Box>
            )}
          </Stack>
        </Section>
      )}
      <DrawingsTable
        query={query}
        page={table.page}
        pageSize={table.pageSize}
        onChange={table.onChange}
        showSite
        label={t('sites.uploads.tableLabel')}
        emptyText={filtered ? t('sites.uploads.noMatch') : t('sites.uploads.empty')}
        canDelete={(d) => {
          const siteType: SiteType | undefined = typeOf.get(d.site_id);
          return siteType ? canChangeActivity(permissions, siteType) : permissions.includes('ManageConstructionSites');
        }}
      />
    </Stack>
  );
}
