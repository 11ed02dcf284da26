import { STORAGE_KEYS, type TContract, type TLoginResponse, type TProfile, type TSyncResponse } from '@strata/shared';
import { createStore, useStore } from './create-store';
import { appEvents } from './events';
import { readStorage, systemStore } from './system-store';

/** The stored credential (spec §3) and what the last sync loaded. Only the credential survives a reload. */
export interface SessionState {
  token: string | null;
  resourceToken: string | null;
  user: string | null;
  profile: TProfile | null;
  permissions: readonly string[];
  contracts: { records: readonly TContract[]; last_filtered: readonly number[] };
  /** True when the deployment requires two-factor authentication (from sync). */
  tfaConfig: boolean | null;
  /** The latest `x-csrf-token` the server sent; never persisted. */
  csrfToken: string | null;
}

const EMPTY_CONTRACTS: SessionState['contracts'] = { records: [], last_filtered: [] };
const NO_PERMISSIONS: readonly string[] = [];

function readCredential(): SessionState {
  return {
    token: readStorage(STORAGE_KEYS.token),
    resourceToken: readStorage(STORAGE_KEYS.resourceToken),
    user: readStorage(STORAGE_KEYS.user),
    profile: null,
    permissions: NO_PERMISSIONS,
    contracts: EMPTY_CONTRACTS,
    tfaConfig: null,
    csrfToken: null,
  };
}

export const sessionStore = createStore<SessionState>(readCredential);

export function useSession<S>(selector: (state: SessionState) => S): S {
  return useStore(sessionStore, selector);
}

export function getAccessToken(): string | null {
  return sessionStore.getState().token;
}

export function getCsrfToken(): string | null {
  return sessionStore.getState().csrfToken;
}

export function setCsrfToken(csrfToken: string): void {
  sessionStore.setState({ csrfToken });
}

/** Authenticate (spec §4): keep the credential; `authenticated` becomes true and the next guard run syncs. */
export function storeCredential(response: TLoginResponse): void {
  window.localStorage.setItem(STORAGE_KEYS.token, response.access_token);
  window.localStorage.setItem(STORAGE_KEYS.resourceToken, response.resource_token);
  window.localStorage.setItem(STORAGE_KEYS.user, response.user_name);
  sessionStore.setState({
    token: response.access_token,
    resourceToken: response.resource_token,
    user: response.user_name,
    csrfToken: null,
  });
  systemStore.setState({ authenticated: true, sync: false, systemError: null });
}

export function storeSyncData(data: TSyncResponse): void {
  sessionStore.setState({
    profile: data.profile,
    permissions: data.permissions,
    contracts: data.contracts,
    tfaConfig: data.tfa_config,
  });
}

/** Logout's local half and the 401 rule: wipe all local storage, forget permissions and sync. */
export function clearSession(): void {
  try {
    window.localStorage.clear();
  } catch {
    // nothing stored that we could remove
  }
  sessionStore.reset();
  systemStore.setState({ authenticated: false, sync: false, systemError: null, busy: false, darkTheme: false });
  appEvents.emit('session-cleared', undefined);
}

/** Another tab signed in or out: follow it. */
function onStorage(event: StorageEvent): void {
  if (event.key !== null && event.key !== STORAGE_KEYS.token) return;
  const token = readStorage(STORAGE_KEYS.token);
  if (token === sessionStore.getState().token) return;
  if (token === null) {
    clearSession();
  } else {
    sessionStore.setState({ ...readCredential() });
    systemStore.setState({ authenticated: true, sync: false, systemError: null });
  }
}

if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
