import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { SITE_TYPES } from '@strata/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractOptions } from '../../../lib/contract-options';
import { SITE_TYPE_KEYS } from './site-type';

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

/** "All contracts" and the caller's contracts (the only ones the server lets them filter by). */
export function ContractFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const contracts = useContractOptions();
  const options = contracts.data ?? [];
  // Until the options arrive a value from the URL would be out of range for the select.
  const shown = options.some((c) => String(c.contract_id) === value) ? value : '';
  return (
    <FilterSelect label={t('sites.common.contract')} value={shown} onChange={onChange}>
      <MenuItem value="">{t('sites.common.allContracts')}</MenuItem>
      {options.map((c) => (
        <MenuItem key={c.contract_id} value={String(c.contract_id)}>
          {c.no} — {c.title}
        </MenuItem>
      ))}
    </FilterSelect>
  );
}

/** "All types", E (excavation) and MT (mined tunnel). */
export function SiteTypeFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <FilterSelect label={t('sites.common.type')} value={value === 'E' || value === 'MT' ? value : ''} onChange={onChange}>
      <MenuItem value="">{t('sites.common.allTypes')}</MenuItem>
      {SITE_TYPES.map((type) => (
        <MenuItem key={type} value={type}>
          {t(SITE_TYPE_KEYS[type])}
        </MenuItem>
      ))}
    </FilterSelect>
  );
}
