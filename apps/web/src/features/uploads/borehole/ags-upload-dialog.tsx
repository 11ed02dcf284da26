import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { BOREHOLE_CRS, BOREHOLE_CRS_LABELS, formatBytes, type TBoreholeCrs, type TUploadCreated } from '@strata/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/feedback';
import { FileChooser, maxUploadBytes, SendProgress, useFileSend } from '../../../components/upload-button';
import { useConfig } from '../../../lib/config';
import { sendFieldErrors, UploadContractField } from '../shared/contract-field';
import { plainProblem, SendProblemAlert, sendProblem } from '../shared/send-problem';
import { sendAgsFile } from './api';

/** AGS files (AGS4 or AGS3), or a ZIP of them; the server checks the content. */
export const AGS_ACCEPT = '.ags,.txt,.zip,text/plain,application/zip';

export interface AgsUploadDialogProps {
  open: boolean;
  onClose: () => void;
  /** The upload was received (its validation is shown next). */
  onUploaded: (created: TUploadCreated) => void;
}

/**
 * Upload SI Borehole: the AGS file, the contract its boreholes belong to (required) and the coordinate system of its
 * positions (SVY21 by default), with the send's progress. Field errors of the server land on their field; a file
 * already uploaded (409) may be sent again with force.
 */
export function AgsUploadDialog({ open, onClose, onUploaded }: AgsUploadDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const config = useConfig();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const [contract, setContract] = useState('');
  const [crs, setCrs] = useState<TBoreholeCrs>('3414');
  const [touched, setTouched] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const max = maxUploadBytes('borehole', config.data?.settings ?? null);
  const { file, percent, sending, problem, pick, send } = useFileSend({ open, maxBytes: max, problemOf: plainProblem });

  useEffect(() => {
    if (!open) {
      setContract('');
      setCrs('3414');
      setTouched(false);
      setFieldErrors({});
    }
  }, [open]);

  const contractMissing = contract === '';
  const upload = (force: boolean) => {
    setTouched(true);
    if (contractMissing) return;
    setFieldErrors({});
    void send(
      async (chosen, io) => {
        const created = await sendAgsFile({ file: chosen, contractId: Number(contract), crs, force, ...io });
        toast({ color: 'success', message: t('uploadPages.dialog.uploaded', { file: chosen.name }) });
        onUploaded(created);
      },
      (error) => {
        setFieldErrors(sendFieldErrors(error));
        return sendProblem(error, t('upload.failed'));
      },
    );
  };

  return (
    <Dialog open={open} onClose={sending ? undefined : onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('boreholes.upload.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('boreholes.upload.hint', { max: formatBytes(max) })}
          </Typography>
          <UploadContractField value={contract} onChange={setContract} disabled={sending} touched={touched} serverError={fieldErrors.contract_id} />
          <TextField
            select
            size="small"
            label={t('boreholes.upload.crs')}
            value={crs}
            onChange={(event) => setCrs(event.target.value as TBoreholeCrs)}
            disabled={sending}
            error={Boolean(fieldErrors.crs)}
            helperText={fieldErrors.crs}
          >
            {BOREHOLE_CRS.map((code) => (
              <MenuItem key={code} value={code}>
                {BOREHOLE_CRS_LABELS[code]}
              </MenuItem>
            ))}
          </TextField>
          <FileChooser
            label={t('uploadPages.dialog.chooseFile')}
            accept={AGS_ACCEPT}
            file={file}
            noFileText={t('uploadPages.dialog.noFile')}
            onPick={pick}
            disabled={sending}
            inputTestId="ags-file-input"
          />
          {percent !== null && <SendProgress percent={percent} />}
          <SendProblemAlert problem={problem} onForce={() => upload(true)} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sending}>
          {t('uploadPages.common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => upload(false)} disabled={!file || sending}>
          {t('uploadPages.dialog.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
