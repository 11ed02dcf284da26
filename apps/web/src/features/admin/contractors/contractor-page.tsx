import Delete from '@mui/icons-material/Delete';
import ListAlt from '@mui/icons-material/ListAlt';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import type { TContractorDetail } from '@strata/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AppAlert, useDialog, useToast } from '../../../components/feedback';
import { useCan } from '../../../lib/use-can';
import { errorText } from '../../../lib/error-text';
import { idOrUndefined } from '../../../lib/page-nav';
import { AppLink } from '../../../components/app-link';
import { EmptyText, LoadError, Loading } from '../../../components/query-states';
import { isNotFound } from '../../../lib/error-text';
import { Section } from '../../../components/section';
import { StateChip, UserStatusChip } from '../shared/status-chip';
import { useGo } from '../../../lib/page-nav';
import { useContractor, useDeleteContractor, useSaveContractor } from './api';
import { ContractorForm } from './contractor-form';

/** A contractor page, loaded from its `:contractor_id`. */
export function WithContractor({ render }: { render: (contractor: TContractorDetail) => ReactNode }) {
  const { t } = useTranslation();
  const id = idOrUndefined(useParams().contractor_id);
  const query = useContractor(id);
  if (id === undefined || isNotFound(query.error)) return <AppAlert type="warning" message={t('admin.contractors.notFound')} />;
  if (query.error) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Loading />;
  return <>{render(query.data)}</>;
}

function ContractorDetail({ contractor }: { contractor: TContractorDetail }) {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useDialog();
  const go = useGo();
  const canEdit = useCan('VieworEditContractors');
  const canDelete = useCan('CreateorDeleteContractors');
  const canContracts = useCan('ManageContractorContracts');
  const canUsers = useCan('SearchUsers', 'VieworEditUserInformation');
  const save = useSaveContractor();
  const remove = useDeleteContractor();

  const onDelete = async () => {
    const ok = await confirm({
      prompt: t('admin.contractors.confirmDelete', { name: contractor.name }),
      positive: t('admin.common.delete'),
      negative: t('admin.common.cancel'),
    });
    if (ok !== true) return;
    try {
      await remove.mutateAsync(contractor.contractor_id);
      toast({ color: 'success', message: t('admin.contractors.deleted', { name: contractor.name }) });
      go('/contracts/contractors', { replace: true });
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 1000 }}>
      <ContractorForm
        key={contractor.updated}
        contractor={contractor}
        readOnly={!canEdit}
        submitLabel={t('admin.common.save')}
        onSubmit={async (body) => {
          const saved = await save.mutateAsync({ contractorId: contractor.contractor_id, body });
          toast({ color: 'success', message: t('admin.contractors.saved', { name: saved.name }) });
        }}
        buttons={
          <>
            {canContracts && (
              <Button startIcon={<ListAlt />} onClick={() => go(`/contracts/contractors/${contractor.contractor_id}/contracts`)}>
                {t('admin.contractors.manageContracts')}
              </Button>
            )}
            {canDelete && (
              <Button color="error" startIcon={<Delete />} onClick={() => void onDelete()} sx={{ ml: { sm: 'auto' } }}>
                {t('admin.contractors.delete')}
              </Button>
            )}
          </>
        }
      />
      <Section title={t('admin.contractors.users')}>
        {contractor.users.length === 0 ? (
          <EmptyText>{t('admin.contractors.noUsers')}</EmptyText>
        ) : (
          <List dense disablePadding>
            {contractor.users.map((user) => (
              <ListItem key={user.user_id} divider disableGutters secondaryAction={<UserStatusChip status={user.status} />}>
                <ListItemText
                  primary={canUsers ? <AppLink to={`/admin/users/${user.user_id}`}>{user.fullname}</AppLink> : user.fullname}
                  secondary={user.login_name}
                  sx={{ pr: 12 }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Section>
      <Section title={t('admin.contractors.contracts')}>
        <ContractList contracts={contractor.contracts} />
      </Section>
    </Stack>
  );
}

/** The contracts of a contractor: number, title, and a mark on inactive ones. */
export function ContractList({ contracts }: { contracts: TContractorDetail['contracts'] }) {
  const { t } = useTranslation();
  if (contracts.length === 0) return <EmptyText>{t('admin.contractors.noContracts')}</EmptyText>;
  return (
    <List dense disablePadding>
      {contracts.map((contract) => (
        <ListItem key={contract.contract_id} divider disableGutters secondaryAction={!contract.active && <StateChip label={t('admin.contractors.inactive')} />}>
          <ListItemText primary={contract.no} secondary={contract.title} sx={{ pr: 12 }} />
        </ListItem>
      ))}
    </List>
  );
}

/** `/contracts/contractors/{contractor_id}`: name, registration no., address, contact, users and contracts. */
export function ContractorPage() {
  return <WithContractor render={(contractor) => <ContractorDetail contractor={contractor} />} />;
}
