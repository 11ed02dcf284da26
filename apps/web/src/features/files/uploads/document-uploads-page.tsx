import NoteAddOutlined from '@mui/icons-material/NoteAddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { TContractDocument } from '@strata/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ByteSize } from '../../../components/byte-size';
import { DataTable, queryTableProps, useClampPage, useTableParams, useUrlFilters, type DataTableColumn } from '../../../components/data-table';
import { AppAlert } from '../../../components/feedback';
import { fileActionsColumn, UploadAttachmentDialog, useFileActions, useRefreshOnFileCompleted } from '../../../components/record-files';
import { useContractList } from '../../../lib/active-contracts';
import { idOrUndefined } from '../../../lib/page-nav';
import { useRouteAction } from '../../../lib/route-actions';
import { useCan } from '../../../lib/use-can';
import { useDocumentHistory } from '../api';
import { HistoryFilter, HISTORY_KEYS } from './history-filter';
import { ContractFilterField } from '../components/contract-filter-field';

const KEYS = [...HISTORY_KEYS, 'contract'] as const;

/**
 * `/upload/document` (spec §2.12, type `document`: "other files"): the documents attached to the user's contracts,
 * newest first, with the filter (keyword, contract, upload date) kept in the URL and toggled by the Filter action —
 * the route's only action, as the spec says. Holders of Upload Other Files find "Upload document" on the page (the
 * shared upload dialog tagged with the chosen contract); Download for all; Delete for the uploader or a holder of
 * Delete Other Files.
 */
export function DocumentUploadsPage() {
  const { t } = useTranslation();
  const [values, set] = useUrlFilters(KEYS);
  const [showFilter, setShowFilter] = useState(true);
  const [uploading, setUploading] = useState(false);
  const canUpload = useCan('UploadOtherFiles');
  const { contracts, selected } = useContractList();
  const [target, setTarget] = useState<number | undefined>(undefined);
  const table = useTableParams(10);
  const actions = useFileActions();
  useRouteAction('filter', () => setShowFilter((shown) => !shown));
  useRefreshOnFileCompleted();

  const contractId = idOrUndefined(values.contract);
  const query = useDocumentHistory({
    keyword: values.keyword || undefined,
    from: values.from || undefined,
    to: values.to || undefined,
    contractId,
    limit: table.limit,
    skip: table.skip,
  });
  useClampPage(query.data?.total_records, table.page, table.pageSize);

  useEffect(() => {
    if (uploading) setTarget(contractId ?? selected[0] ?? contracts[0]?.contract_id);
    // When the dialog opens only.
  }, [uploading]);

  const columns: DataTableColumn<TContractDocument>[] = [
    { id: 'file_name', label: t('files.columns.fileName'), minWidth: 180, render: (d) => <span style={{ overflowWrap: 'anywhere' }}>{d.file_name}</span> },
    { id: 'contract_no', label: t('files.columns.contract'), noWrap: true },
    { id: 'size', label: t('files.columns.size'), align: 'right', noWrap: true, render: (d) => <ByteSize value={d.size} /> },
    { id: 'created', label: t('files.columns.created'), format: 'datetime', noWrap: true },
    {
      id: 'uploader_email',
      label: t('files.columns.uploader'),
      render: (d) => <span style={{ overflowWrap: 'anywhere' }}>{d.uploader_email || t('files.common.deletedUser')}</span>,
    },
    fileActionsColumn(t('files.columns.actions'), actions, (d) => (d.can_delete ? 'document' : null)),
  ];
  const filtered = KEYS.some((key) => values[key] !== '');

  return (
    <Stack spacing={2}>
      {showFilter && (
        <HistoryFilter title={t('files.history.filterTitle')} values={values} set={set} keys={KEYS} keywordLabel={t('files.history.documentKeyword')}>
          <ContractFilterField contracts={contracts} value={values.contract} onChange={(contract) => set({ contract })} />
        </HistoryFilter>
      )}
      {canUpload && (
        <Box>
          <Button variant="contained" startIcon={<NoteAddOutlined />} onClick={() => setUploading(true)}>
            {t('files.documents.upload')}
          </Button>
        </Box>
      )}
      {actions.problem && <AppAlert type="error" message={actions.problem} onClose={actions.clearProblem} />}
      <DataTable
        label={t('files.history.documentsLabel')}
        columns={columns}
        {...queryTableProps(query)}
        page={table.page}
        pageSize={table.pageSize}
        onChange={table.onChange}
        getRowId={(d) => d.file_id}
        emptyText={filtered ? t('files.history.noMatch') : t('files.history.documentsEmpty')}
      />
      <UploadAttachmentDialog
        open={uploading}
        onClose={() => setUploading(false)}
        kind="document"
        tag={target === undefined ? null : { category: 'contract', reference_id: target }}
      >
        <TextField
          select
          size="small"
          label={t('files.attach.contract')}
          value={target === undefined ? '' : String(target)}
          onChange={(event) => setTarget(Number(event.target.value))}
        >
          {contracts.map((c) => (
            <MenuItem key={c.contract_id} value={String(c.contract_id)}>
              {c.no}
              {c.title ? ` — ${c.title}` : ''}
            </MenuItem>
          ))}
        </TextField>
      </UploadAttachmentDialog>
    </Stack>
  );
}
