import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_TIMEZONE,
  SITE_LIMITS,
  ZDesignValueName,
  ZSiteActivityRequest,
  ZSiteStage,
  type SiteType,
  type TSite,
  type TSiteActivityRequest,
} from '@strata/shared';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AppDatePicker } from '../../../components/date-time';
import { SafeForm, SafeTextField, useSafeForm } from '../../../components/safe-form';
import { dayjs } from '../../../lib/dayjs';
import { translateMessage } from '../../../lib/i18n';
import { EmptyText } from '../../../components/query-states';
import { Section } from '../../../components/section';

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

const ZStageRow = z
  .object({
    stage_no: z
      .string()
      .trim()
      .regex(/^\d{1,4}$/, 'sites.activity.stageNoInvalid')
      .refine((v) => Number(v) <= 1000, 'sites.activity.stageNoInvalid'),
    // The shared stage's limits (ZSiteStage), for name and description as typed.
    name: ZSiteStage.shape.name,
    description: ZSiteStage.shape.description.unwrap(),
    target: z
      .string()
      .trim()
      .refine((v) => v === '' || NUMBER.test(v), 'sites.activity.numberInvalid'),
    planned_start: z.string().nullable(),
    planned_end: z.string().nullable(),
  })
  .superRefine((row, ctx) => {
    if (row.planned_start && row.planned_end && row.planned_end < row.planned_start) {
      ctx.addIssue({ code: 'custom', path: ['planned_end'], message: 'sites.activity.endBeforeStart' });
    }
  });

/** A design value as the API checks it (shared `ZDesignValueName`, `SITE_LIMITS`); the form asks for a value. */
const ZDesignRow = z.object({
  key: ZDesignValueName,
  value: z.string().trim().min(1).max(SITE_LIMITS.designValue),
});

/** The chainage at the alignment's first vertex as typed: empty (null: 0) or a number within the API's range. */
const ZChainageStart = z
  .string()
  .trim()
  .refine((v) => v === '' || NUMBER.test(v), 'sites.activity.numberInvalid')
  .refine((v) => v === '' || !NUMBER.test(v) || ZSiteActivityRequest.shape.chainage_start.safeParse(Number(v)).success, 'sites.activity.chainageRange');

const ZActivityForm = z
  .object({ stages: z.array(ZStageRow).max(SITE_LIMITS.stages), design_values: z.array(ZDesignRow), chainage_start: ZChainageStart })
  .superRefine((values, ctx) => {
    const seen = new Map<number, number>();
    values.stages.forEach((stage, i) => {
      const no = Number(stage.stage_no.trim());
      if (stage.stage_no.trim() === '' || Number.isNaN(no)) return;
      if (seen.has(no)) ctx.addIssue({ code: 'custom', path: ['stages', i, 'stage_no'], message: 'sites.activity.stageNoTaken' });
      else seen.set(no, i);
    });
    const keys = new Set<string>();
    values.design_values.forEach((row, i) => {
      const key = row.key.trim();
      if (key && keys.has(key)) ctx.addIssue({ code: 'custom', path: ['design_values', i, 'key'], message: 'sites.activity.valueNameTaken' });
      keys.add(key);
    });
  });

interface StageRow {
  stage_no: string;
  name: string;
  description: string;
  target: string;
  /** `YYYY-MM-DD` or null. */
  planned_start: string | null;
  planned_end: string | null;
}
interface DesignRow {
  key: string;
  value: string;
}
export interface ActivityFormValues {
  stages: StageRow[];
  design_values: DesignRow[];
  /** A mined tunnel's chainage at the start of its alignment as typed (`''`: none, i.e. 0). */
  chainage_start: string;
}

/** The form's rows of a site: stages in stage order, design values by name, a mined tunnel's starting chainage. */
export function activityValues(site: Pick<TSite, 'stages' | 'design_values' | 'chainage_start'>): ActivityFormValues {
  return {
    chainage_start: site.chainage_start === null ? '' : String(site.chainage_start),
    stages: [...site.stages]
      .sort((a, b) => a.stage_no - b.stage_no)
      .map((s) => ({
        stage_no: String(s.stage_no),
        name: s.name,
        description: s.description,
        target: s.target === null ? '' : String(s.target),
        planned_start: s.planned_start,
        planned_end: s.planned_end,
      })),
    design_values: Object.entries(site.design_values).map(([key, value]) => ({ key, value: String(value) })),
  };
}

/**
 * The request of the activity API: numbers where the text is a number (design values may also be short texts); a
 * mined tunnel's `chainage_start` (null when empty), nothing of it for an excavation site.
 */
export function activityRequest(
  values: ActivityFormValues,
  type: SiteType = 'E',
): Required<Pick<TSiteActivityRequest, 'stages' | 'design_values'>> & Pick<TSiteActivityRequest, 'chainage_start'> {
  const chainage = values.chainage_start.trim();
  return {
    ...(type === 'MT' ? { chainage_start: chainage === '' ? null : Number(chainage) } : {}),
    stages: values.stages.map((s) => ({
      stage_no: Number(s.stage_no.trim()),
      name: s.name.trim(),
      description: s.description.trim(),
      target: s.target.trim() === '' ? null : Number(s.target.trim()),
      planned_start: s.planned_start,
      planned_end: s.planned_end,
    })),
    design_values: Object.fromEntries(
      values.design_values.map((row) => {
        const value = row.value.trim();
        return [row.key.trim(), NUMBER.test(value) ? Number(value) : value];
      }),
    ),
  };
}

/** A date-only field (`YYYY-MM-DD`) with the app's date picker (DD/MM/YYYY in the configured time zone). */
function DateField({ name, label, disabled }: { name: string; label: string; disabled?: boolean }) {
  const { control } = useFormContext();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <AppDatePicker
          label={label}
          name={field.name}
          value={typeof field.value === 'string' && field.value ? dayjs.tz(field.value, DEFAULT_TIMEZONE).toISOString() : null}
          onChange={(iso) => field.onChange(iso ? dayjs(iso).tz(DEFAULT_TIMEZONE).format('YYYY-MM-DD') : null)}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ? translateMessage(fieldState.error.message) : undefined}
          disabled={disabled}
          fullWidth
          size="small"
        />
      )}
    />
  );
}

type Breakpoint = 'xs' | 'sm' | 'md';

/** Where a cell of a stage row sits at each width: [row, column]. Phones stack the dates; desktops keep one line. */
function cell(places: Partial<Record<Breakpoint, [number, string]>>) {
  const gridRow: Partial<Record<Breakpoint, number>> = {};
  const gridColumn: Partial<Record<Breakpoint, string>> = {};
  for (const [bp, [row, column]] of Object.entries(places) as [Breakpoint, [number, string]][]) {
    gridRow[bp] = row;
    gridColumn[bp] = column;
  }
  return { gridRow, gridColumn, minWidth: 0 };
}

function Stages({ type, readOnly }: { type: SiteType; readOnly?: boolean }) {
  const { t } = useTranslation();
  const { control, getValues } = useFormContext<ActivityFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'stages' });
  const addStage = () => {
    const numbers = getValues('stages')
      .map((s) => Number(s.stage_no))
      .filter((n) => Number.isFinite(n));
    const next = numbers.length > 0 ? Math.min(1000, Math.max(...numbers) + 1) : 1;
    append(
      { stage_no: String(next), name: '', description: '', target: '', planned_start: null, planned_end: null },
      { focusName: `stages.${fields.length}.name` },
    );
  };
  return (
    <Section
      title={type === 'E' ? t('sites.activity.stagesE') : t('sites.activity.stagesMT')}
      subheader={t('sites.activity.stagesHint')}
      action={
        !readOnly && (
          <Button startIcon={<Add />} onClick={addStage} disabled={fields.length >= 500}>
            {t('sites.activity.addStage')}
          </Button>
        )
      }
    >
      {fields.length === 0 ? (
        <EmptyText>{t('sites.activity.noStages')}</EmptyText>
      ) : (
        <Stack spacing={1.5} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('sites.activity.stagesList')}>
          {fields.map((field, i) => (
            <Paper key={field.id} component="li" variant="outlined" sx={{ p: 1.5 }} aria-label={t('sites.activity.stageN', { n: i + 1 })}>
              <Box
                sx={{
                  display: 'grid',
                  gap: 1.5,
                  gridTemplateColumns: {
                    xs: 'minmax(0, 1fr) minmax(0, 1fr) auto',
                    md: '90px minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1fr) auto',
                  },
                  alignItems: 'start',
                }}
              >
                <Box sx={cell({ xs: [1, '1'], md: [1, '1'] })}>
                  <SafeTextField
                    name={`stages.${i}.stage_no`}
                    label={t('sites.activity.stageNo')}
                    size="small"
                    required
                    fullWidth
                    disabled={readOnly}
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  />
                </Box>
                <Box sx={cell({ xs: [2, '1 / -1'], md: [1, '2'] })}>
                  <SafeTextField name={`stages.${i}.name`} label={t('sites.activity.stageName')} size="small" required fullWidth disabled={readOnly} />
                </Box>
                <Box sx={cell({ xs: [1, '2'], md: [1, '3'] })}>
                  <SafeTextField
                    name={`stages.${i}.target`}
                    label={type === 'E' ? t('sites.activity.targetE') : t('sites.activity.targetMT')}
                    size="small"
                    fullWidth
                    disabled={readOnly}
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  />
                </Box>
                <Box sx={cell({ xs: [3, '1 / -1'], sm: [3, '1'], md: [1, '4'] })}>
                  <DateField name={`stages.${i}.planned_start`} label={t('sites.activity.plannedStart')} disabled={readOnly} />
                </Box>
                <Box sx={cell({ xs: [4, '1 / -1'], sm: [3, '2 / -1'], md: [1, '5'] })}>
                  <DateField name={`stages.${i}.planned_end`} label={t('sites.activity.plannedEnd')} disabled={readOnly} />
                </Box>
                {!readOnly && (
                  <Box sx={cell({ xs: [1, '3'], md: [1, '6'] })}>
                    <Tooltip title={t('sites.activity.removeStage')}>
                      <IconButton color="error" aria-label={t('sites.activity.removeStageN', { n: i + 1 })} onClick={() => remove(i)}>
                        <Delete />
                      </IconButton>
                    </Tooltip>
                  </Box>
                )}
                <Box sx={cell({ xs: [5, '1 / -1'], sm: [4, '1 / -1'], md: [2, '1 / -1'] })}>
                  <SafeTextField name={`stages.${i}.description`} label={t('sites.common.description')} size="small" fullWidth multiline disabled={readOnly} />
                </Box>
              </Box>
            </Paper>
          ))}
        </Stack>
      )}
    </Section>
  );
}

/** A mined tunnel's alignment: the chainage of its LineString's first vertex (decision 038). */
function Alignment({ readOnly }: { readOnly?: boolean }) {
  const { t } = useTranslation();
  return (
    <Section title={t('sites.activity.alignment')}>
      <SafeTextField
        name="chainage_start"
        label={t('sites.activity.chainageStart')}
        helperText={t('sites.activity.chainageStartHint')}
        size="small"
        fullWidth
        disabled={readOnly}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        sx={{ maxWidth: { sm: 360 } }}
      />
    </Section>
  );
}

function DesignValues({ readOnly }: { readOnly?: boolean }) {
  const { t } = useTranslation();
  const { control } = useFormContext<ActivityFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'design_values' });
  return (
    <Section
      title={t('sites.activity.designValues')}
      subheader={t('sites.activity.designValuesHint')}
      action={
        !readOnly && (
          <Button startIcon={<Add />} onClick={() => append({ key: '', value: '' }, { focusName: `design_values.${fields.length}.key` })}>
            {t('sites.activity.addValue')}
          </Button>
        )
      }
    >
      {fields.length === 0 ? (
        <EmptyText>{t('sites.activity.noValues')}</EmptyText>
      ) : (
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('sites.activity.designValues')}>
          {fields.map((field, i) => (
            <Box
              key={field.id}
              component="li"
              sx={{
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', sm: 'minmax(0, 1fr) minmax(0, 1fr) auto' },
                alignItems: 'start',
              }}
            >
              <SafeTextField name={`design_values.${i}.key`} label={t('sites.activity.valueName')} size="small" required fullWidth disabled={readOnly} />
              <Box sx={{ gridRow: { xs: 2, sm: 'auto' } }}>
                <SafeTextField name={`design_values.${i}.value`} label={t('sites.activity.value')} size="small" required fullWidth disabled={readOnly} />
              </Box>
              {!readOnly && (
                <Tooltip title={t('sites.activity.removeValue')}>
                  <IconButton
                    color="error"
                    aria-label={t('sites.activity.removeValueN', { n: i + 1 })}
                    onClick={() => remove(i)}
                    sx={{ gridColumn: { xs: 2, sm: 'auto' }, gridRow: { xs: 1, sm: 'auto' } }}
                  >
                    <Delete />
                  </IconButton>
                </Tooltip>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </Section>
  );
}

export interface ActivityFormProps {
  site: TSite;
  onSubmit: (body: TSiteActivityRequest) => Promise<unknown>;
  readOnly?: boolean;
}

/**
 * Stages (number, name, target level or chainage, planned start and end, description) and design values (name ->
 * number or short text) of a site, and a mined tunnel's chainage at the start of its alignment, saved together through
 * the activity API. Server field errors such as `stages.2.name` or `chainage_start` land on their field.
 */
export function ActivityForm({ site, onSubmit, readOnly }: ActivityFormProps) {
  const { t } = useTranslation();
  const form = useSafeForm<ActivityFormValues, ActivityFormValues>({
    schema: ZActivityForm as unknown as z.ZodType<ActivityFormValues, ActivityFormValues>,
    defaultValues: activityValues(site),
  });
  const { isDirty, isSubmitting } = form.formState;
  return (
    <SafeForm
      form={form}
      autoFocus={false}
      aria-label={t('sites.activity.formLabel', { name: site.site_name })}
      onSubmit={async (values) => {
        await onSubmit(activityRequest(values, site.type));
      }}
    >
      {site.type === 'MT' && <Alignment readOnly={readOnly} />}
      <Stages type={site.type} readOnly={readOnly} />
      <DesignValues readOnly={readOnly} />
      {!readOnly && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {t('sites.common.save')}
          </Button>
          <Button onClick={() => form.reset()} disabled={!isDirty || isSubmitting}>
            {t('sites.activity.discard')}
          </Button>
          {isDirty && (
            <Typography variant="body2" color="text.secondary">
              {t('sites.activity.unsaved')}
            </Typography>
          )}
        </Stack>
      )}
    </SafeForm>
  );
}
