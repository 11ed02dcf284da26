import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { translateMessage } from '../../lib/i18n';
import { ByteSize } from '../byte-size';
import { AppAlert } from '../feedback/app-alert';
import { sendFiles, type UploadFields } from './send-files';
import { maxUploadBytes, splitBySize, type RefusedFile, type UploadSettings } from './upload-limits';
import { PickFilesButton } from './pick-files-button';

interface UploadButtonBase {
  /** The upload type (instrument, borehole, document …): picks the `<type>_max_upload` setting. */
  uploadType?: string;
  /** The configuration's settings (`general_max_upload`, `<type>_max_upload`). */
  settings?: UploadSettings | null;
  /** Default true. */
  multiple?: boolean;
  /** File types the picker offers (`.csv,.xlsx`). */
  accept?: string;
  /** Default "Upload files". */
  label?: string;
  disabled?: boolean;
}

/** Sends the files to `url` (an API path) as multipart parts named `files`, with `fields` beside them. */
export interface SendingUploadButtonProps extends UploadButtonBase {
  url: string;
  fields?: UploadFields;
  preview?: false;
  /** The server's answer. */
  onUploaded?: (response: unknown, files: File[]) => void;
  onError?: (error: unknown) => void;
}

/** Checks and lists the chosen files without sending them (the widget gallery). */
export interface PreviewUploadButtonProps extends UploadButtonBase {
  preview: true;
}

export type UploadButtonProps = SendingUploadButtonProps | PreviewUploadButtonProps;

type Status =
  | { state: 'idle' }
  | { state: 'sending'; percent: number }
  | { state: 'done'; count: number }
  | { state: 'failed'; message: string }
  | { state: 'preview'; accepted: File[] };

/**
 * A file upload button (spec §5): several files by default; files over the maximum are refused with
 * `{filename} size is greater than allowed size ({max})` while the others are still sent; progress shows as
 * a bar with its percentage.
 */
export function UploadButton(props: UploadButtonProps) {
  const { t } = useTranslation();
  const [refused, setRefused] = useState<RefusedFile[]>([]);
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const max = maxUploadBytes(props.uploadType, props.settings);

  useEffect(() => () => abort.current?.abort(), []);

  const onFiles = async (files: File[]) => {
    if (files.length === 0) return;
    const split = splitBySize(files, max, (values) => t('upload.tooLarge', values));
    setRefused(split.refused);
    if (props.preview) {
      setStatus({ state: 'preview', accepted: split.accepted });
      return;
    }
    if (split.accepted.length === 0) {
      setStatus({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setStatus({ state: 'sending', percent: 0 });
    try {
      const response = await sendFiles({
        path: props.url,
        files: split.accepted,
        fields: props.fields,
        signal: controller.signal,
        // The button shows the failure itself.
        emitHttpError: false,
        onProgress: (percent) => setStatus({ state: 'sending', percent }),
      });
      setStatus({ state: 'done', count: split.accepted.length });
      props.onUploaded?.(response, split.accepted);
    } catch (error) {
      if (controller.signal.aborted) return;
      const message: string = error instanceof ApiError ? translateMessage(error.message) : t('upload.failed');
      setStatus({ state: 'failed', message });
      props.onError?.(error);
    }
  };

  const sending = status.state === 'sending';

  return (
    <Stack spacing={1.5}>
      <Box>
        <PickFilesButton
          variant="contained"
          multiple={props.multiple ?? true}
          accept={props.accept}
          disabled={props.disabled || sending}
          onFiles={(files) => void onFiles(files)}
          inputTestId="upload-input"
        >
          {props.label ?? t('upload.choose')}
        </PickFilesButton>
      </Box>
      {status.state === 'sending' && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <LinearProgress variant="determinate" value={status.percent} aria-label={t('upload.progress')} sx={{ flexGrow: 1 }} />
          <Typography variant="body2" sx={{ minWidth: 40, textAlign: 'right' }}>
            {status.percent}%
          </Typography>
        </Stack>
      )}
      {refused.map((item) => (
        <AppAlert key={`${item.file.name}-${item.file.size}`} type="warning" message={item.message} />
      ))}
      {status.state === 'done' && <AppAlert type="success" message={t('upload.done', { count: status.count })} />}
      {status.state === 'failed' && <AppAlert type="error" message={status.message} />}
      {status.state === 'preview' && (
        <Box>
          <Typography variant="subtitle2">{t('upload.preview')}</Typography>
          {status.accepted.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('upload.noneAccepted')}
            </Typography>
          ) : (
            <List dense aria-label={t('upload.accepted')}>
              {status.accepted.map((file) => (
                <ListItem key={`${file.name}-${file.size}`} disableGutters>
                  <ListItemText primary={file.name} secondary={<ByteSize value={file.size} />} />
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      )}
    </Stack>
  );
}
