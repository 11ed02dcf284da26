import Delete from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ZRoleBody, type TPermissionCatalogue, type TRole } from '@strata/shared';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { z } from 'zod';
import { useToast } from '../../../components/feedback';
import { SafeForm, SafeTextField, useSafeForm } from '../../../components/safe-form';
import { AppAlert } from '../../../components/feedback';
import { idOrUndefined } from '../../../lib/page-nav';
import { useRoleOptions } from '../shared/options-api';
import { LoadError, Loading } from '../../../components/query-states';
import { isNotFound } from '../../../lib/error-text';
import { Section } from '../../../components/section';
import { useGo } from '../../../lib/page-nav';
import { usePermissionCatalogue, useRole, useSaveRole } from './api';
import { PermissionPicker } from './permission-picker';
import { useDeleteRoleFlow } from './use-delete-role';

const ZRoleForm = z.object({
  // Name and description as the API checks them (shared `ZRoleBody`, its limits).
  name: ZRoleBody.shape.name,
  description: ZRoleBody.shape.description.unwrap(),
  permissions: z.array(z.string()),
});
type RoleFormIn = z.input<typeof ZRoleForm>;
type RoleFormOut = z.output<typeof ZRoleForm>;

/** `/admin/roles/add-new` New Role. */
export function NewRolePage() {
  return <RoleEditorScreen />;
}

/** `/admin/roles/{role_id}` Edit Role. */
export function EditRolePage() {
  const { t } = useTranslation();
  const roleId = idOrUndefined(useParams().role_id);
  const role = useRole(roleId);
  if (roleId === undefined || isNotFound(role.error)) return <AppAlert type="warning" message={t('admin.roles.notFound')} />;
  if (role.error) return <LoadError error={role.error} onRetry={() => void role.refetch()} />;
  if (!role.data) return <Loading />;
  return <RoleEditorScreen key={role.data.role_id} role={role.data} />;
}

/** The role selector above the editor: picking another role opens it. */
function RoleSelector({ current }: { current?: TRole }) {
  const { t } = useTranslation();
  const go = useGo();
  const { roles } = useRoleOptions();
  if (roles.length === 0) return null;
  return (
    <TextField
      select
      size="small"
      label={t('admin.roles.selector')}
      value={current ? String(current.role_id) : ''}
      onChange={(event) => go(`/admin/roles/${event.target.value}`)}
      sx={{ minWidth: { xs: '100%', sm: 320 }, alignSelf: 'flex-start' }}
    >
      {roles.map((role) => (
        <MenuItem key={role.role_id} value={String(role.role_id)}>
          {role.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

function RoleEditorScreen({ role }: { role?: TRole }) {
  const catalogue = usePermissionCatalogue();
  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      <RoleSelector current={role} />
      {catalogue.error ? (
        <LoadError error={catalogue.error} onRetry={() => void catalogue.refetch()} />
      ) : !catalogue.data ? (
        <Loading />
      ) : (
        <RoleForm role={role} groups={catalogue.data.groups} />
      )}
    </Stack>
  );
}

export function RoleForm({ role, groups }: { role?: TRole; groups: TPermissionCatalogue['groups'] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const go = useGo();
  const save = useSaveRole();
  const removeRole = useDeleteRoleFlow();
  const { roles } = useRoleOptions();
  const form = useSafeForm<RoleFormIn, RoleFormOut>({
    schema: ZRoleForm,
    defaultValues: { name: role?.name ?? '', description: role?.description ?? '', permissions: role?.permissions ?? [] },
  });

  const onSubmit = async (values: RoleFormOut) => {
    const saved = await save.mutateAsync({ roleId: role?.role_id, body: values });
    form.reset({ name: saved.name, description: saved.description, permissions: saved.permissions });
    toast({ color: 'success', message: t(role ? 'admin.roles.saved' : 'admin.roles.created', { name: saved.name }) });
    if (!role) go(`/admin/roles/${saved.role_id}`, { replace: true });
  };

  return (
    <SafeForm form={form} onSubmit={onSubmit} aria-label={role ? role.name : t('admin.route.newRole')}>
      <Section>
        <Stack spacing={2}>
          <SafeTextField
            name="name"
            label={t('admin.roles.name')}
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: ZRoleBody.shape.name.maxLength } }}
          />
          <SafeTextField
            name="description"
            label={t('admin.roles.description')}
            fullWidth
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: ZRoleBody.shape.description.unwrap().maxLength } }}
          />
        </Stack>
      </Section>
      <Section title={t('admin.roles.permissions')}>
        <Controller
          name="permissions"
          control={form.control}
          render={({ field }) => <PermissionPicker groups={groups} value={field.value} onChange={field.onChange} />}
        />
      </Section>
      {/* The catalogue is long: the buttons stay in reach at the bottom of the screen. */}
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', position: 'sticky', bottom: 0, zIndex: 2, py: 1.5, bgcolor: 'background.default', borderTop: 1, borderColor: 'divider' }}
      >
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
          {role ? t('admin.roles.save') : t('admin.roles.create')}
        </Button>
        <Button onClick={() => go('/admin/roles')}>{t('admin.common.cancel')}</Button>
        {role && (
          <Button
            color="error"
            startIcon={<Delete />}
            sx={{ ml: { sm: 'auto' } }}
            onClick={async () => {
              if (await removeRole(role, roles)) go('/admin/roles', { replace: true });
            }}
          >
            {t('admin.roles.delete')}
          </Button>
        )}
      </Stack>
    </SafeForm>
  );
}
