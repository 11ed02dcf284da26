import Delete from '@mui/icons-material/Delete';
import FileDownload from '@mui/icons-material/FileDownload';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { TAttachmentKind } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../data-table';
import type { FileActions, FileRef } from './use-file-actions';

interface FileActionButtonsProps {
  file: FileRef;
  actions: FileActions;
  /** What a delete removes (photo or document); null: no Delete for this file. */
  deleteKind: TAttachmentKind | null;
}

/** Download, and Delete where the file may be deleted, as small icon buttons named after the file. */
export function FileActionButtons({ file, actions, deleteKind }: FileActionButtonsProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5}>
      <Tooltip title={t('files.common.download')}>
        <IconButton size="small" aria-label={t('files.common.downloadNamed', { name: file.file_name })} onClick={() => void actions.download(file)}>
          <FileDownload fontSize="small" />
        </IconButton>
      </Tooltip>
      {deleteKind && (
        <Tooltip title={t('files.common.delete')}>
          <IconButton
            size="small"
            color="error"
            aria-label={t('files.common.deleteNamed', { name: file.file_name })}
            disabled={actions.deleting}
            onClick={() => void actions.del(deleteKind, file)}
          >
            <Delete fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}

/** The Actions column of a file table (`useFileActions()` gives `actions`). */
export function fileActionsColumn<T extends FileRef>(
  label: string,
  actions: FileActions,
  deleteKindOf: (file: T) => TAttachmentKind | null,
): DataTableColumn<T> {
  return { id: 'actions', label, noWrap: true, render: (file) => <FileActionButtons file={file} actions={actions} deleteKind={deleteKindOf(file)} /> };
}
