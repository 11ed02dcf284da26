import Download from '@mui/icons-material/Download';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TAgsFinding, TAgsReport } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/feedback';
import { ScrollRegion } from '../../../components/scroll-region';
import { downloadAgsReport } from './api';

const SEVERITY_COLOR = { error: 'error', warning: 'warning', fyi: 'info' } as const;

function Count({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ color }}>
        {value.toLocaleString()}
      </Typography>
    </Paper>
  );
}

function FindingsTable({ findings, label }: { findings: readonly TAgsFinding[]; label: string }) {
  const { t } = useTranslation();
  // A ZIP of several AGS files: which file each finding is about.
  const files = findings.some((f) => f.file);
  return (
    <ScrollRegion label={label}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {files && <TableCell>{t('boreholes.report.file')}</TableCell>}
            <TableCell align="right">{t('boreholes.report.line')}</TableCell>
            <TableCell>{t('boreholes.report.group')}</TableCell>
            <TableCell>{t('boreholes.report.heading')}</TableCell>
            <TableCell sx={{ minWidth: 240 }}>{t('boreholes.report.message')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {findings.map((f, i) => (
            <TableRow key={`${f.line ?? 'file'}-${i}`}>
              {files && <TableCell sx={{ overflowWrap: 'anywhere' }}>{f.file ?? ''}</TableCell>}
              <TableCell align="right">{f.line ?? t('boreholes.report.wholeFile')}</TableCell>
              <TableCell>{f.group ?? ''}</TableCell>
              <TableCell>{f.heading ?? ''}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{f.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}

/**
 * The AGS checker's report of an upload: errors, warnings and FYI counts, the summary lines, the boreholes found (new
 * or a new version of one the contract has), the findings grouped by rule with their line numbers, and the report as
 * text or XLSX.
 */
export function AgsReportView({ report }: { report: TAgsReport }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = (format: 'txt' | 'xlsx') =>
    downloadAgsReport(report.upload_id, format).catch((error: unknown) =>
      toast({ color: 'error', message: error instanceof Error ? error.message : t('exportJob.downloadFailed') }),
    );
  const existing = report.boreholes.filter((b) => b.exists).length;
  return (
    <Stack spacing={2} component="section" aria-label={t('boreholes.report.title')}>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
          {t('boreholes.report.title')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button size="small" variant="outlined" startIcon={<Download />} onClick={() => void save('txt')}>
            {t('boreholes.report.downloadText')}
          </Button>
          <Button size="small" variant="outlined" startIcon={<Download />} onClick={() => void save('xlsx')}>
            {t('boreholes.report.downloadXlsx')}
          </Button>
        </Stack>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {[report.file_name, report.version ?? t('boreholes.report.unknownVersion'), report.encoding, report.dictionary].filter(Boolean).join(' · ')}
      </Typography>
      <Box
        role="group"
        aria-label={t('boreholes.report.counts')}
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } }}
      >
        <Count label={t('boreholes.report.errors')} value={report.counts.errors} color={report.counts.errors > 0 ? 'error.main' : undefined} />
        <Count label={t('boreholes.report.warnings')} value={report.counts.warnings} color={report.counts.warnings > 0 ? 'warning.main' : undefined} />
        <Count label={t('boreholes.report.fyi')} value={report.counts.fyi} />
        <Count label={t('boreholes.report.boreholes')} value={report.boreholes.length} />
      </Box>
      {report.summary.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 3 }} aria-label={t('boreholes.report.summary')}>
          {report.summary.map((line, i) => (
            <Typography component="li" variant="body2" key={i}>
              {line}
            </Typography>
          ))}
        </Box>
      )}
      {report.boreholes.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h4" gutterBottom>
            {t('boreholes.report.boreholesFound', { count: report.boreholes.length, existing })}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
            {report.boreholes.map((b) => (
              <Chip
                key={b.borehole_no}
                size="small"
                variant={b.exists ? 'filled' : 'outlined'}
                label={b.exists ? t('boreholes.report.newVersion', { no: b.borehole_no }) : b.borehole_no}
              />
            ))}
          </Box>
        </Box>
      )}
      {report.files.length > 1 && (
        <Typography variant="body2" color="text.secondary">
          {t('boreholes.report.files', { files: report.files.join(', ') })}
        </Typography>
      )}
      {report.by_rule.length === 0 ? (
        <Typography variant="body2">{t('boreholes.report.noFindings')}</Typography>
      ) : (
        <Box>
          {report.by_rule.map((rule) => (
            <Accordion key={`${rule.severity}-${rule.rule}`} disableGutters defaultExpanded={report.by_rule.length <= 3}>
              <AccordionSummary expandIcon={<ExpandMore />}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                  <Chip size="small" color={SEVERITY_COLOR[rule.severity]} label={t(`boreholes.report.severity.${rule.severity}`)} />
                  <Typography sx={{ fontWeight: 600 }}>{t('boreholes.report.rule', { rule: rule.rule })}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('boreholes.report.findingCount', { count: rule.findings.length + rule.omitted })}
                  </Typography>
                </Stack>
              </AccordionSummary>
              <AccordionDetails>
                <FindingsTable findings={rule.findings} label={t('boreholes.report.rule', { rule: rule.rule })} />
                {rule.omitted > 0 && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    {t('boreholes.report.omitted', { count: rule.omitted })}
                  </Typography>
                )}
              </AccordionDetails>
            </Accordion>
          ))}
        </Box>
      )}
    </Stack>
  );
}
