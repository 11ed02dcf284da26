import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CUSTOM_TEMPLATE_LANGUAGES } from '@strata/shared';
import { useTranslation } from 'react-i18next';

/** The options of a template as the form holds them (numbers as typed). */
export interface TemplateOptions {
  perPage: string;
  yMin: string;
  yMax: string;
  /** '' = each column's own. */
  decimals: string;
  lengthUnit: 'mm' | 'm';
  language: (typeof CUSTOM_TEMPLATE_LANGUAGES)[number];
}

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } };

/** A number as typed: null when empty, NaN (refused by the schema) when not a number. */
export function numberOrNull(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

export interface TemplateOptionsFieldsProps {
  value: TemplateOptions;
  onChange: (next: TemplateOptions) => void;
  /** The chart options apply (the catalog says the type has charts). */
  charts: boolean;
  errors: Record<string, string>;
}

/** Charts per page and the y axis range (only for a type with charts), decimals, length unit and language. */
export function TemplateOptionsFields({ value, onChange, charts, errors }: TemplateOptionsFieldsProps) {
  const { t } = useTranslation();
  const set = (change: Partial<TemplateOptions>) => onChange({ ...value, ...change });
  return (
    <Box sx={GRID}>
      {charts && (
        <>
          <TextField select size="small" label={t('customReports.template.perPage')} value={value.perPage} onChange={(e) => set({ perPage: e.target.value })}>
            {['1', '2', '3', '4'].map((n) => (
              <MenuItem key={n} value={n}>
                {n}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            type="number"
            label={t('customReports.template.yMin')}
            value={value.yMin}
            onChange={(e) => set({ yMin: e.target.value })}
            error={Boolean(errors['chart.y_min'])}
            helperText={errors['chart.y_min'] ?? t('customReports.template.axisAuto')}
          />
          <TextField
            size="small"
            type="number"
            label={t('customReports.template.yMax')}
            value={value.yMax}
            onChange={(e) => set({ yMax: e.target.value })}
            error={Boolean(errors['chart.y_max'])}
            helperText={errors['chart.y_max'] ?? t('customReports.template.axisAuto')}
          />
        </>
      )}
      <TextField
        select
        size="small"
        label={t('customReports.template.decimals')}
        value={value.decimals}
        onChange={(e) => set({ decimals: e.target.value })}
        error={Boolean(errors.decimals)}
        helperText={errors.decimals}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t('customReports.template.decimalsOwn')}</MenuItem>
        {['0', '1', '2', '3', '4', '5', '6'].map((n) => (
          <MenuItem key={n} value={n}>
            {n}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('customReports.template.lengthUnit')}
        value={value.lengthUnit}
        onChange={(e) => set({ lengthUnit: e.target.value as TemplateOptions['lengthUnit'] })}
      >
        <MenuItem value="mm">{t('customReports.template.unitMm')}</MenuItem>
        <MenuItem value="m">{t('customReports.template.unitM')}</MenuItem>
      </TextField>
      <TextField
        select
        size="small"
        label={t('customReports.template.language')}
        value={value.language}
        onChange={(e) => set({ language: e.target.value as TemplateOptions['language'] })}
      >
        {CUSTOM_TEMPLATE_LANGUAGES.map((lang) => (
          <MenuItem key={lang} value={lang}>
            {t(`customReports.template.lang.${lang}`)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
