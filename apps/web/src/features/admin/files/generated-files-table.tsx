import FileDownload from '@mui/icons-material/FileDownload';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { TGeneratedFile } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ByteSize } from '../../../components/byte-size';
import { DataTable, type DataTableColumn, type TableQuery } from '../../../components/data-table';
import { useToast } from '../../../components/feedback';
import { RelativeTime } from '../../../components/relative-time';
import { downloadFile } from '../../../lib/download';
import type { TranslationKey } from '../../../lib/i18n';
import { errorText } from '../../../lib/error-text';
import { StateChip, type ChipColor } from '../shared/status-chip';
import type { useGeneratedFiles } from './api';
import { queryTableProps } from '../../../components/data-table';

const STATE_COLORS: Record<TGeneratedFile['state'], ChipColor> = {
  pending: 'default',
  running: 'info',
  completed: 'success',
  failed: 'error',
  too_large: 'warning',
};

function DownloadButton({ file }: { file: TGeneratedFile }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (!file.url) return null;
  const label = t('admin.files.downloadFile', { file: file.file_name ?? '' });
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await downloadFile(file.url!, { fileName: file.file_name ?? undefined });
            } catch (error) {
              toast({ color: 'error', message: errorText(error) });
            } finally {
              setBusy(false);
            }
          }}
        >
          <FileDownload fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}

export interface GeneratedFilesTableProps {
  query: ReturnType<typeof useGeneratedFiles>;
  page: number;
  pageSize: number;
  onChange: (query: TableQuery) => void;
  /** Hide the type column (a list of one type). */
  hideType?: boolean;
}

/** Generated reports and exports: who asked, when, size, status and the download (spec issue 5). */
export function GeneratedFilesTable({ query, page, pageSize, onChange, hideType }: GeneratedFilesTableProps) {
  const { t } = useTranslation();
  const typeName = (type: string) => {
    const key = `admin.files.typeName.${type}` as TranslationKey;
    return t(key, { defaultValue: type });
  };
  const columns: DataTableColumn<TGeneratedFile>[] = [
    { id: 'file', label: t('admin.files.fileName'), minWidth: 200, render: (f) => f.file_name ?? '—' },
    ...(hideType ? [] : [{ id: 'type', label: t('admin.files.type'), render: (f: TGeneratedFile) => typeName(f.type) }]),
    { id: 'format', label: t('admin.files.format'), render: (f) => f.format.toUpperCase() },
    { id: 'by', label: t('admin.files.requestedBy'), render: (f) => f.created_by_name ?? '—', noWrap: true },
    { id: 'created', label: t('admin.files.created'), noWrap: true, render: (f) => <RelativeTime value={f.created} /> },
    { id: 'size', label: t('admin.files.size'), align: 'right', noWrap: true, render: (f) => <ByteSize value={f.size} /> },
    { id: 'rows', label: t('admin.files.rows'), align: 'right', render: (f) => f.rows ?? '' },
    {
      id: 'state',
      label: t('admin.files.status'),
      render: (f) => (
        <Tooltip title={f.error ?? ''}>
          <span>
            <StateChip label={t(`admin.files.state.${f.state}`)} color={STATE_COLORS[f.state]} />
          </span>
        </Tooltip>
      ),
    },
    { id: 'expires', label: t('admin.files.expires'), format: 'datetime', noWrap: true },
    { id: 'download', label: t('admin.common.download'), align: 'center', render: (f) => <DownloadButton file={f} /> },
  ];
  return (
    <DataTable
      label={t('admin.files.tableLabel')}
      columns={columns}
      {...queryTableProps(query)}
      page={page}
      pageSize={pageSize}
      onChange={onChange}
      getRowId={(f) => f.id}
    />
  );
}
