import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { isUserStatus, USER_STATUS_COLORS, USER_STATUS_KEYS } from './labels';

export type ChipColor = 'default' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning';

/** A small coloured label for a state (a status, an outcome). */
export function StateChip({ label, color = 'default' }: { label: string; color?: ChipColor }) {
  return <Chip size="small" label={label} color={color} variant={color === 'default' ? 'outlined' : 'filled'} />;
}

/** A user's status: Active, Pending, Suspended or Terminated. */
export function UserStatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  if (!isUserStatus(status)) return <StateChip label={status} />;
  return <StateChip label={t(USER_STATUS_KEYS[status])} color={USER_STATUS_COLORS[status]} />;
}
