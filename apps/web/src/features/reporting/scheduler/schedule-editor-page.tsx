import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AppAlert } from '../../../components/feedback';
import { LoadError, Loading } from '../../../components/query-states';
import { idOrUndefined } from '../../../lib/page-nav';
import { useSchedule } from './api';
import { RunHistory } from './run-history';
import { ScheduleForm } from './schedule-form';

const WIDTH = { maxWidth: 1100 };

/** `/report/scheduler/add`. */
export function NewSchedulePage() {
  return (
    <Stack sx={WIDTH}>
      <ScheduleForm />
    </Stack>
  );
}

/** `/report/scheduler/edit/{scheduler_id}`: the schedule once loaded (404: "not found"), then its run history and Run now. */
export function EditSchedulePage() {
  const { t } = useTranslation();
  const { scheduler_id } = useParams();
  const id = idOrUndefined(scheduler_id);
  const query = useSchedule(id);
  if (id === undefined) return <AppAlert type="error" message={t('customReports.schedule.notFound')} />;
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} notFound={t('customReports.schedule.notFound')} />;
  return (
    <Stack spacing={2} sx={WIDTH}>
      <ScheduleForm key={query.data.scheduler_id} schedule={query.data} />
      <RunHistory schedule={query.data} />
    </Stack>
  );
}
