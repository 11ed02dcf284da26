import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { TBoreholeSection } from '@strata/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppLink } from '../../../components/app-link';
import { ChartPanel, type ChartView } from '../../../components/chart';
import { AppAlert } from '../../../components/feedback';
import { EmptyText, LoadError, Loading } from '../../../components/query-states';
import { ScrollRegion } from '../../../components/scroll-region';
import { useCan } from '../../../lib/use-can';
import { useWorkspaceNav } from '../shared/use-workspace-nav';
import { useBoreholeSection } from './api';
import { formatMetres } from './format';
import { boreholePath, BOREHOLE_LIST_PATH } from './paths';
import { buildSectionOption } from './section-option';
import { lineParam, parseBuffer, readSectionRequest, type SectionRequest } from './section-state';
import type { SoilFamily } from './soil';

/** The section chart's height (px): a section is wider than it is deep, unlike the 1200 px log. */
export const SECTION_CHART_HEIGHT = 640;
/** Chart width (px) a borehole needs on a narrow screen: its column, its codes and SPT values. */
const SECTION_WIDTH_PER_BOREHOLE = 96;

function SectionChart({ section, title, subtitle }: { section: TBoreholeSection; title: string; subtitle: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const dark = theme.palette.mode === 'dark';
  const canExport = useCan('ExportSiteInvestigation');
  const [spt, setSpt] = useState(true);
  const buildOption = useCallback(
    (view: ChartView) =>
      buildSectionOption({
        section,
        familyName: (family: SoilFamily) => t(`boreholes.soil.${family}`),
        distanceName: t('boreholes.section.distanceAxis'),
        levelName: t('boreholes.log.level'),
        title,
        subtitle,
        spt,
        display: view.display,
        axis: view.axis,
        textColor: dark ? '#eceff1' : '#37474f',
        gridColor: dark ? '#455a64' : '#e0e0e0',
      }),
    [section, t, title, subtitle, spt, dark],
  );
  return (
    <>
      <FormControlLabel control={<Switch checked={spt} onChange={(event) => setSpt(event.target.checked)} />} label={t('boreholes.section.spt')} />
      <ChartPanel
        buildOption={buildOption}
        empty={section.boreholes.length === 0}
        xType="value"
        height={SECTION_CHART_HEIGHT}
        label={t('boreholes.section.chart')}
        description={t('boreholes.section.chartDescription')}
        fileName="borehole-section"
        canExport={canExport}
      />
    </>
  );
}

function SectionTable({ section }: { section: TBoreholeSection }) {
  const { t } = useTranslation();
  return (
    <ScrollRegion label={t('boreholes.section.table')}>
      <Table size="small" aria-label={t('boreholes.section.table')} sx={{ minWidth: 520 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('boreholes.section.borehole')}</TableCell>
            <TableCell align="right">{t('boreholes.section.distance')}</TableCell>
            <TableCell align="right">{t('boreholes.section.offset')}</TableCell>
            <TableCell align="right">{t('boreholes.field.groundLevel')}</TableCell>
            <TableCell align="right">{t('boreholes.field.finalDepth')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {section.boreholes.map((b) => (
            <TableRow key={b.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <AppLink to={boreholePath(b.id)}>{b.no}</AppLink>
              </TableCell>
              <TableCell align="right">{b.distance.toFixed(2)}</TableCell>
              <TableCell align="right">{b.offset.toFixed(2)}</TableCell>
              <TableCell align="right">{formatMetres(b.groundLevel, 2)}</TableCell>
              <TableCell align="right">{formatMetres(b.finalDepth, 2)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}

/** The buffer of a line section: a field that rewrites `buffer` in the address (Enter or leaving the field). */
function BufferField({ buffer, onChange }: { buffer: number; onChange: (buffer: number) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(buffer));
  const value = parseBuffer(text);
  const apply = () => {
    if (value !== null && value !== buffer) onChange(value);
  };
  return (
    <TextField
      size="small"
      label={t('boreholes.section.buffer')}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply();
      }}
      error={value === null}
      helperText={value === null ? t('boreholes.section.bufferRange') : undefined}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      sx={{ width: 180 }}
    />
  );
}

const apiQuery = (request: SectionRequest) => ('ids' in request ? { ids: request.ids.join(',') } : { line: lineParam(request.line), buffer: request.buffer });

/**
 * `/dashboard/search/borehole/section?ids=…` or `?line=lon,lat,…&buffer=50`: a section through boreholes (issue 18):
 * the chart (distance along the line against level, a strata column per borehole, ground levels joined, SPT N as a
 * switch) with the chart toolbar, and a table of the boreholes placed (distance, offset, ground level, final depth).
 */
export function BoreholeSectionPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { go } = useWorkspaceNav();
  const request = readSectionRequest(params);
  const query = useBoreholeSection(request ? apiQuery(request) : null);

  const header = (subtitle: string | null) => (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 1.5, sm: 2 } }} aria-labelledby="borehole-section-title">
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Box>
          <Typography id="borehole-section-title" variant="h6" component="h2" sx={{ fontWeight: 600 }}>
            {t('boreholes.section.title')}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary" data-testid="section-summary">
              {subtitle}
            </Typography>
          )}
        </Box>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
          {request && 'line' in request && (
            <BufferField
              key={request.buffer}
              buffer={request.buffer}
              onChange={(buffer) =>
                setParams((current) => {
                  const out = new URLSearchParams(current);
                  out.set('buffer', String(buffer));
                  return out;
                })
              }
            />
          )}
          <Button size="small" startIcon={<ArrowBack />} onClick={() => go(BOREHOLE_LIST_PATH, { search: '' })}>
            {t('boreholes.section.backToList')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );

  if (!request) {
    return (
      <Stack spacing={2}>
        {header(null)}
        <AppAlert type="warning" message={t('boreholes.section.nothingAsked')} />
      </Stack>
    );
  }
  if (query.isPending) {
    return (
      <Stack spacing={2}>
        {header(null)}
        <Loading />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Stack spacing={2}>
        {header(null)}
        <LoadError error={query.error} onRetry={() => void query.refetch()} notFound={t('boreholes.section.notFound')} />
      </Stack>
    );
  }
  const section = query.data;
  const count = section.boreholes.length;
  const length = section.length.toFixed(0);
  const subtitle =
    'ids' in request ? t('boreholes.section.summaryPicked', { count, length }) : t('boreholes.section.summaryLine', { count, length, buffer: request.buffer });
  const noGround = section.boreholes.filter((b) => b.groundLevel === null).map((b) => b.no);
  return (
    <Stack spacing={2}>
      {header(subtitle)}
      {count === 0 ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <EmptyText>{t('boreholes.section.empty', { buffer: 'line' in request ? request.buffer : 0 })}</EmptyText>
        </Paper>
      ) : (
        <>
          {noGround.length > 0 && (
            <AppAlert type="info" message={t('boreholes.section.noGroundLevel', { boreholes: noGround.join(', '), count: noGround.length })} />
          )}
          <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 }, overflowX: 'auto' }}>
            {/* On a phone the chart keeps a readable width (more with many boreholes) and scrolls sideways, as the log does. */}
            <Box sx={{ minWidth: Math.max(640, count * SECTION_WIDTH_PER_BOREHOLE) }}>
              <SectionChart section={section} title={t('boreholes.section.title')} subtitle={subtitle} />
            </Box>
          </Paper>
          <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
            <SectionTable section={section} />
          </Paper>
        </>
      )}
    </Stack>
  );
}
