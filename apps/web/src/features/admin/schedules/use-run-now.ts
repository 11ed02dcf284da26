import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/feedback';
import { errorText } from '../../../lib/error-text';
import { useGo } from '../../../lib/page-nav';
import { useRunSchedule } from './api';

/** Run now: the outcome as a toast whose action opens the schedule's logs. */
export function useRunNow() {
  const { t } = useTranslation();
  const toast = useToast();
  const go = useGo();
  const run = useRunSchedule();
  const runNow = async (schedule: { schedule_id: number; name: string }) => {
    try {
      const result = await run.mutateAsync(schedule.schedule_id);
      const outcome = t(`admin.schedules.outcome.${result.outcome}`);
      toast({
        color: result.outcome === 'failed' ? 'error' : 'success',
        message: `${t('admin.schedules.ran', { name: schedule.name, outcome })}${result.message ? ` — ${result.message}` : ''}`,
        actionText: t('admin.schedules.logs'),
        actionCb: () => go(`/master-data/schedule-logs/${schedule.schedule_id}`),
      });
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
  };
  return { runNow, running: run.isPending };
}
