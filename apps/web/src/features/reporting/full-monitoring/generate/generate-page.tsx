import PlayArrow from '@mui/icons-material/PlayArrow';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ZFullMonitoringParams } from '@strata/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../../components/app-link';
import { AppAlert, useToast } from '../../../../components/feedback';
import { Section } from '../../../../components/section';
import { ApiError } from '../../../../lib/api-client';
import { useContractOptions } from '../../../../lib/contract-options';
import { errorText } from '../../../../lib/error-text';
import { useGo } from '../../../../lib/page-nav';
import { useReportZones } from '../../api';
import { REPORTING_PATHS } from '../../paths';
import { createFullMonitoringReport, fullMonitoringKeys, useMonitoringTemplates } from '../api';
import { PeriodField, usePeriod } from './period-field';

/** Templates of one contract are read in one page this large (the contract's maximum). */
const TEMPLATES_LIMIT = 1000;

/**
 * `/reporting/full-monitoring/generate`: contract -> its templates -> report number -> period (with the maximum date
 * range) -> report zones -> Generate (`POST /reports/full-monitoring?tzo=&on_demand=true`): the answer's message as
 * the toast, then the build page of the new report.
 */
export function GenerateFullMonitoringPage() {
  const { t } = useTranslation();
  const go = useGo();
  const toast = useToast();
  const client = useQueryClient();
  const contracts = useContractOptions();
  const [contractId, setContractId] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [reportNo, setReportNo] = useState('');
  const [zoneIds, setZoneIds] = useState<number[]>([]);
  const period = usePeriod();
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const contract = Number(contractId) || undefined;
  const templates = useMonitoringTemplates({ contracts: contract ? [contract] : [], limit: TEMPLATES_LIMIT, skip: 0 }, contract !== undefined);
  const templateOptions = contract ? (templates.data?.records ?? []).filter((x) => x.contract_id === contract) : [];
  const zones = useReportZones(contract ? [contract] : []);
  const zoneOptions = (zones.data ?? []).filter((z) => z.contract_id === contract);

  const params = { template_id: Number(templateId) || undefined, report_no: reportNo, period: period.period, zone_ids: zoneIds, background: true };
  const parsed = ZFullMonitoringParams.safeParse(params);
  const issue = (field: string) => (parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === field)?.message);
  const errorOf = (field: string, missing: string): string | undefined => serverErrors[field] ?? (tried && issue(field) ? missing : undefined);
  const contractError = tried && !contract ? t('fullMonitoring.template.contractMissing') : undefined;
  const templateError = errorOf('template_id', t('fullMonitoring.generate.templateMissing'));
  const reportNoError = serverErrors.report_no ?? (tried ? issue('report_no') : undefined);

  const submit = async () => {
    setTried(true);
    setFailure(null);
    if (!contract || !parsed.success || !period.valid) return;
    setServerErrors({});
    setBusy(true);
    try {
      const created = await createFullMonitoringReport(parsed.data);
      toast({ color: 'success', message: created.message ?? '' });
      void client.invalidateQueries({ queryKey: fullMonitoringKeys.reports });
      go(`${REPORTING_PATHS.fullMonitoringBuild}?id=${created.monitoring_report_id}`);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) setServerErrors({ ...error.fieldErrors });
      else setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      <Section>
        <Box
          component="form"
          noValidate
          aria-label={t('fullMonitoring.generate.form')}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack spacing={2}>
            {failure && <AppAlert type="error" message={failure} onClose={() => setFailure(null)} />}
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
              <TextField
                select
                size="small"
                required
                label={t('fullMonitoring.common.contract')}
                value={(contracts.data ?? []).some((c) => String(c.contract_id) === contractId) ? contractId : ''}
                onChange={(event) => {
                  setContractId(event.target.value);
                  setTemplateId('');
                  setZoneIds([]);
                }}
                error={Boolean(contractError)}
                helperText={contractError}
              >
                {(contracts.data ?? []).map((c) => (
                  <MenuItem key={c.contract_id} value={String(c.contract_id)}>
                    {c.no} — {c.title}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                size="small"
                required
                label={t('fullMonitoring.generate.template')}
                value={templateOptions.some((x) => String(x.template_id) === templateId) ? templateId : ''}
                onChange={(event) => setTemplateId(event.target.value)}
                disabled={!contract || templateOptions.length === 0}
                error={Boolean(templateError) || templates.isError}
                helperText={
                  templateError ??
                  (templates.isError
                    ? t('fullMonitoring.generate.templatesFailed')
                    : contract && templates.isSuccess && templateOptions.length === 0
                      ? t('fullMonitoring.generate.noTemplates')
                      : undefined)
                }
              >
                {templateOptions.map((x) => (
                  <MenuItem key={x.template_id} value={String(x.template_id)}>
                    {x.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                required
                label={t('fullMonitoring.generate.reportNo')}
                placeholder="T301-IMR-W48"
                value={reportNo}
                onChange={(event) => setReportNo(event.target.value)}
                error={Boolean(reportNoError)}
                helperText={reportNoError ?? t('fullMonitoring.generate.reportNoHint')}
                slotProps={{ htmlInput: { maxLength: 60 } }}
              />
              <PeriodField state={period} tried={tried} serverError={serverErrors.period} />
              <Autocomplete
                multiple
                size="small"
                options={zoneOptions}
                value={zoneOptions.filter((z) => zoneIds.includes(z.zone_id))}
                getOptionLabel={(z) => z.name}
                isOptionEqualToValue={(a, b) => a.zone_id === b.zone_id}
                onChange={(_, next) => setZoneIds(next.map((z) => z.zone_id))}
                disabled={!contract || zoneOptions.length === 0}
                renderInput={(input) => (
                  <TextField
                    {...input}
                    label={t('reporting.form.zones')}
                    error={zones.isError || Boolean(serverErrors.zone_ids)}
                    helperText={
                      serverErrors.zone_ids ??
                      (zones.isError
                        ? t('reporting.form.zonesFailed')
                        : contract && zones.isSuccess && zoneOptions.length === 0
                          ? t('reporting.form.noZones')
                          : t('reporting.form.allZones'))
                    }
                  />
                )}
              />
            </Box>
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              <Button type="submit" variant="contained" startIcon={<PlayArrow />} disabled={busy}>
                {t('reporting.form.generate')}
              </Button>
              <AppLink to={REPORTING_PATHS.fullMonitoringBuild}>{t('fullMonitoring.generate.toBuild')}</AppLink>
            </Stack>
          </Stack>
        </Box>
      </Section>
    </Stack>
  );
}
