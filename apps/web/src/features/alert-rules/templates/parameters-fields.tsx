import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_ALERT_PARAMETERS as D } from '@strata/shared';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SafeTextField, type SafeTextFieldProps } from '../../../components/safe-form';
import type { TemplateFormValues } from './template-values';

/** A number of the rule parameters; empty means the default, shown as the placeholder. */
function ParamField({ fallback, ...props }: Omit<SafeTextFieldProps, 'placeholder'> & { fallback: number }) {
  const { t } = useTranslation();
  return (
    <SafeTextField
      size="small"
      fullWidth
      {...props}
      placeholder={String(fallback)}
      slotProps={{ htmlInput: { inputMode: 'decimal' }, inputLabel: { shrink: true } }}
      helperText={props.helperText ?? t('alertRules.params.defaultIs', { value: fallback })}
    />
  );
}

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } } as const;

/**
 * The parameters of the per-instrument rules (ZAlertParameters): spike history and factor, the minimum change per
 * reading code, stagnant count, fluctuated window and reversals, missing grace minutes. Empty fields keep the
 * defaults (decision 016), shown as placeholders.
 */
export function ParametersFields() {
  const { t } = useTranslation();
  const { control } = useFormContext<TemplateFormValues>();
  const rows = useFieldArray({ control, name: 'parameters.min_change' });
  return (
    <Stack spacing={2} role="group" aria-labelledby="template-params">
      <div>
        <Typography variant="subtitle1" component="h3" id="template-params">
          {t('alertRules.params.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('alertRules.params.text')}
        </Typography>
      </div>
      <Box sx={GRID}>
        <ParamField name="parameters.spike.history" label={t('alertRules.params.spikeHistory')} fallback={D.spike.history} />
        <ParamField name="parameters.spike.factor" label={t('alertRules.params.spikeFactor')} fallback={D.spike.factor} />
        <ParamField name="parameters.min_change_default" label={t('alertRules.params.minChangeDefault')} fallback={D.min_change_default} />
        <ParamField name="parameters.stagnant.count" label={t('alertRules.params.stagnantCount')} fallback={D.stagnant.count} />
        <ParamField name="parameters.fluctuated.window" label={t('alertRules.params.fluctuatedWindow')} fallback={D.fluctuated.window} />
        <ParamField name="parameters.fluctuated.reversals" label={t('alertRules.params.fluctuatedReversals')} fallback={D.fluctuated.reversals} />
        <ParamField name="parameters.missing.grace_minutes" label={t('alertRules.params.graceMinutes')} fallback={D.missing.grace_minutes} />
      </Box>
      <Stack spacing={1}>
        <Typography variant="body2">{t('alertRules.params.minChangeByCode')}</Typography>
        {rows.fields.map((row, i) => (
          <Stack
            key={row.id}
            direction="row"
            spacing={1}
            sx={{ alignItems: 'flex-start' }}
            role="group"
            aria-label={t('alertRules.params.minChangeRow', { n: i + 1 })}
          >
            <SafeTextField size="small" name={`parameters.min_change.${i}.code`} label={t('alertRules.params.readingCode')} sx={{ flex: 1 }} />
            <SafeTextField
              size="small"
              name={`parameters.min_change.${i}.value`}
              label={t('alertRules.params.minChange')}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <IconButton aria-label={t('alertRules.params.removeMinChange', { n: i + 1 })} onClick={() => rows.remove(i)}>
              <Delete />
            </IconButton>
          </Stack>
        ))}
        <Box>
          <Button size="small" startIcon={<Add />} onClick={() => rows.append({ code: '', value: '' })} disabled={rows.fields.length >= 50}>
            {t('alertRules.params.addMinChange')}
          </Button>
        </Box>
      </Stack>
    </Stack>
  );
}
