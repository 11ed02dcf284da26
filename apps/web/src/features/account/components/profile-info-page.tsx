import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import { USER_TYPE_LABELS, ZUpdateProfileRequest, type TProfile, type TUpdateProfileRequest, type UserType } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DetailList } from '../../../components/detail-list';
import { useToast } from '../../../components/feedback';
import { LoadingScreen } from '../../../components/loading-screen';
import { SafeForm, SafeTextField, useSafeForm } from '../../../components/safe-form';
import { sessionStore, useSession } from '../../../lib/auth-store';
import { useSystemState } from '../../../lib/system-store';
import { updateProfile } from '../api/update-profile';
import { ProfileContracts } from './profile-contracts';
import { ProfilePicture } from './profile-picture';

const USER_TYPE_KEYS = { 0: 'userType.0', 1: 'userType.1', 2: 'userType.2' } as const;

function isUserType(value: number): value is UserType {
  return value in USER_TYPE_LABELS;
}

const ZProfileForm = z
  .object({
    // As the API checks them (shared `ZUpdateProfileRequest`, its limits).
    fullname: ZUpdateProfileRequest.shape.fullname,
    description: ZUpdateProfileRequest.shape.description.unwrap().unwrap(),
  })
  .transform((values): TUpdateProfileRequest => ({ fullname: values.fullname, description: values.description || null }));
type Values = z.input<typeof ZProfileForm>;

/** Full name and description; the login name and user type are not the user's to change. */
function ProfileForm({ profile, onDone }: { profile: TProfile; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const form = useSafeForm<Values, TUpdateProfileRequest>({
    schema: ZProfileForm,
    defaultValues: { fullname: profile.fullname, description: profile.description ?? '' },
  });
  return (
    <SafeForm
      form={form}
      aria-label={t('profile.edit')}
      onSubmit={async (values) => {
        await updateProfile(values);
        sessionStore.setState(({ profile: current }) =>
          current ? { profile: { ...current, fullname: values.fullname, description: values.description ?? null } } : {},
        );
        toast({ message: t('profile.saved'), color: 'success' });
        onDone();
      }}
    >
      <SafeTextField name="fullname" label={t('profile.fullName')} autoComplete="name" fullWidth />
      <SafeTextField name="description" label={t('profile.description')} helperText={t('profile.descriptionHint')} multiline minRows={2} fullWidth />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onDone} disabled={form.formState.isSubmitting}>
          {t('feedback.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
          {t('profile.save')}
        </Button>
      </Stack>
    </SafeForm>
  );
}

/**
 * `/account/profile/info`: who the signed-in user is (from the sync data), the picture, and the full name and
 * description, which they may edit; which contracts they hold.
 */
export function ProfileInfoPage() {
  const { t } = useTranslation();
  const sync = useSystemState((state) => state.sync);
  const profile = useSession((state) => state.profile);
  const contracts = useSession((state) => state.contracts);
  const [editing, setEditing] = useState(false);

  if (!sync && !profile) return <LoadingScreen label={t('system.loadingAccount')} />;
  if (!profile) return <Alert severity="error">{t('profile.loadError')}</Alert>;

  const notSet = t('common.notSet');
  const userType = isUserType(profile.user_type) ? t(USER_TYPE_KEYS[profile.user_type]) : String(profile.user_type);
  const titleProps = { title: { component: 'h2', variant: 'h6' } } as const;

  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <Card variant="outlined">
        <CardHeader title={t('profile.picture')} slotProps={titleProps} />
        <CardContent sx={{ pt: 0 }}>
          <ProfilePicture />
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardHeader
          title={t('profile.details')}
          slotProps={titleProps}
          action={
            !editing && (
              <Button startIcon={<Edit />} onClick={() => setEditing(true)}>
                {t('profile.edit')}
              </Button>
            )
          }
        />
        <CardContent sx={{ pt: 0 }}>
          <Stack spacing={3}>
            {editing && <ProfileForm profile={profile} onDone={() => setEditing(false)} />}
            <DetailList
              items={[
                ...(editing
                  ? []
                  : [
                      { label: t('profile.fullName'), value: profile.fullname },
                      { label: t('profile.description'), value: profile.description || notSet },
                    ]),
                { label: t('profile.loginName'), value: profile.login_name },
                { label: t('profile.userType'), value: userType },
                { label: t('profile.role'), value: profile.role_name ?? notSet },
                { label: t('profile.email'), value: profile.email || notSet },
              ]}
            />
          </Stack>
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardHeader title={t('profile.contracts')} slotProps={titleProps} />
        <CardContent sx={{ pt: 0 }}>
          <ProfileContracts records={contracts.records} selected={contracts.last_filtered} />
        </CardContent>
      </Card>
    </Stack>
  );
}
