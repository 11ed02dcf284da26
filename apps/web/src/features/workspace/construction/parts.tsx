import CenterFocusStrong from '@mui/icons-material/CenterFocusStrong';
import Delete from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TSite } from '@strata/shared';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Svy21Extent } from '../state/url-state';
import { geometryExtent } from './geometry';
import { clientPage, DataTable, type DataTableColumn, type TableQuery } from '../../../components/data-table';

/** A titled part of a detail panel: a section named by its h3 (the panel's title is the h2). */
export function Part({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id={id} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Box>
  );
}

/** A delete button of a table row, named after the row (the confirmation follows). */
export function DeleteRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        <Delete fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

export interface ClientTableProps<Row> {
  label: string;
  columns: readonly DataTableColumn<Row>[];
  /** Every row, in the order shown. */
  rows: readonly Row[];
  getRowId: (row: Row) => number | string;
  emptyText?: string;
  pageSize?: number;
}

/** A table of rows already loaded, paged here (spec §9 page sizes). */
export function ClientTable<Row>({ label, columns, rows, getRowId, emptyText, pageSize = 10 }: ClientTableProps<Row>) {
  const [query, setQuery] = useState<TableQuery>({ page: 1, pageSize, sort: null });
  const pages = Math.max(1, Math.ceil(rows.length / query.pageSize));
  const current = { ...query, page: Math.min(query.page, pages) };
  const page = clientPage(rows, current);
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={page.rows}
      total={page.total}
      page={current.page}
      pageSize={current.pageSize}
      sort={current.sort}
      onChange={setQuery}
      getRowId={getRowId}
      emptyText={emptyText}
      size="small"
    />
  );
}

/** A site page's title, "contract no / site name", with Show on map when the site has a geometry. */
export function SiteHeading({ site, onShowOnMap }: { site: TSite; onShowOnMap: (extent: Svy21Extent, auto: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {`${site.contract_no} / ${site.site_name}`}
      </Typography>
      {site.geometry && (
        <Button size="small" startIcon={<CenterFocusStrong />} onClick={() => onShowOnMap(geometryExtent(site.geometry!), false)}>
          {t('construction.showOnMap')}
        </Button>
      )}
    </Stack>
  );
}
