import Delete from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { TContractDetail } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppAlert, useDialog, useToast } from '../../components/feedback';
import { ApiError } from '../../lib/api-client';
import { useCan } from '../../lib/use-can';
import { useDeleteContract, useSaveContract } from './api';
import { ContractFrame } from './contract-frame';
import { contractBodyOf, ContractForm } from './contract-form';
import { errorText } from '../../lib/error-text';
import { useGo } from '../../lib/page-nav';

function ContractInformation({ contract }: { contract: TContractDetail }) {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useDialog();
  const go = useGo();
  const canEdit = useCan('VieworEditContracts');
  const canDelete = useCan('CreateorDeleteContracts');
  const save = useSaveContract();
  const remove = useDeleteContract();
  // A refused delete (409: instruments or construction sites) stays on screen until dismissed.
  const [blocked, setBlocked] = useState<string | null>(null);

  const onDelete = async () => {
    setBlocked(null);
    const ok = await confirm({
      title: t('contractsAdmin.message.deleteTitle'),
      prompt: t('contractsAdmin.message.confirmDelete', { no: contract.no }),
      positive: t('contractsAdmin.form.delete'),
      negative: t('contractsAdmin.form.cancel'),
    });
    if (ok !== true) return;
    try {
      await remove.mutateAsync(contract.contract_id);
      toast({ color: 'success', message: t('contractsAdmin.message.deleted', { no: contract.no }) });
      go('/contracts/management', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setBlocked(errorText(error));
      else toast({ color: 'error', message: errorText(error) });
    }
  };

  return (
    <Stack spacing={2}>
      {blocked && (
        <AppAlert type="error" message={`${t('contractsAdmin.message.cannotDelete', { no: contract.no })}: ${blocked}`} onClose={() => setBlocked(null)} />
      )}
      <ContractForm
        key={contract.updated}
        contract={contract}
        readOnly={!canEdit}
        submitLabel={t('contractsAdmin.form.save')}
        onSubmit={async (values) => {
          const saved = await save.mutateAsync({ contractId: contract.contract_id, body: contractBodyOf(values) });
          toast({ color: 'success', message: t('contractsAdmin.message.saved', { no: saved.no }) });
        }}
        buttons={
          canDelete && (
            <Button color="error" startIcon={<Delete />} onClick={() => void onDelete()} disabled={remove.isPending} sx={{ ml: { sm: 'auto' } }}>
              {t('contractsAdmin.form.delete')}
            </Button>
          )
        }
      />
    </Stack>
  );
}

/** `/contracts/management/{id}`: tab Information — the contract form (edit with VieworEditContracts) and Delete. */
export function ContractInformationPage() {
  return <ContractFrame tab="information" render={(contract) => contract && <ContractInformation contract={contract} />} />;
}
