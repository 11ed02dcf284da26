import Chip from '@mui/material/Chip';
import type { AlertStatus } from '@strata/shared';
import { useTranslation } from 'react-i18next';

/** Open (outlined, warning) or Closed (plain). */
export function AlertStatusChip({ status }: { status: AlertStatus }) {
  const { t } = useTranslation();
  return status === 'open' ? (
    <Chip size="small" variant="outlined" color="warning" label={t('alerts.status.open')} />
  ) : (
    <Chip size="small" label={t('alerts.status.closed')} />
  );
}
