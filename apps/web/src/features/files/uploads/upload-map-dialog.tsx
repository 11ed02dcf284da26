import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { formatBytes, isSafeText, MAP_UPLOAD_ACCEPT, MAP_UPLOAD_EXTENSIONS } from '@strata/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppAlert, useToast } from '../../../components/feedback';
import { FileChooser, maxUploadBytes, SendProgress } from '../../../components/upload-button';
import { ApiError } from '../../../lib/api-client';
import { useConfig } from '../../../lib/config';
import { translateMessage } from '../../../lib/i18n';
import { uploadMapDrawing, useMapUploaded } from '../api';

function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.fieldErrors) return Object.values(error.fieldErrors).map(translateMessage).join(' ');
    return translateMessage(typeof error.body === 'string' && error.body.trim() !== '' ? error.body : error.message);
  }
  return fallback;
}

/** "Upload drawing": one GeoJSON or KML file and the new layer's name (default the file's name); it becomes a map overlay. */
export function UploadMapDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const config = useConfig();
  const uploaded = useMapUploaded();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const max = maxUploadBytes('map', config.data?.settings ?? null);
  const sending = percent !== null;
  const nameUnsafe = !isSafeText(name);

  useEffect(() => {
    if (!open) {
      abort.current?.abort();
      setFile(null);
      setName('');
      setPercent(null);
      setProblem(null);
    }
  }, [open]);
  useEffect(() => () => abort.current?.abort(), []);

  const pick = (chosen: File | undefined) => {
    setProblem(null);
    if (!chosen) return;
    const extension = chosen.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(MAP_UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) {
      setFile(null);
      setProblem(t('files.upload.wrongType', { filename: chosen.name, types: MAP_UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(', ') }));
      return;
    }
    if (chosen.size > max) {
      setFile(null);
      setProblem(t('upload.tooLarge', { filename: chosen.name, max: formatBytes(max) }));
      return;
    }
    setFile(chosen);
  };

  const send = async () => {
    if (!file || nameUnsafe) return;
    const controller = new AbortController();
    abort.current = controller;
    setProblem(null);
    setPercent(0);
    try {
      const created = await uploadMapDrawing({ file, name, onProgress: setPercent, signal: controller.signal });
      await uploaded();
      toast({ color: 'success', message: t('files.map.uploaded', { name: created.layer_name }) });
      onClose();
    } catch (error) {
      if (controller.signal.aborted) return;
      setProblem(failureText(error, t('upload.failed')));
    } finally {
      if (!controller.signal.aborted) setPercent(null);
    }
  };

  return (
    <Dialog open={open} onClose={sending ? undefined : onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('files.map.uploadTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('files.map.hint', { max: formatBytes(max) })}
          </Typography>
          <TextField
            size="small"
            label={t('files.map.layerName')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={nameUnsafe}
            helperText={nameUnsafe ? t('messages.maliciousInput') : t('files.map.layerNameHint')}
            disabled={sending}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <FileChooser
            label={t('files.map.chooseFile')}
            accept={MAP_UPLOAD_ACCEPT}
            file={file}
            noFileText={t('files.upload.noFile')}
            onPick={pick}
            disabled={sending}
            inputTestId="map-file-input"
          />
          {sending && <SendProgress percent={percent} />}
          {problem && <AppAlert type="error" message={problem} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sending}>
          {t('files.common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void send()} disabled={!file || sending || nameUnsafe}>
          {t('files.upload.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
