import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ZOpenActionCaseRequest, type TActionCaseTarget } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { translateServerMessage } from '../../../lib/i18n';
import { displayTimeZone } from '../../../lib/display-time';
import { AppLink } from '../../../components/app-link';
import { DetailList } from '../../../components/detail-list';
import { AppAlert, useToast } from '../../../components/feedback';
import { LoadError, Loading } from '../../../components/query-states';
import { SafeForm, SafeTextField, useSafeForm } from '../../../components/safe-form';
import { Section } from '../../../components/section';
import { ApiError } from '../../../lib/api-client';
import { idOrUndefined, useGo } from '../../../lib/page-nav';
import { useCaseTarget, useOpenCase, type CaseTarget } from '../api/cases';
import { LevelChip } from '../components/chips';
import { CATEGORY_LABELS } from '../components/labels';
import { alertPagePath, caseDetailPath } from '../paths';

/** The title as the API checks it (shared `ZOpenActionCaseRequest`, its limit); empty: the default title. */
const ZNewCaseForm = z.object({ title: ZOpenActionCaseRequest.shape.title.unwrap() });
type NewCaseForm = z.input<typeof ZNewCaseForm>;

/**
 * `/alert/action/new?alert_id=…` or `?instrument_id=…`: open a case for an alert (the alert page and the log's
 * "Open case" link here) or for a damaged instrument. Shows what the case is about; when one is open already, leads
 * to it instead.
 */
export function NewCasePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const alertId = idOrUndefined(params.get('alert_id'));
  const instrumentId = idOrUndefined(params.get('instrument_id'));
  const target: CaseTarget | null = alertId !== undefined ? { alertId } : instrumentId !== undefined ? { instrumentId } : null;
  const query = useCaseTarget(target);

  if (target === null) return <AppAlert type="warning" message={t('actionLog.newCase.missingTarget')} />;
  if (query.isPending) return <Loading />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <AppAlert type="warning" message={t('actionLog.newCase.notFound')} />;
    if (query.error instanceof ApiError && query.error.status === 403) return <AppAlert type="warning" message={t('actionLog.newCase.forbidden')} />;
    return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <NewCase target={query.data} request={alertId !== undefined ? { alert_id: alertId } : { instrument_id: instrumentId! }} />;
}

function NewCase({ target, request }: { target: TActionCaseTarget; request: { alert_id: number } | { instrument_id: number } }) {
  const { t } = useTranslation();
  const go = useGo();
  const toast = useToast();
  const open = useOpenCase();
  const form = useSafeForm<NewCaseForm>({ schema: ZNewCaseForm, defaultValues: { title: '' } });
  const onSubmit = async (values: NewCaseForm) => {
    const made = await open.mutateAsync({ ...request, title: values.title.trim() || undefined });
    toast({ color: 'success', message: t('actionLog.newCase.opened', { id: made.case.case_id }) });
    go(caseDetailPath(made.case.case_id), { replace: true });
  };
  const a = target.alert;
  return (
    <Section title={t(target.alert ? 'actionLog.newCase.forAlert' : 'actionLog.newCase.forInstrument')}>
      <Stack spacing={2}>
        <DetailList
          items={[
            { label: t('actionLog.detail.category'), value: t(CATEGORY_LABELS[target.category]) },
            { label: t('actionLog.detail.contract'), value: target.contract_no },
            ...(a
              ? [
                  {
                    label: t('actionLog.detail.alert'),
                    value: (
                      <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }} component="span">
                        {a.level_code && <LevelChip code={a.level_code} color={a.level_color} />}
                        <AppLink to={alertPagePath(a.alert_id)} sx={{ overflowWrap: 'anywhere' }}>
                          {translateServerMessage(a, displayTimeZone())}
                        </AppLink>
                      </Stack>
                    ),
                  },
                ]
              : []),
            ...(target.instrument_name ? [{ label: t('actionLog.detail.instrument'), value: target.instrument_name }] : []),
          ]}
        />
        {target.open_case_id !== null ? (
          <AppAlert
            type="info"
            message={t(a ? 'actionLog.newCase.alreadyOpen' : 'actionLog.newCase.alreadyOpenInstrument', { id: target.open_case_id })}
            action={
              <Button color="inherit" size="small" onClick={() => go(caseDetailPath(target.open_case_id!))}>
                {t('actionLog.newCase.goToCase', { id: target.open_case_id })}
              </Button>
            }
          />
        ) : (
          <SafeForm form={form} onSubmit={onSubmit} aria-label={t('actionLog.newCase.form')}>
            <SafeTextField
              name="title"
              label={t('actionLog.newCase.title')}
              fullWidth
              helperText={t('actionLog.newCase.titleHelp', { title: target.default_title })}
            />
            <Box>
              <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
                {t('actionLog.newCase.submit')}
              </Button>
            </Box>
          </SafeForm>
        )}
      </Stack>
    </Section>
  );
}
