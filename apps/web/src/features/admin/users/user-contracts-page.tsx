import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { USER_TYPE, type TAdminUserDetail } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/feedback';
import { ContractChecklist } from '../shared/contract-checklist';
import { errorText } from '../../../lib/error-text';
import { LoadError, Loading } from '../../../components/query-states';
import { Section } from '../../../components/section';
import { useGo } from '../../../lib/page-nav';
import { useSetUserContracts, useUserContracts } from './api';
import { useAssignableContracts } from './contract-options';
import { WithUser } from './user-profile-page';

function AssignContracts({ user, current }: { user: TAdminUserDetail; current: number[] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const go = useGo();
  const [selected, setSelected] = useState<number[]>(current);
  const assignable = useAssignableContracts(user.user_type, user.contractor_id);
  const save = useSetUserContracts(user.user_id);

  if (assignable.error) return <LoadError error={assignable.error} />;
  if (assignable.loading) return <Loading />;
  const offered = new Set(assignable.options.map((c) => c.contract_id));

  const submit = async () => {
    try {
      await save.mutateAsync(selected.filter((id) => offered.has(id)));
      toast({ color: 'success', message: t('admin.users.contractsSaved', { name: user.fullname }) });
      go(`/admin/users/${user.user_id}`);
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 880 }}>
      <Section title={user.fullname} subheader={user.login_name}>
        <Stack spacing={2}>
          <Typography>{t('admin.users.assignIntro', { name: user.fullname })}</Typography>
          {user.user_type === USER_TYPE.Contractor && (
            <Typography variant="body2" color="text.secondary">
              {t('admin.users.assignContractorOnly', { contractor: user.contractor_name ?? '—' })}
            </Typography>
          )}
          <ContractChecklist options={assignable.options} value={selected.filter((id) => offered.has(id))} onChange={setSelected} />
        </Stack>
      </Section>
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>
          {t('admin.common.save')}
        </Button>
        <Button onClick={() => go(`/admin/users/${user.user_id}`)}>{t('admin.common.cancel')}</Button>
      </Stack>
    </Stack>
  );
}

function UserContracts({ user }: { user: TAdminUserDetail }) {
  const query = useUserContracts(user.user_id);
  if (query.error) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Loading />;
  return <AssignContracts user={user} current={query.data.contract_ids} />;
}

/** `/admin/users/{id}/contracts`: assign contracts (a Contractor user: only their contractor's). */
export function UserContractsPage() {
  return <WithUser render={(user) => <UserContracts key={user.user_id} user={user} />} />;
}
