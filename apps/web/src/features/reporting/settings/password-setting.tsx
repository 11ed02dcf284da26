import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** A write-only password as the form holds it: keep the stored one, clear it, or set a new one. */
export type PasswordDraft = { mode: 'keep' } | { mode: 'clear' } | { mode: 'set'; value: string };

export const KEEP: PasswordDraft = { mode: 'keep' };

/** The PUT's value: undefined keeps, null clears, text sets (an empty Change field keeps). */
export function passwordValue(draft: PasswordDraft): string | null | undefined {
  if (draft.mode === 'clear') return null;
  if (draft.mode === 'set' && draft.value !== '') return draft.value;
  return undefined;
}

export interface PasswordSettingProps {
  /** The accessible name of the group and its controls ("Open password of Reading Report"). */
  label: string;
  /** Whether a password is stored. */
  isSet: boolean;
  value: PasswordDraft;
  onChange: (next: PasswordDraft) => void;
  error?: string;
}

/**
 * "Set" or "Not set" (the password itself is never shown or sent back), Change (a password field; empty keeps the
 * stored one) and Clear (when one is set); Undo returns to keeping it.
 */
export function PasswordSetting({ label, isSet, value, onChange, error }: PasswordSettingProps) {
  const { t } = useTranslation();
  const status = value.mode === 'clear' ? t('customReports.settings.willClear') : isSet ? t('customReports.settings.set') : t('customReports.settings.notSet');
  return (
    <Stack direction="row" spacing={1} useFlexGap role="group" aria-label={label} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Chip size="small" variant="outlined" color={value.mode === 'clear' ? 'warning' : isSet ? 'success' : 'default'} label={status} />
      {value.mode === 'set' ? (
        <TextField
          size="small"
          type="password"
          autoComplete="new-password"
          label={t('customReports.settings.newPassword')}
          value={value.value}
          onChange={(e) => onChange({ mode: 'set', value: e.target.value })}
          error={Boolean(error)}
          helperText={error}
          slotProps={{ htmlInput: { maxLength: 128, 'aria-label': t('customReports.settings.newPasswordOf', { name: label }) } }}
          sx={{ minWidth: 180, flex: '1 1 180px', maxWidth: 280 }}
        />
      ) : (
        <Button size="small" onClick={() => onChange({ mode: 'set', value: '' })} aria-label={t('customReports.settings.changeOf', { name: label })}>
          {t(isSet ? 'customReports.settings.change' : 'customReports.settings.setPassword')}
        </Button>
      )}
      {isSet && value.mode !== 'clear' && (
        <Button size="small" color="inherit" onClick={() => onChange({ mode: 'clear' })} aria-label={t('customReports.settings.clearOf', { name: label })}>
          {t('customReports.settings.clear')}
        </Button>
      )}
      {value.mode !== 'keep' && (
        <Button size="small" color="inherit" onClick={() => onChange(KEEP)} aria-label={t('customReports.settings.undoOf', { name: label })}>
          {t('customReports.settings.undo')}
        </Button>
      )}
      {error && value.mode !== 'set' && <Chip size="small" color="error" label={error} />}
    </Stack>
  );
}
