import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { AppAlert, useDialog, useToast } from '../../../components/feedback';
import { GallerySection } from './gallery-section';

const loadSampleContent = () => import('./sample-dialog-content');

/** Toasts (with the queue), dialogs (plain and custom content) and the four alert types. */
export function GalleryFeedback() {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useDialog();

  const showTwo = () => {
    toast({ message: t('devTools.toast.first') });
    toast({ message: t('devTools.toast.second'), color: 'success' });
  };

  const openConfirm = async () => {
    const result = await confirm({ prompt: t('devTools.dialog.prompt') });
    toast({ message: t('devTools.dialog.result', { result: String(result) }) });
  };

  const openCustom = async () => {
    const result = await confirm<string, { levels: string[] }>({
      title: t('devTools.dialog.customTitle'),
      content: loadSampleContent,
      params: { levels: ['WSL', 'PDL', 'AL', 'CL'] },
      maxWidth: 360,
    });
    toast({ message: t('devTools.dialog.result', { result: String(result) }) });
  };

  return (
    <>
      <GallerySection title={t('devTools.toast.title')}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={() => toast({ message: t('devTools.toast.simple') })}>
            {t('devTools.toast.showOne')}
          </Button>
          <Button variant="outlined" onClick={showTwo}>
            {t('devTools.toast.showTwo')}
          </Button>
          <Button
            variant="outlined"
            onClick={() =>
              toast({
                message: t('devTools.toast.withAction'),
                color: 'info',
                btnColor: '#ffffff',
                actionCb: () => toast({ message: t('devTools.toast.actionDone'), color: 'success' }),
              })
            }
          >
            {t('devTools.toast.showAction')}
          </Button>
          <Button variant="outlined" color="error" onClick={() => toast({ message: t('devTools.toast.error'), color: 'error', position: 'bottom' })}>
            {t('devTools.toast.showError')}
          </Button>
        </Stack>
      </GallerySection>
      <GallerySection title={t('devTools.dialog.title')}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={() => void openConfirm()}>
            {t('devTools.dialog.open')}
          </Button>
          <Button variant="outlined" onClick={() => void openCustom()}>
            {t('devTools.dialog.openCustom')}
          </Button>
        </Stack>
      </GallerySection>
      <GallerySection title={t('devTools.alerts.title')}>
        <Stack spacing={1}>
          <AppAlert type="info" message={t('devTools.alerts.info')} />
          <AppAlert type="success" message={t('devTools.alerts.success')} />
          <AppAlert type="warning" message={t('devTools.alerts.warning')} />
          <AppAlert type="error" message={t('devTools.alerts.error')} />
        </Stack>
      </GallerySection>
    </>
  );
}
