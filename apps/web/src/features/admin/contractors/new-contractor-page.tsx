import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/feedback';
import { useGo } from '../../../lib/page-nav';
import { useSaveContractor } from './api';
import { ContractorForm } from './contractor-form';

/** `/contracts/contractors/new` (CreateorDeleteContractors). */
export function NewContractorPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const go = useGo();
  const save = useSaveContractor();
  return (
    <Box sx={{ maxWidth: 880 }}>
      <ContractorForm
        submitLabel={t('admin.common.save')}
        onSubmit={async (body) => {
          const saved = await save.mutateAsync({ body });
          toast({ color: 'success', message: t('admin.contractors.created', { name: saved.name }) });
          go(`/contracts/contractors/${saved.contractor_id}`, { replace: true });
        }}
        buttons={<Button onClick={() => go('/contracts/contractors')}>{t('admin.common.cancel')}</Button>}
      />
    </Box>
  );
}
