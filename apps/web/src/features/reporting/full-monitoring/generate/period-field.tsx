import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { maxDateRangeHint, REPORT_PERIODS, reportRangeError, type ReportPeriodOption, type TReportPeriod } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDatePicker } from '../../../../components/date-time';
import { useTimezone } from '../../../../lib/config';
import { dayjs } from '../../../../lib/dayjs';
import { useReportRange } from '../../generate/report-form';

const PERIOD_OPTIONS = Object.keys(REPORT_PERIODS) as ReportPeriodOption[];

/** The period of a report (spec §4 options) and what is wrong with it (null: fine), as the generation forms use it. */
export function usePeriod() {
  const { t } = useTranslation();
  const tz = useTimezone();
  const range = useReportRange();
  const [option, setOption] = useState<ReportPeriodOption>('last-2-weeks');
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const day = (value: string | null) => (value ? dayjs(value).tz(tz).format('YYYY-MM-DD') : undefined);
  const period: TReportPeriod = option === 'range' ? { option, from: day(from), to: day(to) } : { option };
  const missing = option === 'range' && (!period.from || !period.to);
  const order = option === 'range' && period.from && period.to && period.from > period.to ? t('reporting.form.rangeOrder') : null;
  const tooLong = order ? null : reportRangeError(period, range.num, range.unit);
  return {
    tz,
    hint: maxDateRangeHint(range.num, range.unit),
    option,
    setOption,
    from,
    setFrom,
    to,
    setTo,
    period,
    /** Shown at once (order, too long); a missing day only after a try. */
    error: (tried: boolean) => order ?? tooLong ?? (tried && missing ? t('reporting.form.rangeMissing') : null),
    valid: !missing && !order && !tooLong,
  };
}

/**
 * The period control of the generation pages (spec §4, §5): Last 2 Weeks … Date Range, and for a Date Range the first
 * and last day with the hint "Maximum date range: N period(s)" from the settings.
 */
export function PeriodField({ state, tried, serverError }: { state: ReturnType<typeof usePeriod>; tried: boolean; serverError?: string }) {
  const { t } = useTranslation();
  const error = state.error(tried) ?? serverError ?? null;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <TextField
        select
        fullWidth
        size="small"
        label={t('reporting.form.period')}
        value={state.option}
        onChange={(event) => state.setOption(event.target.value as ReportPeriodOption)}
        error={state.option !== 'range' && Boolean(serverError)}
        helperText={state.option !== 'range' ? serverError : undefined}
      >
        {PERIOD_OPTIONS.map((p) => (
          <MenuItem key={p} value={p}>
            {t(`reporting.period.${p}`)}
          </MenuItem>
        ))}
      </TextField>
      {state.option === 'range' && (
        <Box role="group" aria-label={t('reporting.period.range')}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
            <AppDatePicker
              label={t('reporting.form.from')}
              value={state.from}
              onChange={state.setFrom}
              timezone={state.tz}
              size="small"
              fullWidth
              required
              error={Boolean(error)}
            />
            <AppDatePicker
              label={t('reporting.form.to')}
              value={state.to}
              onChange={state.setTo}
              timezone={state.tz}
              size="small"
              fullWidth
              required
              error={Boolean(error)}
            />
          </Box>
          <FormHelperText error={Boolean(error)}>{error ?? state.hint}</FormHelperText>
          {error && <FormHelperText>{state.hint}</FormHelperText>}
        </Box>
      )}
    </Box>
  );
}
