import PlayArrow from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { mapExtentError, REPORT_OUTPUTS, type MapReportLayer, type ReportOutput, type TReportParamsInput } from '@strata/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportDialog, ReportJobStatus } from '../../../components/report-dialog';
import { Section } from '../../../components/section';
import { useReportJob, type ReportJobOptions } from '../../../lib/report-job';
import type { Svy21Extent } from '../state/url-state';

/** What the work-space map shows, as a map report asks for it. */
export interface MapReportView {
  /** The map's current view (SVY21); null until the map has reported it. */
  extent: Svy21Extent | null;
  /** The layers the map draws. */
  layers: MapReportLayer[];
  /** The selected instruments (area, filter, keyword); undefined: every instrument in the view. */
  instrumentIds?: number[];
}

export interface MapReportForm {
  title: string;
  output: ReportOutput;
  background: boolean;
}

/** The view to whole metres, widened outward (the report shows at least what the map did). */
export function wholeMetres(extent: Svy21Extent): Svy21Extent {
  return [Math.floor(extent[0]), Math.floor(extent[1]), Math.ceil(extent[2]), Math.ceil(extent[3])];
}

/**
 * The body of `POST /reports/map`: the contracts, the map view (extent, layers, selection, title), the format and the
 * background flag. A map report has no period (it shows the latest values); the engine's required period is sent as
 * its default.
 */
export function mapReportParams(contractIds: readonly number[], view: MapReportView & { extent: Svy21Extent }, form: MapReportForm): TReportParamsInput {
  const title = form.title.trim();
  return {
    contract_ids: [...contractIds],
    period: { option: 'last-2-weeks' },
    output: form.output,
    background: form.background,
    map: {
      extent: wholeMetres(view.extent),
      layers: view.layers,
      ...(view.instrumentIds ? { instrument_ids: view.instrumentIds } : {}),
      ...(title ? { title } : {}),
    },
  };
}

export interface MapReportPanelProps {
  contractIds: readonly number[];
  view: MapReportView;
  jobOptions?: ReportJobOptions;
}

/** The Map Reports panel (spec §2.4): title, format (PDF, XLS, HTML), run in background, Generate Map Report. */
export function MapReportPanel({ contractIds, view, jobOptions }: MapReportPanelProps) {
  const { t } = useTranslation();
  const job = useReportJob(jobOptions);
  const [form, setForm] = useState<MapReportForm>({ title: '', output: 'pdf', background: false });
  const extent = view.extent ? wholeMetres(view.extent) : null;
  const extentError = extent ? mapExtentError(extent) : null;
  const ready = contractIds.length > 0 && extent !== null && !extentError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || !extent) return;
    void job.generate('map', mapReportParams(contractIds, { ...view, extent }, form));
  };

  return (
    <Section title={t('workspace.mapReport.panel')}>
      <Box component="form" noValidate onSubmit={submit} aria-label={t('workspace.mapReport.panel')}>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('workspace.mapReport.hint')}
          </Typography>
          {contractIds.length === 0 && <Alert severity="info">{t('workspace.mapReport.noContracts')}</Alert>}
          <Typography variant="body2" data-testid="map-report-extent">
            {extent
              ? t('workspace.mapReport.extent', { minE: extent[0], minN: extent[1], maxE: extent[2], maxN: extent[3] })
              : t('workspace.mapReport.noExtent')}
          </Typography>
          {extentError && <Alert severity="warning">{extentError}</Alert>}
          <Typography variant="body2" color="text.secondary">
            {view.instrumentIds ? t('workspace.mapReport.selection', { count: view.instrumentIds.length }) : t('workspace.mapReport.allInstruments')}
          </Typography>
          <TextField
            size="small"
            label={t('workspace.mapReport.title')}
            helperText={t('workspace.mapReport.titleHint')}
            value={form.title}
            slotProps={{ htmlInput: { maxLength: 200 } }}
            onChange={(event) => setForm((f) => ({ ...f, title: event.target.value }))}
          />
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <ToggleButtonGroup
              exclusive
              size="small"
              color="primary"
              value={form.output}
              aria-label={t('reporting.form.format')}
              onChange={(_, next: ReportOutput | null) => next && setForm((f) => ({ ...f, output: next }))}
            >
              {REPORT_OUTPUTS.map((o) => (
                <ToggleButton key={o} value={o} sx={{ px: 2 }}>
                  {o.toUpperCase()}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <FormControlLabel
              control={<Switch checked={form.background} onChange={(event) => setForm((f) => ({ ...f, background: event.target.checked }))} />}
              label={t('reporting.form.background')}
            />
          </Stack>
          <Box>
            <Button type="submit" variant="contained" startIcon={<PlayArrow />} disabled={job.busy || !ready}>
              {t('workspace.mapReport.generate')}
            </Button>
          </Box>
          <ReportJobStatus job={job} />
        </Stack>
      </Box>
      <ReportDialog report={job.viewer} onClose={job.closeViewer} />
    </Section>
  );
}
