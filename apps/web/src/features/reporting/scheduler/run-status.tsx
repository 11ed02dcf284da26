import Chip from '@mui/material/Chip';
import { REPORT_SCHEDULE_MESSAGES, type ScheduleRunStatus } from '@strata/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/feedback';
import { errorText } from '../../../lib/error-text';
import { runScheduleNow, scheduleKeys } from './api';

const COLORS: Record<ScheduleRunStatus, 'info' | 'success' | 'error' | 'warning'> = { running: 'info', sent: 'success', failed: 'error', retrying: 'warning' };

/** A run's status as a chip. */
export function RunStatusChip({ status }: { status: ScheduleRunStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={COLORS[status]} label={t(`customReports.run.status.${status}`)} />;
}

/** Run now: `POST …/run`, the contract's message as the toast (REPORT_SCHEDULE_MESSAGES.runStarted), the lists asked again. */
export function useRunNow(): (schedulerId: number) => Promise<void> {
  const toast = useToast();
  const client = useQueryClient();
  return useCallback(
    async (schedulerId: number) => {
      try {
        await runScheduleNow(schedulerId);
        toast({ color: 'success', message: REPORT_SCHEDULE_MESSAGES.runStarted });
      } catch (error) {
        toast({ color: 'error', message: errorText(error) });
      }
      await client.invalidateQueries({ queryKey: scheduleKeys.all });
    },
    [client, toast],
  );
}
