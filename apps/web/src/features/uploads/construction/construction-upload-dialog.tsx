import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { formatBytes, type TUploadCreated } from '@strata/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/feedback';
import { FileChooser, maxUploadBytes, SendProgress, useFileSend } from '../../../components/upload-button';
import { useConfig } from '../../../lib/config';
import { translateMessage } from '../../../lib/i18n';
import { sendFieldErrors, UploadContractField } from '../shared/contract-field';
import { plainProblem, SendProblemAlert, sendProblem, SHEET_ACCEPT, type SendProblem } from '../shared/send-problem';
import { sendConstructionFile } from './api';
import { TemplateButtons } from './file-format';
import { CONSTRUCTION_UPLOADS, type ConstructionUploadType } from './records';

export interface ConstructionUploadDialogProps {
  type: ConstructionUploadType;
  open: boolean;
  onClose: () => void;
  /** The upload was received (its checking is shown next). */
  onUploaded: (created: TUploadCreated) => void;
}

/**
 * Upload MC Excavation Activity / Mined Tunnel Activity / Design Values / Instrument Plan: the contract whose sites,
 * drives or instruments the file names (required),
 * the CSV or XLSX file, the templates, and the send's progress. The server's field errors land on their field; a file
 * already uploaded (409) may be sent again with force.
 */
export function ConstructionUploadDialog({ type, open, onClose, onUploaded }: ConstructionUploadDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const config = useConfig();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const key = CONSTRUCTION_UPLOADS[type].key;
  const [contract, setContract] = useState('');
  const [touched, setTouched] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const max = maxUploadBytes(type, config.data?.settings ?? null);
  const { file, percent, sending, problem, pick, send } = useFileSend<SendProblem | null>({ open, maxBytes: max, problemOf: plainProblem });

  useEffect(() => {
    if (!open) {
      setContract('');
      setTouched(false);
      setFieldErrors({});
    }
  }, [open]);

  const upload = (force: boolean) => {
    setTouched(true);
    if (contract === '') return;
    setFieldErrors({});
    void send(
      async (chosen, io) => {
        const created = await sendConstructionFile({ type, file: chosen, contractId: Number(contract), force, ...io });
        toast({ color: 'success', message: t('uploadPages.dialog.uploaded', { file: chosen.name }) });
        onUploaded(created);
      },
      (error) => {
        // The contract's error is shown on its field; any other field's (the file's) in the alert.
        const fields = sendFieldErrors(error);
        setFieldErrors(fields);
        if (Object.keys(fields).length === 0) return sendProblem(error, t('upload.failed'));
        const others = Object.entries(fields).filter(([field]) => field !== 'contract_id');
        return others.length > 0 ? plainProblem(others.map(([, message]) => translateMessage(message)).join(' ')) : null;
      },
    );
  };

  return (
    <Dialog open={open} onClose={sending ? undefined : onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t(`constructionUploads.dialog.${key}`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t(`constructionUploads.dialog.${key}Hint`, { max: formatBytes(max) })}
          </Typography>
          <Box>
            <Typography variant="subtitle2" component="h3" gutterBottom>
              {t('constructionUploads.format.templates')}
            </Typography>
            <TemplateButtons type={type} />
          </Box>
          <UploadContractField value={contract} onChange={setContract} disabled={sending} touched={touched} serverError={fieldErrors.contract_id} />
          <FileChooser
            label={t('uploadPages.dialog.chooseFile')}
            accept={SHEET_ACCEPT}
            file={file}
            noFileText={t('uploadPages.dialog.noFile')}
            onPick={pick}
            disabled={sending}
            inputTestId="construction-file-input"
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
