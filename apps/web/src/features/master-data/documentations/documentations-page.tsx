import Delete from '@mui/icons-material/Delete';
import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { formatBytes, isSafeText, ZManualDocumentFields, type TManualDocument } from '@strata/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, toLimitSkip, type DataTableColumn } from '../../../components/data-table';
import { useDialog, useToast } from '../../../components/feedback';
import { usePageParams } from '../../../components/paginated-list';
import { maxUploadBytes, UploadButton } from '../../../components/upload-button';
import { useConfig } from '../../../lib/config';
import { downloadFile } from '../../../lib/download';
import { errorText } from '../../../lib/error-text';
import { translateMessage } from '../../../lib/i18n';
import { zodIssueMessage } from '../../../lib/zod-messages';
import { Section } from '../../../components/section';
import { useDeleteDocument, useManualDocuments, useRefreshDocuments } from './api';

const PAGE_SIZE = 10;
/** What the server takes (checked there by content): PDF or DOCX. */
const ACCEPT = '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function fileType(doc: TManualDocument): string {
  if (doc.content_type === 'application/pdf') return 'PDF';
  if (doc.content_type.includes('wordprocessingml')) return 'DOCX';
  return doc.file_name.split('.').pop()?.toUpperCase() ?? '';
}

function UploadSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const config = useConfig();
  const refresh = useRefreshDocuments();
  const [title, setTitle] = useState('');
  // A new button after each upload clears its last message.
  const [round, setRound] = useState(0);
  // The title as the API checks it (shared `ZManualDocumentFields`, its limit), said by the web's error map.
  const titleCheck = ZManualDocumentFields.shape.title.safeParse(title, { reportInput: true });
  const titleError = !isSafeText(title)
    ? t('messages.maliciousInput')
    : !titleCheck.success
      ? translateMessage(zodIssueMessage(titleCheck.error.issues[0]!))
      : null;
  return (
    <Section
      title={t('masterData.docs.upload')}
      subheader={t('masterData.docs.uploadText', { max: formatBytes(maxUploadBytes('document', config.data?.settings)) })}
    >
      <Stack spacing={2} sx={{ maxWidth: 560 }}>
        <TextField
          label={t('masterData.docs.title')}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={Boolean(titleError)}
          helperText={titleError ?? t('masterData.docs.titleHint')}
          fullWidth
        />
        <UploadButton
          key={round}
          url="/master-data/documentations"
          uploadType="document"
          settings={config.data?.settings}
          multiple={false}
          accept={ACCEPT}
          label={t('masterData.docs.choose')}
          disabled={Boolean(titleError)}
          fields={{ title: title.trim() || undefined }}
          onUploaded={(_response, files) => {
            void refresh();
            setTitle('');
            setRound((n) => n + 1);
            toast({ color: 'success', message: t('masterData.docs.uploaded', { name: files[0]?.name ?? '' }) });
          }}
        />
      </Stack>
    </Section>
  );
}

/**
 * `/master-data/documentations` (ManageDocumentation): the documents of the user manual (PDF or DOCX): upload, list,
 * download, delete.
 */
export function DocumentationsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useDialog();
  const { page, pageSize, setPage, setPageSize } = usePageParams(PAGE_SIZE);
  const query = useManualDocuments(toLimitSkip({ page, pageSize }));
  const remove = useDeleteDocument();
  const rows = query.data?.records ?? [];
  const total = query.data?.total_records;
  // Spec §4: a page starting at or beyond the total (the last document of the page was deleted) goes back to 1.
  useEffect(() => {
    if (total !== undefined && page > 1 && (page - 1) * pageSize >= total) setPage(1, { replace: true });
  }, [total, page, pageSize, setPage]);

  const download = async (doc: TManualDocument) => {
    try {
      await downloadFile(doc.url, { useResourceToken: true, fileName: doc.file_name });
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
  };

  const onDelete = async (doc: TManualDocument) => {
    const ok = await confirm({
      title: t('masterData.docs.deleteTitle'),
      prompt: t('masterData.docs.confirmDelete'),
      positive: t('masterData.common.delete'),
      negative: t('masterData.common.cancel'),
    });
    if (ok !== true) return;
    try {
      await remove.mutateAsync(doc.document_id);
      toast({ color: 'success', message: t('masterData.docs.deleted') });
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
  };

  const columns: DataTableColumn<TManualDocument>[] = [
    { id: 'title', label: t('masterData.docs.title'), minWidth: 180 },
    { id: 'file_name', label: t('masterData.docs.fileName'), minWidth: 160, render: (doc) => <Box sx={{ overflowWrap: 'anywhere' }}>{doc.file_name}</Box> },
    { id: 'type', label: t('masterData.docs.type'), render: fileType },
    { id: 'size', label: t('masterData.docs.size'), align: 'right', noWrap: true, render: (doc) => formatBytes(doc.size) },
    { id: 'uploaded_by', label: t('masterData.docs.uploadedBy'), render: (doc) => doc.uploaded_by ?? t('masterData.common.unknownUser') },
    { id: 'created', label: t('masterData.docs.created'), format: 'datetime', noWrap: true },
    {
      id: 'actions',
      label: t('masterData.docs.actions'),
      align: 'right',
      noWrap: true,
      render: (doc) => (
        <>
          <Tooltip title={t('masterData.docs.download', { name: doc.title })}>
            <IconButton aria-label={t('masterData.docs.download', { name: doc.title })} onClick={() => void download(doc)}>
              <Download />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('masterData.docs.delete', { name: doc.title })}>
            <IconButton aria-label={t('masterData.docs.delete', { name: doc.title })} color="error" onClick={() => void onDelete(doc)}>
              <Delete />
            </IconButton>
          </Tooltip>
        </>
      ),
    },
  ];

  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      <UploadSection />
      <DataTable
        label={t('masterData.docs.listLabel')}
        columns={columns}
        rows={rows}
        total={total ?? 0}
        page={page}
        pageSize={pageSize}
        onChange={(next) => (next.pageSize !== pageSize ? setPageSize(next.pageSize) : setPage(next.page))}
        getRowId={(doc) => doc.document_id}
        loading={query.isFetching}
        error={query.error ?? undefined}
        onRetry={() => void query.refetch()}
        emptyText={t('masterData.docs.empty')}
      />
    </Stack>
  );
}
