import Box from '@mui/material/Box';
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
import { formatBytes, type TUploadCreated } from '@strata/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/feedback';
import { FileChooser, maxUploadBytes, SendProgress, useFileSend } from '../../../components/upload-button';
import { useContractList } from '../../../lib/active-contracts';
import { useConfig } from '../../../lib/config';
import { downloadTemplate, sendReadingsFile, type TemplateFormat, type TemplateLayout } from '../api';
import { plainProblem, SendProblemAlert, sendProblem, SHEET_ACCEPT } from '../shared/send-problem';

/** File types the server reads (it checks the content too). */
export const READINGS_ACCEPT = SHEET_ACCEPT;

const TEMPLATES: readonly { format: TemplateFormat; layout: TemplateLayout }[] = [
  { format: 'csv', layout: 'long' },
  { format: 'csv', layout: 'wide' },
  { format: 'xlsx', layout: 'long' },
  { format: 'xlsx', layout: 'wide' },
];

export interface UploadReadingsDialogProps {
  open: boolean;
  onClose: () => void;
  /** The upload was received (its page shows the validation next). */
  onUploaded: (created: TUploadCreated) => void;
}

/**
 * Upload Instrumentation: the readings file (CSV or XLSX, long or wide layout), an optional contract (needed only when
 * an instrument name is used in several of the user's contracts), the templates, and the upload with its progress.
 * A file already uploaded is refused by the server (409); the user may then send it again with force.
 */
export function UploadReadingsDialog({ open, onClose, onUploaded }: UploadReadingsDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const config = useConfig();
  const { contracts } = useContractList();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const [contract, setContract] = useState('');
  const max = maxUploadBytes('instrument', config.data?.settings ?? null);
  const { file, percent, sending, problem, pick, send } = useFileSend({ open, maxBytes: max, problemOf: plainProblem });

  useEffect(() => {
    if (!open) setContract('');
  }, [open]);

  const upload = (force: boolean) =>
    send(
      async (chosen, io) => {
        const created = await sendReadingsFile({ file: chosen, contractId: contract ? Number(contract) : undefined, force, ...io });
        // Only what stays true: the upload's page shows its state, which moves on (validating, validated) while the toast is up.
        toast({ color: 'success', message: t('uploadPages.dialog.uploaded', { file: chosen.name }) });
        onUploaded(created);
      },
      (error) => sendProblem(error, t('upload.failed')),
    );

  const template = (format: TemplateFormat, layout: TemplateLayout) => {
    downloadTemplate(format, layout).catch((error: unknown) => toast({ color: 'error', message: error instanceof Error ? error.message : t('upload.failed') }));
  };

  return (
    <Dialog open={open} onClose={sending ? undefined : onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('uploadPages.dialog.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5}>
          <Typography variant="body2" color="text.secondary">
            {t('uploadPages.dialog.hint', { max: formatBytes(max) })}
          </Typography>
          <Box>
            <Typography variant="subtitle2" component="h3" gutterBottom>
              {t('uploadPages.dialog.templates')}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {TEMPLATES.map(({ format, layout }) => (
                <Button key={`${format}-${layout}`} size="small" variant="outlined" onClick={() => template(format, layout)}>
                  {t('uploadPages.dialog.template', { format: format.toUpperCase(), layout: t(`uploadPages.dialog.layout.${layout}`) })}
                </Button>
              ))}
            </Box>
          </Box>
          <TextField
            select
            size="small"
            label={t('uploadPages.dialog.contract')}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            helperText={t('uploadPages.dialog.contractHint')}
            value={contract}
            onChange={(event) => setContract(event.target.value)}
            disabled={sending}
          >
            <MenuItem value="">{t('uploadPages.dialog.contractFromFile')}</MenuItem>
            {contracts.map((item) => (
              <MenuItem key={item.contract_id} value={String(item.contract_id)}>
                {item.no}
              </MenuItem>
            ))}
          </TextField>
          <FileChooser
            label={t('uploadPages.dialog.chooseFile')}
            accept={READINGS_ACCEPT}
            file={file}
            noFileText={t('uploadPages.dialog.noFile')}
            onPick={pick}
            disabled={sending}
            inputTestId="readings-file-input"
          />
          {percent !== null && <SendProgress percent={percent} />}
          <SendProblemAlert problem={problem} onForce={() => void upload(true)} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sending}>
          {t('uploadPages.common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void upload(false)} disabled={!file || sending}>
          {t('uploadPages.dialog.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
