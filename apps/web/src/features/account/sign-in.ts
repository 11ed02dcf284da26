import type { Language, TChangePasswordRequest, TLoginResponse } from '@strata/shared';
import { LOGIN_PATH, LOGOUT_PATH, isSafeRedirect, localePath, stripLanguage } from '../../lib/paths';
import { systemStore } from '../../lib/system-store';
import { FIRST_PAGE_STATE, markHistoryFloor } from '../../lib/use-can-go-back';
import type { Credentials } from './api/authenticate';
import { changeExpiredPassword } from './api/change-password';
import { verifyTwoFactor } from './api/verify-two-factor';
import { signIn, storeSignIn, type AuthenticatedUser } from './session';

/** A step between the credential and the page: the second factor, or a new password when the old one expired. */
export type SignInStep = 'two-factor' | 'password';

/** A sign-in under way: what `/auth` answered and the steps done since. */
export interface PendingSignIn extends AuthenticatedUser {
  tfaVerified: boolean;
  passwordChanged: boolean;
}

export interface SignInContext {
  lang: Language;
  /** The `redirect` query value of the login page. */
  redirect: string | null;
  navigate: (to: string, options: { replace: boolean; state?: unknown }) => void | Promise<void>;
  /** The login page asks for a step (a code, a new password) and continues with the functions below. */
  onStep: (step: SignInStep, pending: PendingSignIn) => void;
}

function isSignInTarget(path: string | null | undefined): path is string {
  if (!isSafeRedirect(path)) return false;
  const pathname = stripLanguage(path).split(/[?#]/)[0];
  return pathname !== LOGIN_PATH && pathname !== LOGOUT_PATH;
}

/** Where sign-in goes: the redirect query if it is a path on this site, else the last page visited, else home. */
export function signInTarget(response: TLoginResponse, context: Pick<SignInContext, 'lang' | 'redirect'>): string {
  if (isSignInTarget(context.redirect)) return context.redirect;
  if (isSignInTarget(response.last_url)) return response.last_url;
  return localePath(context.lang, '/');
}

/** The step still missing: two-factor first (`tfa_enabled`), then a required password change (`password_expired`). */
export function nextSignInStep(pending: PendingSignIn): SignInStep | null {
  if (pending.response.tfa_enabled && !pending.tfaVerified) return 'two-factor';
  if (pending.response.password_expired && !pending.passwordChanged) return 'password';
  return null;
}

/**
 * The one place a sign-in ends. While a step is missing the login page asks for it; once none is, the credential
 * is stored and the user moves on. The session of a half-done sign-in is never stored, so a reload or another tab
 * does not see it (a second factor not given is a sign-in not done).
 */
export async function completeSignIn(pending: PendingSignIn, context: SignInContext): Promise<void> {
  const step = nextSignInStep(pending);
  if (step) {
    context.onStep(step, pending);
    return;
  }
  storeSignIn(pending);
  // The page reached first has nothing to go back to: not the login page, nor an earlier session's pages.
  await context.navigate(signInTarget(pending.response, context), { replace: true, state: FIRST_PAGE_STATE });
  markHistoryFloor();
}

/**
 * Sign in and move on. Navigation stays locked from the moment the credential is stored until the login page
 * unmounts (it calls `releaseSignInLock`), so the signed-out guard does not race the move to the target page.
 */
export async function signInAndContinue(credentials: Credentials, context: SignInContext): Promise<void> {
  systemStore.setState({ lockNavigation: true });
  try {
    const user = await signIn(credentials);
    await completeSignIn({ ...user, tfaVerified: false, passwordChanged: false }, context);
  } catch (error) {
    releaseSignInLock();
    throw error;
  }
}

/** The second factor: POST /auth/tfa with the pending session, then on. */
export async function verifyTwoFactorAndContinue(pending: PendingSignIn, code: string, context: SignInContext): Promise<void> {
  systemStore.setState({ lockNavigation: true });
  await verifyTwoFactor(pending.session, code);
  await completeSignIn({ ...pending, tfaVerified: true }, context);
}

/** An expired password changed with the pending session (only change-password works until then), then on. */
export async function changeExpiredPasswordAndContinue(pending: PendingSignIn, body: TChangePasswordRequest, context: SignInContext): Promise<void> {
  systemStore.setState({ lockNavigation: true });
  await changeExpiredPassword(pending.session, body);
  await completeSignIn({ ...pending, passwordChanged: true }, context);
}

export function releaseSignInLock(): void {
  systemStore.setState({ lockNavigation: false });
}
