import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useContractOptions } from '../../lib/contract-options';

interface FilterSelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}

/** A select of a filter bar: every change applies at once. */
export function FilterSelect({ label, value, onChange, children }: FilterSelectProps) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      fullWidth
      // The empty choice ("All …") shows as such, not as an empty field.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      {children}
    </TextField>
  );
}

interface ContractFilterProps {
  /** The select's label and its empty choice ("All contracts"), in the feature's words. */
  label: string;
  allLabel: string;
  value: string;
  onChange: (value: string) => void;
}

/** The empty choice and the caller's contracts (the only ones the server lets them filter by), as "T301 — title". */
export function ContractFilter({ label, allLabel, value, onChange }: ContractFilterProps) {
  const options = useContractOptions().data ?? [];
  // Until the options arrive a value from the URL would be out of range for the select.
  const shown = options.some((c) => String(c.contract_id) === value) ? value : '';
  return (
    <FilterSelect label={label} value={shown} onChange={onChange}>
      <MenuItem value="">{allLabel}</MenuItem>
      {options.map((c) => (
        <MenuItem key={c.contract_id} value={String(c.contract_id)}>
          {c.title ? `${c.no} — ${c.title}` : c.no}
        </MenuItem>
      ))}
    </FilterSelect>
  );
}
