import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import {
  ACTION_CASE_TASKS,
  ALERT_COMMENT_TOPIC,
  caseCategoryOfAlertKind,
  ZCloseAlertRequest,
  ZCreateCommentRequest,
  type TAlertDetail,
  type TComment,
} from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { AppAlert, useToast } from '../../../components/feedback';
import { LoadError, Loading } from '../../../components/query-states';
import { RecordComments } from '../../../components/record-comments';
import { Section } from '../../../components/section';
import { ApiError } from '../../../lib/api-client';
import { idOrUndefined, usePagePath } from '../../../lib/page-nav';
import { useRouteAction } from '../../../lib/route-actions';
import { useHasAnyPermission } from '../../../lib/use-can';
import { displayTimeZone } from '../../../lib/display-time';
import { translateServerMessage } from '../../../lib/i18n';
import { useAlert, useCloseAlert } from '../api/alerts';
import { useAlertsLive } from '../api/keys';
import { usePostQpComment, type QpKind } from '../api/qp-comments';
import { alertSubject } from '../components/alert-subject';
import { useDownloadDocument } from '../components/document-button';
import { LevelChip } from '../components/level-chip';
import { TextDialog } from '../components/text-dialog';
import { alertDetailPath, newCasePath } from '../paths';
import { closeTasksOf } from '../tasks';
import { AlertChart } from './alert-chart';
import { AlertFacts } from './alert-facts';
import { AlertHistory } from './alert-history';
import { AlertInstrument, AlertMembers } from './alert-instrument';
import { QpComments } from './qp-comments';

type Dialog = { kind: 'close' } | { kind: 'qp'; qp: QpKind } | null;

/**
 * `/alert-detail/{id}` (and the same page under `/alerts/instrument/{id}`, `/alerts/missing-readings/{id}` …; spec
 * §2.6): the alert with its level, values, times and status, the Close action (with a reason) for who may, the
 * readings around it with the threshold lines, its instrument (or the group's members), the history of its level
 * changes, the QPS and QPD comments and the comments on it.
 */
export function AlertDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const alertId = idOrUndefined(id);
  const query = useAlert(alertId);
  useAlertsLive();

  if (alertId === undefined) return <AppAlert type="warning" message={t('alerts.detail.notFound')} />;
  if (query.isPending) return <Loading />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <AppAlert type="warning" message={t('alerts.detail.notFound')} />;
    return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <AlertDetail detail={query.data} />;
}

/** Handles a route action while it is mounted (the shell shows the action only then). */
function RouteActionHandler({ id, run }: { id: string; run: () => void }) {
  useRouteAction(id, run);
  return null;
}

/** The QPS and QPD comments are among the alert's comments too, marked as such. */
const qpMarker = (comment: TComment): string | undefined => (comment.ref_data === 'QPS' || comment.ref_data === 'QPD' ? comment.ref_data : undefined);

function AlertDetail({ detail }: { detail: TAlertDetail }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { alert } = detail;
  const canClose = useHasAnyPermission(closeTasksOf(alert.kind)) && alert.status === 'open';
  // Opening a case in the Log of Actions Taken: the edit-or-follow-up task of the alert's case category.
  const canOpenCase = useHasAnyPermission(ACTION_CASE_TASKS[caseCategoryOfAlertKind(alert.kind)].edit) && alert.status === 'open';
  const href = usePagePath();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = useCloseAlert(alert.alert_id);
  const link = alertDetailPath(alert.alert_id);
  const qp = usePostQpComment(alert.alert_id, link);
  const document = useDownloadDocument();
  const hasReadings = detail.instrument !== null && alert.kind !== 'group' && alert.kind !== 'scenario' && alert.kind !== 'contract';

  useRouteAction('qps-comment', () => setDialog({ kind: 'qp', qp: 'QPS' }));
  useRouteAction('qpd-comment', () => setDialog({ kind: 'qp', qp: 'QPD' }));
  useRouteAction('download-document', () => void document.download(alert.alert_id));

  return (
    <Stack spacing={2}>
      {canClose && <RouteActionHandler id="close-alert" run={() => setDialog({ kind: 'close' })} />}
      <Section
        title={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }} component="span">
            {alert.level_code && <LevelChip code={alert.level_code} color={alert.level_color} name={alert.level_name} size="medium" />}
            <span>{alertSubject(alert)}</span>
          </Stack>
        }
        subheader={translateServerMessage(alert, displayTimeZone())}
        action={
          (canClose || canOpenCase) && (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              {canOpenCase && (
                <Button component={RouterLink} to={href(newCasePath(alert.alert_id))} variant="outlined" startIcon={<AssignmentOutlined />}>
                  {t('alerts.action.openCase')}
                </Button>
              )}
              {canClose && (
                <Button variant="contained" onClick={() => setDialog({ kind: 'close' })}>
                  {t('alerts.action.close')}
                </Button>
              )}
            </Stack>
          )
        }
      >
        <AlertFacts alert={alert} />
      </Section>

      {hasReadings && (
        <Section title={t('alerts.chart.title')}>
          <AlertChart detail={detail} />
        </Section>
      )}

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'minmax(0, 5fr) minmax(0, 7fr)' }, alignItems: 'start' }}>
        {detail.instrument ? (
          <Section title={t('alerts.instrument.title')}>
            <AlertInstrument instrument={detail.instrument} />
          </Section>
        ) : (
          <Section title={t('alerts.members.title')}>
            <AlertMembers members={detail.members} />
          </Section>
        )}
        <Section title={t('alerts.history.title')}>
          <AlertHistory detail={detail} />
        </Section>
      </Box>

      <QpComments alertId={alert.alert_id} onAdd={(kind) => setDialog({ kind: 'qp', qp: kind })} />
      <Section>
        <RecordComments topic={ALERT_COMMENT_TOPIC} refId={alert.alert_id} linkUri={link} heading markerOf={qpMarker} />
      </Section>

      <TextDialog
        open={dialog?.kind === 'close'}
        title={t('alerts.close.title')}
        prompt={t('alerts.close.prompt', { subject: alertSubject(alert) })}
        label={t('alerts.close.reason')}
        submitLabel={t('alerts.close.submit')}
        field={ZCloseAlertRequest.shape.reason}
        onClose={() => setDialog(null)}
        onSubmit={async (reason) => {
          await close.mutateAsync({ reason });
          setDialog(null);
          toast({ message: t('alerts.close.done'), color: 'success' });
        }}
      />
      <TextDialog
        open={dialog?.kind === 'qp'}
        title={dialog?.kind === 'qp' ? t(dialog.qp === 'QPS' ? 'alerts.qp.qpsTitle' : 'alerts.qp.qpdTitle') : ''}
        prompt={dialog?.kind === 'qp' ? t('alerts.qp.prompt', { subject: alertSubject(alert) }) : undefined}
        label={t('alerts.qp.comment')}
        submitLabel={t('alerts.qp.submit')}
        field={ZCreateCommentRequest.shape.comment}
        onClose={() => setDialog(null)}
        onSubmit={async (comment) => {
          if (dialog?.kind !== 'qp') return;
          await qp.mutateAsync({ kind: dialog.qp, comment });
          setDialog(null);
          toast({ message: t('alerts.qp.done', { kind: dialog.qp }), color: 'success' });
        }}
      />
    </Stack>
  );
}
