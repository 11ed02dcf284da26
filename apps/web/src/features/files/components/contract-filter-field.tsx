import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { TContract } from '@strata/shared';
import { useTranslation } from 'react-i18next';

interface ContractFilterFieldProps {
  contracts: readonly TContract[];
  /** The chosen contract id as text ('' = all contracts; an id not among `contracts` shows as all). */
  value: string;
  onChange: (value: string) => void;
}

/** The Contract choice of the file filters: one of the user's contracts, or all of them. */
export function ContractFilterField({ contracts, value, onChange }: ContractFilterFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('files.search.contract')}
      value={contracts.some((c) => String(c.contract_id) === value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{t('files.search.allContracts')}</MenuItem>
      {contracts.map((c) => (
        <MenuItem key={c.contract_id} value={String(c.contract_id)}>
          {c.no}
        </MenuItem>
      ))}
    </TextField>
  );
}
