import Edit from '@mui/icons-material/Edit';
import LockReset from '@mui/icons-material/LockReset';
import ListAlt from '@mui/icons-material/ListAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type TAdminUserDetail } from '@strata/shared';
import { formatDateTime } from '../../../lib/display-time';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailList } from '../../../components/detail-list';
import { AppAlert } from '../../../components/feedback';
import { TextAvatar } from '../../../components/text-avatar';
import type { TranslationKey } from '../../../lib/i18n';
import { useCan } from '../../../lib/use-can';
import { idOrUndefined } from '../../../lib/page-nav';
import { userTypeKey } from '../shared/labels';
import { AppLink } from '../../../components/app-link';
import { EmptyText, LoadError, Loading } from '../../../components/query-states';
import { isNotFound } from '../../../lib/error-text';
import { Section } from '../../../components/section';
import { UserStatusChip } from '../shared/status-chip';
import { useGo } from '../../../lib/page-nav';
import { useUser } from './api';
import { UserSessions } from './user-sessions';
import { UserStatusActions } from './user-status-actions';

/** The page of one user, loaded: `render(user)`; a missing or out-of-scope user says so. */
export function WithUser({ param = 'id', render }: { param?: string; render: (user: TAdminUserDetail) => ReactNode }) {
  const { t } = useTranslation();
  const userId = idOrUndefined(useParams()[param]);
  const query = useUser(userId);
  if (userId === undefined || isNotFound(query.error)) return <AppAlert type="warning" message={t('admin.users.notFound')} />;
  if (query.error) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Loading />;
  return <>{render(query.data)}</>;
}

function ProfileHeader({ user }: { user: TAdminUserDetail }) {
  const { t } = useTranslation();
  const go = useGo();
  const canEdit = useCan('VieworEditUserInformation');
  const canContracts = useCan('VieworEditUserInformation', 'ManageProjectAssignment');
  const canReset = useCan('ResetUserPassword');
  const open = user.status !== 'terminated';
  return (
    <Section>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexGrow: 1, minWidth: 0 }}>
          <TextAvatar name={user.fullname} size={56} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {user.fullname}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography color="text.secondary">{user.login_name}</Typography>
              <UserStatusChip status={user.status} />
            </Stack>
          </Box>
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {canEdit && open && (
            <Button variant="outlined" startIcon={<Edit />} onClick={() => go(`/admin/users/${user.user_id}/edit`)}>
              {t('admin.users.editAction')}
            </Button>
          )}
          {canContracts && open && (
            <Button variant="outlined" startIcon={<ListAlt />} onClick={() => go(`/admin/users/${user.user_id}/contracts`)}>
              {t('admin.users.contractsAction')}
            </Button>
          )}
          {canReset && user.status === 'active' && (
            <Button variant="outlined" startIcon={<LockReset />} onClick={() => go(`/admin/users/${user.user_id}/reset`)}>
              {t('admin.users.resetAction')}
            </Button>
          )}
          <UserStatusActions user={user} />
        </Stack>
      </Stack>
    </Section>
  );
}

function ProfileDetails({ user }: { user: TAdminUserDetail }) {
  const { t } = useTranslation();
  const canSeeContractor = useCan('SearchContractors', 'VieworEditContractors');
  const typeKey = userTypeKey(user.user_type);
  const sourceKey = `admin.users.sourceValue.${user.source}` as TranslationKey;
  const contractor =
    user.contractor_id && user.contractor_name ? (
      canSeeContractor ? (
        <AppLink to={`/contracts/contractors/${user.contractor_id}`}>{user.contractor_name}</AppLink>
      ) : (
        user.contractor_name
      )
    ) : (
      '—'
    );
  return (
    <Section title={t('admin.common.details')}>
      <DetailList
        items={[
          { label: t('admin.users.loginName'), value: user.login_name },
          { label: t('admin.users.fullName'), value: user.fullname },
          { label: t('admin.users.email'), value: user.email || '—' },
          { label: t('admin.users.type'), value: typeKey ? t(typeKey) : user.user_type },
          { label: t('admin.users.role'), value: user.role_name ?? t('admin.users.noRole') },
          { label: t('admin.users.contractor'), value: contractor },
          { label: t('admin.users.status'), value: <UserStatusChip status={user.status} /> },
          { label: t('admin.users.source'), value: t(sourceKey, { defaultValue: user.source }) },
          { label: t('admin.users.twoFactor'), value: user.tfa_enabled ? t('admin.users.tfaOn') : t('admin.users.tfaOff') },
          { label: t('admin.users.created'), value: formatDateTime(user.created) },
          { label: t('admin.users.lastSignin'), value: user.last_signin ? formatDateTime(user.last_signin) : t('admin.users.never') },
          { label: t('admin.users.description'), value: user.description || '—' },
        ]}
      />
    </Section>
  );
}

/** `/admin/users/{id}`: details, contracts, sessions, and the actions on the user. */
export function UserProfilePage() {
  const { t } = useTranslation();
  const canSessions = useCan('SuspendorTerminateUser');
  return (
    <WithUser
      render={(user) => (
        <Stack spacing={2} sx={{ maxWidth: 1200 }}>
          <ProfileHeader user={user} />
          <ProfileDetails user={user} />
          <Section title={t('admin.users.contracts')}>
            {user.contracts.length === 0 ? (
              <EmptyText>{t('admin.users.noContracts')}</EmptyText>
            ) : (
              <List dense disablePadding>
                {user.contracts.map((contract) => (
                  <ListItem key={contract.contract_id} divider disableGutters>
                    <ListItemText primary={contract.no} secondary={contract.title} />
                  </ListItem>
                ))}
              </List>
            )}
          </Section>
          {canSessions && (
            <Section title={t('admin.users.sessions')}>
              <UserSessions userId={user.user_id} />
            </Section>
          )}
        </Stack>
      )}
    />
  );
}
