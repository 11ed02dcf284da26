import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AppAlert, useToast } from '../../../components/feedback';

/** The one-time recovery codes, shown once after enrolment: copy them or download them as a text file. */
export function RecoveryCodes({ codes, loginName, onDone }: { codes: readonly string[]; loginName: string; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const text = [t('twoFactor.recoveryFileTitle', { loginName }), '', ...codes, ''].join('\n');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast({ message: t('twoFactor.copied'), color: 'success' });
    } catch {
      toast({ message: t('twoFactor.copyFailed'), color: 'error' });
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `recovery-codes-${loginName}.txt`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <Stack spacing={2}>
      <AppAlert type="success" message={t('twoFactor.enabled')} />
      <Typography>{t('twoFactor.recoveryIntro')}</Typography>
      <Box
        component="ol"
        aria-label={t('twoFactor.recoveryTitle')}
        sx={{
          m: 0,
          p: 2,
          pl: 5,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          columnGap: 4,
          rowGap: 0.5,
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontFamily: 'monospace',
          fontSize: '1.05rem',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => void copy()}>
          {t('twoFactor.copy')}
        </Button>
        <Button variant="outlined" startIcon={<Download />} onClick={download}>
          {t('twoFactor.download')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" onClick={onDone}>
          {t('twoFactor.savedCodes')}
        </Button>
      </Stack>
    </Stack>
  );
}
