import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import ArchitectureOutlined from '@mui/icons-material/ArchitectureOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { ATTACHMENT_LIMITS, RECORD_FILE_KINDS, type TRecordFile, type TRecordFileKind } from '@strata/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/auth-store';
import { ByteSize } from '../byte-size';
import { DataTable, type DataTableColumn } from '../data-table';
import { AppAlert } from '../feedback';
import { useRecordFiles, useRefreshOnFileCompleted, withResourceToken } from './api';
import { PhotoViewer } from './photo-viewer';
import { TypeFilter } from './type-filter';
import { fileActionsColumn } from './file-actions-column';
import { useFileActions } from './use-file-actions';

const PAGE_SIZE = ATTACHMENT_LIMITS.pageSize;

export interface RecordFilesProps {
  category: string;
  refId: number;
}

function FileName({ file, token, onOpen }: { file: TRecordFile; token: string | null; onOpen: () => void }) {
  const { t } = useTranslation();
  const thumb = file.thumbnail_url ? withResourceToken(file.thumbnail_url, token) : null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      {file.kind === 'photo' ? (
        <Box
          component="img"
          src={thumb ?? undefined}
          alt=""
          width={32}
          height={32}
          sx={{ objectFit: 'cover', borderRadius: 0.5, flexShrink: 0, bgcolor: 'action.hover' }}
        />
      ) : file.kind === 'drawing' ? (
        <ArchitectureOutlined color="action" sx={{ flexShrink: 0 }} />
      ) : (
        <DescriptionOutlined color="action" sx={{ flexShrink: 0 }} />
      )}
      {file.kind === 'photo' ? (
        <Link
          component="button"
          type="button"
          onClick={onOpen}
          sx={{ textAlign: 'left', overflowWrap: 'anywhere' }}
          aria-label={t('files.photos.open', { name: file.file_name })}
        >
          {file.file_name}
        </Link>
      ) : (
        <span style={{ overflowWrap: 'anywhere' }}>{file.file_name}</span>
      )}
    </Stack>
  );
}

/**
 * The `files` view of a record's detail page (spec §2.3; issue 8): every file attached to the record — photos,
 * documents and, for a construction site, its drawings — newest first, 10 per page, filtered by kind; Download for
 * each, the viewer for photos, and Delete of photos and documents for who may.
 */
export function RecordFiles({ category, refId }: RecordFilesProps) {
  const { t } = useTranslation();
  const token = useSession((state) => state.resourceToken);
  const [kinds, setKinds] = useState<TRecordFileKind[]>([]);
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<number | null>(null);
  const files = useRecordFiles(category, refId, { type: kinds, skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  const actions = useFileActions();
  useRefreshOnFileCompleted({ category, reference_id: refId });

  useEffect(() => setPage(1), [kinds, category, refId]);
  const total = files.data?.total_records;
  useEffect(() => {
    if (total !== undefined && page > 1 && (page - 1) * PAGE_SIZE >= total) setPage(Math.max(1, Math.ceil(total / PAGE_SIZE)));
  }, [total, page]);

  const records = files.data?.records ?? [];
  const photos = records.filter((f) => f.kind === 'photo');

  const columns: DataTableColumn<TRecordFile>[] = [
    {
      id: 'file_name',
      label: t('files.columns.fileName'),
      minWidth: 180,
      render: (f) => <FileName file={f} token={token} onOpen={() => setViewing(photos.indexOf(f))} />,
    },
    fileActionsColumn(t('files.columns.actions'), actions, (f) => (f.can_delete && f.kind !== 'drawing' ? (f.kind === 'photo' ? 'photo' : 'document') : null)),
    { id: 'kind', label: t('files.columns.kind'), noWrap: true, render: (f) => t(`files.kinds.${f.kind}`) },
    { id: 'file_type', label: t('files.columns.type'), noWrap: true, render: (f) => f.file_type.toUpperCase() },
    { id: 'size', label: t('files.columns.size'), align: 'right', noWrap: true, render: (f) => <ByteSize value={f.size} /> },
    { id: 'created', label: t('files.columns.created'), format: 'datetime', noWrap: true },
    {
      id: 'uploader_email',
      label: t('files.columns.uploader'),
      render: (f) => <span style={{ overflowWrap: 'anywhere' }}>{f.uploader_email || t('files.common.deletedUser')}</span>,
    },
  ];

  return (
    <Stack spacing={2} data-testid="record-files">
      <TypeFilter
        label={t('files.columns.kind')}
        options={RECORD_FILE_KINDS.map((kind) => ({ value: kind, label: t(`files.kinds.${kind}`) }))}
        value={kinds}
        onChange={setKinds}
      />
      {actions.problem && <AppAlert type="error" message={actions.problem} onClose={actions.clearProblem} />}
      <DataTable
        label={t('files.all.label')}
        columns={columns}
        rows={records}
        total={files.data?.total_records ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        pageSizeOptions={[PAGE_SIZE]}
        onChange={(query) => setPage(query.page)}
        getRowId={(f) => `${f.kind}-${f.file_id}`}
        loading={files.isFetching}
        error={files.error ?? undefined}
        onRetry={() => void files.refetch()}
        emptyText={kinds.length > 0 ? t('files.all.noMatch') : t('files.all.empty')}
        size="small"
      />
      <PhotoViewer photos={photos} index={viewing} onIndex={setViewing} onClose={() => setViewing(null)} onDownload={(p) => void actions.download(p)} />
    </Stack>
  );
}
