import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ZMonitoringTemplateCopy, type TMonitoringTemplate } from '@strata/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppAlert } from '../../../../components/feedback';
import { ApiError } from '../../../../lib/api-client';
import { useContractOptions } from '../../../../lib/contract-options';
import { errorText } from '../../../../lib/error-text';
import { copyMonitoringTemplate } from '../api';

interface CopyFormProps {
  template: TMonitoringTemplate;
  titleId: string;
  onClose: () => void;
  onCopied: (copy: TMonitoringTemplate) => void;
}

function CopyForm({ template, titleId, onClose, onCopied }: CopyFormProps) {
  const { t } = useTranslation();
  const contracts = useContractOptions().data ?? [];
  const [contractId, setContractId] = useState(String(template.contract_id));
  const [name, setName] = useState(t('fullMonitoring.copy.defaultName', { name: template.name }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setFailure(null);
    const parsed = ZMonitoringTemplateCopy.safeParse({ contract_id: Number(contractId) || undefined, name });
    if (!parsed.success) {
      setErrors({
        ...(parsed.error.issues.some((i) => i.path[0] === 'contract_id') ? { contract_id: t('fullMonitoring.template.contractMissing') } : {}),
        ...(parsed.error.issues.some((i) => i.path[0] === 'name') ? { name: t('fullMonitoring.copy.nameMissing') } : {}),
      });
      return;
    }
    setBusy(true);
    try {
      onCopied(await copyMonitoringTemplate(template.template_id, parsed.data));
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) setErrors({ ...error.fieldErrors });
      else setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <DialogTitle id={titleId}>{t('fullMonitoring.copy.title', { name: template.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failure && <AppAlert type="error" message={failure} />}
          <TextField
            select
            size="small"
            required
            label={t('fullMonitoring.common.contract')}
            value={contracts.some((c) => String(c.contract_id) === contractId) ? contractId : ''}
            onChange={(event) => setContractId(event.target.value)}
            error={Boolean(errors.contract_id)}
            helperText={errors.contract_id}
          >
            {contracts.map((c) => (
              <MenuItem key={c.contract_id} value={String(c.contract_id)}>
                {c.no} — {c.title}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            required
            label={t('fullMonitoring.template.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(errors.name)}
            helperText={errors.name}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('fullMonitoring.common.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {t('fullMonitoring.copy.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Copy a monitoring template to a contract under a new name (`POST …/{id}/copy`). */
export function CopyTemplateDialog({ template, onClose, onCopied }: { template: TMonitoringTemplate | null } & Omit<CopyFormProps, 'template' | 'titleId'>) {
  const titleId = useId();
  return (
    <Dialog open={template !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      {template && <CopyForm key={template.template_id} template={template} titleId={titleId} onClose={onClose} onCopied={onCopied} />}
    </Dialog>
  );
}
