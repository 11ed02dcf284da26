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
import { formatBytes, isSafeText, MAP_UPLOAD_ACCEPT, MAP_UPLOAD_EXTENSIONS, ZMapUploadFields } from '@strata/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppAlert, useToast } from '../../../components/feedback';
import { FileChooser, maxUploadBytes, SendProgress, sendFailureText, useFileSend } from '../../../components/upload-button';
import { useConfig } from '../../../lib/config';
import { uploadMapDrawing, useMapUploaded } from '../api';

const asIs = (message: string) => message;

/** "Upload drawing": one GeoJSON or KML file and the new layer's name (default the file's name); it becomes a map overlay. */
export function UploadMapDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const config = useConfig();
  const uploaded = useMapUploaded();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const [name, setName] = useState('');
  const max = maxUploadBytes('map', config.data?.settings ?? null);
  const { file, percent, sending, problem, pick, send } = useFileSend({ open, maxBytes: max, problemOf: asIs });
  const nameUnsafe = !isSafeText(name);

  useEffect(() => {
    if (!open) setName('');
  }, [open]);

  const wrongType = (chosen: File) => {
    const extension = chosen.name.split('.').pop()?.toLowerCase() ?? '';
    if ((MAP_UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) return null;
    return t('files.upload.wrongType', { filename: chosen.name, types: MAP_UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(', ') });
  };

  const upload = async () => {
    if (nameUnsafe) return;
    await send(
      async (chosen, io) => {
        const created = await uploadMapDrawing({ file: chosen, name, ...io });
        await uploaded();
        toast({ color: 'success', message: t('files.map.uploaded', { name: created.layer_name }) });
        onClose();
      },
      (error) => sendFailureText(error, t('upload.failed')),
    );
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
            slotProps={{ htmlInput: { maxLength: ZMapUploadFields.shape.name.unwrap().maxLength } }}
          />
          <FileChooser
            label={t('files.map.chooseFile')}
            accept={MAP_UPLOAD_ACCEPT}
            file={file}
            noFileText={t('files.upload.noFile')}
            onPick={(chosen) => pick(chosen, wrongType)}
            disabled={sending}
            inputTestId="map-file-input"
          />
          {percent !== null && <SendProgress percent={percent} />}
          {problem && <AppAlert type="error" message={problem} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sending}>
          {t('files.common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void upload()} disabled={!file || sending || nameUnsafe}>
          {t('files.upload.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
