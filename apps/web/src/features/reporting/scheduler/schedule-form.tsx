import Save from '@mui/icons-material/Save';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { SCHEDULE_OUTPUTS, SCHEDULE_PERIODS, ZReportScheduleBody, type SchedulePeriod, type ScheduleOutput, type TReportSchedule } from '@strata/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppAlert, useToast } from '../../../components/feedback';
import { Section } from '../../../components/section';
import { ApiError } from '../../../lib/api-client';
import { useContractOptions } from '../../../lib/contract-options';
import { errorText } from '../../../lib/error-text';
import { useGo } from '../../../lib/page-nav';
import { useReportInstrumentTypes, useReportZones } from '../api';
import { CUSTOM_REPORT_TYPES, issuesToErrors, type FormErrors } from '../custom/shared';
import { TemplateSelect, useEffectiveTemplate } from '../generate/template-select';
import { MultiSelect } from '../generate/multi-select';
import { REPORTING_PATHS } from '../paths';
import { saveSchedule, scheduleKeys, useContractUsers } from './api';
import { draftOf, FrequencyField, frequencyOf, NEW_FREQUENCY, type FrequencyDraft } from './frequency-field';
import { emailsOf, RecipientsField, type RecipientsDraft } from './recipients-field';

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } };
export const DEFAULT_SCHEDULE_TIMEZONE = 'Asia/Singapore';
const PERIODS = Object.keys(SCHEDULE_PERIODS) as SchedulePeriod[];

/** The errors below `prefix.`, keyed by the rest of their path (the field's own under ''). */
function errorsBelow(errors: FormErrors, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    if (key === prefix) out[''] = message;
    else if (key.startsWith(`${prefix}.`)) out[key.slice(prefix.length + 1)] = message;
  }
  return out;
}

/** The time zones the browser knows (the default first when it lacks the list). */
function timeZones(): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(DEFAULT_SCHEDULE_TIMEZONE) ? all : [DEFAULT_SCHEDULE_TIMEZONE, ...all];
}

/**
 * A scheduled report (spec §2.8 /report/scheduler/add and /edit/{scheduler_id}): name, report type, template (of the
 * type for the first contract, Default first), contracts, zones, instrument types, period, format, frequency, time
 * zone, enabled and recipients. Checked with the contract's schema first; the server's 400 field errors at their fields.
 */
export function ScheduleForm({ schedule }: { schedule?: TReportSchedule }) {
  const { t } = useTranslation();
  const go = useGo();
  const toast = useToast();
  const client = useQueryClient();
  const contracts = useContractOptions();
  const zonesList = useMemo(timeZones, []);
  const [name, setName] = useState(schedule?.name ?? '');
  const [type, setType] = useState(schedule?.report_type ?? '');
  const [template, setTemplate] = useState(schedule?.template ?? 'default');
  const [contractIds, setContractIds] = useState<number[]>(schedule?.contract_ids ?? []);
  const [zoneIds, setZoneIds] = useState<number[]>(schedule?.zone_ids ?? []);
  const [typeIds, setTypeIds] = useState<number[]>(schedule?.instrument_type_ids ?? []);
  const [period, setPeriod] = useState<SchedulePeriod>(schedule?.period ?? 'last-week');
  const [output, setOutput] = useState<ScheduleOutput>(schedule?.output ?? 'pdf');
  const [frequency, setFrequency] = useState<FrequencyDraft>(() => (schedule ? draftOf(schedule.frequency) : NEW_FREQUENCY));
  const [timezone, setTimezone] = useState(schedule?.timezone ?? DEFAULT_SCHEDULE_TIMEZONE);
  const [enabled, setEnabled] = useState(schedule?.enabled ?? true);
  const [recipients, setRecipients] = useState<RecipientsDraft>({
    userIds: schedule?.recipients.user_ids ?? [],
    roleIds: schedule?.recipients.role_ids ?? [],
    emails: schedule?.recipients.emails.join('\n') ?? '',
  });
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const chosenTemplate = useEffectiveTemplate(type, contractIds[0], template);
  const contractUsers = useContractUsers(contractIds);
  const zones = useReportZones(contractIds);
  const zoneOptions = (zones.data ?? []).map((z) => ({ id: z.zone_id, label: z.name }));
  const instrumentTypes = useReportInstrumentTypes();
  const typeOptions = (instrumentTypes.data ?? []).map((x) => ({ id: x.id, label: `${x.code} — ${x.name}` }));

  const save = async () => {
    setFailure(null);
    const parsed = ZReportScheduleBody.safeParse({
      name,
      report_type: type,
      template: chosenTemplate,
      contract_ids: contractIds,
      zone_ids: zones.data ? zoneIds.filter((id) => zoneOptions.some((z) => z.id === id)) : zoneIds,
      instrument_type_ids: typeIds,
      period,
      output,
      frequency: frequencyOf(frequency),
      timezone,
      recipients: {
        // Users of contracts no longer chosen are dropped once the users of the chosen ones are known.
        user_ids:
          contractUsers.pending || contractUsers.failed
            ? recipients.userIds
            : recipients.userIds.filter((id) => contractUsers.users.some((u) => u.user_id === id)),
        role_ids: recipients.roleIds,
        emails: emailsOf(recipients.emails),
      },
      enabled,
    });
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const answer = await saveSchedule(parsed.data, schedule?.scheduler_id);
      await client.invalidateQueries({ queryKey: scheduleKeys.all });
      toast({ color: 'success', message: t('customReports.schedule.saved', { name: answer.name }) });
      go(REPORTING_PATHS.schedules);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) setErrors({ ...error.fieldErrors });
      else setFailure(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('customReports.schedule.form')}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack spacing={2}>
        {failure && <AppAlert type="error" message={failure} onClose={() => setFailure(null)} />}
        <Section title={t('customReports.schedule.report')}>
          <Box sx={GRID}>
            <TextField
              size="small"
              required
              label={t('customReports.schedule.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <TextField
              select
              size="small"
              required
              label={t('customReports.common.reportType')}
              value={type}
              onChange={(e) => {
                setType(e.target.value);
                setTemplate('default');
              }}
              error={Boolean(errors.report_type)}
              helperText={errors.report_type}
            >
              {CUSTOM_REPORT_TYPES.map((x) => (
                <MenuItem key={x.code} value={x.code}>
                  {x.name}
                </MenuItem>
              ))}
            </TextField>
            <MultiSelect
              label={t('reporting.form.contracts')}
              required
              options={(contracts.data ?? []).map((c) => ({ id: c.contract_id, label: c.no }))}
              value={contractIds}
              onChange={setContractIds}
              error={Boolean(errors.contract_ids)}
              helperText={errors.contract_ids}
            />
            <TemplateSelect type={type} contractId={contractIds[0]} value={template} onChange={(next) => setTemplate(next)} error={errors.template} />
            <MultiSelect
              label={t('reporting.form.zones')}
              options={zoneOptions}
              value={zoneIds.filter((id) => zoneOptions.some((z) => z.id === id))}
              onChange={setZoneIds}
              disabled={zoneOptions.length === 0}
              helperText={contractIds.length > 0 && zoneOptions.length === 0 ? t('reporting.form.noZones') : t('reporting.form.allZones')}
            />
            <MultiSelect
              label={t('reporting.form.instrumentTypes')}
              options={typeOptions}
              value={typeIds}
              onChange={setTypeIds}
              disabled={typeOptions.length === 0}
              helperText={t('reporting.form.allTypes')}
            />
            <TextField select size="small" label={t('reporting.form.period')} value={period} onChange={(e) => setPeriod(e.target.value as SchedulePeriod)}>
              {PERIODS.map((p) => (
                <MenuItem key={p} value={p}>
                  {t(`customReports.schedule.periods.${p}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField select size="small" label={t('reporting.form.format')} value={output} onChange={(e) => setOutput(e.target.value as ScheduleOutput)}>
              {SCHEDULE_OUTPUTS.map((o) => (
                <MenuItem key={o} value={o}>
                  {o.toUpperCase()}
                </MenuItem>
              ))}
            </TextField>
          </Box>
        </Section>
        <Section title={t('customReports.schedule.when')}>
          <Stack spacing={2}>
            <FrequencyField value={frequency} onChange={setFrequency} errors={errorsBelow(errors, 'frequency')} />
            <Box sx={GRID}>
              <Autocomplete
                size="small"
                options={zonesList}
                value={timezone}
                disableClearable
                onChange={(_, next) => setTimezone(next)}
                renderInput={(params) => (
                  <TextField {...params} label={t('customReports.schedule.timezone')} error={Boolean(errors.timezone)} helperText={errors.timezone} />
                )}
              />
              <FormControlLabel
                control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />}
                label={t('customReports.schedule.enabled')}
              />
            </Box>
          </Stack>
        </Section>
        <Section title={t('customReports.schedule.recipients')}>
          <RecipientsField value={recipients} onChange={setRecipients} contractIds={contractIds} errors={errorsBelow(errors, 'recipients')} />
        </Section>
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" startIcon={<Save />} disabled={saving}>
            {t('customReports.common.save')}
          </Button>
          <Button onClick={() => go(REPORTING_PATHS.schedules)} disabled={saving}>
            {t('customReports.common.cancel')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
