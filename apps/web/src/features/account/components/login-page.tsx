import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { MESSAGES } from '@strata/shared';
import LinearProgress from '@mui/material/LinearProgress';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AppAlert } from '../../../components/feedback';
import { ApiError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { localePath } from '../../../lib/paths';
import { routeExists } from '../../../lib/route-registry';
import { useSystemState } from '../../../lib/system-store';
import { useLang } from '../../../lib/use-lang';
import { FORGOT_PASSWORD_PATH, isLoginState, REGISTER_PATH, type LoginNotice } from '../paths';
import {
  changeExpiredPasswordAndContinue,
  releaseSignInLock,
  signInAndContinue,
  verifyTwoFactorAndContinue,
  type PendingSignIn,
  type SignInContext,
  type SignInStep,
} from '../sign-in';
import { LoginForm } from './login-form';
import { PublicPage } from './public-page';

// The expired-password and two-factor steps follow a sign-in for some users only: their forms load when a sign-in
// needs them, not with the sign-in page (docs/benchmarks.md, page weight).
const ChangePasswordForm = lazy(() => import('./change-password-form').then((m) => ({ default: m.ChangePasswordForm })));
const TwoFactorStep = lazy(() => import('./two-factor-step').then((m) => ({ default: m.TwoFactorStep })));

/** A step's form while its module loads: a bar, as a page shows its own loading. */
function StepForm({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <Suspense fallback={<LinearProgress aria-label={t('common.loading')} />}>{children}</Suspense>;
}

const NOTICES = {
  passwordSet: 'login.notice.passwordSet',
  passwordReset: 'login.notice.passwordReset',
  passwordChanged: 'login.notice.passwordChanged',
  idle: 'login.notice.idle',
} as const satisfies Record<LoginNotice, string>;

interface Step {
  step: SignInStep;
  pending: PendingSignIn;
}

/**
 * `/account/login` (spec §2). Sign-in may take a second step on the same page: the two-factor code when `/auth`
 * answers `tfa_enabled`, then a new password when it answers `password_expired`. "Forgot Password ?" and
 * "Not a member yet ?" show once their pages are registered.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const busy = useSystemState((state) => state.busy);
  const [step, setStep] = useState<Step | null>(null);
  const [restartReason, setRestartReason] = useState<string | null>(null);
  const state = isLoginState(location.state) ? location.state : {};
  const notice = state.notice && !step && !restartReason ? NOTICES[state.notice] : null;

  // Sign-in keeps navigation locked until this page is gone (see signInAndContinue).
  useEffect(() => releaseSignInLock, []);

  const context: SignInContext = {
    lang,
    redirect: searchParams.get('redirect'),
    navigate,
    onStep: (next, pending) => setStep({ step: next, pending }),
  };

  /** A step's session lasts 10 minutes on the server: after that, start again from the credentials. */
  const runStep = async (action: () => Promise<void>) => {
    try {
      await action();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        releaseSignInLock();
        setStep(null);
        setRestartReason(t('login.stepExpired'));
        return;
      }
      throw error;
    }
  };

  const links = [
    { path: FORGOT_PASSWORD_PATH, label: t('login.forgotPassword') },
    { path: REGISTER_PATH, label: t('login.register') },
  ].filter((link) => routeExists(link.path));

  if (step?.step === 'two-factor') {
    return (
      <PublicPage title={t('twoFactor.stepTitle')} showAppName>
        <StepForm>
          <TwoFactorStep
            onSubmit={(code) => runStep(() => verifyTwoFactorAndContinue(step.pending, code, context))}
            onBack={() => {
              releaseSignInLock();
              setStep(null);
            }}
          />
        </StepForm>
      </PublicPage>
    );
  }

  if (step?.step === 'password') {
    return (
      <PublicPage title={t('changePassword.title')} showAppName>
        <Stack spacing={2}>
          <AppAlert type="warning" message={translateMessage(MESSAGES.passwordExpired)} />
          <StepForm>
            <ChangePasswordForm
              loginName={step.pending.response.user_name}
              submitLabel={t('changePassword.submitAndContinue')}
              onSubmit={(body) => runStep(() => changeExpiredPasswordAndContinue(step.pending, body, context))}
              onCancel={() => {
                releaseSignInLock();
                setStep(null);
              }}
            />
          </StepForm>
        </Stack>
      </PublicPage>
    );
  }

  return (
    <PublicPage title={t('login.title')} maxWidth={420} showAppName>
      <Stack spacing={2}>
        {notice && <AppAlert type={state.notice === 'idle' ? 'info' : 'success'} message={t(notice)} />}
        {restartReason && <AppAlert type="warning" message={restartReason} onClose={() => setRestartReason(null)} />}
        <LoginForm
          key={location.key}
          defaultLoginName={state.loginName}
          onSubmit={(credentials) => {
            setRestartReason(null);
            return signInAndContinue(credentials, context);
          }}
          secondaryActions={
            links.length > 0 && (
              <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
                {links.map((link) => (
                  <Button key={link.path} component={Link} to={localePath(lang, link.path)} disabled={busy} size="small">
                    {link.label}
                  </Button>
                ))}
              </Stack>
            )
          }
        />
      </Stack>
    </PublicPage>
  );
}
