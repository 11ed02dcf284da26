import LockReset from '@mui/icons-material/LockReset';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TAdminUserDetail } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppAlert, useDialog } from '../../../components/feedback';
import { errorText } from '../../../lib/error-text';
import { AppLink } from '../../../components/app-link';
import { Section } from '../../../components/section';
import { useUserStatusAction } from './api';
import { WithUser } from './user-profile-page';

function ResetUser({ user }: { user: TAdminUserDetail }) {
  const { t } = useTranslation();
  const confirm = useDialog();
  const reset = useUserStatusAction(user.user_id);
  const [outcome, setOutcome] = useState<{ type: 'success' | 'error'; message: string } | null>(null);

  const run = async () => {
    const ok = await confirm({
      prompt: t('admin.users.confirmReset', { name: user.fullname }),
      positive: t('admin.users.resetButton'),
      negative: t('admin.common.cancel'),
    });
    if (ok !== true) return;
    try {
      const result = await reset.mutateAsync('reset');
      setOutcome({ type: 'success', message: t('admin.users.resetDone', { name: user.fullname, count: result.ended_sessions }) });
    } catch (error) {
      setOutcome({ type: 'error', message: errorText(error) });
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Section title={t('admin.users.resetTitle', { name: user.fullname })} subheader={user.login_name}>
        <Typography>{t('admin.users.resetIntro')}</Typography>
        <List dense sx={{ listStyle: 'disc', pl: 3 }}>
          {[t('admin.users.resetMail', { email: user.email }), t('admin.users.resetTfa'), t('admin.users.resetSessions')].map((text) => (
            <ListItem key={text} sx={{ display: 'list-item', py: 0.25 }}>
              <ListItemText primary={text} />
            </ListItem>
          ))}
        </List>
        <Button
          variant="contained"
          color="error"
          startIcon={<LockReset />}
          onClick={() => void run()}
          disabled={reset.isPending || outcome?.type === 'success'}
        >
          {t('admin.users.resetButton')}
        </Button>
      </Section>
      {outcome && <AppAlert type={outcome.type} message={outcome.message} />}
      <AppLink to={`/admin/users/${user.user_id}`}>{t('admin.users.backToProfile')}</AppLink>
    </Stack>
  );
}

/** `/admin/users/{user_id}/reset` Reset User: password reset mail, two-factor cleared, sessions ended. */
export function ResetUserPage() {
  return <WithUser param="user_id" render={(user) => <ResetUser user={user} />} />;
}
