/**
 * Navigation for code outside React (the API client's 401 rule). The app registers its router here;
 * without one, the browser location is used.
 */
export interface AppNavigator {
  navigate(to: string, options?: { replace?: boolean }): void;
  /** The current path with its search, e.g. `/en/admin/users?page-num=2`. */
  currentPath(): string;
  /** A navigation has started and not finished (its loaders run, its route module loads); false when unknown. */
  navigating?(): boolean;
}

const browserNavigator: AppNavigator = {
  navigate: (to, options) => (options?.replace ? window.location.replace(to) : window.location.assign(to)),
  currentPath: () => `${window.location.pathname}${window.location.search}`,
};

let current: AppNavigator = browserNavigator;

export function setNavigator(navigator: AppNavigator | null): void {
  current = navigator ?? browserNavigator;
}

export function getNavigator(): AppNavigator {
  return current;
}

/** Full page loads (a language change, chunk-load recovery). An object, so tests can watch them. */
export const pageLoader = {
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
};
