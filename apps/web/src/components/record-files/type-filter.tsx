import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

export interface TypeFilterProps<T extends string> {
  label: string;
  options: readonly { value: T; label: string }[];
  /** The chosen values; none chosen means all. */
  value: readonly T[];
  onChange: (value: T[]) => void;
}

/** A multiple choice of file types ("All types" when none is chosen). */
export function TypeFilter<T extends string>({ label, options, value, onChange }: TypeFilterProps<T>) {
  const { t } = useTranslation();
  const labelOf = new Map(options.map((o) => [o.value, o.label]));
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => {
        const raw = event.target.value as unknown;
        const next = (typeof raw === 'string' ? raw.split(',') : (raw as string[])).filter((v): v is T => labelOf.has(v as T));
        // Keep the options' order.
        onChange(options.map((o) => o.value).filter((v) => next.includes(v)));
      }}
      sx={{ minWidth: 180, flexShrink: 0 }}
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (selected) => {
            const chosen = selected as T[];
            return chosen.length === 0 ? t('files.common.allTypes') : chosen.map((v) => labelOf.get(v) ?? v).join(', ');
          },
        },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          <Checkbox size="small" checked={value.includes(option.value)} sx={{ p: 0.5, mr: 1 }} />
          <ListItemText primary={option.label} />
        </MenuItem>
      ))}
    </TextField>
  );
}
