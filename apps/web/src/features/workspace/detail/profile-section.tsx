import Add from '@mui/icons-material/Add';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { DEFAULT_TIMEZONE, PROFILE_MAX_DATES, type TReadingProfile } from '@strata/shared';
import { formatDate } from '../../../lib/display-time';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartPanel, type ChartView, type ThresholdLine } from '../../../components/chart';
import { AppDatePicker } from '../../../components/date-time';
import { LoadError, Loading } from '../../../components/query-states';
import { dayjs } from '../../../lib/dayjs';
import { useCan } from '../../../lib/use-can';
import { useInstrumentProfile } from '../api/readings';
import { buildProfileOption, profileLines, type ProfileLine } from './profile-option';

export const PROFILE_CHART_HEIGHT = 380;
/** The section's width (px) from which the charts of the codes stand side by side. */
const PROFILE_SIDE_BY_SIDE = 900;

export interface ProfileCode {
  code: string;
  description: string;
  unit: string;
  precision: number;
}

export interface ProfileSectionProps {
  instrumentId: number;
  instrumentName: string;
  /** The instrument's reading codes (an inclinometer's A and B axes): one profile chart each, side by side. */
  codes: readonly ProfileCode[];
  /** The dates shown until the user picks others (start of a day, ISO): the first reading of the period and the latest. */
  defaultDates: readonly string[];
  timezone?: string;
  /** The threshold levels of each reading code (drawn on its profile). */
  thresholds?: Readonly<Record<string, readonly ThresholdLine[]>>;
  /** The predicted profiles of each reading code (the QP(D)'s values of the current stage by depth, dashed). */
  predictions?: Readonly<Record<string, readonly ProfileLine[]>>;
}

/** The start of the local day of an instant (what the date pickers hold). */
export function startOfDay(value: string | number, tz: string): string {
  return dayjs(value).tz(tz).startOf('day').toISOString();
}

/** The profile of a day is taken at its end: the latest reading at each depth up to that day's last moment. */
function endOfDay(dayStart: string, tz: string): string {
  return dayjs(dayStart).tz(tz).endOf('day').toISOString();
}

interface ProfileChartProps {
  code: string;
  title: string;
  unit: string;
  precision: number;
  lines: ProfileLine[];
  instrumentName: string;
  thresholds?: readonly ThresholdLine[];
}

/** One reading code's profile with the chart toolbar (spec §2.15): displacement bounds on x, depth bounds on y. */
function ProfileChart({ code, title, unit, precision, lines, instrumentName, thresholds }: ProfileChartProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const canExport = useCan('ExportInstrumentCharts');
  const depthName = t('workspace.profile.depthAxis');
  const subtitle = t('workspace.profile.chartSubtitle', { name: instrumentName, count: lines.filter((l) => !l.dashed).length });
  // Stable while the data is: a new option would reset the chart's zoom.
  const buildOption = useCallback(
    ({ display, axis }: ChartView) =>
      buildProfileOption({
        title,
        subtitle,
        unit,
        depthName,
        lines,
        precision,
        thresholds,
        display,
        axis,
        textColor: theme.palette.text.secondary,
        gridColor: theme.palette.divider,
      }),
    [title, subtitle, unit, depthName, lines, precision, thresholds, theme],
  );
  return (
    <ChartPanel
      buildOption={buildOption}
      empty={lines.every((l) => l.points.length === 0)}
      xType="value"
      height={PROFILE_CHART_HEIGHT}
      label={t('workspace.profile.chartLabel', { code, name: instrumentName })}
      fileName={`${instrumentName}-profile-${code}`}
      canExport={canExport}
    />
  );
}

/**
 * An inclinometer's profile (issue 7): displacement against depth (depth downward) for up to six dates, one chart per
 * reading code (A and B axes side by side where the section is wide, one above the other otherwise), each with the
 * chart toolbar. Dates are picked per day; a
 * day's profile is the latest reading of each depth up to the end of that day. The QP(D)'s predicted profile of the
 * current stage, when there is one, is a dashed line beside them.
 */
export function ProfileSection({ instrumentId, instrumentName, codes, defaultDates, timezone, thresholds, predictions }: ProfileSectionProps) {
  const { t } = useTranslation();
  const tz = timezone ?? DEFAULT_TIMEZONE;
  const [picked, setPicked] = useState<(string | null)[] | null>(null);
  const dates = picked ?? [...defaultDates];
  const datesKey = dates.filter((d): d is string => d !== null).join('|');
  const days = useMemo(() => (datesKey === '' ? [] : [...new Set(datesKey.split('|'))].sort()), [datesKey]);
  const at = useMemo(() => days.map((d) => endOfDay(d, tz)), [days, tz]);
  const profile = useInstrumentProfile(instrumentId, at);

  const nameOf = useMemo(() => {
    const names = new Map(days.map((d, i) => [at[i]!, formatDate(d, tz)]));
    return (p: TReadingProfile) => names.get(p.at) ?? formatDate(p.until, tz);
  }, [days, at, tz]);

  const charts = useMemo(() => {
    const profiles = profile.data?.profiles ?? [];
    const shown = codes.length ? codes : [...new Set(profiles.map((p) => p.code))].map((code) => ({ code, description: code, unit: '', precision: 2 }));
    return shown.map((c) => ({
      code: c.code,
      title: `${c.code} — ${c.description}`,
      unit: c.unit || profiles.find((p) => p.code === c.code)?.unit || '',
      precision: c.precision,
      lines: [...profileLines(profiles, c.code, nameOf), ...(predictions?.[c.code] ?? [])],
    }));
  }, [profile.data, codes, nameOf, predictions]);

  const setDate = (index: number, value: string | null) => setPicked(dates.map((d, i) => (i === index ? (value ? startOfDay(value, tz) : null) : d)));
  const removeDate = (index: number) => setPicked(dates.filter((_, i) => i !== index));
  const addDate = () => setPicked([...dates, null]);

  return (
    <Stack spacing={1.5} data-testid="profile-section">
      <Typography variant="subtitle1" component="h3">
        {t('workspace.profile.title')}
      </Typography>
      <Box role="group" aria-label={t('workspace.profile.dates')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {dates.map((date, i) => (
          <Box key={i} sx={{ display: 'flex', alignItems: 'center', width: { xs: '100%', sm: 200 } }}>
            <AppDatePicker
              size="small"
              fullWidth
              label={t('workspace.profile.date', { n: i + 1 })}
              value={date}
              timezone={tz}
              onChange={(v) => setDate(i, v)}
            />
            {dates.length > 1 && (
              <IconButton size="small" aria-label={t('workspace.profile.removeDate', { n: i + 1 })} onClick={() => removeDate(i)}>
                <Close fontSize="small" />
              </IconButton>
            )}
          </Box>
        ))}
        {dates.length < PROFILE_MAX_DATES && (
          <Button size="small" startIcon={<Add />} onClick={addDate}>
            {t('workspace.profile.addDate')}
          </Button>
        )}
      </Box>
      {profile.isError ? (
        <LoadError error={profile.error} onRetry={() => void profile.refetch()} />
      ) : profile.isPending && at.length > 0 ? (
        <Loading />
      ) : (
        // Side by side where the section is wide enough for two charts and their toolbars (its own width, not the
        // screen's: the detail panel is narrow beside the map), one above the other otherwise.
        <Box sx={{ containerType: 'inline-size' }}>
          <Box
            sx={{
              display: 'flex',
              flexDirection: 'column',
              gap: 2,
              opacity: profile.isFetching ? 0.6 : 1,
              [`@container (min-width: ${PROFILE_SIDE_BY_SIDE}px)`]: { flexDirection: 'row' },
            }}
          >
            {charts.map((chart) => (
              <Box key={chart.code} sx={{ flex: '1 1 0', minWidth: 0 }} data-testid={`profile-${chart.code}`}>
                <ProfileChart {...chart} instrumentName={instrumentName} thresholds={thresholds?.[chart.code]} />
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </Stack>
  );
}
