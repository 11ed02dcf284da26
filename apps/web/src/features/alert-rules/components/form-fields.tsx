import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import { useId } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SafeTextField } from '../../../components/safe-form';
import { useConfig } from '../../../lib/config';
import { translateMessage } from '../../../lib/i18n';

/** A yes/no field of a SafeForm as a switch. */
export function SwitchField({ name, label, disabled }: { name: string; label: string; disabled?: boolean }) {
  const { control } = useFormContext();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControlLabel
          control={<Switch checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} disabled={disabled} />}
          label={label}
        />
      )}
    />
  );
}

export interface Choice {
  value: string;
  label: string;
}

/** Several of a few choices (kinds, levels, channels) as a row of check boxes that wraps on phones. */
export function CheckboxGroupField({ name, label, choices, helperText }: { name: string; label: string; choices: readonly Choice[]; helperText?: string }) {
  const { control } = useFormContext();
  const id = useId();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const chosen = (field.value as string[] | undefined) ?? [];
        const toggle = (value: string, on: boolean) => field.onChange(on ? [...chosen, value] : chosen.filter((v) => v !== value));
        return (
          <FormControl component="fieldset" error={Boolean(fieldState.error)} variant="standard">
            <FormLabel component="legend" id={id}>
              {label}
            </FormLabel>
            <FormGroup row aria-labelledby={id}>
              {choices.map((choice) => (
                <FormControlLabel
                  key={choice.value}
                  control={<Checkbox size="small" checked={chosen.includes(choice.value)} onChange={(event) => toggle(choice.value, event.target.checked)} />}
                  label={choice.label}
                />
              ))}
            </FormGroup>
            {(fieldState.error?.message || helperText) && (
              <FormHelperText>{fieldState.error?.message ? translateMessage(fieldState.error.message) : helperText}</FormHelperText>
            )}
          </FormControl>
        );
      }}
    />
  );
}

/** The configured alert levels (`GET /config`), mildest first, as `{ value: code, label }`. */
export function useLevelChoices(): Choice[] {
  const config = useConfig();
  return [...(config.data?.thresholds ?? [])].sort((a, b) => a.severity - b.severity).map((l) => ({ value: l.code, label: `${l.code} — ${l.name}` }));
}

/** The level of a rule: one of the configured levels. */
export function LevelField({ name, label }: { name: string; label: string }) {
  const levels = useLevelChoices();
  const { t } = useTranslation();
  return (
    <SafeTextField select size="small" fullWidth name={name} label={label} helperText={t('alertRules.rule.levelHelp')}>
      {levels.map((level) => (
        <MenuItem key={level.value} value={level.value}>
          {level.label}
        </MenuItem>
      ))}
    </SafeTextField>
  );
}
