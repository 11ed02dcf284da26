import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BOREHOLE_LOG, type TBoreholeLog } from '@strata/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ChartPanel, type ChartView } from '../../../components/chart';
import { DetailList } from '../../../components/detail-list';
import { AppAlert } from '../../../components/feedback';
import { LoadError, Loading } from '../../../components/query-states';
import { idOrUndefined } from '../../../lib/page-nav';
import { useCan } from '../../../lib/use-can';
import { useWorkspaceNav } from '../shared/use-workspace-nav';
import { useBorehole, useBoreholeLog } from './api';
import { versionOf } from './borehole-detail-panel';
import { formatAgsDate, formatMetres, orDash } from './format';
import { buildLogOption, logIsEmpty } from './log-option';
import { boreholePath } from './paths';
import { gridName, SVY21_CRS } from './position';
import type { SoilFamily } from './soil';

function LogChart({ log }: { log: TBoreholeLog }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const dark = theme.palette.mode === 'dark';
  // The exports are the borehole's data leaving the app: Export Site Investigation, as the Download menu.
  const canExport = useCan('ExportSiteInvestigation');
  const buildOption = useCallback(
    (view: ChartView) =>
      buildLogOption({
        log,
        familyName: (family: SoilFamily) => t(`boreholes.soil.${family}`),
        levelName: t('boreholes.log.level'),
        title: `${log.contract_no} / ${log.borehole_no}`,
        subtitle: [log.borehole_type, log.ground_level === null ? null : t('boreholes.log.groundLevelShort', { level: log.ground_level.toFixed(2) })]
          .filter(Boolean)
          .join(' · '),
        display: view.display,
        axis: view.axis,
        textColor: dark ? '#eceff1' : '#37474f',
        gridColor: dark ? '#455a64' : '#e0e0e0',
      }),
    [log, t, dark],
  );
  return (
    <ChartPanel
      buildOption={buildOption}
      empty={logIsEmpty(log)}
      xType="value"
      height={BOREHOLE_LOG.height}
      label={t('boreholes.log.chart')}
      description={t('boreholes.log.chartDescription')}
      fileName={`${log.contract_no}-${log.borehole_no}-log`}
      canExport={canExport}
    />
  );
}

/**
 * `/dashboard/search/borehole/{id}/log`, the SI Borehole Log (spec §2.14): the header details and the cross-section
 * chart (geology with hatches, SPT N, core RQD and recovery, cone qc) with the chart toolbar.
 */
export function BoreholeLogPage() {
  const { t } = useTranslation();
  const id = idOrUndefined(useParams().id);
  const [params] = useSearchParams();
  const { go } = useWorkspaceNav();
  const version = versionOf(params);
  const query = useBoreholeLog(id ?? 0, version);
  // The log has no grid: the borehole's detail (usually cached from the detail page) says which one E/N are in.
  const detail = useBorehole(id ?? 0, version);
  if (id === undefined) return <AppAlert type="error" message={t('boreholes.detail.notFound')} />;
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} notFound={t('boreholes.detail.notFound')} />;
  const log = query.data;
  const grid = gridName(detail.data?.crs ?? SVY21_CRS);
  const items = [
    { label: t('boreholes.field.boreholeNo'), value: orDash(log.borehole_no) },
    { label: t('boreholes.field.contract'), value: orDash(log.contract_no) },
    { label: t('boreholes.field.reference'), value: orDash(log.reference) },
    { label: t('boreholes.field.eastingIn', { grid }), value: formatMetres(log.easting) },
    { label: t('boreholes.field.northingIn', { grid }), value: formatMetres(log.northing) },
    { label: t('boreholes.field.groundLevel'), value: formatMetres(log.ground_level, 2) },
    { label: t('boreholes.field.finalDepth'), value: formatMetres(log.final_depth, 2) },
    { label: t('boreholes.field.endDate'), value: formatAgsDate(log.end_date) },
    { label: t('boreholes.field.type'), value: orDash(log.borehole_type) },
  ];
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" component="section" sx={{ p: { xs: 1.5, sm: 2 } }} aria-labelledby="borehole-log-title">
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
          <Typography id="borehole-log-title" variant="h6" component="h2" sx={{ fontWeight: 600 }}>
            {`${log.contract_no} / ${log.borehole_no}`}
          </Typography>
          <Button size="small" startIcon={<ArrowBack />} onClick={() => go(boreholePath(log.id))}>
            {t('boreholes.log.backToDetail')}
          </Button>
        </Stack>
        <DetailList items={items} />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 }, overflowX: 'auto' }}>
        {/* Four plots side by side: on a phone the chart keeps a readable width and scrolls sideways. */}
        <Box sx={{ minWidth: 640 }}>
          <LogChart log={log} />
        </Box>
      </Paper>
    </Stack>
  );
}
