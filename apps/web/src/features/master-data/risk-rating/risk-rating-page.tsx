import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ownValue, type TConfig, type TRiskRating, type TRiskRatingResponse } from '@strata/shared';
import { formatDateTime } from '../../../lib/display-time';
import { useEffect, useMemo, useState } from 'react';
import { useFieldArray, useFormState, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/feedback';
import { SafeForm, SafeTextField, useSafeForm, type SafeTextFieldProps } from '../../../components/safe-form';
import { useConfig } from '../../../lib/config';
import { translateMessage } from '../../../lib/i18n';
import { LoadError, Loading } from '../../../components/query-states';
import { Section } from '../../../components/section';
import { useRiskRating, useSaveRiskRating } from './api';
import { readRiskForm, THRESHOLD_FIELDS, toRiskForm, ZRiskForm, type RiskFormValues } from './risk-form';
import { riskScore, THRESHOLD_KEYS, type RiskRatingName } from './risk-score';

type Level = TConfig['thresholds'][number];
type RiskControl = Control<RiskFormValues, unknown, TRiskRating>;

const RATING_COLORS: Record<RiskRatingName, 'success' | 'info' | 'warning' | 'error'> = {
  Low: 'success',
  Medium: 'info',
  High: 'warning',
  'Very High': 'error',
};

function NumberField(props: SafeTextFieldProps) {
  return <SafeTextField size="small" fullWidth {...props} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />;
}

function RatingChip({ rating }: { rating: RiskRatingName | null }) {
  const { t } = useTranslation();
  if (!rating) return <Chip label={t('masterData.risk.noRating')} variant="outlined" />;
  return <Chip label={t(`masterData.risk.rating.${THRESHOLD_KEYS[rating]}`)} color={RATING_COLORS[rating]} />;
}

function WeightsSection({ levels }: { levels: readonly Level[] }) {
  const { t } = useTranslation();
  return (
    <Section title={t('masterData.risk.weights')} subheader={t('masterData.risk.weightsText')}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } }}>
        {levels.map((level) => (
          <NumberField key={level.code} name={`level_weights.${level.code}`} label={`${level.name} (${level.code})`} />
        ))}
      </Box>
    </Section>
  );
}

function BandsSection({ control }: { control: RiskControl }) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control, name: 'count_bands' });
  const { errors } = useFormState({ control, name: 'count_bands' });
  const rootError = errors.count_bands?.message ?? errors.count_bands?.root?.message;
  return (
    <Section
      title={t('masterData.risk.bands')}
      subheader={t('masterData.risk.bandsText')}
      action={
        <Button startIcon={<Add />} onClick={() => append({ min: '', weight: '' })} disabled={fields.length >= 20}>
          {t('masterData.risk.addBand')}
        </Button>
      }
    >
      <Stack spacing={1.5} sx={{ maxWidth: 640 }}>
        {fields.map((field, i) => (
          <Stack
            key={field.id}
            direction="row"
            spacing={1.5}
            sx={{ alignItems: 'flex-start' }}
            role="group"
            aria-label={t('masterData.risk.bandN', { n: i + 1 })}
          >
            <NumberField name={`count_bands.${i}.min`} label={t('masterData.risk.bandMin')} />
            <NumberField name={`count_bands.${i}.weight`} label={t('masterData.risk.bandWeight')} />
            <IconButton aria-label={t('masterData.risk.removeBand', { n: i + 1 })} onClick={() => remove(i)} disabled={fields.length <= 1} sx={{ mt: 0.5 }}>
              <Delete />
            </IconButton>
          </Stack>
        ))}
        {rootError && <FormHelperText error>{translateMessage(rootError)}</FormHelperText>}
      </Stack>
    </Section>
  );
}

function ThresholdsSection() {
  const { t } = useTranslation();
  return (
    <Section title={t('masterData.risk.thresholds')} subheader={t('masterData.risk.thresholdsText')}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } }}>
        {THRESHOLD_FIELDS.map((key) => (
          <NumberField key={key} name={`thresholds.${key}`} label={t(`masterData.risk.rating.${key}`)} />
        ))}
      </Box>
    </Section>
  );
}

/** Example open-alert counts: 2, 1, 0, 1 … over the levels in order. */
function exampleCounts(levels: readonly Level[]): Record<string, string> {
  const pattern = [2, 1, 0, 1];
  return Object.fromEntries(levels.map((level, i) => [level.code, String(pattern[i % pattern.length])]));
}

/** A worked example computed in the browser from the rule as typed (the same rule the server applies). */
function ExampleSection({ control, levels }: { control: RiskControl; levels: readonly Level[] }) {
  const { t } = useTranslation();
  const values = useWatch({ control }) as RiskFormValues;
  const [counts, setCounts] = useState(() => exampleCounts(levels));
  const { rule } = readRiskForm(values);
  const parsedCounts = Object.fromEntries(levels.map((level) => [level.code, Number(ownValue(counts, level.code) ?? 0)]));
  const countsValid = Object.values(parsedCounts).every((n) => Number.isInteger(n) && n >= 0 && n <= 100_000);
  const result = rule && countsValid ? riskScore(rule, parsedCounts) : null;
  const fmt = (n: number) => n.toLocaleString('en', { maximumFractionDigits: 4 });
  return (
    <Section title={t('masterData.risk.example')} subheader={t('masterData.risk.exampleText')}>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('masterData.risk.example')} sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('masterData.risk.level')}</TableCell>
              <TableCell>{t('masterData.risk.openAlerts')}</TableCell>
              <TableCell align="right">{t('masterData.risk.weight')}</TableCell>
              <TableCell align="right">{t('masterData.risk.points')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {levels.map((level) => {
              const part = result?.levels.find((l) => l.code === level.code);
              const text = ownValue(counts, level.code) ?? '';
              const bad = !/^\d+$/.test(text) || Number(text) > 100_000;
              return (
                <TableRow key={level.code}>
                  <TableCell>
                    <Box
                      component="span"
                      sx={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', bgcolor: level.color, mr: 1 }}
                      aria-hidden
                    />
                    <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                      {level.name} ({level.code})
                    </Box>
                    <Box component="span" title={level.name} sx={{ display: { xs: 'inline', sm: 'none' } }}>
                      {level.code}
                    </Box>
                  </TableCell>
                  <TableCell>
                    <TextField
                      size="small"
                      value={text}
                      error={bad}
                      onChange={(event) => setCounts((c) => ({ ...c, [level.code]: event.target.value }))}
                      slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': t('masterData.risk.openAlertsAt', { level: level.name }) } }}
                      sx={{ width: { xs: 64, sm: 90 } }}
                    />
                  </TableCell>
                  <TableCell align="right">{part ? fmt(part.weight) : '–'}</TableCell>
                  <TableCell align="right">{part ? fmt(part.points) : '–'}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
          {result && (
            <TableFooter>
              <TableRow>
                <TableCell colSpan={3}>
                  {result.band
                    ? t('masterData.risk.bandLine', { count: result.openAlerts, min: result.band.min })
                    : t('masterData.risk.noBandLine', { count: result.openAlerts })}
                </TableCell>
                <TableCell align="right">{fmt(result.band?.weight ?? 0)}</TableCell>
              </TableRow>
            </TableFooter>
          )}
        </Table>
      </TableContainer>
      <Box role="status" aria-live="polite" sx={{ mt: 2 }}>
        {result ? (
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }}>{t('masterData.risk.scoreIs', { score: fmt(result.score) })}</Typography>
            <RatingChip rating={result.rating} />
          </Stack>
        ) : (
          <Typography color="text.secondary">{t(countsValid ? 'masterData.risk.fixRule' : 'masterData.risk.fixCounts')}</Typography>
        )}
      </Box>
    </Section>
  );
}

function RiskForm({ stored, levels }: { stored: TRiskRatingResponse; levels: readonly Level[] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveRiskRating();
  const codes = useMemo(() => levels.map((level) => level.code), [levels]);
  const form = useSafeForm<RiskFormValues, TRiskRating>({ schema: ZRiskForm, defaultValues: toRiskForm(stored, codes) });
  const { isDirty, isSubmitting } = useFormState({ control: form.control });

  useEffect(() => {
    form.reset(toRiskForm(stored, codes), { keepDirtyValues: true });
  }, [stored, codes, form]);

  const onSubmit = async (rule: TRiskRating) => {
    const saved = await save.mutateAsync(rule);
    form.reset(toRiskForm(saved, codes));
    toast({ color: 'success', message: t('masterData.risk.saved') });
  };

  return (
    <SafeForm form={form} onSubmit={onSubmit} aria-label={t('masterData.route.riskRating')} autoFocus={false} sx={{ maxWidth: 1000 }}>
      <Typography variant="body2" color="text.secondary">
        {t('masterData.risk.intro')}
      </Typography>
      <WeightsSection levels={levels} />
      <BandsSection control={form.control} />
      <ThresholdsSection />
      <ExampleSection control={form.control} levels={levels} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={!isDirty || isSubmitting}>
          {t('masterData.common.save')}
        </Button>
        <Button disabled={!isDirty || isSubmitting} onClick={() => form.reset(toRiskForm(stored, codes))}>
          {t('masterData.settings.discard')}
        </Button>
        {stored.updated && (
          <Typography variant="body2" color="text.secondary">
            {t('masterData.risk.updated', { date: formatDateTime(stored.updated), name: stored.updated_by ?? t('masterData.common.unknownUser') })}
          </Typography>
        )}
      </Stack>
    </SafeForm>
  );
}

/**
 * `/master-data/risk-rating` (ManageRiskRatingSettings): weights per alert level, open-alert count bands and the
 * Low/Medium/High/Very High thresholds, with a worked example.
 */
export function RiskRatingPage() {
  const query = useRiskRating();
  const config = useConfig();
  const levels = useMemo((): Level[] => {
    const configured = config.data?.thresholds ?? [];
    if (configured.length > 0) return configured;
    // No alert levels in the configuration: the levels the stored rule names.
    return Object.keys(query.data?.level_weights ?? {}).map((code, i) => ({ code, name: code, color: 'grey', severity: i + 1 }));
  }, [config.data, query.data]);
  const error = query.error ?? config.error;
  if (error && (!query.data || !config.data)) {
    return (
      <LoadError
        error={error}
        onRetry={() => {
          void query.refetch();
          void config.refetch();
        }}
      />
    );
  }
  if (!query.data || !config.data) return <Loading />;
  return <RiskForm stored={query.data} levels={levels} />;
}
