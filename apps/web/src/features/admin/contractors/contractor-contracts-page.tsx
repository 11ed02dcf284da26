import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TContractorDetail } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/feedback';
import { useRouteAction } from '../../../lib/route-actions';
import { ContractChecklist } from '../shared/contract-checklist';
import { errorText } from '../../../lib/error-text';
import { useContractOptions } from '../../../lib/contract-options';
import { LoadError, Loading } from '../../../components/query-states';
import { Section } from '../../../components/section';
import { useContractorContracts, useSetContractorContracts } from './api';
import { ContractList, WithContractor } from './contractor-page';

function ContractorContracts({ contractor }: { contractor: TContractorDetail }) {
  const { t } = useTranslation();
  const toast = useToast();
  const current = useContractorContracts(contractor.contractor_id);
  const options = useContractOptions();
  const save = useSetContractorContracts(contractor.contractor_id);
  const [editing, setEditing] = useState<number[] | null>(null);
  useRouteAction('assign-contracts', () => setEditing(current.data?.records.map((c) => c.contract_id) ?? []));

  if (current.error) return <LoadError error={current.error} onRetry={() => void current.refetch()} />;
  if (!current.data) return <Loading />;

  const submit = async () => {
    if (!editing) return;
    try {
      await save.mutateAsync(editing);
      setEditing(null);
      toast({ color: 'success', message: t('admin.contractors.contractsSaved', { name: contractor.name }) });
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
  };

  if (editing === null) {
    return (
      <Section title={contractor.name} sx={{ maxWidth: 880 }}>
        <ContractList contracts={current.data.records} />
      </Section>
    );
  }
  // Contracts the contractor holds that are not in the administrator's list still show, so they can be cleared.
  const held = current.data.records.filter((c) => !(options.data ?? []).some((o) => o.contract_id === c.contract_id));
  return (
    <Stack spacing={2} sx={{ maxWidth: 880 }}>
      <Section title={contractor.name}>
        <Stack spacing={2}>
          <Typography>{t('admin.contractors.assignIntro', { name: contractor.name })}</Typography>
          {options.isPending ? <Loading /> : <ContractChecklist options={[...(options.data ?? []), ...held]} value={editing} onChange={setEditing} />}
        </Stack>
      </Section>
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>
          {t('admin.common.save')}
        </Button>
        <Button onClick={() => setEditing(null)}>{t('admin.common.cancel')}</Button>
      </Stack>
    </Stack>
  );
}

/** `/contracts/contractors/{contractor_id}/contracts` with Assign Contracts (ManageContractorContracts). */
export function ContractorContractsPage() {
  return <WithContractor render={(contractor) => <ContractorContracts contractor={contractor} />} />;
}
