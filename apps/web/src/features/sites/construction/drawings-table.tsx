import Delete from '@mui/icons-material/Delete';
import FileDownload from '@mui/icons-material/FileDownload';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { TSiteDrawing } from '@strata/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ByteSize } from '../../../components/byte-size';
import { DataTable, type DataTableColumn, type TableQuery } from '../../../components/data-table';
import { useDialog, useToast } from '../../../components/feedback';
import { downloadFile } from '../../../lib/download';
import { errorText } from '../../../lib/error-text';
import { AppLink } from '../../../components/app-link';
import { queryTableProps } from '../../../components/data-table';
import { useDeleteDrawing } from './api';

export interface DrawingsTableProps {
  query: UseQueryResult<{ records: TSiteDrawing[]; total_records: number }>;
  page: number;
  pageSize: number;
  onChange: (query: TableQuery) => void;
  /** The upload history: site and contract columns. */
  showSite?: boolean;
  label: string;
  emptyText: string;
  /** Whether the user may delete this drawing (the task of its site's type, decision 008). */
  canDelete: (drawing: TSiteDrawing) => boolean;
}

/** Drawings with Download (the resource token, as every file download) and Delete (confirmed, when allowed). */
export function DrawingsTable({ query, page, pageSize, onChange, showSite, label, emptyText, canDelete }: DrawingsTableProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useDialog();
  const remove = useDeleteDrawing();

  const download = async (d: TSiteDrawing) => {
    try {
      await downloadFile(d.url, { useResourceToken: true, fileName: d.file_name });
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
  };

  const onDelete = async (d: TSiteDrawing) => {
    const ok = await confirm({
      title: t('sites.drawing.removeTitle'),
      prompt: t('sites.drawing.removePrompt', { file: d.file_name }),
      positive: t('sites.common.delete'),
      negative: t('sites.common.cancel'),
    });
    if (ok !== true) return;
    try {
      await remove.mutateAsync(d.drawing_id);
      toast({ color: 'success', message: t('sites.drawing.deleted') });
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
  };

  const columns: DataTableColumn<TSiteDrawing>[] = [
    { id: 'file_name', label: t('sites.drawing.fileName'), minWidth: 180, render: (d) => <span style={{ overflowWrap: 'anywhere' }}>{d.file_name}</span> },
    {
      id: 'actions',
      label: t('sites.common.actions'),
      noWrap: true,
      render: (d) => (
        <Stack direction="row" spacing={0.5}>
          <Tooltip title={t('sites.drawing.download')}>
            <IconButton size="small" aria-label={t('sites.drawing.downloadNamed', { file: d.file_name })} onClick={() => void download(d)}>
              <FileDownload fontSize="small" />
            </IconButton>
          </Tooltip>
          {canDelete(d) && (
            <Tooltip title={t('sites.common.delete')}>
              <IconButton
                size="small"
                color="error"
                aria-label={t('sites.drawing.deleteNamed', { file: d.file_name })}
                disabled={remove.isPending}
                onClick={() => void onDelete(d)}
              >
                <Delete fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      ),
    },
    ...(showSite
      ? ([
          {
            id: 'site_name',
            label: t('sites.drawing.site'),
            minWidth: 140,
            render: (d) => <AppLink to={`/master-data/construction/site/${d.site_id}`}>{d.site_name}</AppLink>,
          },
          { id: 'contract_no', label: t('sites.common.contract'), noWrap: true },
        ] satisfies DataTableColumn<TSiteDrawing>[])
      : []),
    {
      id: 'drawing_date',
      label: t('sites.drawing.date'),
      noWrap: true,
      // A calendar date (no zone to convert), DD/MM/YYYY.
      render: (d) => (d.drawing_date ? d.drawing_date.split('-').reverse().join('/') : '-'),
    },
    { id: 'size', label: t('sites.drawing.size'), align: 'right', noWrap: true, render: (d) => <ByteSize value={d.size} /> },
    { id: 'uploaded_by', label: t('sites.drawing.uploadedBy'), render: (d) => d.uploaded_by ?? t('sites.drawing.deletedUser') },
    { id: 'uploaded_at', label: t('sites.drawing.uploadedAt'), format: 'datetime', noWrap: true },
  ];

  return (
    <DataTable
      label={label}
      columns={columns}
      {...queryTableProps(query)}
      page={page}
      pageSize={pageSize}
      onChange={onChange}
      getRowId={(d) => d.drawing_id}
      emptyText={emptyText}
    />
  );
}
