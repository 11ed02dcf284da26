import CenterFocusStrong from '@mui/icons-material/CenterFocusStrong';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type TConfig, type TInstrument, type TThreshold } from '@strata/shared';
import { formatDate, formatDateTime } from '../../../lib/display-time';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/detail-list';
import { InstrumentIcon } from '../../../components/instrument-icon';
import { ScrollRegion } from '../../../components/scroll-region';
import { formatDegrees, formatMetres } from '../../../components/map';
import { useInstrument, useInstrumentThresholds } from '../api/instruments';
import { useCanViewReadings, useLatestReadings } from '../api/readings';
import type { InstrumentLook } from '../map/instrument-style';
import { textOn } from '../../../lib/text-on';
import { instrumentColor } from '../map/instrument-style';
import { EmptyText, LoadError, Loading } from '../../../components/query-states';
import { isNotFound } from '../shared/not-found';
import type { WorkspaceUpdate } from '../state/use-workspace-url';
import type { WorkspaceUrlState } from '../state/url-state';
import { ReadingsSection } from './readings-section';
import { statusLevel } from './status-level';

const NO_THRESHOLDS: TThreshold[] = [];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ minWidth: 0 }}>
      <Typography variant="h6" component="h2" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const fmt = (value: number, precision: number) => value.toFixed(Math.max(0, Math.min(6, precision)));

export interface InstrumentDetailPanelProps {
  instrumentId: number;
  config: TConfig | undefined;
  look: InstrumentLook;
  state: WorkspaceUrlState;
  update: WorkspaceUpdate;
  /** Centre the map on the instrument (zoom 19). */
  onShowOnMap: (instrument: TInstrument) => void;
}

/**
 * An instrument's detail (spec §2.3 `search/instrument/{id}`, view `detail`): identity, location in SVY21 and WGS84,
 * type, status and status level, install date, frequency, baseline, thresholds, the latest reading per code, then the
 * charts and readings of the chosen period.
 */
export function InstrumentDetailPanel({ instrumentId, config, look, state, update, onShowOnMap }: InstrumentDetailPanelProps) {
  const { t } = useTranslation();
  const instrument = useInstrument(instrumentId);
  const thresholds = useInstrumentThresholds(instrumentId);
  const canRead = useCanViewReadings();
  const latest = useLatestReadings([instrumentId], canRead);

  if (instrument.isPending) return <Loading />;
  if (instrument.isError) {
    return isNotFound(instrument.error) ? (
      <Alert severity="warning">{t('workspace.detail.notFound')}</Alert>
    ) : (
      <LoadError error={instrument.error} onRetry={() => void instrument.refetch()} />
    );
  }
  const i = instrument.data;
  const tz = config?.timezone;
  const readingCodes = new Map((config?.readings ?? []).filter((r) => r.type_code === i.type_code).map((r) => [r.code, r]));
  const latestRows = latest.data?.get(instrumentId) ?? [];
  const thresholdRows = thresholds.data?.thresholds ?? NO_THRESHOLDS;
  const levels = config?.thresholds ?? [];
  const level = latest.data && thresholds.data ? statusLevel(latestRows, thresholdRows, levels) : undefined;
  const levelInfo = level ? look.levels.get(level) : undefined;
  const frequency = config?.frequencies.find((f) => f.code === i.frequency)?.name ?? i.frequency;
  const status = config?.statuses.find((s) => s.code === i.status)?.name ?? i.status;
  const type = look.types.get(i.type_code);
  const dash = '—';

  return (
    <Stack spacing={2.5} data-testid="instrument-detail">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <InstrumentIcon icon={type?.icon ?? 'circle'} color={instrumentColor(look, i.type_code, level)} size={28} title={i.type_name} />
        <Typography variant="h5" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {i.name}
        </Typography>
        {canRead && (
          <Chip
            size="small"
            label={
              levelInfo
                ? `${levelInfo.code} — ${levelInfo.name}`
                : latest.isPending || thresholds.isPending
                  ? t('common.loading')
                  : t('workspace.detail.normal')
            }
            sx={levelInfo ? { bgcolor: levelInfo.color, color: textOn(levelInfo.color) } : undefined}
            data-testid="status-level"
          />
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button size="small" startIcon={<CenterFocusStrong />} onClick={() => onShowOnMap(i)}>
          {t('workspace.detail.showOnMap')}
        </Button>
      </Stack>

      <Section title={t('workspace.detail.identity')}>
        <DetailList
          items={[
            { label: t('workspace.detail.name'), value: i.name },
            { label: t('workspace.detail.type'), value: i.type_name },
            { label: t('workspace.detail.contract'), value: i.contract_no },
            { label: t('workspace.detail.zone'), value: i.zone_name ?? dash },
            { label: t('workspace.detail.status'), value: status },
            { label: t('workspace.detail.ltaCode'), value: i.lta_code ?? dash },
            { label: t('workspace.detail.installDate'), value: i.install_date ? formatDate(i.install_date, tz) : dash },
            { label: t('workspace.detail.frequency'), value: frequency ?? dash },
            { label: t('workspace.detail.baseline'), value: i.baseline_date ? formatDateTime(i.baseline_date, tz) : dash },
            ...(i.baseline_remarks ? [{ label: t('workspace.detail.baselineRemarks'), value: i.baseline_remarks }] : []),
            ...(i.remarks ? [{ label: t('workspace.detail.remarks'), value: i.remarks }] : []),
          ]}
        />
      </Section>

      <Section title={t('workspace.detail.location')}>
        <DetailList
          items={[
            { label: t('workspace.detail.svy21'), value: `${formatMetres(i.easting)} E, ${formatMetres(i.northing)} N` },
            { label: t('workspace.detail.wgs84'), value: `${formatDegrees(i.latitude)}, ${formatDegrees(i.longitude)}` },
            { label: t('workspace.detail.level'), value: i.level === null ? dash : t('workspace.detail.mrl', { value: i.level }) },
          ]}
        />
      </Section>

      <Section title={t('workspace.detail.latest')}>
        {!canRead ? (
          <Alert severity="info">{t('workspace.detail.noReadingPermission')}</Alert>
        ) : latest.isPending ? (
          <Loading />
        ) : latest.isError ? (
          <LoadError error={latest.error} onRetry={() => void latest.refetch()} />
        ) : latestRows.length === 0 ? (
          <EmptyText>{t('workspace.detail.noReadings')}</EmptyText>
        ) : (
          <ScrollRegion label={t('workspace.detail.latest')}>
            <Table size="small" aria-label={t('workspace.detail.latest')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('workspace.detail.readingCode')}</TableCell>
                  <TableCell align="right">{t('workspace.detail.value')}</TableCell>
                  <TableCell>{t('workspace.detail.takenAt')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {latestRows.map((r) => (
                  <TableRow key={r.series_id}>
                    <TableCell>
                      {r.code}
                      {r.depth !== null ? ` @ ${r.depth} m` : ''}
                      <Typography variant="caption" color="text.secondary" component="div">
                        {readingCodes.get(r.code)?.description}
                      </Typography>
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {fmt(r.value, readingCodes.get(r.code)?.precision ?? 2)} {r.unit}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.taken_at, tz)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollRegion>
        )}
      </Section>

      <Section title={t('workspace.detail.thresholds')}>
        {thresholds.isPending ? (
          <Loading />
        ) : thresholds.isError ? (
          <LoadError error={thresholds.error} onRetry={() => void thresholds.refetch()} />
        ) : thresholdRows.length === 0 ? (
          <EmptyText>{t('workspace.detail.noThresholds')}</EmptyText>
        ) : (
          <ScrollRegion label={t('workspace.detail.thresholds')}>
            <Table size="small" aria-label={t('workspace.detail.thresholds')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('workspace.detail.readingCode')}</TableCell>
                  <TableCell>{t('workspace.detail.levelCode')}</TableCell>
                  <TableCell align="right">{t('workspace.detail.lowerValue')}</TableCell>
                  <TableCell align="right">{t('workspace.detail.upperValue')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {thresholdRows.map((row) => {
                  const info = look.levels.get(row.level_code);
                  const unit = readingCodes.get(row.reading_code)?.unit ?? '';
                  return (
                    <TableRow key={`${row.reading_code}-${row.level_code}`}>
                      <TableCell>{row.reading_code}</TableCell>
                      <TableCell>
                        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                          <Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: info?.color ?? 'grey.500' }} />
                          {info ? `${info.code} — ${info.name}` : row.level_code}
                        </Box>
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {row.lower === null ? dash : `${row.lower} ${unit}`}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {row.upper === null ? dash : `${row.upper} ${unit}`}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </ScrollRegion>
        )}
      </Section>

      <Divider />
      <Section title={t('workspace.detail.charts')}>
        {canRead ? (
          <ReadingsSection
            key={instrumentId}
            instrumentId={instrumentId}
            instrumentName={i.name}
            thresholds={thresholdRows}
            config={config}
            state={state}
            update={update}
            hasDepth={config?.instruments.find((ty) => ty.code === i.type_code)?.has_depth ?? false}
          />
        ) : (
          <Alert severity="info">{t('workspace.detail.noReadingPermission')}</Alert>
        )}
      </Section>
    </Stack>
  );
}
