import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/** The data-update banner (spec §4): shown when a live `dataUpdated` event concerns the open screen. */
export function DataUpdateBanner({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="info"
      role="status"
      sx={{ borderRadius: 0 }}
      action={
        <Button color="inherit" size="small" onClick={onReload}>
          {t('realtime.reload')}
        </Button>
      }
    >
      <Button color="inherit" onClick={onReload} sx={{ p: 0, textTransform: 'none', font: 'inherit' }}>
        {t('realtime.newData')}
      </Button>
    </Alert>
  );
}
