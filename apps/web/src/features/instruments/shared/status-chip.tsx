import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { isInstrumentStatus, STATUS_COLORS, STATUS_KEYS } from './labels';

/** An instrument's status: Active, Inactive, Damaged or Removed. */
export function InstrumentStatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  if (!isInstrumentStatus(status)) return <Chip size="small" variant="outlined" label={status} />;
  const color = STATUS_COLORS[status];
  return <Chip size="small" label={t(STATUS_KEYS[status])} color={color} variant={color === 'default' ? 'outlined' : 'filled'} />;
}
