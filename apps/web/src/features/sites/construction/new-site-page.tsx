import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/feedback';
import { useGo } from '../../../lib/page-nav';
import { useSaveSite } from './api';
import { SiteForm } from './site-form';

/** `/master-data/construction/site/new` (ManageConstructionSites): a new excavation site or mined tunnel. */
export function NewSitePage() {
  const { t } = useTranslation();
  const toast = useToast();
  const go = useGo();
  const save = useSaveSite();
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <SiteForm
        submitLabel={t('sites.common.create')}
        onSubmit={async (values) => {
          const saved = await save.mutateAsync({ body: { ...values, stages: [], design_values: {} } });
          toast({ color: 'success', message: t('sites.site.created', { name: saved.site_name }) });
          go(`/master-data/construction/site/${saved.site_id}`, { replace: true });
        }}
        buttons={<Button onClick={() => go('/master-data/construction/site')}>{t('sites.common.cancel')}</Button>}
      />
    </Box>
  );
}
