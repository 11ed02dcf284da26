import Chip from '@mui/material/Chip';
import type { TUploadStatus } from '@strata/shared';
import { useTranslation } from 'react-i18next';

type ChipColor = 'default' | 'primary' | 'error' | 'info' | 'success' | 'warning';

const COLORS: Record<TUploadStatus, ChipColor> = {
  received: 'default',
  validating: 'info',
  validated: 'primary',
  invalid: 'warning',
  approved: 'info',
  loading: 'info',
  done: 'success',
  failed: 'error',
  rejected: 'default',
};

/** An upload's status as a small coloured chip. */
export function UploadStatusChip({ status }: { status: TUploadStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={COLORS[status]} variant={status === 'rejected' ? 'outlined' : 'filled'} label={t(`uploadPages.status.${status}`)} />;
}
