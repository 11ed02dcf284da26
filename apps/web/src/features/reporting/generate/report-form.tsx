import PlayArrow from '@mui/icons-material/PlayArrow';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import {
  ENGINE_REPORT_TYPES,
  maxDateRangeHint,
  REPORT_PERIODS,
  reportRangeError,
  type DateRangePeriod,
  type ReportCategory,
  type ReportPeriodOption,
  type TReportParamsInput,
  type TReportPeriod,
} from '@strata/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDatePicker } from '../../../components/date-time';
import { ReportDialog, ReportJobStatus } from '../../../components/report-dialog';
import { Section } from '../../../components/section';
import { useContractList } from '../../../lib/active-contracts';
import { numericSetting, useConfig, useTimezone } from '../../../lib/config';
import { dayjs } from '../../../lib/dayjs';
import { useReportInstrumentTypes, useReportZones } from '../api';
import { useReportJob, type ReportJobOptions } from '../report-job';
import { useCustomTemplate } from '../custom/api';
import { MultiSelect } from './multi-select';
import { TemplateSelect, useEffectiveTemplate } from './template-select';

/** The formats a generation page offers (spec §9 "Report format in dialogs: pdf or xls"). */
export const FORM_OUTPUTS = ['pdf', 'xls'] as const;
type FormOutput = (typeof FORM_OUTPUTS)[number];

const PERIOD_OPTIONS = Object.keys(REPORT_PERIODS) as ReportPeriodOption[];
const RANGE_UNITS: readonly DateRangePeriod[] = ['week', 'month', 'year'];

/** The maximum date range of the settings (`report_range_num` `report_range_period`s; spec §3, §5). */
export function useReportRange(): { num: number; unit: DateRangePeriod } {
  const { data } = useConfig();
  const num = numericSetting(data, 'report_range_num') ?? 3;
  const raw = data?.settings.report_range_period;
  const unit = RANGE_UNITS.includes(raw as DateRangePeriod) ? (raw as DateRangePeriod) : 'month';
  return { num, unit };
}

/** An instant from a date picker as the day it is in the report's time zone (YYYY-MM-DD). */
function dayOf(value: string | null, tz: string): string | undefined {
  return value ? dayjs(value).tz(tz).format('YYYY-MM-DD') : undefined;
}

// Where a report stands: shared with the other report pages (components/report-dialog).
export { ReportJobStatus };

export interface ReportFormProps {
  /** The report types offered: those of this category (ENGINE_REPORT_TYPES). */
  category: ReportCategory;
  /** Installation status: a "Download PDF" button beside Generate (the PDF is saved, not shown). */
  downloadPdf?: boolean;
  /** Options of the report job (tests check often). */
  jobOptions?: ReportJobOptions;
}

/**
 * A report generation form (spec §2.7, §4, §5): the report type of the category, contracts (the active ones by
 * default), report zones of those contracts, instrument types, the period (Date Range with the settings' maximum),
 * pdf or xls, Run in background; Generate sends `POST /reports/{type}?tzo=` and follows the report.
 */
export function ReportForm({ category, downloadPdf = false, jobOptions }: ReportFormProps) {
  const { t } = useTranslation();
  const formId = useId();
  const tz = useTimezone();
  const range = useReportRange();
  const job = useReportJob(jobOptions);
  const { contracts, selected } = useContractList();
  const types = ENGINE_REPORT_TYPES.filter((x) => x.category === category);

  const [type, setType] = useState<string>(types[0]!.code);
  const [chosenContracts, setContracts] = useState<number[] | null>(null);
  const [zoneIds, setZoneIds] = useState<number[] | null>(null);
  const [typeIds, setTypeIds] = useState<number[] | null>(null);
  const [templateChoice, setTemplateChoice] = useState('default');
  const [option, setOption] = useState<ReportPeriodOption>('last-2-weeks');
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [output, setOutput] = useState<FormOutput>('pdf');
  const [background, setBackground] = useState(false);
  const [tried, setTried] = useState(false);

  const known = new Set(contracts.map((c) => c.contract_id));
  // Until the user chooses, the active contracts of the toolbar.
  const contractIds = (chosenContracts ?? [...selected]).filter((id) => known.has(id));
  const template = useEffectiveTemplate(type, contractIds[0], templateChoice);
  // A chosen template's instrument types and zones fill those fields until the user changes them (null: untouched).
  const templateDefaults = useCustomTemplate(template === 'default' ? undefined : Number(template)).data;
  const zones = useReportZones(contractIds);
  const zoneOptions = (zones.data ?? []).map((z) => ({ id: z.zone_id, label: z.name }));
  const zoneChoice = (zoneIds ?? templateDefaults?.zone_ids ?? []).filter((id) => zoneOptions.some((z) => z.id === id));
  const typeChoice = typeIds ?? templateDefaults?.instrument_type_ids ?? [];
  const instrumentTypes = useReportInstrumentTypes();
  const typeOptions = (instrumentTypes.data ?? []).map((x) => ({ id: x.id, label: `${x.code} — ${x.name}` }));

  const period: TReportPeriod = option === 'range' ? { option, from: dayOf(from, tz), to: dayOf(to, tz) } : { option };
  const hint = maxDateRangeHint(range.num, range.unit);
  const rangeMissing = option === 'range' && (!period.from || !period.to);
  const rangeOrder = option === 'range' && period.from && period.to && period.from > period.to ? t('reporting.form.rangeOrder') : null;
  const rangeTooLong = rangeOrder ? null : reportRangeError(period, range.num, range.unit);
  const rangeError = rangeOrder ?? rangeTooLong ?? (tried && rangeMissing ? t('reporting.form.rangeMissing') : null);
  const contractError = tried && contractIds.length === 0 ? t('reporting.form.contractMissing') : null;

  const submit = (save: boolean) => {
    setTried(true);
    if (contractIds.length === 0 || rangeMissing || rangeOrder || rangeTooLong) return;
    const params: TReportParamsInput = {
      contract_ids: contractIds,
      zone_ids: zoneChoice,
      instrument_type_ids: typeChoice,
      period,
      output: save ? 'pdf' : output,
      background,
      template,
    };
    void job.generate(type, params, { save });
  };

  const GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } };

  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <Section>
        <Box
          component="form"
          id={formId}
          noValidate
          aria-label={t('reporting.form.label')}
          onSubmit={(event) => {
            event.preventDefault();
            submit(false);
          }}
        >
          <Stack spacing={2}>
            <Box sx={GRID}>
              {types.length > 1 && (
                <TextField
                  select
                  fullWidth
                  size="small"
                  label={t('reporting.form.type')}
                  value={type}
                  onChange={(event) => {
                    setType(event.target.value);
                    setTemplateChoice('default');
                  }}
                >
                  {types.map((x) => (
                    <MenuItem key={x.code} value={x.code}>
                      {x.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
              <MultiSelect
                label={t('reporting.form.contracts')}
                required
                options={contracts.map((c) => ({ id: c.contract_id, label: c.no }))}
                value={contractIds}
                onChange={setContracts}
                error={Boolean(contractError)}
                helperText={contractError ?? t('reporting.form.contractsHint')}
              />
              <TemplateSelect type={type} contractId={contractIds[0]} value={template} onChange={setTemplateChoice} />
              <MultiSelect
                label={t('reporting.form.zones')}
                options={zoneOptions}
                value={zoneChoice}
                onChange={setZoneIds}
                disabled={contractIds.length === 0 || zoneOptions.length === 0}
                error={zones.isError}
                helperText={
                  zones.isError
                    ? t('reporting.form.zonesFailed')
                    : zones.isFetching && !zones.data
                      ? t('common.loading')
                      : zoneOptions.length === 0
                        ? t('reporting.form.noZones')
                        : t('reporting.form.allZones')
                }
              />
              <MultiSelect
                label={t('reporting.form.instrumentTypes')}
                options={typeOptions}
                value={typeChoice}
                onChange={setTypeIds}
                disabled={typeOptions.length === 0}
                error={instrumentTypes.isError}
                helperText={
                  instrumentTypes.isError
                    ? t('reporting.form.typesFailed')
                    : instrumentTypes.isPending
                      ? t('common.loading')
                      : typeOptions.length === 0
                        ? t('reporting.form.noTypes')
                        : t('reporting.form.allTypes')
                }
              />
              <TextField
                select
                fullWidth
                size="small"
                label={t('reporting.form.period')}
                value={option}
                onChange={(event) => setOption(event.target.value as ReportPeriodOption)}
              >
                {PERIOD_OPTIONS.map((p) => (
                  <MenuItem key={p} value={p}>
                    {t(`reporting.period.${p}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
            {option === 'range' && (
              <Box role="group" aria-label={t('reporting.period.range')}>
                <Box sx={GRID}>
                  <AppDatePicker
                    label={t('reporting.form.from')}
                    value={from}
                    onChange={setFrom}
                    timezone={tz}
                    size="small"
                    fullWidth
                    required
                    error={Boolean(rangeError)}
                  />
                  <AppDatePicker
                    label={t('reporting.form.to')}
                    value={to}
                    onChange={setTo}
                    timezone={tz}
                    size="small"
                    fullWidth
                    required
                    error={Boolean(rangeError)}
                  />
                </Box>
                <FormHelperText error={Boolean(rangeError)}>{rangeError ?? hint}</FormHelperText>
                {rangeError && <FormHelperText>{hint}</FormHelperText>}
              </Box>
            )}
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              {!downloadPdf && (
                <ToggleButtonGroup
                  exclusive
                  size="small"
                  color="primary"
                  value={output}
                  aria-label={t('reporting.form.format')}
                  onChange={(_, next: FormOutput | null) => next && setOutput(next)}
                >
                  {FORM_OUTPUTS.map((o) => (
                    <ToggleButton key={o} value={o} sx={{ px: 2 }}>
                      {o.toUpperCase()}
                    </ToggleButton>
                  ))}
                </ToggleButtonGroup>
              )}
              <FormControlLabel
                control={<Switch checked={background} onChange={(event) => setBackground(event.target.checked)} />}
                label={t('reporting.form.background')}
              />
            </Stack>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button type="submit" variant="contained" startIcon={<PlayArrow />} disabled={job.busy}>
                {t('reporting.form.generate')}
              </Button>
              {downloadPdf && (
                <Button variant="outlined" startIcon={<PictureAsPdf />} disabled={job.busy} onClick={() => submit(true)}>
                  {t('reporting.form.downloadPdf')}
                </Button>
              )}
            </Stack>
            <ReportJobStatus job={job} />
          </Stack>
        </Box>
      </Section>
      <ReportDialog report={job.viewer} onClose={job.closeViewer} />
    </Stack>
  );
}
