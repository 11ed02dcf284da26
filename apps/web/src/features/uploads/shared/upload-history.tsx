import UploadFile from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { TUpload } from '@strata/shared';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTableParams, useUrlFilters, type DataTableColumn } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/display-time';
import { idOrUndefined } from '../../../lib/page-nav';
import { useRouteAction } from '../../../lib/route-actions';
import { useUploadsLive } from '../api';
import { UploadStatusChip } from './status-chip';
import { UPLOAD_FILTER_KEYS, uploadFiltered, uploadFilterQuery } from './upload-filters';

const PAGE_KEYS = [...UPLOAD_FILTER_KEYS, 'upload'] as const;

/**
 * The state of an upload type's page: the history's filters and page (in the URL), whether the filters and the upload
 * dialog are shown (the route's Filter and Upload actions toggle them), the upload `?upload=<id>` names (a row's click,
 * a new upload, a notification's link), and the live `uploads` event refetching what is shown.
 */
export function useUploadHistoryPage() {
  const [filters, setFilters] = useUrlFilters(PAGE_KEYS);
  const filtered = uploadFiltered(filters);
  const [showFilters, setShowFilters] = useState(filtered);
  const [uploading, setUploading] = useState(false);
  const table = useTableParams();
  useUploadsLive();
  useRouteAction('upload', () => setUploading(true));
  useRouteAction('filter', () => setShowFilters((shown) => !shown));
  return {
    filters,
    setFilters,
    filtered,
    /** Shown by the Filter action, and always while a filter is set. */
    filtersShown: showFilters || filtered,
    uploading,
    setUploading,
    table,
    /** The history query of the page and filters. */
    params: { limit: table.limit, skip: table.skip, ...uploadFilterQuery(filters) },
    openId: idOrUndefined(filters.upload),
    open: (id: number | null) => setFilters({ upload: id === null ? '' : String(id) }),
  };
}

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
