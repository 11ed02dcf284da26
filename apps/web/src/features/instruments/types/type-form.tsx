import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  INSTRUMENT_ICONS,
  MESSAGES,
  READING_CODES_MAX,
  ZInstrumentTypeFields,
  ZReadingCodeFields,
  type TInstrumentCategory,
  type TInstrumentType,
} from '@strata/shared';
import type { ReactNode } from 'react';
import { Controller, useFieldArray, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { InstrumentIcon } from '../../../components/instrument-icon';
import { SafeForm, SafeTextField, useSafeForm } from '../../../components/safe-form';
import { DECIMAL, numberText } from '../shared/numbers';
import { Section } from '../../../components/section';
import { translateMessage } from '../../../lib/i18n';
import { encodeMessage } from '../../../lib/zod-messages';

const optionalDecimal = z
  .string()
  .trim()
  .refine((v) => v === '' || DECIMAL.test(v), 'instruments.validation.number');

const ZReadingRow = z
  .object({
    /** The reading code's id on the server; null for a new row. */
    id: z.number().nullable(),
    // Code, description, unit and result as the API checks them (shared `ZReadingCodeFields`, its limits).
    code: ZReadingCodeFields.shape.code,
    description: ZReadingCodeFields.shape.description,
    unit: ZReadingCodeFields.shape.unit,
    is_result: ZReadingCodeFields.shape.is_result,
    // Typed as text: a digit 0 to 6 (the API's precision, 0 to 6).
    precision: z
      .string()
      .trim()
      .regex(/^[0-6]$/, 'instruments.validation.precision'),
    min_value: optionalDecimal,
    max_value: optionalDecimal,
  })
  .superRefine((row, ctx) => {
    const min = row.min_value.trim();
    const max = row.max_value.trim();
    if (DECIMAL.test(min) && DECIMAL.test(max) && Number(min) >= Number(max)) {
      ctx.addIssue({ code: 'custom', path: ['max_value'], message: MESSAGES.maxAboveMin });
    }
  });

/** The form's checks: code, name, icon and LTA code as the API checks them (shared `ZInstrumentTypeFields`). */
const ZTypeForm = z.object({
  code: ZInstrumentTypeFields.shape.code,
  name: ZInstrumentTypeFields.shape.name,
  category_id: z.string(),
  icon: ZInstrumentTypeFields.shape.icon,
  lta_code: ZInstrumentTypeFields.shape.lta_code.unwrap(),
  has_depth: z.boolean(),
  reading_codes: z
    .array(ZReadingRow)
    .max(READING_CODES_MAX, encodeMessage('instruments.validation.tooManyCodes', { maximum: READING_CODES_MAX }))
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((row, i) => {
        const code = row.code.trim();
        if (code && seen.has(code)) ctx.addIssue({ code: 'custom', path: [i, 'code'], message: 'instruments.validation.codeTwice' });
        seen.add(code);
      });
    }),
});
export type TypeFormValues = z.input<typeof ZTypeForm>;
export type ReadingRow = TypeFormValues['reading_codes'][number];

export const NEW_ROW: ReadingRow = { id: null, code: '', description: '', unit: '', is_result: true, precision: '2', min_value: '', max_value: '' };

function valuesOf(type?: TInstrumentType): TypeFormValues {
  return {
    code: type?.code ?? '',
    name: type?.name ?? '',
    category_id: type?.category_id ? String(type.category_id) : '',
    icon: (INSTRUMENT_ICONS as readonly string[]).includes(type?.icon ?? '') ? (type!.icon as TypeFormValues['icon']) : 'circle',
    lta_code: type?.lta_code ?? '',
    has_depth: type?.has_depth ?? false,
    reading_codes: type
      ? type.reading_codes.map((c) => ({
          id: c.reading_code_id,
          code: c.code,
          description: c.description,
          unit: c.unit,
          is_result: c.is_result,
          precision: String(c.precision),
          min_value: numberText(c.min_value),
          max_value: numberText(c.max_value),
        }))
      : [{ ...NEW_ROW }],
  };
}

const ROW_GRID = {
  display: 'grid',
  gap: 1.5,
  alignItems: 'start',
  gridTemplateColumns: {
    xs: 'repeat(2, minmax(0, 1fr))',
    md: 'minmax(80px, 1fr) minmax(160px, 3fr) minmax(64px, 0.8fr) minmax(80px, 0.9fr) minmax(80px, 1fr) minmax(80px, 1fr) auto auto',
  },
} as const;

function ReadingCodeRows({ form }: { form: UseFormReturn<TypeFormValues, unknown, TypeFormValues> }) {
  const { t } = useTranslation();
  const rows = useFieldArray({ control: form.control, name: 'reading_codes' });
  const error = form.formState.errors.reading_codes?.root?.message ?? form.formState.errors.reading_codes?.message;
  return (
    <Stack spacing={1.5}>
      {rows.fields.length === 0 && (
        <Typography color="text.secondary" variant="body2">
          {t('instruments.types.noReadingCodes')}
        </Typography>
      )}
      {rows.fields.map((field, i) => (
        <Paper
          key={field.id}
          variant="outlined"
          component="fieldset"
          aria-label={t('instruments.types.readingRow', { n: i + 1 })}
          sx={{ p: 1.5, m: 0, border: 1, borderColor: 'divider' }}
        >
          <Box sx={ROW_GRID}>
            <SafeTextField name={`reading_codes.${i}.code`} label={t('instruments.types.readingCode')} required size="small" fullWidth />
            <SafeTextField
              name={`reading_codes.${i}.description`}
              label={t('instruments.types.description')}
              required
              size="small"
              fullWidth
              sx={{ gridColumn: { xs: 'span 2', md: 'auto' } }}
            />
            <SafeTextField name={`reading_codes.${i}.unit`} label={t('instruments.types.unit')} size="small" fullWidth />
            <SafeTextField
              name={`reading_codes.${i}.precision`}
              label={t('instruments.types.precision')}
              size="small"
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <SafeTextField
              name={`reading_codes.${i}.min_value`}
              label={t('instruments.types.minValue')}
              size="small"
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <SafeTextField
              name={`reading_codes.${i}.max_value`}
              label={t('instruments.types.maxValue')}
              size="small"
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <Controller<TypeFormValues, `reading_codes.${number}.is_result`>
              name={`reading_codes.${i}.is_result`}
              control={form.control}
              render={({ field: checkbox }) => (
                <FormControlLabel
                  control={<Checkbox checked={checkbox.value} onChange={(event) => checkbox.onChange(event.target.checked)} />}
                  label={t('instruments.types.isResult')}
                  sx={{ m: 0, whiteSpace: 'nowrap' }}
                />
              )}
            />
            <Box sx={{ justifySelf: 'end' }}>
              <IconButton aria-label={t('instruments.types.removeRow', { n: i + 1 })} onClick={() => rows.remove(i)} color="error">
                <DeleteOutline />
              </IconButton>
            </Box>
          </Box>
        </Paper>
      ))}
      {error && (
        <Typography color="error" variant="body2">
          {translateMessage(error)}
        </Typography>
      )}
      <Box>
        <Button startIcon={<Add />} onClick={() => rows.append({ ...NEW_ROW })} disabled={rows.fields.length >= READING_CODES_MAX}>
          {t('instruments.types.addRow')}
        </Button>
      </Box>
    </Stack>
  );
}

export interface TypeFormProps {
  type?: TInstrumentType;
  categories: readonly TInstrumentCategory[];
  /** Runs with valid values and the form (to record ids of rows it created); throw an ApiError to show its errors. */
  onSubmit: (values: TypeFormValues, form: UseFormReturn<TypeFormValues, unknown, TypeFormValues>) => Promise<unknown>;
  submitLabel: string;
  buttons?: ReactNode;
}

/** Code, name, category, icon, LTA code, readings by depth, and the reading codes (rows to add and remove). */
export function TypeForm({ type, categories, onSubmit, submitLabel, buttons }: TypeFormProps) {
  const { t } = useTranslation();
  const form = useSafeForm<TypeFormValues>({ schema: ZTypeForm, defaultValues: valuesOf(type) });
  const categoryKnown = !type?.category_id || categories.some((c) => c.category_id === type.category_id);
  return (
    <SafeForm form={form} onSubmit={(values) => onSubmit(values, form)} aria-label={type?.name ?? t('instruments.route.newType')}>
      <Section title={t('instruments.types.details')}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } }}>
          <SafeTextField name="code" label={t('instruments.types.typeCode')} required fullWidth helperText={t('instruments.types.codeHint')} />
          <SafeTextField name="name" label={t('instruments.types.name')} required fullWidth />
          <SafeTextField name="category_id" select label={t('instruments.types.category')} fullWidth>
            <MenuItem value="">{t('instruments.types.noCategory')}</MenuItem>
            {categories.map((category) => (
              <MenuItem key={category.category_id} value={String(category.category_id)}>
                {category.name}
              </MenuItem>
            ))}
            {!categoryKnown && type?.category_id && <MenuItem value={String(type.category_id)}>{type.category_name}</MenuItem>}
          </SafeTextField>
          <SafeTextField
            name="icon"
            select
            label={t('instruments.types.icon')}
            fullWidth
            slotProps={{
              select: {
                renderValue: (value) => (
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <InstrumentIcon icon={String(value)} color={type?.icon_color ?? '#018e27'} size={20} />
                    <span>{t(`instruments.icon.${value as (typeof INSTRUMENT_ICONS)[number]}`)}</span>
                  </Stack>
                ),
              },
            }}
          >
            {INSTRUMENT_ICONS.map((icon) => (
              <MenuItem key={icon} value={icon}>
                <ListItemIcon>
                  <InstrumentIcon icon={icon} color={type?.icon_color ?? '#018e27'} size={20} />
                </ListItemIcon>
                {t(`instruments.icon.${icon}`)}
              </MenuItem>
            ))}
          </SafeTextField>
          <SafeTextField name="lta_code" label={t('instruments.types.ltaCode')} fullWidth />
          <Controller<TypeFormValues, 'has_depth'>
            name="has_depth"
            control={form.control}
            render={({ field }) => (
              <FormControlLabel
                control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
                label={t('instruments.types.hasDepth')}
              />
            )}
          />
        </Box>
      </Section>
      <Section title={t('instruments.types.readingCodes')} subheader={t('instruments.types.readingCodesHint')}>
        <ReadingCodeRows form={form} />
      </Section>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('instruments.common.saving') : submitLabel}
        </Button>
        {buttons}
      </Stack>
    </SafeForm>
  );
}
