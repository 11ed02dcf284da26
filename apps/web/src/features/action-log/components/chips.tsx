import Chip from '@mui/material/Chip';
import type { ActionCaseStatus } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { textOn } from '../../../lib/text-on';

/** Open (outlined, warning) or Closed (plain). */
export function CaseStatusChip({ status }: { status: ActionCaseStatus }) {
  const { t } = useTranslation();
  return status === 'open' ? (
    <Chip size="small" variant="outlined" color="warning" label={t('actionLog.status.open')} data-testid="case-status" />
  ) : (
    <Chip size="small" label={t('actionLog.status.closed')} data-testid="case-status" />
  );
}

/** An alert level in its colour (levels are data: each has its own). */
export function LevelChip({ code, color }: { code: string; color: string | null }) {
  const background = color ?? '#757575';
  return <Chip size="small" label={code} data-testid="case-level" sx={{ bgcolor: background, color: textOn(background), fontWeight: 600 }} />;
}
