import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/feedback';
import { SafeForm, useSafeForm } from '../../../components/safe-form';
import { ContractChecklist } from '../shared/contract-checklist';
import { Loading } from '../../../components/query-states';
import { Section } from '../../../components/section';
import { useGo } from '../../../lib/page-nav';
import { useCreateUser } from './api';
import { useAssignableContracts } from './contract-options';
import { emptyUserForm, userBodyOf, UserFields, ZRegisterUserForm, type UserFormValues } from './user-form';

/** The contracts of the new user, narrowed to the contractor's for a Contractor user. */
function ContractsField() {
  const { t } = useTranslation();
  const [userType, contractorId] = useWatch<UserFormValues, ['user_type', 'contractor_id']>({ name: ['user_type', 'contractor_id'] });
  const assignable = useAssignableContracts(userType, contractorId);
  return (
    <Section title={t('admin.users.contracts')}>
      {assignable.restricted && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('admin.users.assignContractorOnly', { contractor: assignable.contractorName ?? '—' })}
        </Typography>
      )}
      {assignable.loading ? (
        <Loading />
      ) : (
        <Controller<UserFormValues, 'contract_ids'>
          name="contract_ids"
          render={({ field }) => (
            <ContractChecklist
              options={assignable.options}
              value={field.value.filter((id) => assignable.options.some((c) => c.contract_id === id))}
              onChange={field.onChange}
            />
          )}
        />
      )}
    </Section>
  );
}

/** `/admin/users/new` and `/admin/users/register`: register a user; they get the activation mail. */
export function RegisterUserPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const go = useGo();
  const create = useCreateUser();
  const form = useSafeForm<UserFormValues>({ schema: ZRegisterUserForm, defaultValues: emptyUserForm() });

  const onSubmit = async (values: UserFormValues) => {
    const user = await create.mutateAsync({
      ...userBodyOf(values),
      login_name: values.login_name.trim().toLowerCase(),
      contract_ids: values.contract_ids,
    });
    toast({ color: 'success', message: t('admin.users.registered', { login: user.login_name, email: user.email }) });
    go(`/admin/users/${user.user_id}`, { replace: true });
  };

  return (
    <SafeForm form={form} onSubmit={onSubmit} aria-label={t('admin.route.registerUser')} sx={{ maxWidth: 880 }}>
      <Section subheader={t('admin.users.activationNote')} title={t('admin.users.profile')}>
        <UserFields mode="register" />
      </Section>
      <ContractsField />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
          {t('admin.users.register')}
        </Button>
        <Button onClick={() => go('/admin/users')}>{t('admin.common.cancel')}</Button>
      </Stack>
    </SafeForm>
  );
}
