import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  BOREHOLE_FIELDS,
  BOREHOLE_GROUP_LABELS,
  BOREHOLE_GROUPS,
  BOREHOLE_PAGE_SIZE,
  BOREHOLE_PAGE_SIZES,
  type TBoreholeGroup,
  type TBoreholeRecord,
} from '@strata/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable, queryTableProps, type DataTableColumn } from '../../../components/data-table';
import { useWorkspaceSearchWriter } from '../state/use-workspace-url';
import { useBoreholeGroup } from './api';
import { formatCell } from './format';

/** The query-string parameters of the group table (spec §4: the active group and its paging are restored). */
export const GROUP_PARAM = { group: 'group', page: 'group-page', size: 'group-size' } as const;

export interface GroupTableState {
  group: TBoreholeGroup;
  page: number;
  pageSize: number;
}

/** The group table's state read from the query string; anything unknown falls back to GEOL, page 1, 5 rows. */
export function parseGroupState(params: URLSearchParams): GroupTableState {
  const group = params.get(GROUP_PARAM.group);
  const page = Number(params.get(GROUP_PARAM.page));
  const size = Number(params.get(GROUP_PARAM.size));
  return {
    group: (BOREHOLE_GROUPS as readonly string[]).includes(group ?? '') ? (group as TBoreholeGroup) : 'geol',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (BOREHOLE_PAGE_SIZES as readonly number[]).includes(size) ? size : BOREHOLE_PAGE_SIZE,
  };
}

/** Writes the group table's state, leaving defaults out of the query string. */
export function writeGroupState(params: URLSearchParams, state: GroupTableState): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null) => (value === null ? next.delete(key) : next.set(key, value));
  set(GROUP_PARAM.group, state.group === 'geol' ? null : state.group);
  set(GROUP_PARAM.page, state.page === 1 ? null : String(state.page));
  set(GROUP_PARAM.size, state.pageSize === BOREHOLE_PAGE_SIZE ? null : String(state.pageSize));
  return next;
}

/**
 * The GEOL, CORE, ISPT, STCN, SAMP and ROCK buttons and the chosen group's server-paged table (spec §2.13, §4):
 * group, page and page size in the query string, so a reload or a shared link shows the same rows.
 */
export function BoreholeGroupTable({ boreholeId, version }: { boreholeId: number; version: number | undefined }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const state = parseGroupState(params);
  // Written through the work space's writer: the map reports its position in the same query string.
  const write = useWorkspaceSearchWriter();
  const set = useCallback((next: GroupTableState) => write((current) => writeGroupState(current, next)), [write]);
  const limit = state.pageSize;
  const skip = limit === -1 ? 0 : (state.page - 1) * limit;
  const query = useBoreholeGroup(boreholeId, state.group, version, { skip, limit });

  const columns: DataTableColumn<TBoreholeRecord>[] = BOREHOLE_FIELDS[state.group].map((field) => ({
    id: field.name,
    label: field.name,
    align: field.kind === 'number' ? 'right' : 'left',
    noWrap: field.kind === 'number',
    minWidth: field.kind === 'text' && field.name.endsWith('desc') ? 240 : undefined,
    render: (row) => formatCell(field, row[field.name]),
  }));

  return (
    <Stack spacing={1.5}>
      <ButtonGroup size="small" variant="outlined" aria-label={t('boreholes.detail.groups')} sx={{ flexWrap: 'wrap' }}>
        {BOREHOLE_GROUPS.map((group) => (
          <Button
            key={group}
            variant={group === state.group ? 'contained' : 'outlined'}
            aria-pressed={group === state.group}
            onClick={() => set({ group, page: 1, pageSize: state.pageSize })}
          >
            {BOREHOLE_GROUP_LABELS[group]}
          </Button>
        ))}
      </ButtonGroup>
      <Typography variant="caption" color="text.secondary">
        {t('boreholes.detail.columnsHint')}
      </Typography>
      <DataTable
        label={t('boreholes.detail.groupTable', { group: BOREHOLE_GROUP_LABELS[state.group] })}
        columns={columns}
        {...queryTableProps(query)}
        page={state.page}
        pageSize={state.pageSize}
        pageSizeOptions={BOREHOLE_PAGE_SIZES}
        onChange={(next) => set({ group: state.group, page: next.pageSize === state.pageSize ? next.page : 1, pageSize: next.pageSize })}
        getRowId={(row) => JSON.stringify(row)}
        emptyText={t('boreholes.detail.noRecords')}
        size="small"
      />
    </Stack>
  );
}
