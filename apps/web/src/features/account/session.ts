import type { TLoginResponse } from '@strata/shared';
import { clearSession, getCsrfToken, setCsrfToken, storeCredential, storeSyncData } from '../../lib/auth-store';
import { writeIdleTimes } from '../../lib/idle-session';
import { queryClient } from '../../lib/query-client';
import { systemStore } from '../../lib/system-store';
import { authenticate, type Credentials } from './api/authenticate';
import { getPreferencesQueryOptions } from './api/get-preferences';
import { getSyncQueryOptions } from './api/get-sync';
import type { PendingSession } from './api/pending-session';
import { signOut } from './api/sign-out';

/** What `/auth` answered: the response and its session, not stored yet (two-factor or a password change may follow). */
export interface AuthenticatedUser {
  response: TLoginResponse;
  session: PendingSession;
}

/** Authenticate (spec §4): sync false and busy while the call runs. `storeSignIn` keeps the credential afterwards. */
export async function signIn(credentials: Credentials): Promise<AuthenticatedUser> {
  systemStore.setState({ sync: false, busy: true });
  try {
    const response = await authenticate(credentials);
    // The API client kept the CSRF token /auth answered; it belongs to this new session.
    return { response, session: { token: response.access_token, csrfToken: getCsrfToken() } };
  } finally {
    systemStore.setState({ busy: false });
  }
}

/** The credential is stored (authenticated becomes true, the guard syncs next); the idle timer starts afresh. */
export function storeSignIn({ response, session }: AuthenticatedUser): void {
  storeCredential(response);
  if (session.csrfToken) setCsrfToken(session.csrfToken);
  const now = Date.now();
  writeIdleTimes({ idleStart: now, refreshedAt: now });
}

let running: Promise<void> | null = null;

/** The dark-theme switch takes the account preference once sync completes; without one it keeps its value. */
async function applyPreferences(): Promise<void> {
  try {
    const preferences = await queryClient.fetchQuery(getPreferencesQueryOptions());
    systemStore.setState({ darkTheme: preferences.dark_theme });
  } catch {
    // the theme stays as it is; the failure was already reported by the API client
  }
}

/**
 * Sync (spec §4): load profile, permissions and contracts. Calls made while one runs share it.
 * A failure is kept as the system error for the guard to show.
 */
export function syncSession(): Promise<void> {
  running ??= (async () => {
    systemStore.setState({ busy: true, sync: false, systemError: null });
    try {
      const data = await queryClient.fetchQuery(getSyncQueryOptions());
      if (!systemStore.getState().authenticated) return;
      storeSyncData(data);
      systemStore.setState({ sync: true });
      void applyPreferences();
    } catch (error) {
      if (systemStore.getState().authenticated) systemStore.setState({ systemError: error });
    } finally {
      systemStore.setState({ busy: false });
      running = null;
    }
  })();
  return running;
}

let loggingOut: Promise<void> | null = null;

/** Logout (spec §4): tell the server (its answer does not matter), then wipe local storage and cached answers. */
export function logout(): Promise<void> {
  loggingOut ??= (async () => {
    try {
      if (systemStore.getState().authenticated) await signOut();
    } catch {
      // signing out locally is what matters
    } finally {
      clearSession();
      loggingOut = null;
    }
  })();
  return loggingOut;
}
