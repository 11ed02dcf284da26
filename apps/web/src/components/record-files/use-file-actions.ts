import type { TAttachmentKind } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../lib/download';
import { errorText } from '../../lib/error-text';
import { useDialog, useToast } from '../feedback';
import { useDeleteFile } from './api';

export interface FileRef {
  file_id: number;
  file_name: string;
  url: string;
}

/**
 * Download and delete for a list of files. Download (spec §7, §8): saved under the name the server gives; a failure
 * ("download failed", or a 429's status text) is an error toast. Delete: the confirmation `Remove file` / `Are you
 * sure you want to delete this file?`, then `File successfully deleted`; a refusal is shown as an alert (`problem`).
 */
export function useFileActions() {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useDialog();
  const remove = useDeleteFile();
  const [problem, setProblem] = useState<string | null>(null);

  const download = async (file: FileRef) => {
    try {
      await downloadFile(file.url, { fileName: file.file_name });
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
  };

  const del = async (kind: TAttachmentKind, file: FileRef): Promise<boolean> => {
    const ok = await confirm({
      title: t('files.delete.title'),
      prompt: t('files.delete.prompt'),
      positive: t('files.common.delete'),
      negative: t('files.common.cancel'),
    });
    if (ok !== true) return false;
    setProblem(null);
    try {
      await remove.mutateAsync({ kind, fileId: file.file_id });
      toast({ color: 'success', message: t('files.delete.done') });
      return true;
    } catch (error) {
      setProblem(errorText(error));
      return false;
    }
  };

  return { download, del, deleting: remove.isPending, problem, clearProblem: () => setProblem(null) };
}

export type FileActions = ReturnType<typeof useFileActions>;
