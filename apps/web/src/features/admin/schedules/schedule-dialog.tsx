import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { SCHEDULE_TYPES, ZScheduleCommon, type ScheduleType, type TSchedule } from '@strata/shared';
import { useId } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useToast } from '../../../components/feedback';
import { SafeForm, SafeTextField, useSafeForm } from '../../../components/safe-form';
import { i18n } from '../../../lib/i18n';
import { useSaveSchedule, useScheduleJobs } from './api';
import { TIMING_FIELDS, timingOf, WEEKDAYS } from './timing';

const RANGES = { duration: [1, 1440], minute: [0, 59], hour: [0, 23], dow: [0, 6], dom: [1, 31] } as const;
type TimingField = keyof typeof RANGES;

const ZScheduleForm = z
  .object({
    // Name and description as the API checks them (shared `ZScheduleCommon`, its limits).
    name: ZScheduleCommon.shape.name,
    description: ZScheduleCommon.shape.description.unwrap(),
    job: z.string().min(1, 'admin.schedules.jobRequired'),
    type: z.enum(SCHEDULE_TYPES),
    duration: z.string(),
    minute: z.string(),
    hour: z.string(),
    dow: z.string(),
    dom: z.string(),
    enabled: z.boolean(),
  })
  .superRefine((values, ctx) => {
    for (const field of TIMING_FIELDS[values.type]) {
      const [min, max] = RANGES[field];
      const text = values[field].trim();
      const n = Number(text);
      if (!/^\d+$/.test(text) || n < min || n > max) {
        // Translated here: the message carries its range (validation runs in the reader's language).
        ctx.addIssue({ code: 'custom', path: [field], message: i18n.t('admin.schedules.numberRange', { min, max }) });
      }
    }
  });
type ScheduleForm = z.input<typeof ZScheduleForm>;

function formOf(schedule?: TSchedule): ScheduleForm {
  const text = (n: number | null | undefined, fallback: string) => (n === null || n === undefined ? fallback : String(n));
  return {
    name: schedule?.name ?? '',
    description: schedule?.description ?? '',
    job: schedule?.job ?? '',
    type: schedule?.type ?? 'daily',
    duration: text(schedule?.duration, '60'),
    minute: text(schedule?.minute, '0'),
    hour: text(schedule?.hour, '2'),
    dow: text(schedule?.dow, '0'),
    dom: text(schedule?.dom, '1'),
    enabled: schedule?.enabled ?? true,
  };
}

function TimingFields() {
  const { t } = useTranslation();
  const type = useWatch<ScheduleForm, 'type'>({ name: 'type' });
  const label: Record<TimingField, string> = {
    duration: t('admin.schedules.duration'),
    minute: t('admin.schedules.minute'),
    hour: t('admin.schedules.hour'),
    dow: t('admin.schedules.dow'),
    dom: t('admin.schedules.dom'),
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      {TIMING_FIELDS[type].map((field) =>
        field === 'dow' ? (
          <SafeTextField key={field} name="dow" select label={label.dow} fullWidth>
            {WEEKDAYS.map((day) => (
              <MenuItem key={day} value={String(day)}>
                {t(`admin.schedules.weekday.${day}`)}
              </MenuItem>
            ))}
          </SafeTextField>
        ) : (
          <SafeTextField
            key={field}
            name={field}
            type="number"
            label={label[field]}
            fullWidth
            slotProps={{ htmlInput: { min: RANGES[field][0], max: RANGES[field][1], step: 1 } }}
            helperText={field === 'dom' ? t('admin.schedules.domHint') : undefined}
          />
        ),
      )}
    </Stack>
  );
}

export interface ScheduleDialogProps {
  open: boolean;
  /** Absent: create. */
  schedule?: TSchedule;
  onClose: () => void;
}

/** Create or edit a schedule: name, description, job, type and its fields, enabled. */
export function ScheduleDialog({ open, schedule, onClose }: ScheduleDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullScreen={fullScreen} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{schedule ? t('admin.schedules.editTitle') : t('admin.schedules.createTitle')}</DialogTitle>
      {open && <ScheduleFormBody key={schedule?.schedule_id ?? 'new'} schedule={schedule} onDone={onClose} />}
    </Dialog>
  );
}

function ScheduleFormBody({ schedule, onDone }: { schedule?: TSchedule; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const jobs = useScheduleJobs();
  const save = useSaveSchedule();
  const form = useSafeForm<ScheduleForm>({ schema: ZScheduleForm, defaultValues: formOf(schedule) });
  const onSubmit = async (values: ScheduleForm) => {
    const type = values.type as ScheduleType;
    const saved = await save.mutateAsync({
      id: schedule?.schedule_id,
      body: {
        name: values.name.trim(),
        description: values.description.trim(),
        job: values.job,
        params: schedule?.params ?? {},
        enabled: values.enabled,
        ...timingOf(type, values),
      },
    });
    toast({ color: 'success', message: t(schedule ? 'admin.schedules.saved' : 'admin.schedules.created', { name: saved.name }) });
    onDone();
  };
  return (
    <SafeForm form={form} onSubmit={onSubmit} aria-label={t('admin.schedules.createTitle')}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <SafeTextField name="name" label={t('admin.schedules.name')} required fullWidth />
          <SafeTextField name="description" label={t('admin.schedules.description')} fullWidth />
          <SafeTextField name="job" select label={t('admin.schedules.job')} required fullWidth disabled={!jobs.data}>
            {(jobs.data?.records ?? []).map((job) => (
              <MenuItem key={job.name} value={job.name}>
                {job.label}
              </MenuItem>
            ))}
          </SafeTextField>
          <SafeTextField name="type" select label={t('admin.schedules.type')} required fullWidth>
            {SCHEDULE_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`admin.schedules.typeName.${type}`)}
              </MenuItem>
            ))}
          </SafeTextField>
          <TimingFields />
          <Controller<ScheduleForm, 'enabled'>
            name="enabled"
            render={({ field }) => (
              <FormControlLabel
                label={t('admin.schedules.enabled')}
                control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              />
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onDone}>{t('admin.common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
          {t('admin.common.save')}
        </Button>
      </DialogActions>
    </SafeForm>
  );
}
