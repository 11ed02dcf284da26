import Security from '@mui/icons-material/Security';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZTfaCodeRequest, ZTfaDisableRequest, type TTfaEnrollResponse } from '@strata/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type z } from 'zod';
import { AppAlert, useToast } from '../../../components/feedback';
import { LoadingScreen } from '../../../components/loading-screen';
import { SafeForm, SafeTextField, useSafeForm } from '../../../components/safe-form';
import { ApiError } from '../../../lib/api-client';
import { sessionStore, useSession } from '../../../lib/auth-store';
import { numericSetting, useConfig } from '../../../lib/config';
import { translateMessage } from '../../../lib/i18n';
import { LOGOUT_PATH, localePath } from '../../../lib/paths';
import { useLang } from '../../../lib/use-lang';
import { changePassword } from '../api/change-password';
import { confirmTfa } from '../api/confirm-tfa';
import { disableTfa } from '../api/disable-tfa';
import { useEnrollTfa } from '../api/enroll-tfa';
import { useTfaStatus } from '../api/get-tfa-status';
import { accountKeys } from '../api/keys';
import type { LoginState } from '../paths';
import { ChangePasswordForm } from './change-password-form';
import { RecoveryCodes } from './recovery-codes';

/** Two-factor turned on or off: the lookup and the profile say so at once (the guard reads them). */
function useSetTwoFactor() {
  const queryClient = useQueryClient();
  const tfaConfig = useSession((state) => state.tfaConfig);
  return (tfa: boolean) => {
    queryClient.setQueryData(accountKeys.tfaStatus(), (old: { tfa_config: boolean; tfa: boolean } | undefined) => ({
      tfa_config: old?.tfa_config ?? tfaConfig ?? false,
      tfa,
    }));
    sessionStore.setState(({ profile }) => (profile ? { profile: { ...profile, tfa_enabled: tfa } } : {}));
  };
}

// As the API checks them (shared `ZTfaCodeRequest`, `ZTfaDisableRequest`, their limits).
const ZCodeForm = ZTfaCodeRequest;
const ZPasswordForm = ZTfaDisableRequest;

/** Enrolment: the QR code and the secret in text, then a code from the app confirms it. */
function EnrolTwoFactor({ enrolment, onConfirmed, onCancel }: { enrolment: TTfaEnrollResponse; onConfirmed: (codes: string[]) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const form = useSafeForm<z.input<typeof ZCodeForm>>({ schema: ZCodeForm, defaultValues: { code: '' } });
  return (
    <Stack spacing={2.5}>
      <Typography>{t('twoFactor.scan')}</Typography>
      <Box
        component="img"
        src={enrolment.qr_data_url}
        alt={t('twoFactor.qrAlt')}
        sx={{ width: 200, height: 200, alignSelf: { xs: 'center', sm: 'flex-start' }, bgcolor: '#fff', p: 1, borderRadius: 1 }}
      />
      <Typography>{t('twoFactor.typeSecret')}</Typography>
      <TextField
        label={t('twoFactor.secret')}
        value={enrolment.secret}
        fullWidth
        slotProps={{
          htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace', letterSpacing: '0.08em' } },
        }}
        onFocus={(event) => event.target.select()}
      />
      <Typography>{t('twoFactor.enterCode')}</Typography>
      <SafeForm
        form={form}
        autoFocus={false}
        aria-label={t('twoFactor.confirmTitle')}
        onSubmit={async (values) => onConfirmed((await confirmTfa(values.code)).recovery_codes)}
      >
        <SafeTextField
          name="code"
          label={t('twoFactor.code')}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          sx={{ maxWidth: 240 }}
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {t('twoFactor.confirm')}
          </Button>
          <Button onClick={onCancel} disabled={form.formState.isSubmitting}>
            {t('feedback.cancel')}
          </Button>
        </Stack>
      </SafeForm>
    </Stack>
  );
}

/** Two-factor is on: turning it off takes the password. */
function DisableTwoFactor({ onDisabled }: { onDisabled: () => void }) {
  const { t } = useTranslation();
  const form = useSafeForm<z.input<typeof ZPasswordForm>>({ schema: ZPasswordForm, defaultValues: { password: '' } });
  return (
    <SafeForm
      form={form}
      autoFocus={false}
      aria-label={t('twoFactor.disableTitle')}
      onSubmit={async (values) => {
        await disableTfa(values.password);
        onDisabled();
      }}
    >
      <Typography>{t('twoFactor.disableIntro')}</Typography>
      <SafeTextField name="password" label={t('twoFactor.password')} type="password" autoComplete="current-password" sx={{ maxWidth: 360 }} fullWidth />
      <Box>
        <Button type="submit" color="error" variant="outlined" disabled={form.formState.isSubmitting}>
          {t('twoFactor.disable')}
        </Button>
      </Box>
    </SafeForm>
  );
}

function TwoFactorCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const status = useTfaStatus();
  const profile = useSession((state) => state.profile);
  const setTwoFactor = useSetTwoFactor();
  const enroll = useEnrollTfa();
  const [enrolment, setEnrolment] = useState<TTfaEnrollResponse | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  let content;
  if (codes) {
    content = <RecoveryCodes codes={codes} loginName={profile?.login_name ?? ''} onDone={() => setCodes(null)} />;
  } else if (status.isPending) {
    content = <LoadingScreen label={t('common.loading')} />;
  } else if (status.isError) {
    content = (
      <AppAlert
        type="error"
        message={t('messages.failedToFetch')}
        action={
          <Button color="inherit" size="small" onClick={() => void status.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (enrolment) {
    content = (
      <EnrolTwoFactor
        enrolment={enrolment}
        onCancel={() => setEnrolment(null)}
        onConfirmed={(recovery) => {
          setEnrolment(null);
          setCodes(recovery);
          setTwoFactor(true);
        }}
      />
    );
  } else if (status.data.tfa) {
    content = (
      <Stack spacing={2.5}>
        <AppAlert type="success" message={t('twoFactor.on')} />
        <DisableTwoFactor
          onDisabled={() => {
            setTwoFactor(false);
            toast({ message: t('twoFactor.disabled'), color: 'success' });
          }}
        />
      </Stack>
    );
  } else {
    const failure = enroll.error instanceof ApiError ? enroll.error.message : enroll.error ? t('form.unexpectedError') : null;
    content = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {status.data.tfa_config && <AppAlert type="warning" message={t('twoFactor.required')} sx={{ width: '100%' }} />}
        {failure && <AppAlert type="error" message={translateMessage(failure)} sx={{ width: '100%' }} />}
        <Typography>{t('twoFactor.off')}</Typography>
        <Typography color="text.secondary">{t('twoFactor.explain')}</Typography>
        <Button variant="contained" startIcon={<Security />} disabled={enroll.isPending} onClick={() => enroll.mutate(undefined, { onSuccess: setEnrolment })}>
          {t('twoFactor.setUp')}
        </Button>
      </Stack>
    );
  }

  return (
    <Card variant="outlined">
      <CardHeader title={t('twoFactor.title')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>{content}</CardContent>
    </Card>
  );
}

/**
 * `/account/profile/security`: two-factor authentication (enrol with a QR code or the secret, confirm with a code,
 * recovery codes shown once; disable with the password) and the password change, after which the user signs in
 * again.
 */
export function SecurityPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const profile = useSession((state) => state.profile);
  const { data: config } = useConfig();
  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <TwoFactorCard />
      <Card variant="outlined">
        <CardHeader title={t('changePassword.title')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
        <CardContent sx={{ pt: 0 }}>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('changePassword.intro')}
          </Typography>
          <ChangePasswordForm
            autoFocus={false}
            minLength={numericSetting(config, 'password_min_length')}
            loginName={profile?.login_name}
            email={profile?.email}
            submitLabel={t('changePassword.submit')}
            onSubmit={async (body) => {
              await changePassword(body);
              const state: LoginState = { notice: 'passwordChanged' };
              await navigate(localePath(lang, LOGOUT_PATH), { replace: true, state });
            }}
          />
        </CardContent>
      </Card>
    </Stack>
  );
}
