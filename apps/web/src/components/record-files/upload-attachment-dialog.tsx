import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_EXTENSIONS,
  formatBytes,
  PHOTO_ACCEPT,
  PHOTO_EXTENSIONS,
  type TAttachmentKind,
  type TDocument,
  type TPhoto,
} from '@strata/shared';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { useConfig } from '../../lib/config';
import { translateMessage } from '../../lib/i18n';
import { ByteSize } from '../byte-size';
import { useToast } from '../feedback';
import { maxUploadBytes, PickFilesButton } from '../upload-button';
import { uploadAttachment, useFilesChanged, type RecordTag } from './api';

type FileState =
  | { state: 'waiting' }
  | { state: 'sending'; percent: number }
  | { state: 'done' }
  | { state: 'failed'; message: string }
  | { state: 'refused'; message: string };

interface Chosen {
  key: string;
  file: File;
  status: FileState;
}

const EXTENSIONS: Record<TAttachmentKind, readonly string[]> = { photo: PHOTO_EXTENSIONS, document: DOCUMENT_EXTENSIONS };
const ACCEPT: Record<TAttachmentKind, string> = { photo: PHOTO_ACCEPT, document: DOCUMENT_ACCEPT };

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The server's reason: a field error, a string, or the generic failure. */
function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.fieldErrors) return Object.values(error.fieldErrors).map(translateMessage).join(' ');
    return translateMessage(typeof error.body === 'string' && error.body.trim() !== '' ? error.body : error.message);
  }
  return fallback;
}

export interface UploadAttachmentDialogProps {
  open: boolean;
  onClose: () => void;
  kind: TAttachmentKind;
  /** The record the files go to; null while the user has not chosen one (the Upload button waits). */
  tag: RecordTag | null;
  /** Fields above the file choice (a record picker). */
  children?: ReactNode;
  /** Every chosen file was stored (the dialog then closes). */
  onUploaded?: (stored: (TPhoto | TDocument)[]) => void;
}

/**
 * The shared upload dialog (spec §7: "a shared upload dialog with a tag holding category and a reference_id"):
 * photos (.png, .jpg, .jpeg, .gif) or documents (.pdf, .docx, .doc, .xlsx, .xls) of at most the configured size
 * (spec §5: 10,000,000 bytes by default), several at once, each sent on its own with its progress. Files of another
 * type or too large are refused before sending; the server checks the content again. When every file is stored the
 * lists of files refresh and the dialog closes; a failure stays listed with the server's reason.
 */
export function UploadAttachmentDialog({ open, onClose, kind, tag, children, onUploaded }: UploadAttachmentDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const config = useConfig();
  const changed = useFilesChanged();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [sending, setSending] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const max = maxUploadBytes(kind === 'document' ? 'document' : undefined, config.data?.settings ?? null);
  const extensions = EXTENSIONS[kind];

  useEffect(() => {
    if (!open) {
      abort.current?.abort();
      setChosen([]);
      setSending(false);
    }
  }, [open]);
  useEffect(() => () => abort.current?.abort(), []);

  const setStatus = (key: string, status: FileState) => setChosen((list) => list.map((c) => (c.key === key ? { ...c, status } : c)));

  const pick = (files: File[]) => {
    const added = files.map((file, i): Chosen => {
      const key = `${Date.now()}-${i}-${file.name}-${file.size}`;
      if (!extensions.includes(extensionOf(file.name))) {
        return {
          key,
          file,
          status: { state: 'refused', message: t('files.upload.wrongType', { filename: file.name, types: extensions.map((e) => `.${e}`).join(', ') }) },
        };
      }
      if (file.size > max) return { key, file, status: { state: 'refused', message: t('upload.tooLarge', { filename: file.name, max: formatBytes(max) }) } };
      return { key, file, status: { state: 'waiting' } };
    });
    // Files already sent leave the list when new ones are chosen.
    setChosen((list) => [...list.filter((c) => c.status.state === 'waiting' || c.status.state === 'failed'), ...added]);
  };

  const toSend = chosen.filter((c) => c.status.state === 'waiting' || c.status.state === 'failed');

  const send = async () => {
    if (!tag || toSend.length === 0) return;
    const controller = new AbortController();
    abort.current = controller;
    setSending(true);
    const stored: (TPhoto | TDocument)[] = [];
    let failed = 0;
    for (const item of toSend) {
      if (controller.signal.aborted) return;
      setStatus(item.key, { state: 'sending', percent: 0 });
      try {
        stored.push(
          await uploadAttachment({
            kind,
            tag,
            file: item.file,
            signal: controller.signal,
            onProgress: (percent) => setStatus(item.key, { state: 'sending', percent }),
          }),
        );
        setStatus(item.key, { state: 'done' });
      } catch (error) {
        if (controller.signal.aborted) return;
        failed += 1;
        setStatus(item.key, { state: 'failed', message: failureText(error, t('upload.failed')) });
      }
    }
    setSending(false);
    if (stored.length > 0) {
      // Every list that may show the new files: the record's tabs, the map file search, the upload histories.
      void changed();
      toast({ color: 'success', message: t(kind === 'photo' ? 'files.upload.photosDone' : 'files.upload.documentsDone', { count: stored.length }) });
    }
    if (failed === 0) {
      onUploaded?.(stored);
      onClose();
    }
  };

  const cancel = () => {
    abort.current?.abort();
    onClose();
  };

  return (
    <Dialog open={open} onClose={sending ? undefined : onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t(kind === 'photo' ? 'files.upload.photoTitle' : 'files.upload.documentTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5}>
          {children}
          <Typography variant="body2" color="text.secondary">
            {t('files.upload.hint', { types: extensions.map((e) => `.${e}`).join(', '), max: formatBytes(max) })}
          </Typography>
          <Box>
            <PickFilesButton multiple accept={ACCEPT[kind]} disabled={sending} inputTestId="attachment-file-input" onFiles={pick}>
              {t(kind === 'photo' ? 'files.upload.choosePhotos' : 'files.upload.chooseDocuments')}
            </PickFilesButton>
          </Box>
          {chosen.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('files.upload.noFile')}
            </Typography>
          ) : (
            <List dense disablePadding aria-label={t('files.upload.chosen')}>
              {chosen.map((c) => (
                <ListItem key={c.key} disableGutters sx={{ alignItems: 'flex-start' }}>
                  <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>
                    {c.status.state === 'done' ? (
                      <CheckCircle color="success" fontSize="small" titleAccess={t('files.upload.stored')} />
                    ) : c.status.state === 'failed' || c.status.state === 'refused' ? (
                      <ErrorOutline color="error" fontSize="small" titleAccess={t('files.upload.notStored')} />
                    ) : (
                      <UploadFile color="action" fontSize="small" />
                    )}
                  </ListItemIcon>
                  <ListItemText
                    primary={
                      <span style={{ overflowWrap: 'anywhere' }}>
                        {c.file.name} (<ByteSize value={c.file.size} />)
                      </span>
                    }
                    secondary={
                      c.status.state === 'sending' ? (
                        <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                          <Box component="span" sx={{ flexGrow: 1 }}>
                            <LinearProgress variant="determinate" value={c.status.percent} aria-label={t('upload.progress')} />
                          </Box>
                          <span>{c.status.percent}%</span>
                        </Stack>
                      ) : c.status.state === 'failed' || c.status.state === 'refused' ? (
                        <Typography component="span" variant="body2" color="error">
                          {c.status.message}
                        </Typography>
                      ) : c.status.state === 'done' ? (
                        t('files.upload.stored')
                      ) : null
                    }
                    slotProps={{ secondary: { component: 'div' } }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel}>{t('files.common.cancel')}</Button>
        <Button variant="contained" onClick={() => void send()} disabled={!tag || toSend.length === 0 || sending}>
          {t('files.upload.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
