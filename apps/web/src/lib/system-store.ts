import { STORAGE_KEYS } from '@strata/shared';
import { createStore, useStore } from './create-store';

/**
 * The system state flags of the shell (spec §4), in one place.
 * `authenticated` mirrors "a stored token exists" and is kept in step by the auth store.
 */
export interface SystemState {
  /** A user-blocking request (sign-in, sync) is under way. */
  busy: boolean;
  /** False after a request got no response, until a request succeeds again. */
  connected: boolean;
  /** Profile, permissions and contracts are loaded. */
  sync: boolean;
  /** The last sync failure; its text is not shown. */
  systemError: unknown;
  /** A navigation is under way (cleared 200 ms after it ends). */
  routing: boolean;
  authenticated: boolean;
  /** While set, the navigation guard does not redirect (e.g. while sign-in moves to its target page). */
  lockNavigation: boolean;
  /** Follows the "Use Dark Theme" switch; takes the account preference when sync completes. */
  darkTheme: boolean;
  /** On tablet and desktop widths the side menu is full (default); false shows the 82-wide mini drawer. */
  menuDrawer: boolean;
  /** On phone widths the side menu is a temporary overlay: open or not (closed by default). */
  menuOverlay: boolean;
}

export const systemStore = createStore<SystemState>(() => ({
  busy: false,
  connected: true,
  sync: false,
  systemError: null,
  routing: false,
  authenticated: readStorage(STORAGE_KEYS.token) !== null,
  lockNavigation: false,
  darkTheme: false,
  menuDrawer: true,
  menuOverlay: false,
}));

export function useSystemState<S>(selector: (state: SystemState) => S): S {
  return useStore(systemStore, selector);
}

/** localStorage can throw (privacy modes, sandboxed frames); treat that as "nothing stored". */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}
