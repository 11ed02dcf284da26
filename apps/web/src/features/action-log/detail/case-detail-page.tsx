import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { TActionCaseDetail } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AppAlert, useToast } from '../../../components/feedback';
import { LoadError, Loading } from '../../../components/query-states';
import { Section } from '../../../components/section';
import { ApiError } from '../../../lib/api-client';
import { useConfig } from '../../../lib/config';
import { idOrUndefined } from '../../../lib/page-nav';
import { downloadCasePdf, useCase } from '../api/cases';
import { useActionLogLive } from '../api/keys';
import { CaseStatusChip } from '../components/chips';
import { CaseAlert, CaseFacts } from './case-facts';
import { CaseTimeline } from './case-timeline';
import { CloseCaseDialog } from './close-case-dialog';
import { FollowUpForm } from './follow-up-form';

/**
 * `/alert/action-detail/{id}` (spec §2.6): one case — its facts, its alert, the follow-ups in order, a form to add one
 * (with photos and documents), closing with a reason, and the PDF download, each shown to who may.
 */
export function CaseDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const caseId = idOrUndefined(id);
  const query = useCase(caseId);
  useActionLogLive();

  if (caseId === undefined) return <AppAlert type="warning" message={t('actionLog.detail.notFound')} />;
  if (query.isPending) return <Loading />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <AppAlert type="warning" message={t('actionLog.detail.notFound')} />;
    if (query.error instanceof ApiError && query.error.status === 403) return <AppAlert type="warning" message={t('actionLog.detail.forbidden')} />;
    return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <CaseView detail={query.data} />;
}

function CaseView({ detail }: { detail: TActionCaseDetail }) {
  const { t } = useTranslation();
  const toast = useToast();
  const config = useConfig();
  const [closing, setClosing] = useState(false);
  const [saving, setSaving] = useState(false);
  const c = detail.case;

  const download = async () => {
    setSaving(true);
    try {
      const name = await downloadCasePdf(c.case_id);
      toast({ message: t('actionLog.detail.pdfSaved', { name }), color: 'success' });
    } catch (error) {
      toast({ message: error instanceof Error ? error.message : String(error), color: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Section
        title={
          <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }} component="span">
            <span style={{ overflowWrap: 'anywhere' }}>{t('actionLog.detail.heading', { id: c.case_id, title: c.title })}</span>
            <CaseStatusChip status={c.status} />
          </Stack>
        }
        action={
          <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            {detail.can.download && (
              <Button variant="outlined" startIcon={<PictureAsPdfOutlined />} onClick={() => void download()} disabled={saving}>
                {t('actionLog.detail.pdf')}
              </Button>
            )}
            {detail.can.close && (
              <Button variant="contained" startIcon={<TaskAltOutlined />} onClick={() => setClosing(true)}>
                {t('actionLog.detail.close')}
              </Button>
            )}
          </Stack>
        }
      >
        <CaseFacts detail={detail} />
      </Section>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 7fr) minmax(0, 5fr)' }, alignItems: 'start' }}>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Section title={t('actionLog.detail.timeline')}>
            <CaseTimeline entries={detail.entries} />
          </Section>
          {detail.can.follow_up && (
            <Section title={t('actionLog.followUp.title')}>
              <FollowUpForm
                key={`${c.case_id}-${detail.entries.length}`}
                caseId={c.case_id}
                unlinked={detail.unlinked_files}
                timezone={config.data?.timezone}
              />
            </Section>
          )}
        </Stack>
        {(detail.alert || c.alert) && (
          <Section title={t('actionLog.detail.alert')}>
            <CaseAlert detail={detail} />
          </Section>
        )}
      </Box>
      <CloseCaseDialog open={closing} detail={detail} onClose={() => setClosing(false)} />
    </Stack>
  );
}
