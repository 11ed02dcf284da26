import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBytes, MONITORING_LOGO_MAX_BYTES } from '@strata/shared';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoError, readLogo } from './logo';

/** The cover's logo: a PNG or JPEG up to 300 kB, checked and read in the browser, shown once chosen. */
export function LogoField({ value, onChange, error }: { value: string | null; onChange: (logo: string | null) => void; error?: string }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  // Only the last file picked counts (an earlier one may finish reading later).
  const picks = useRef(0);
  const max = formatBytes(MONITORING_LOGO_MAX_BYTES);
  const shown = problem ?? error;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const ticket = ++picks.current;
    try {
      const logo = await readLogo(file);
      if (ticket !== picks.current) return;
      onChange(logo);
      setProblem(null);
    } catch (failure) {
      if (ticket !== picks.current) return;
      setProblem(failure instanceof LogoError ? t(`fullMonitoring.logo.${failure.problem}`, { max }) : t('fullMonitoring.logo.unreadable'));
    }
  };

  return (
    <Stack spacing={1} role="group" aria-label={t('fullMonitoring.logo.label')}>
      <Typography variant="body2" color="text.secondary">
        {t('fullMonitoring.logo.label')}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {value ? (
          <Box
            component="img"
            src={value}
            alt={t('fullMonitoring.logo.preview')}
            sx={{ maxHeight: 64, maxWidth: 200, objectFit: 'contain', border: 1, borderColor: 'divider', borderRadius: 1, p: 0.5 }}
          />
        ) : (
          <Typography variant="body2">{t('fullMonitoring.logo.none')}</Typography>
        )}
        <Button component="label" htmlFor={inputId} variant="outlined" size="small" startIcon={<ImageOutlined />}>
          {t(value ? 'fullMonitoring.logo.change' : 'fullMonitoring.logo.choose')}
          <input
            id={inputId}
            type="file"
            accept="image/png,image/jpeg"
            hidden
            aria-label={t('fullMonitoring.logo.file')}
            onChange={(event) => {
              void pick(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </Button>
        {value && (
          <Button
            size="small"
            color="inherit"
            startIcon={<DeleteOutline />}
            onClick={() => {
              onChange(null);
              setProblem(null);
            }}
          >
            {t('fullMonitoring.logo.remove')}
          </Button>
        )}
      </Stack>
      <FormHelperText error={Boolean(shown)}>{shown ?? t('fullMonitoring.logo.hint', { max })}</FormHelperText>
    </Stack>
  );
}
