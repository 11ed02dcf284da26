import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { USER_TYPE, ZCreateAdminUserRequest, ZLoginName, type TAdminUserDetail } from '@strata/shared';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AppAlert } from '../../../components/feedback';
import { SafeTextField } from '../../../components/safe-form';
import { idOrUndefined } from '../../../lib/page-nav';
import { USER_TYPE_OPTIONS, userTypeKey } from '../shared/labels';
import { useContractorOptions, useRoleOptions } from '../shared/options-api';

/** The user form's values: selects hold ids as text ('' = none). */
export interface UserFormValues {
  login_name: string;
  fullname: string;
  email: string;
  user_type: string;
  role_id: string;
  contractor_id: string;
  contract_ids: number[];
  description: string;
}

const contractorRule = (values: { user_type: string; contractor_id: string }, ctx: z.RefinementCtx) => {
  if (values.user_type === String(USER_TYPE.Contractor) && !values.contractor_id) {
    ctx.addIssue({ code: 'custom', path: ['contractor_id'], message: 'admin.users.contractorRequired' });
  }
};

/** The API's name, e-mail and description checks (shared `ZCreateAdminUserRequest`, its limits); selects as text. */
const common = {
  fullname: ZCreateAdminUserRequest.shape.fullname,
  email: ZCreateAdminUserRequest.shape.email,
  user_type: z.string().regex(/^[0-2]$/, 'admin.users.typeRequired'),
  role_id: z.string().min(1, 'admin.users.roleRequired'),
  contractor_id: z.string(),
  contract_ids: z.array(z.number()),
  description: ZCreateAdminUserRequest.shape.description.unwrap().unwrap(),
};

/** Register: every field; the login name follows the account rules (lower-cased, 3+ characters). */
export const ZRegisterUserForm = z.object({ ...common, login_name: ZLoginName }).superRefine(contractorRule);
/** Edit: the login name never changes; contracts are edited on their own page. */
export const ZEditUserForm = z.object({ ...common, login_name: z.string() }).superRefine(contractorRule);

export function emptyUserForm(): UserFormValues {
  return { login_name: '', fullname: '', email: '', user_type: '', role_id: '', contractor_id: '', contract_ids: [], description: '' };
}

export function userFormOf(user: TAdminUserDetail): UserFormValues {
  return {
    login_name: user.login_name,
    fullname: user.fullname,
    email: user.email,
    user_type: String(user.user_type),
    role_id: user.role_id ? String(user.role_id) : '',
    contractor_id: user.contractor_id ? String(user.contractor_id) : '',
    contract_ids: user.contracts.map((c) => c.contract_id),
    description: user.description ?? '',
  };
}

/** The fields both API bodies share, from the form. */
export function userBodyOf(values: UserFormValues) {
  const userType = Number(values.user_type) as 0 | 1 | 2;
  return {
    fullname: values.fullname.trim(),
    email: values.email.trim(),
    user_type: userType,
    role_id: idOrUndefined(values.role_id)!,
    contractor_id: userType === USER_TYPE.Contractor ? (idOrUndefined(values.contractor_id) ?? null) : null,
    description: values.description.trim() || null,
  };
}

/**
 * The fields of a user (inside a SafeForm): login name (when registering), full name, e-mail, type, role, and the
 * contractor when the type is Contractor.
 */
export function UserFields({ mode }: { mode: 'register' | 'edit' }) {
  const { t } = useTranslation();
  const roles = useRoleOptions();
  const contractors = useContractorOptions();
  const userType = useWatch<UserFormValues, 'user_type'>({ name: 'user_type' });
  const isContractor = userType === String(USER_TYPE.Contractor);
  return (
    <Stack spacing={2}>
      <SafeTextField
        name="login_name"
        label={t('admin.users.loginName')}
        required={mode === 'register'}
        disabled={mode === 'edit'}
        helperText={mode === 'edit' ? t('admin.users.loginNameFixed') : undefined}
        autoComplete="off"
        fullWidth
      />
      <SafeTextField name="fullname" label={t('admin.users.fullName')} required fullWidth />
      <SafeTextField name="email" type="email" label={t('admin.users.email')} required fullWidth />
      <SafeTextField name="user_type" select label={t('admin.users.type')} required fullWidth>
        {USER_TYPE_OPTIONS.map((type) => (
          <MenuItem key={type} value={String(type)}>
            {t(userTypeKey(type)!)}
          </MenuItem>
        ))}
      </SafeTextField>
      {roles.allowed ? (
        <SafeTextField name="role_id" select label={t('admin.users.role')} required fullWidth disabled={!roles.data}>
          {roles.roles.map((role) => (
            <MenuItem key={role.role_id} value={String(role.role_id)}>
              {role.name}
            </MenuItem>
          ))}
        </SafeTextField>
      ) : (
        <AppAlert type="warning" message={t('admin.users.rolesNeedPermission')} />
      )}
      {isContractor && contractors.allowed && (
        <SafeTextField name="contractor_id" select label={t('admin.users.contractor')} required fullWidth disabled={!contractors.data}>
          {contractors.contractors.map((contractor) => (
            <MenuItem key={contractor.contractor_id} value={String(contractor.contractor_id)}>
              {contractor.name}
            </MenuItem>
          ))}
        </SafeTextField>
      )}
      <SafeTextField name="description" label={t('admin.users.description')} multiline minRows={2} fullWidth />
    </Stack>
  );
}
