import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { TImportResult, TImportRow } from '@strata/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clientPage, DataTable, type DataTableColumn, type TableQuery } from '../../../components/data-table';
import { translateMessage } from '../../../lib/i18n';

const FIRST_PAGE: TableQuery = { page: 1, pageSize: 25, sort: null };

/** The server's per-row report: row, name, status and the errors of each row; by default the rows with errors first. */
export function ImportReport({ result }: { result: TImportResult }) {
  const { t } = useTranslation();
  const [onlyErrors, setOnlyErrors] = useState(result.invalid > 0);
  const [query, setQuery] = useState<TableQuery>(FIRST_PAGE);
  const rows = useMemo(() => (onlyErrors ? result.rows.filter((r) => r.status === 'error') : result.rows), [onlyErrors, result.rows]);
  const page = clientPage(rows, query);

  // Phones show the errors under the name (three columns fit 390 px); wider screens give them a column.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const errorList = (r: TImportRow) =>
    r.errors.length === 0 ? null : (
      <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2 }}>
        {r.errors.map((e, i) => (
          <li key={`${e.field}-${i}`}>
            <strong>{e.field}</strong>: {translateMessage(e.message)}
          </li>
        ))}
      </Stack>
    );
  const statusChip = (r: TImportRow) =>
    r.status === 'valid' ? (
      <Chip size="small" color="success" label={t('instruments.import.valid')} />
    ) : (
      <Chip size="small" color="error" label={t('instruments.import.error')} />
    );

  const columns: DataTableColumn<TImportRow>[] = phone
    ? [
        { id: 'row', label: t('instruments.import.row'), align: 'right', noWrap: true },
        {
          id: 'name',
          label: `${t('instruments.import.name')} / ${t('instruments.import.errors')}`,
          render: (r) => (
            <>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {r.name || '—'}
              </Typography>
              {errorList(r)}
            </>
          ),
        },
        { id: 'status', label: t('instruments.import.status'), render: statusChip },
      ]
    : [
        { id: 'row', label: t('instruments.import.row'), align: 'right', noWrap: true },
        { id: 'name', label: t('instruments.import.name'), noWrap: true, render: (r) => r.name || '—' },
        { id: 'status', label: t('instruments.import.status'), render: statusChip },
        { id: 'errors', label: t('instruments.import.errors'), minWidth: 260, render: (r) => errorList(r) ?? '—' },
      ];

  return (
    <Stack spacing={1}>
      {result.invalid > 0 && (
        <FormControlLabel
          control={
            <Switch
              checked={onlyErrors}
              onChange={(event) => {
                setOnlyErrors(event.target.checked);
                setQuery(FIRST_PAGE);
              }}
            />
          }
          label={t('instruments.import.onlyErrors')}
        />
      )}
      <DataTable
        label={t('instruments.import.reportLabel')}
        columns={columns}
        rows={page.rows}
        total={page.total}
        page={query.page}
        pageSize={query.pageSize}
        onChange={setQuery}
        getRowId={(r) => r.row}
        emptyText={t('instruments.import.noRows')}
      />
    </Stack>
  );
}
