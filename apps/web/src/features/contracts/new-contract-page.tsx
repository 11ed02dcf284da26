import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/feedback';
import { useSaveContract } from './api';
import { contractBodyOf, ContractForm } from './contract-form';
import { useGo } from '../../lib/page-nav';

/** `/contracts/management/new` (CreateorDeleteContracts): the contract form; once created, its Boundary tab. */
export function NewContractPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const go = useGo();
  const save = useSaveContract();
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <ContractForm
        submitLabel={t('contractsAdmin.form.create')}
        onSubmit={async (values) => {
          const saved = await save.mutateAsync({ body: contractBodyOf(values) });
          toast({ color: 'success', message: t('contractsAdmin.message.created', { no: saved.no }) });
          go(`/contracts/management/${saved.contract_id}`, { replace: true });
        }}
        buttons={<Button onClick={() => go('/contracts/management')}>{t('contractsAdmin.form.cancel')}</Button>}
      />
    </Box>
  );
}
