import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  ALERT_CHANNELS,
  ALERT_KINDS,
  ALERT_TEMPLATE_CATEGORIES,
  type AlertTemplateCategory,
  type TAlertTemplate,
  type TAlertTemplateBody,
} from '@strata/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/feedback';
import { LoadError, Loading } from '../../../components/query-states';
import { SafeForm, SafeTextField, useSafeForm } from '../../../components/safe-form';
import { useSaveTemplate, useTemplate } from '../api/templates';
import { CheckboxGroupField, SwitchField, useLevelChoices } from '../components/form-fields';
import { ParametersFields } from './parameters-fields';
import { emptyTemplate, toTemplateForm, ZTemplateForm, type TemplateFormValues } from './template-values';
import { CoverageFields, RecipientFields } from './who-fields';

export interface TemplateFormDialogProps {
  /** An existing template's id, or undefined to create one. */
  templateId?: number;
  /** The tab the dialog was opened from: a new template's category. */
  category: AlertTemplateCategory;
  onClose: () => void;
}

interface FieldsProps {
  values: TemplateFormValues;
  formId: string;
  onSubmit: (body: TAlertTemplateBody) => Promise<void>;
}

function TemplateFields({ values, formId, onSubmit }: FieldsProps) {
  const { t } = useTranslation();
  const levels = useLevelChoices();
  const form = useSafeForm<TemplateFormValues, TAlertTemplateBody>({ schema: ZTemplateForm, defaultValues: values });
  return (
    <SafeForm form={form} onSubmit={onSubmit} id={formId} aria-label={t('alertRules.template.form')}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 2fr) minmax(0, 1fr)' } }}>
        <SafeTextField name="name" label={t('alertRules.template.name')} size="small" fullWidth required />
        <SafeTextField name="category" label={t('alertRules.template.category')} size="small" fullWidth select>
          {ALERT_TEMPLATE_CATEGORIES.map((c) => (
            <MenuItem key={c} value={c}>
              {t(`alertRules.category.${c}`)}
            </MenuItem>
          ))}
        </SafeTextField>
      </Box>
      <CheckboxGroupField
        name="kinds"
        label={t('alertRules.template.kinds')}
        choices={ALERT_KINDS.map((k) => ({ value: k, label: t(`alertRules.kind.${k}`) }))}
        helperText={t('alertRules.template.kindsHelp')}
      />
      <CheckboxGroupField name="levels" label={t('alertRules.template.levels')} choices={levels} helperText={t('alertRules.template.levelsHelp')} />
      <CoverageFields />
      <Divider />
      <RecipientFields />
      <CheckboxGroupField
        name="channels"
        label={t('alertRules.template.channels')}
        choices={ALERT_CHANNELS.map((c) => ({ value: c, label: t(`alertRules.channel.${c}`) }))}
      />
      <Divider />
      <ParametersFields />
      <SwitchField name="active" label={t('alertRules.template.active')} />
    </SafeForm>
  );
}

/**
 * The alert template form (create and edit) in a dialog, full screen on phones: what it covers, who is told and how,
 * and the rule parameters. Server field errors fill the fields.
 */
export function TemplateFormDialog({ templateId, category, onClose }: TemplateFormDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const formId = useId();
  const existing = useTemplate(templateId);
  const save = useSaveTemplate();
  const values = templateId === undefined ? emptyTemplate(category) : existing.data ? toTemplateForm(existing.data) : null;
  const onSubmit = async (body: TAlertTemplateBody) => {
    const saved: TAlertTemplate = await save.mutateAsync({ id: templateId, body });
    toast({ color: 'success', message: t('alertRules.template.saved', { name: saved.name }) });
    onClose();
  };
  const titleId = `${formId}-title`;
  return (
    <Dialog open onClose={onClose} fullScreen={phone} maxWidth="md" fullWidth scroll="paper" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t(templateId === undefined ? 'alertRules.template.newTitle' : 'alertRules.template.editTitle')}</DialogTitle>
      <DialogContent dividers>
        {values ? (
          <TemplateFields values={values} formId={formId} onSubmit={onSubmit} />
        ) : existing.isError ? (
          <LoadError error={existing.error} onRetry={() => void existing.refetch()} />
        ) : (
          <Loading />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('alertRules.cancel')}</Button>
        <Button type="submit" form={formId} variant="contained" disabled={!values || save.isPending}>
          {t('alertRules.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
