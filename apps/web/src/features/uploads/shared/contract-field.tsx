import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useContractList } from '../../../lib/active-contracts';
import { ApiError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';

/** The server's field errors of a refused send (`contract_id` → its message), or none. */
export function sendFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fieldErrors) return {};
  return Object.fromEntries(Object.entries(error.fieldErrors).map(([key, value]) => [key, String(value)]));
}

export interface UploadContractFieldProps {
  /** The contract id as text, `''` when none is chosen. */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** The user tried to send: an empty choice shows "Choose a contract". */
  touched: boolean;
  /** The server's message about the contract (outside the user's contracts …). */
  serverError?: string;
}

/** The contract an upload belongs to (required), from the user's contracts. */
export function UploadContractField({ value, onChange, disabled, touched, serverError }: UploadContractFieldProps) {
  const { t } = useTranslation();
  const { contracts } = useContractList();
  const missing = touched && value === '';
  return (
    <TextField
      select
      required
      size="small"
      label={t('uploadPages.dialog.contract')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      error={missing || Boolean(serverError)}
      helperText={serverError ? translateMessage(serverError) : missing ? t('uploadPages.dialog.contractRequired') : undefined}
    >
      {contracts.map((item) => (
        <MenuItem key={item.contract_id} value={String(item.contract_id)}>
          {item.no}
        </MenuItem>
      ))}
    </TextField>
  );
}
