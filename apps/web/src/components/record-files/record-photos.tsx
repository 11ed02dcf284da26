import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { ATTACHMENT_LIMITS, type TPhoto } from '@strata/shared';
import { formatDate } from '../../lib/display-time';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/auth-store';
import { AppAlert } from '../feedback';
import { EmptyText, LoadError, Loading } from '../query-states';
import { SearchField } from '../search-field';
import { usePhotos, useRefreshOnFileCompleted, withResourceToken } from './api';
import { PhotoViewer } from './photo-viewer';
import { UploadAttachmentDialog } from './upload-attachment-dialog';
import { useFileActions } from './use-file-actions';
import { PHOTO_KEYWORD_PARAM, useKeywordParam } from './use-keyword-param';

const PAGE_SIZE = ATTACHMENT_LIMITS.pageSize;
const THUMB = 128;

export interface RecordPhotosProps {
  /** The record's category (`instrument`, `site` …) and id: the tag of uploads. */
  category: string;
  refId: number;
  /** Offer "Upload photo" (default true; the server has the last word). */
  canUpload?: boolean;
}

function Thumbnail({ photo, onOpen, onDelete, deleting }: { photo: TPhoto; onOpen: () => void; onDelete?: () => void; deleting: boolean }) {
  const { t } = useTranslation();
  const resourceToken = useSession((state) => state.resourceToken);
  const src = withResourceToken(photo.thumbnail_url, resourceToken);
  return (
    <Paper component="li" variant="outlined" sx={{ position: 'relative', overflow: 'hidden', listStyle: 'none' }}>
      <ButtonBase onClick={onOpen} aria-label={t('files.photos.open', { name: photo.file_name })} sx={{ display: 'block', width: '100%', textAlign: 'left' }}>
        <Box sx={{ aspectRatio: '1 / 1', bgcolor: 'action.hover', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          {src && (
            <Box
              component="img"
              src={src}
              alt=""
              loading="lazy"
              width={THUMB}
              height={THUMB}
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          )}
        </Box>
        <Box sx={{ px: 1, py: 0.75 }}>
          <Typography variant="body2" noWrap title={photo.file_name}>
            {photo.file_name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatDate(photo.created)}
          </Typography>
        </Box>
      </ButtonBase>
      {onDelete && (
        <Tooltip title={t('files.common.delete')}>
          <IconButton
            size="small"
            aria-label={t('files.common.deleteNamed', { name: photo.file_name })}
            onClick={onDelete}
            disabled={deleting}
            sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
          >
            <Delete fontSize="small" color="error" />
          </IconButton>
        </Tooltip>
      )}
    </Paper>
  );
}

/**
 * The `photo` view of a record's detail page (spec §2.3, §4, §7, §9): the photos as 128 px thumbnails, 10 per page,
 * newest first, searched by `photo-keyword` (in the query string); a click opens the viewer. "Upload photo" opens the
 * shared upload dialog tagged with the record; the list also refreshes on the live `fileCompleted` notification with
 * payload `document`. The uploader (or a manager of the record) may delete a photo after confirming.
 */
export function RecordPhotos({ category, refId, canUpload = true }: RecordPhotosProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useKeywordParam(PHOTO_KEYWORD_PARAM);
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const photos = usePhotos(category, refId, { keyword, skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  const actions = useFileActions();
  useRefreshOnFileCompleted({ category, reference_id: refId });

  useEffect(() => setPage(1), [keyword, category, refId]);
  // A page emptied by a delete: back to the last page that has photos.
  const totalPages = photos.data?.total_pages ?? 0;
  useEffect(() => {
    if (photos.data && page > 1 && page > totalPages) setPage(Math.max(1, totalPages));
  }, [photos.data, page, totalPages]);

  const records = photos.data?.records ?? [];

  let body;
  if (photos.isPending) body = <Loading />;
  else if (photos.isError) body = <LoadError error={photos.error} onRetry={() => void photos.refetch()} />;
  else if (records.length === 0) body = <EmptyText>{keyword ? t('files.photos.noMatch') : t('files.photos.empty')}</EmptyText>;
  else {
    body = (
      <Box
        component="ul"
        aria-label={t('files.photos.label')}
        sx={{
          m: 0,
          p: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: `repeat(auto-fill, minmax(${THUMB}px, 1fr))` },
          opacity: photos.isPlaceholderData ? 0.6 : 1,
        }}
      >
        {records.map((photo, i) => (
          <Thumbnail
            key={photo.file_id}
            photo={photo}
            onOpen={() => setViewing(i)}
            deleting={actions.deleting}
            onDelete={photo.can_delete ? () => void actions.del('photo', photo) : undefined}
          />
        ))}
      </Box>
    );
  }

  return (
    <Stack spacing={2} data-testid="record-photos">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <SearchField label={t('files.photos.search')} value={keyword} onSearch={setKeyword} />
        </Box>
        {canUpload && (
          <Button
            variant="contained"
            startIcon={<AddPhotoAlternateOutlined />}
            onClick={() => setUploading(true)}
            sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
          >
            {t('files.photos.upload')}
          </Button>
        )}
      </Stack>
      {actions.problem && <AppAlert type="error" message={actions.problem} onClose={actions.clearProblem} />}
      {body}
      {totalPages > 1 && (
        <Pagination
          count={totalPages}
          page={Math.min(page, totalPages)}
          onChange={(_event, next) => setPage(next)}
          size="small"
          siblingCount={0}
          getItemAriaLabel={(type, n) =>
            type === 'page'
              ? t('files.pagination.page', { page: n })
              : type === 'previous' || type === 'next' || type === 'first' || type === 'last'
                ? t(`files.pagination.${type}`)
                : ''
          }
          sx={{ alignSelf: 'center' }}
        />
      )}
      <PhotoViewer photos={records} index={viewing} onIndex={setViewing} onClose={() => setViewing(null)} onDownload={(p) => void actions.download(p)} />
      <UploadAttachmentDialog open={uploading} onClose={() => setUploading(false)} kind="photo" tag={{ category, reference_id: refId }} />
    </Stack>
  );
}
