import UploadFile from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { TUpload } from '@strata/shared';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from '../../../components/data-table';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/display-time';
import { UploadStatusChip } from './status-chip';

/** The columns every upload history has: contracts, uploader, when, status (the page adds the file and its counts). */
export function historyColumns(t: TFunction): Record<'contract' | 'uploaded_by' | 'created' | 'status', DataTableColumn<TUpload>> {
  return {
    contract: {
      id: 'contract',
      label: t('uploadPages.history.contract'),
      render: (upload) => (upload.contract_nos.length > 0 ? upload.contract_nos.join(', ') : '—'),
    },
    uploaded_by: { id: 'uploaded_by', label: t('uploadPages.history.uploadedBy'), render: (upload) => upload.uploaded_by_name ?? '—' },
    created: { id: 'created', label: t('uploadPages.history.when'), noWrap: true, render: (upload) => formatDateTime(upload.created) },
    status: { id: 'status', label: t('uploadPages.history.status'), render: (upload) => <UploadStatusChip status={upload.status} /> },
  };
}

/**
 * What an empty history says: no match for the filters, or nothing uploaded yet — with an Upload button for uploaders
 * (the words say "Use Upload": the button is here, not only in the page's actions).
 */
export function HistoryEmpty({ filtered, text, canUpload, onUpload }: { filtered: boolean; text: string; canUpload: boolean; onUpload: () => void }) {
  const { t } = useTranslation();
  if (filtered) return t('uploadPages.history.noMatch');
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
      <span>{text}</span>
      {canUpload && (
        <Button variant="outlined" startIcon={<UploadFile />} onClick={onUpload}>
          {t('uploadPages.action.upload')}
        </Button>
      )}
    </Stack>
  );
}
