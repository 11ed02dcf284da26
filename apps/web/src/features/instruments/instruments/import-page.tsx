import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import FileDownload from '@mui/icons-material/FileDownload';
import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBytes, INSTRUMENT_IMPORT_COLUMNS, THRESHOLD_IMPORT_COLUMNS, type TImportResult } from '@strata/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { AppAlert, useToast } from '../../../components/feedback';
import { maxUploadBytes, PickFilesButton } from '../../../components/upload-button';
import { useConfig } from '../../../lib/config';
import { instrumentKeys } from '../api/keys';
import { downloadTemplate, sendImport, type FileFormat, type ImportKind } from '../api/transfer';
import { errorText } from '../../../lib/error-text';
import { AppLink } from '../../../components/app-link';
import { Section } from '../../../components/section';
import { ImportReport } from './import-report';

/** Both kinds are uploads of type `instrument-plan` (its size limit). */
const UPLOAD_TYPE = 'instrument-plan';
const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Phase = { state: 'idle' } | { state: 'sending'; dryRun: boolean; percent: number } | { state: 'failed'; message: string };

function Outcome({ kind, result }: { kind: ImportKind; result: TImportResult }) {
  const { t } = useTranslation();
  const total = result.rows.length;
  if (result.invalid > 0) {
    return (
      <AppAlert type="error" title={t('instruments.import.nothingImported')} message={t('instruments.import.invalidRows', { count: result.invalid, total })} />
    );
  }
  if (result.dry_run) {
    return <AppAlert type="info" title={t('instruments.import.checked')} message={t('instruments.import.allValid', { count: total })} />;
  }
  return (
    <AppAlert
      type="success"
      title={t(kind === 'instruments' ? 'instruments.import.importedInstruments' : 'instruments.import.importedThresholds', { count: result.imported })}
      message={<AppLink to="/master-data/instrument">{t('instruments.import.backToList')}</AppLink>}
    />
  );
}

/**
 * Bulk import (upload type `instrument-plan`): the template, a CSV/XLSX file, a check (dry run) and the import.
 * The server reports every row; when any row is bad nothing is imported, and the report says which and why.
 */
function ImportPage({ kind }: { kind: ImportKind }) {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const config = useConfig();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ state: 'idle' });
  const [result, setResult] = useState<TImportResult | null>(null);
  const [templateBusy, setTemplateBusy] = useState(false);
  /** Each answer gets a new report (its filter and page start over). */
  const [run, setRun] = useState(0);
  const abort = useRef<AbortController | null>(null);
  const max = maxUploadBytes(UPLOAD_TYPE, config.data?.settings);
  const columns = kind === 'instruments' ? INSTRUMENT_IMPORT_COLUMNS : THRESHOLD_IMPORT_COLUMNS;
  const sending = phase.state === 'sending';

  useEffect(() => () => abort.current?.abort(), []);

  const choose = (files: File[]) => {
    const chosen = files[0] ?? null;
    if (!chosen) return;
    setResult(null);
    if (chosen.size > max) {
      setFile(null);
      setPhase({ state: 'failed', message: t('instruments.import.tooLarge', { filename: chosen.name, max: formatBytes(max) }) });
      return;
    }
    setFile(chosen);
    setPhase({ state: 'idle' });
  };

  const send = async (dryRun: boolean) => {
    if (!file) return;
    const controller = new AbortController();
    abort.current = controller;
    setResult(null);
    setPhase({ state: 'sending', dryRun, percent: 0 });
    try {
      const answer = await sendImport(kind, file, dryRun, {
        signal: controller.signal,
        onProgress: (percent) => setPhase({ state: 'sending', dryRun, percent }),
      });
      setResult(answer);
      setRun((n) => n + 1);
      setPhase({ state: 'idle' });
      if (!answer.dry_run && answer.imported > 0) {
        await client.invalidateQueries({ queryKey: instrumentKeys.all });
        toast({
          color: 'success',
          message: t(kind === 'instruments' ? 'instruments.import.importedInstruments' : 'instruments.import.importedThresholds', { count: answer.imported }),
        });
        setFile(null);
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      setPhase({ state: 'failed', message: errorText(error) });
    }
  };

  const template = async (format: FileFormat) => {
    setTemplateBusy(true);
    try {
      const name = await downloadTemplate(kind, format);
      toast({ color: 'success', message: t('instruments.export.saved', { file: name }) });
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    } finally {
      setTemplateBusy(false);
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      <Section title={t(kind === 'instruments' ? 'instruments.import.instrumentsTitle' : 'instruments.import.thresholdsTitle')}>
        <Stack spacing={2}>
          <Typography>{t(kind === 'instruments' ? 'instruments.import.instrumentsIntro' : 'instruments.import.thresholdsIntro')}</Typography>
          <Typography variant="body2" component="div">
            {t('instruments.import.columns')}{' '}
            <Box component="code" sx={{ overflowWrap: 'anywhere' }}>
              {columns.join(', ')}
            </Box>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('instruments.import.rules', { max: formatBytes(max) })}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography variant="body2">{t('instruments.import.template')}</Typography>
            {(['csv', 'xlsx'] as const).map((format) => (
              <Button key={format} size="small" startIcon={<FileDownload />} disabled={templateBusy} onClick={() => void template(format)}>
                {t('instruments.import.templateFormat', { format: format.toUpperCase() })}
              </Button>
            ))}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: { sm: 'center' } }}>
            <PickFilesButton accept={ACCEPT} disabled={sending} inputTestId="import-file" onFiles={choose}>
              {t('instruments.import.chooseFile')}
            </PickFilesButton>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} aria-live="polite">
              {file ? t('instruments.import.chosen', { name: file.name, size: formatBytes(file.size) }) : t('instruments.import.noFile')}
            </Typography>
          </Stack>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<FactCheckOutlined />} disabled={!file || sending} onClick={() => void send(true)}>
              {t('instruments.import.check')}
            </Button>
            <Button variant="contained" startIcon={<UploadFile />} disabled={!file || sending} onClick={() => void send(false)}>
              {t('instruments.import.import')}
            </Button>
          </Stack>
          {phase.state === 'sending' && (
            <Stack spacing={0.5} role="status" aria-live="polite">
              <LinearProgress
                variant={phase.percent < 100 ? 'determinate' : 'indeterminate'}
                value={phase.percent}
                aria-label={t(phase.dryRun ? 'instruments.import.checking' : 'instruments.import.importing')}
              />
              <Typography variant="body2" color="text.secondary">
                {t(phase.dryRun ? 'instruments.import.checking' : 'instruments.import.importing')}
              </Typography>
            </Stack>
          )}
          {phase.state === 'failed' && <AppAlert type="error" message={phase.message} onClose={() => setPhase({ state: 'idle' })} />}
        </Stack>
      </Section>
      {result && (
        <Section title={t('instruments.import.report')} subheader={t('instruments.import.summary', { valid: result.valid, invalid: result.invalid })}>
          <Stack spacing={2}>
            <Outcome kind={kind} result={result} />
            <ImportReport key={run} result={result} />
          </Stack>
        </Section>
      )}
    </Stack>
  );
}

/** `/master-data/instrument/import` (import instruments). */
export function ImportInstrumentsPage() {
  return <ImportPage kind="instruments" />;
}

/** `/master-data/instrument/import-thresholds` (import thresholds). */
export function ImportThresholdsPage() {
  return <ImportPage kind="thresholds" />;
}
