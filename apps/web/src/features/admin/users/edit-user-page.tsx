import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { TAdminUserDetail } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/feedback';
import { SafeForm, useSafeForm } from '../../../components/safe-form';
import { Section } from '../../../components/section';
import { useGo } from '../../../lib/page-nav';
import { useUpdateUser } from './api';
import { userBodyOf, UserFields, userFormOf, ZEditUserForm, type UserFormValues } from './user-form';
import { WithUser } from './user-profile-page';

function EditUserForm({ user }: { user: TAdminUserDetail }) {
  const { t } = useTranslation();
  const toast = useToast();
  const go = useGo();
  const update = useUpdateUser(user.user_id);
  const form = useSafeForm<UserFormValues>({ schema: ZEditUserForm, defaultValues: userFormOf(user) });

  const onSubmit = async (values: UserFormValues) => {
    const saved = await update.mutateAsync(userBodyOf(values));
    toast({ color: 'success', message: t('admin.users.saved', { login: saved.login_name }) });
    go(`/admin/users/${user.user_id}`);
  };

  return (
    <SafeForm form={form} onSubmit={onSubmit} aria-label={t('admin.route.editUser')} sx={{ maxWidth: 880 }}>
      <Section>
        <UserFields mode="edit" />
      </Section>
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
          {t('admin.common.save')}
        </Button>
        <Button onClick={() => go(`/admin/users/${user.user_id}`)}>{t('admin.common.cancel')}</Button>
      </Stack>
    </SafeForm>
  );
}

/** `/admin/users/{user_id}/edit` Edit User Information (VieworEditUserInformation). */
export function EditUserPage() {
  return <WithUser param="user_id" render={(user) => <EditUserForm key={user.user_id} user={user} />} />;
}
