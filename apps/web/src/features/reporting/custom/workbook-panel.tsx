import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Download from '@mui/icons-material/Download';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBytes, TEMPLATE_PLACEHOLDERS, TEMPLATE_TABLE_RANGES, TEMPLATE_WORKBOOK_LIMITS, type TCustomTemplate } from '@strata/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialog, useToast } from '../../../components/feedback';
import { Section } from '../../../components/section';
import { errorText } from '../../../lib/error-text';
import { customTemplateKeys, downloadWorkbook, removeWorkbook, uploadWorkbook, WorkbookRefused } from './api';

/** What each table range takes (TEMPLATE_TABLE_RANGES). */
const RANGE_KEYS = {
  readings: 'customReports.workbook.rangeReadings',
  instruments: 'customReports.workbook.rangeInstruments',
  breaches: 'customReports.workbook.rangeBreaches',
} as const;

/** The placeholders and table ranges an Excel template may use, with their meaning. */
function WorkbookHelp() {
  const { t } = useTranslation();
  return (
    <Box component="details" sx={{ '& summary': { cursor: 'pointer' } }}>
      <Typography component="summary" variant="body2" sx={{ fontWeight: 600 }}>
        {t('customReports.workbook.help')}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('customReports.workbook.placeholdersIntro')}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.5, my: 1 }}>
        {Object.entries(TEMPLATE_PLACEHOLDERS).map(([key, meaning]) => (
          <Box key={key} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ fontFamily: 'monospace' }}>{`{{${key}}}`}</Box>
            <Box component="dd" sx={{ m: 0, color: 'text.secondary' }}>
              {meaning}
            </Box>
          </Box>
        ))}
      </Box>
      <Typography variant="body2">{t('customReports.workbook.rangesIntro')}</Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.5, my: 1 }}>
        {TEMPLATE_TABLE_RANGES.map((range) => (
          <Box key={range} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ fontFamily: 'monospace' }}>
              {range}
            </Box>
            <Box component="dd" sx={{ m: 0, color: 'text.secondary' }}>
              {t(RANGE_KEYS[range])}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * The template's Excel workbook (xls output): upload (the server checks it and answers the problems it found, shown
 * as a list), download, remove; and the help on placeholders and table ranges.
 */
export function WorkbookPanel({ template }: { template: TCustomTemplate }) {
  const { t } = useTranslation();
  const inputId = useId();
  const toast = useToast();
  const confirm = useDialog();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ message: string; problems: string[] } | null>(null);
  const workbook = template.workbook;

  const refresh = () => client.invalidateQueries({ queryKey: customTemplateKeys.all });

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setRefused(null);
    if (file.size > TEMPLATE_WORKBOOK_LIMITS.maxBytes) {
      setRefused({
        message: t('customReports.workbook.refused'),
        problems: [t('customReports.workbook.tooLarge', { max: formatBytes(TEMPLATE_WORKBOOK_LIMITS.maxBytes) })],
      });
      return;
    }
    setBusy(true);
    try {
      await uploadWorkbook(template.template_id, file);
      toast({ color: 'success', message: t('customReports.workbook.uploaded', { file: file.name }) });
      await refresh();
    } catch (error) {
      if (error instanceof WorkbookRefused) setRefused(error.problems);
      else toast({ color: 'error', message: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    const ok = await confirm({
      title: t('customReports.workbook.removeTitle'),
      prompt: t('customReports.workbook.removePrompt', { file: template.filename }),
      positive: t('customReports.workbook.remove'),
    });
    if (ok !== true) return;
    try {
      await removeWorkbook(template.template_id);
      toast({ color: 'success', message: t('customReports.workbook.removed') });
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
    await refresh();
  };

  return (
    <Section title={t('customReports.workbook.title')}>
      <Stack spacing={1.5}>
        <Typography variant="body2" color="text.secondary">
          {t('customReports.workbook.intro', { max: formatBytes(TEMPLATE_WORKBOOK_LIMITS.maxBytes) })}
        </Typography>
        {workbook ? (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {t('customReports.workbook.current', { file: template.filename, size: formatBytes(workbook.size) })}
            {workbook.placeholders.length + workbook.tables.length > 0 &&
              ` · ${t('customReports.workbook.uses', { list: [...workbook.placeholders, ...workbook.tables].join(', ') })}`}
          </Typography>
        ) : (
          <Typography variant="body2">{t('customReports.workbook.none')}</Typography>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button component="label" htmlFor={inputId} variant="outlined" size="small" startIcon={<UploadFile />} disabled={busy}>
            {t(workbook ? 'customReports.workbook.replace' : 'customReports.workbook.upload')}
            <input
              id={inputId}
              type="file"
              hidden
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-label={t('customReports.workbook.file')}
              onChange={(event) => {
                void upload(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </Button>
          {workbook && (
            <>
              <Button
                size="small"
                startIcon={<Download />}
                onClick={() => void downloadWorkbook(template).catch((error: unknown) => toast({ color: 'error', message: errorText(error) }))}
              >
                {t('customReports.workbook.download')}
              </Button>
              <Button size="small" color="inherit" startIcon={<DeleteOutline />} onClick={() => void remove()} disabled={busy}>
                {t('customReports.workbook.remove')}
              </Button>
            </>
          )}
        </Stack>
        {refused && (
          <Alert severity="error" onClose={() => setRefused(null)}>
            <AlertTitle>{refused.message}</AlertTitle>
            <Box component="ul" aria-label={t('customReports.workbook.problems')} sx={{ m: 0, pl: 2.5 }}>
              {refused.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </Box>
          </Alert>
        )}
        <WorkbookHelp />
      </Stack>
    </Section>
  );
}
