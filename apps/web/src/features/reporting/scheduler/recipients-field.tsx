import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { MultiSelect } from '../generate/multi-select';
import { useContractUsers, useScheduleRoles } from './api';

/** The recipients as the form holds them: outside addresses as typed (one per line or comma-separated). */
export interface RecipientsDraft {
  userIds: number[];
  roleIds: number[];
  emails: string;
}

/** The typed outside addresses, one each (blank ones dropped). */
export function emailsOf(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean);
}

export interface RecipientsFieldProps {
  value: RecipientsDraft;
  onChange: (next: RecipientsDraft) => void;
  /** The schedule's contracts: their users are offered. */
  contractIds: readonly number[];
  /** Errors below `recipients.` (`user_ids`, `role_ids`, `emails`, `emails.2`) and the list's own under ''. */
  errors: Record<string, string>;
}

/**
 * Who gets the report: users of the chosen contracts, roles (listing roles needs Manage Roles: without it only the
 * schedule's own roles are kept), and outside e-mail addresses (when the report settings allow them; the server says so).
 */
export function RecipientsField({ value, onChange, contractIds, errors }: RecipientsFieldProps) {
  const { t } = useTranslation();
  const users = useContractUsers(contractIds);
  const roles = useScheduleRoles();
  const set = (change: Partial<RecipientsDraft>) => onChange({ ...value, ...change });
  const userOptions = users.users.map((u) => ({ id: u.user_id, label: `${u.fullname} <${u.email}>` }));
  const roleOptions = roles.roles;
  const emailError = errors.emails ?? Object.entries(errors).find(([key]) => key.startsWith('emails.'))?.[1];

  return (
    <Box role="group" aria-label={t('customReports.schedule.recipients')}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <MultiSelect
          label={t('customReports.schedule.users')}
          options={userOptions}
          value={value.userIds.filter((id) => userOptions.some((u) => u.id === id))}
          onChange={(userIds) => set({ userIds })}
          disabled={userOptions.length === 0}
          error={users.failed || Boolean(errors.user_ids)}
          helperText={
            errors.user_ids ??
            (contractIds.length === 0
              ? t('customReports.schedule.usersNeedContract')
              : users.failed
                ? t('customReports.schedule.usersFailed')
                : users.pending
                  ? t('common.loading')
                  : t('customReports.schedule.usersHint'))
          }
        />
        {roles.allowed ? (
          <MultiSelect
            label={t('customReports.schedule.roles')}
            options={roleOptions}
            value={value.roleIds}
            onChange={(roleIds) => set({ roleIds })}
            disabled={roleOptions.length === 0}
            error={Boolean(errors.role_ids)}
            helperText={errors.role_ids ?? t('customReports.schedule.rolesHint')}
          />
        ) : (
          <FormHelperText sx={{ alignSelf: 'center' }}>{t('customReports.schedule.rolesHidden', { count: value.roleIds.length })}</FormHelperText>
        )}
        <TextField
          size="small"
          multiline
          minRows={2}
          label={t('customReports.schedule.emails')}
          value={value.emails}
          onChange={(e) => set({ emails: e.target.value })}
          error={Boolean(emailError)}
          helperText={emailError ?? t('customReports.schedule.emailsHint')}
          sx={{ gridColumn: { md: '1 / -1' } }}
        />
      </Box>
      {errors[''] && <FormHelperText error>{errors['']}</FormHelperText>}
    </Box>
  );
}
