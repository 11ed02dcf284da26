import PlayArrow from '@mui/icons-material/PlayArrow';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AppAlert } from '../../../components/feedback';
import { Loading } from '../../../components/query-states';
import { Section } from '../../../components/section';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { translateMessage } from '../../../lib/i18n';
import { usePreviewScenario } from '../api/scenarios';
import { PreviewResult } from './scenario-preview';
import { ZScenarioForm, type ScenarioFormValues } from './scenario-values';

/** Days of readings the preview tries the rule on. */
export const PREVIEW_DAYS = 30;

/**
 * Preview: the rule as typed (not saved) tried on the last 30 days of readings (`POST /alert-scenarios/preview`):
 * when it would have raised an alert, until when, with how many and which instruments.
 */
export function PreviewSection() {
  const { t } = useTranslation();
  const form = useFormContext<ScenarioFormValues>();
  const preview = usePreviewScenario();

  const run = async () => {
    const checked = ZScenarioForm.safeParse(form.getValues());
    if (!checked.success) {
      await form.trigger();
      return;
    }
    const { contract_id, kind, rule } = checked.data;
    preview.mutate(
      { contract_id, kind, rule, days: PREVIEW_DAYS },
      {
        onError: (error) => {
          const fields = error instanceof ApiError ? Object.entries(error.fieldErrors ?? {}) : [];
          for (const [field, message] of fields) {
            if (field.startsWith('rule.') || field === 'contract_id') form.setError(field as 'rule.instrument_ids', { type: 'server', message });
          }
        },
      },
    );
  };

  const failure = preview.error
    ? preview.error instanceof ApiError && preview.error.fieldErrors
      ? Object.values(preview.error.fieldErrors).map(translateMessage).join(' ')
      : errorText(preview.error)
    : null;

  return (
    <Section
      title={t('alertRules.preview.title')}
      subheader={t('alertRules.preview.text', { days: PREVIEW_DAYS })}
      action={
        <Button variant="outlined" startIcon={<PlayArrow />} onClick={() => void run()} disabled={preview.isPending}>
          {t('alertRules.preview.run')}
        </Button>
      }
    >
      {preview.isPending ? (
        <Loading label={t('alertRules.preview.running')} />
      ) : failure ? (
        <AppAlert type="error" message={failure} />
      ) : preview.data ? (
        <PreviewResult preview={preview.data} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('alertRules.preview.hint')}
        </Typography>
      )}
    </Section>
  );
}
