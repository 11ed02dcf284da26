import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/i18n';

export interface IdOption {
  id: number;
  label: string;
}

export interface IdPickerProps {
  /** The form field holding the chosen ids (a number list). */
  name: string;
  label: string;
  /** What can be chosen now (all of them, or the current search's answer). */
  options: readonly IdOption[];
  /** Names of ids that are not among the options (a saved choice). */
  known?: ReadonlyMap<number, string>;
  /** Given: the options are searched on the server; called 300 ms after the typing stops. */
  onSearch?: (text: string) => void;
  loading?: boolean;
  helperText?: string;
  /** The options could not be read (no permission): the field keeps its ids and says why. */
  unavailable?: string | null;
  disabled?: boolean;
}

/**
 * A multiple choice of records by id in a SafeForm (instruments, groups, roles, users …): chips of the chosen ones,
 * searchable. A saved id whose name is unknown shows as `#id`.
 */
export function IdPicker({ name, label, options, known, onSearch, loading, helperText, unavailable, disabled }: IdPickerProps) {
  const { t } = useTranslation();
  const { control } = useFormContext();
  const [input, setInput] = useState('');
  const seen = useRef(new Map<number, string>());
  for (const option of options) seen.current.set(option.id, option.label);
  useEffect(() => {
    if (!onSearch) return;
    const timer = setTimeout(() => onSearch(input.trim()), 300);
    return () => clearTimeout(timer);
  }, [input, onSearch]);
  const labelOf = (id: number) => seen.current.get(id) ?? known?.get(id) ?? `#${id}`;

  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const ids = (field.value as number[] | undefined) ?? [];
        const value: IdOption[] = ids.map((id) => ({ id, label: labelOf(id) }));
        const message = fieldState.error?.message ? translateMessage(fieldState.error.message) : (unavailable ?? helperText);
        return (
          <Autocomplete<IdOption, true>
            multiple
            size="small"
            options={options as IdOption[]}
            value={value}
            disabled={disabled}
            loading={loading}
            filterSelectedOptions
            filterOptions={onSearch ? (list) => list : undefined}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            getOptionLabel={(o) => o.label}
            getOptionKey={(o) => o.id}
            loadingText={t('common.loading')}
            noOptionsText={t('alertRules.picker.noOptions')}
            onInputChange={(_event, text, reason) => {
              if (reason !== 'reset') setInput(text);
            }}
            onChange={(_event, chosen) => {
              for (const option of chosen) seen.current.set(option.id, option.label);
              field.onChange(chosen.map((o) => o.id));
            }}
            onBlur={field.onBlur}
            renderInput={(params) => (
              <TextField
                {...params}
                inputRef={field.ref}
                label={label}
                error={Boolean(fieldState.error)}
                helperText={message}
                placeholder={ids.length === 0 ? t('alertRules.picker.placeholder') : undefined}
              />
            )}
          />
        );
      }}
    />
  );
}
