import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';

export interface MultiSelectProps {
  label: string;
  options: readonly { id: number; label: string }[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  helperText?: ReactNode;
  error?: boolean;
  disabled?: boolean;
  required?: boolean;
}

/** Several records by id, with a tick per option; the chosen ones joined by commas. */
export function MultiSelect({ label, options, value, onChange, helperText, error, disabled, required }: MultiSelectProps) {
  const labelOf = new Map(options.map((o) => [String(o.id), o.label]));
  const chosen = value.map(String);
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={label}
      value={chosen}
      error={error}
      required={required}
      disabled={disabled}
      helperText={helperText}
      slotProps={{
        select: { multiple: true, renderValue: (selected) => (selected as string[]).map((v) => labelOf.get(v) ?? v).join(', ') },
      }}
      onChange={(event) => {
        const raw = event.target.value as unknown as string[] | string;
        onChange((typeof raw === 'string' ? raw.split(',') : raw).filter(Boolean).map(Number));
      }}
    >
      {options.map((o) => (
        <MenuItem key={o.id} value={String(o.id)}>
          <Checkbox size="small" checked={chosen.includes(String(o.id))} sx={{ p: 0.5, mr: 1 }} />
          <ListItemText primary={o.label} />
        </MenuItem>
      ))}
    </TextField>
  );
}
