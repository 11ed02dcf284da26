import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { formatBytes, type TSystemSettings } from '@strata/shared';
import { useEffect, useState } from 'react';
import { Controller, useFormState, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/feedback';
import { SafeForm, SafeTextField, useSafeForm, type SafeTextFieldProps } from '../../../components/safe-form';
import { translateMessage } from '../../../lib/i18n';
import { LoadError, Loading } from '../../../components/query-states';
import { Section } from '../../../components/section';
import { useSaveSystemSettings, useSystemSettings } from './api';
import { BYTES_PER_MB, changedSettings, REPORT_PERIODS, toFormValues, TYPE_LIMITS, ZSettingsForm, type SettingsFormValues } from './settings-form';

type SettingsControl = Control<SettingsFormValues, unknown, TSystemSettings>;

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } };

/** A number typed as text (a decimal keypad on phones). */
function NumberField({ slotProps, ...props }: SafeTextFieldProps) {
  return <SafeTextField fullWidth {...props} slotProps={{ ...slotProps, htmlInput: { inputMode: 'decimal' } }} />;
}

/** A secret (map provider key, TBM token): hidden unless the user asks to see it, never filled in by the browser. */
function SecretField({ name, label, helperText }: { name: keyof SettingsFormValues; label: string; helperText: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <SafeTextField
      name={name}
      label={label}
      fullWidth
      type={shown ? 'text' : 'password'}
      autoComplete="new-password"
      helperText={helperText}
      slotProps={{
        htmlInput: { spellCheck: false },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={t(shown ? 'masterData.settings.hideSecret' : 'masterData.settings.showSecret', { name: label })}
                onClick={() => setShown((value) => !value)}
                edge="end"
              >
                {shown ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** "= 10,000,000 bytes" under a size in MB, or what an empty per-type limit falls back to. */
function useSizeHint(control: SettingsControl, name: keyof SettingsFormValues, fallback?: string) {
  const { t } = useTranslation();
  const value = useWatch({ control, name }) as string;
  const mb = Number(value.trim());
  if (value.trim() === '') return fallback ?? '';
  if (!Number.isFinite(mb) || mb <= 0) return '';
  return t('masterData.settings.bytes', { bytes: Math.max(1, Math.round(mb * BYTES_PER_MB)).toLocaleString('en') });
}

function SizeField({ control, name, label, fallback }: { control: SettingsControl; name: keyof SettingsFormValues; label: string; fallback?: string }) {
  const { t } = useTranslation();
  const hint = useSizeHint(control, name, fallback);
  return (
    <NumberField
      name={name}
      label={label}
      helperText={hint || ' '}
      slotProps={{ input: { endAdornment: <InputAdornment position="end">{t('masterData.settings.mb')}</InputAdornment> } }}
    />
  );
}

function ReportSection({ control }: { control: SettingsControl }) {
  const { t } = useTranslation();
  const [num, period] = useWatch({ control, name: ['report_range_num', 'report_range_period'] });
  const count = Number(num);
  return (
    <Section title={t('masterData.settings.reports')} subheader={t('masterData.settings.reportsText')}>
      <Box sx={GRID}>
        <NumberField name="report_range_num" label={t('masterData.settings.reportRangeNum')} />
        <SafeTextField name="report_range_period" select label={t('masterData.settings.reportRangePeriod')} fullWidth>
          {REPORT_PERIODS.map((p) => (
            <MenuItem key={p} value={p}>
              {t(`masterData.settings.period.${p}`)}
            </MenuItem>
          ))}
        </SafeTextField>
        <SizeField
          control={control}
          name="report_max_bytes"
          label={t('masterData.settings.reportMaxBytes')}
          fallback={t('masterData.settings.reportMaxBytesText')}
        />
      </Box>
      {Number.isInteger(count) && count > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('masterData.settings.rangeHint', { count, period: t(`masterData.settings.periodUnit.${period}`, { count }) })}
        </Typography>
      )}
    </Section>
  );
}

function UploadSection({ control }: { control: SettingsControl }) {
  const { t } = useTranslation();
  const general = useWatch({ control, name: 'general_max_upload' });
  const generalMb = Number(general);
  const fallback =
    Number.isFinite(generalMb) && generalMb > 0
      ? t('masterData.settings.usesGeneral', { size: formatBytes(Math.round(generalMb * BYTES_PER_MB)) })
      : t('masterData.settings.usesGeneralPlain');
  return (
    <Section title={t('masterData.settings.uploads')} subheader={t('masterData.settings.uploadsText')}>
      <Stack spacing={2}>
        <Box sx={GRID}>
          <SizeField control={control} name="general_max_upload" label={t('masterData.settings.generalMaxUpload')} />
        </Box>
        <Box sx={GRID}>
          {TYPE_LIMITS.map(({ type, key }) => (
            <SizeField key={key} control={control} name={key} label={t(`masterData.settings.uploadType.${type}`)} fallback={fallback} />
          ))}
        </Box>
      </Stack>
    </Section>
  );
}

function SessionSection({ control }: { control: SettingsControl }) {
  const { t } = useTranslation();
  return (
    <Section title={t('masterData.settings.sessions')}>
      <Stack spacing={1}>
        <Box sx={GRID}>
          <NumberField name="session_idle_minutes" label={t('masterData.settings.sessionIdle')} helperText={t('masterData.settings.sessionIdleText')} />
          <NumberField
            name="password_min_length"
            label={t('masterData.settings.passwordMinLength')}
            helperText={t('masterData.settings.passwordMinLengthText')}
          />
          <NumberField name="password_expiry_days" label={t('masterData.settings.passwordExpiry')} helperText={t('masterData.settings.passwordExpiryText')} />
        </Box>
        <Controller
          control={control}
          name="tfa_required"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} />}
              label={t('masterData.settings.tfaRequired')}
            />
          )}
        />
      </Stack>
    </Section>
  );
}

function MapSection({ control }: { control: SettingsControl }) {
  const { t } = useTranslation();
  const { errors } = useFormState({ control, name: 'map_bounds' });
  const boundsError = errors.map_bounds?.message ?? errors.map_bounds?.root?.message;
  const boundLabels = [
    t('masterData.settings.minEasting'),
    t('masterData.settings.minNorthing'),
    t('masterData.settings.maxEasting'),
    t('masterData.settings.maxNorthing'),
  ];
  return (
    <Section title={t('masterData.settings.map')}>
      <Stack spacing={2}>
        <Box sx={GRID}>
          <SafeTextField name="timezone" label={t('masterData.settings.timezone')} helperText={t('masterData.settings.timezoneText')} fullWidth />
        </Box>
        <Box role="group" aria-labelledby="map-bounds-label">
          <Typography id="map-bounds-label" component="p" variant="subtitle2" sx={{ mb: 1 }}>
            {t('masterData.settings.mapBounds')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } }}>
            {boundLabels.map((label, i) => (
              <NumberField key={label} name={`map_bounds.${i}`} label={label} />
            ))}
          </Box>
          <FormHelperText error={Boolean(boundsError)}>{boundsError ? translateMessage(boundsError) : t('masterData.settings.mapBoundsText')}</FormHelperText>
        </Box>
        <SafeTextField name="tile_server" label={t('masterData.settings.tileServer')} helperText={t('masterData.settings.tileServerText')} fullWidth />
        <SafeTextField name="geocoder_url" label={t('masterData.settings.geocoderUrl')} helperText={t('masterData.settings.geocoderUrlText')} fullWidth />
        <SecretField name="map_key" label={t('masterData.settings.mapKey')} helperText={t('masterData.settings.mapKeyText')} />
      </Stack>
    </Section>
  );
}

function LimitSection() {
  const { t } = useTranslation();
  return (
    <Section title={t('masterData.settings.limits')}>
      <Box sx={GRID}>
        <NumberField
          name="request_parameter_limit"
          label={t('masterData.settings.requestParameterLimit')}
          helperText={t('masterData.settings.requestParameterLimitText')}
        />
        <NumberField name="chart_instrument_detail_limit" label={t('masterData.settings.chartLimit')} helperText={t('masterData.settings.chartLimitText')} />
      </Box>
    </Section>
  );
}

function TbmSection() {
  const { t } = useTranslation();
  return (
    <Section title={t('masterData.settings.tbm')}>
      <Stack spacing={2}>
        <SafeTextField name="tbm_base_uri" label={t('masterData.settings.tbmBaseUri')} helperText={t('masterData.settings.tbmBaseUriText')} fullWidth />
        <SecretField name="tbm_token" label={t('masterData.settings.tbmToken')} helperText={t('masterData.settings.tbmTokenText')} />
      </Stack>
    </Section>
  );
}

function SettingsForm({ settings }: { settings: TSystemSettings }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveSystemSettings();
  const form = useSafeForm<SettingsFormValues, TSystemSettings>({ schema: ZSettingsForm, defaultValues: toFormValues(settings) });
  const { isDirty, isSubmitting } = useFormState({ control: form.control });

  // Someone saved the settings (this tab, another tab, another person): show the new values, keeping any field the
  // user is editing as they typed it.
  useEffect(() => {
    form.reset(toFormValues(settings), { keepDirtyValues: true });
  }, [settings, form]);

  const onSubmit = async (next: TSystemSettings) => {
    const changes = changedSettings(settings, next);
    if (Object.keys(changes).length === 0) {
      toast({ color: 'info', message: t('masterData.settings.nothingChanged') });
      form.reset(toFormValues(settings));
      return;
    }
    const saved = await save.mutateAsync(changes);
    form.reset(toFormValues(saved));
    toast({ color: 'success', message: t('masterData.settings.saved', { count: Object.keys(changes).length }) });
  };

  return (
    <SafeForm form={form} onSubmit={onSubmit} aria-label={t('masterData.route.systemSettings')} autoFocus={false} sx={{ maxWidth: 1100 }}>
      <ReportSection control={form.control} />
      <UploadSection control={form.control} />
      <SessionSection control={form.control} />
      <MapSection control={form.control} />
      <LimitSection />
      <TbmSection />
      <Paper variant="outlined" sx={{ position: 'sticky', bottom: 0, zIndex: 1, p: 1.5, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button type="submit" variant="contained" disabled={!isDirty || isSubmitting}>
          {t('masterData.common.save')}
        </Button>
        <Button disabled={!isDirty || isSubmitting} onClick={() => form.reset(toFormValues(settings))}>
          {t('masterData.settings.discard')}
        </Button>
        {isDirty && (
          <Typography variant="body2" color="text.secondary">
            {t('masterData.settings.unsaved')}
          </Typography>
        )}
      </Paper>
    </SafeForm>
  );
}

/** `/master-data/system-setting` (ManageSystemSettings): every system setting, grouped; saves what changed. */
export function SystemSettingsPage() {
  const query = useSystemSettings();
  if (query.error && !query.data) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Loading />;
  return <SettingsForm settings={query.data} />;
}
