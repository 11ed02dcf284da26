import NoteAddOutlined from '@mui/icons-material/NoteAddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ATTACHMENT_LIMITS, DOCUMENT_TYPES, type TDocument, type TDocumentType } from '@strata/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ByteSize } from '../byte-size';
import { DataTable, type DataTableColumn } from '../data-table';
import { AppAlert } from '../feedback';
import { SearchField } from '../search-field';
import { useDocuments, useRefreshOnFileCompleted } from './api';
import { TypeFilter } from './type-filter';
import { UploadAttachmentDialog } from './upload-attachment-dialog';
import { fileActionsColumn } from './file-actions-column';
import { useFileActions } from './use-file-actions';
import { DOC_KEYWORD_PARAM, useKeywordParam } from './use-keyword-param';

const PAGE_SIZE = ATTACHMENT_LIMITS.pageSize;

export interface RecordDocumentsProps {
  category: string;
  refId: number;
  /** Offer "Upload document" (default true; the server has the last word). */
  canUpload?: boolean;
}

/**
 * The `documents` view of a record's detail page (spec §2.3, §3, §7, §9): a table of file name, size (base-1000
 * units), created and uploader e-mail, 10 per page, searched by `doc-keyword` (in the query string) and filtered by
 * type; Download saves the file under its own name; "Upload document" opens the shared upload dialog tagged with the
 * record; the list refreshes on the live `fileCompleted` notification with payload `document`.
 */
export function RecordDocuments({ category, refId, canUpload = true }: RecordDocumentsProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useKeywordParam(DOC_KEYWORD_PARAM);
  const [types, setTypes] = useState<TDocumentType[]>([]);
  const [page, setPage] = useState(1);
  const [uploading, setUploading] = useState(false);
  const documents = useDocuments(category, refId, { keyword, types, skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  const actions = useFileActions();
  useRefreshOnFileCompleted({ category, reference_id: refId });

  useEffect(() => setPage(1), [keyword, types, category, refId]);
  const total = documents.data?.total_records;
  useEffect(() => {
    if (total !== undefined && page > 1 && (page - 1) * PAGE_SIZE >= total) setPage(Math.max(1, Math.ceil(total / PAGE_SIZE)));
  }, [total, page]);

  const columns: DataTableColumn<TDocument>[] = [
    { id: 'file_name', label: t('files.columns.fileName'), minWidth: 160, render: (d) => <span style={{ overflowWrap: 'anywhere' }}>{d.file_name}</span> },
    fileActionsColumn(t('files.columns.actions'), actions, (d) => (d.can_delete ? 'document' : null)),
    { id: 'size', label: t('files.columns.size'), align: 'right', noWrap: true, render: (d) => <ByteSize value={d.size} /> },
    { id: 'created', label: t('files.columns.created'), format: 'datetime', noWrap: true },
    {
      id: 'uploader_email',
      label: t('files.columns.uploader'),
      render: (d) => <span style={{ overflowWrap: 'anywhere' }}>{d.uploader_email || t('files.common.deletedUser')}</span>,
    },
  ];

  const filtered = keyword !== '' || types.length > 0;

  return (
    <Stack spacing={2} data-testid="record-documents">
      {/* The view sits in a half-width panel: the parts wrap rather than squeeze the search. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
        <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
          <SearchField label={t('files.documents.search')} value={keyword} onSearch={setKeyword} />
        </Box>
        <TypeFilter
          label={t('files.columns.type')}
          options={DOCUMENT_TYPES.map((type) => ({ value: type, label: type.toUpperCase() }))}
          value={types}
          onChange={setTypes}
        />
        {canUpload && (
          <Button variant="contained" startIcon={<NoteAddOutlined />} onClick={() => setUploading(true)} sx={{ flexShrink: 0, py: 1 }}>
            {t('files.documents.upload')}
          </Button>
        )}
      </Box>
      {actions.problem && <AppAlert type="error" message={actions.problem} onClose={actions.clearProblem} />}
      <DataTable
        label={t('files.documents.label')}
        columns={columns}
        rows={documents.data?.records ?? []}
        total={documents.data?.total_records ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        pageSizeOptions={[PAGE_SIZE]}
        onChange={(query) => setPage(query.page)}
        getRowId={(d) => d.file_id}
        loading={documents.isFetching}
        error={documents.error ?? undefined}
        onRetry={() => void documents.refetch()}
        emptyText={filtered ? t('files.documents.noMatch') : t('files.documents.empty')}
        size="small"
      />
      <UploadAttachmentDialog open={uploading} onClose={() => setUploading(false)} kind="document" tag={{ category, reference_id: refId }} />
    </Stack>
  );
}
