import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { WEEKDAYS, type TReportFrequency } from '@strata/shared';
import { useTranslation } from 'react-i18next';

export type FrequencyKind = TReportFrequency['kind'];

/** The frequency as the form holds it: every kind's fields, so switching kinds keeps what was typed. */
export interface FrequencyDraft {
  kind: FrequencyKind;
  time: string;
  weekdays: number[];
  day: string;
}

export const NEW_FREQUENCY: FrequencyDraft = { kind: 'weekly', time: '08:00', weekdays: [1], day: '1' };

/** A schedule's frequency as the form's draft. */
export function draftOf(frequency: TReportFrequency): FrequencyDraft {
  return {
    ...NEW_FREQUENCY,
    kind: frequency.kind,
    time: frequency.time,
    weekdays: frequency.kind === 'weekly' ? [...frequency.weekdays] : NEW_FREQUENCY.weekdays,
    day: frequency.kind === 'monthly' ? String(frequency.day) : NEW_FREQUENCY.day,
  };
}

/** The contract's frequency of the draft (checked by ZReportFrequency when the form is): weekdays in week order. */
export function frequencyOf(draft: FrequencyDraft): TReportFrequency {
  if (draft.kind === 'daily') return { kind: 'daily', time: draft.time };
  if (draft.kind === 'weekly') return { kind: 'weekly', weekdays: [...draft.weekdays].sort((a, b) => a - b), time: draft.time };
  return { kind: 'monthly', day: draft.day.trim() === '' ? Number.NaN : Number(draft.day), time: draft.time };
}

const KINDS: readonly FrequencyKind[] = ['daily', 'weekly', 'monthly'];

export interface FrequencyFieldProps {
  value: FrequencyDraft;
  onChange: (next: FrequencyDraft) => void;
  /** Errors below `frequency.` (`time`, `weekdays`, `day`). */
  errors: Record<string, string>;
}

/** Daily at a time; weekly on the ticked weekdays (Sunday to Saturday, spec §3) at a time; monthly on a day (1–31) at a time. */
export function FrequencyField({ value, onChange, errors }: FrequencyFieldProps) {
  const { t } = useTranslation();
  const set = (change: Partial<FrequencyDraft>) => onChange({ ...value, ...change });
  const toggle = (day: number, on: boolean) => set({ weekdays: on ? [...value.weekdays, day] : value.weekdays.filter((d) => d !== day) });

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
        <TextField
          select
          size="small"
          label={t('customReports.schedule.frequency')}
          value={value.kind}
          onChange={(e) => set({ kind: e.target.value as FrequencyKind })}
        >
          {KINDS.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {t(`customReports.schedule.kind.${kind}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="time"
          label={t('customReports.schedule.time')}
          value={value.time}
          onChange={(e) => set({ time: e.target.value })}
          error={Boolean(errors.time)}
          helperText={errors.time}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
        />
        {value.kind === 'monthly' && (
          <TextField
            size="small"
            type="number"
            label={t('customReports.schedule.day')}
            value={value.day}
            onChange={(e) => set({ day: e.target.value })}
            error={Boolean(errors.day)}
            helperText={errors.day ?? t('customReports.schedule.dayHint')}
            slotProps={{ htmlInput: { min: 1, max: 31 } }}
          />
        )}
      </Box>
      {value.kind === 'weekly' && (
        <FormControl component="fieldset" error={Boolean(errors.weekdays)}>
          <FormLabel component="legend">{t('customReports.schedule.weekdays')}</FormLabel>
          <FormGroup row>
            {WEEKDAYS.map((day) => (
              <FormControlLabel
                key={day.id}
                control={<Checkbox size="small" checked={value.weekdays.includes(day.id)} onChange={(e) => toggle(day.id, e.target.checked)} />}
                label={t(`customReports.weekday.${day.id}`)}
              />
            ))}
          </FormGroup>
          {errors.weekdays && <FormHelperText>{errors.weekdays}</FormHelperText>}
        </FormControl>
      )}
    </Stack>
  );
}
