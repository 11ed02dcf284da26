import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import FileDownload from '@mui/icons-material/FileDownload';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { formatBytes } from '@strata/shared';
import { formatDateTime } from '../../lib/display-time';
import { useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/auth-store';
import { withResourceToken } from './api';

/** What the viewer shows of a photo (a record's photo, or a photo found by the map file search). */
export interface ViewerPhoto {
  file_id: number;
  file_name: string;
  created: string;
  uploader_email: string;
  size: number;
  /** The original (`/api/v1/photos/{file_id}`). */
  url: string;
}

export interface PhotoViewerProps {
  photos: readonly ViewerPhoto[];
  /** The photo shown; null: closed. */
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
  onDownload: (photo: ViewerPhoto) => void;
}

/**
 * The photo viewer: the original picture in a dialog (full screen on phones), its name, date, uploader and size,
 * Previous / Next (buttons and the arrow keys) through the photos of the page, Download and "Open original".
 */
export function PhotoViewer({ photos, index, onIndex, onClose, onDownload }: PhotoViewerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const resourceToken = useSession((state) => state.resourceToken);
  const photo = index === null ? undefined : photos[index];
  const src = photo ? withResourceToken(photo.url, resourceToken) : null;
  const hasPrevious = index !== null && index > 0;
  const hasNext = index !== null && index < photos.length - 1;
  const stage = useRef<HTMLDivElement>(null);

  // At the first or last photo its button is disabled: keep the focus in the dialog (Escape and the arrows still work).
  const go = (next: number) => {
    if (next === 0 || next === photos.length - 1) stage.current?.focus();
    onIndex(next);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (index === null) return;
    if (event.key === 'ArrowLeft' && hasPrevious) go(index - 1);
    if (event.key === 'ArrowRight' && hasNext) go(index + 1);
  };

  return (
    <Dialog open={photo !== undefined} onClose={onClose} fullScreen={fullScreen} maxWidth="lg" fullWidth aria-labelledby={titleId} onKeyDown={onKeyDown}>
      {photo && index !== null && (
        <>
          <DialogTitle id={titleId} sx={{ pr: 7, overflowWrap: 'anywhere' }}>
            {photo.file_name}
            <IconButton aria-label={t('files.common.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
              <Close />
            </IconButton>
          </DialogTitle>
          <DialogContent dividers sx={{ p: { xs: 1, sm: 2 } }}>
            <Box
              ref={stage}
              tabIndex={-1}
              sx={{
                position: 'relative',
                display: 'flex',
                justifyContent: 'center',
                alignItems: 'center',
                minHeight: 240,
                bgcolor: 'action.hover',
                outline: 'none',
              }}
            >
              {src && (
                <Box
                  component="img"
                  src={src}
                  alt={photo.file_name}
                  sx={{ display: 'block', maxWidth: '100%', maxHeight: { xs: 'calc(100vh - 260px)', sm: '70vh' }, objectFit: 'contain' }}
                />
              )}
              <IconButton
                aria-label={t('files.viewer.previous')}
                disabled={!hasPrevious}
                onClick={() => go(index - 1)}
                sx={{ position: 'absolute', left: 4, bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
              >
                <ChevronLeft />
              </IconButton>
              <IconButton
                aria-label={t('files.viewer.next')}
                disabled={!hasNext}
                onClick={() => go(index + 1)}
                sx={{ position: 'absolute', right: 4, bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
              >
                <ChevronRight />
              </IconButton>
            </Box>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 2 }} sx={{ mt: 1.5, flexWrap: 'wrap' }} useFlexGap>
              <Typography variant="body2" color="text.secondary">
                {t('files.viewer.position', { n: index + 1, total: photos.length })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(photo.created)}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {photo.uploader_email || t('files.common.deletedUser')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {formatBytes(photo.size)}
              </Typography>
            </Stack>
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            {src && (
              <Tooltip title={t('files.viewer.openOriginalHint')}>
                <Button component="a" href={src} target="_blank" rel="noopener" startIcon={<OpenInNew />}>
                  {t('files.viewer.openOriginal')}
                </Button>
              </Tooltip>
            )}
            <Button variant="contained" startIcon={<FileDownload />} onClick={() => onDownload(photo)}>
              {t('files.common.download')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
