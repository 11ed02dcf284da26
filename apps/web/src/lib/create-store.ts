import { useSyncExternalStore } from 'react';

export interface Store<T extends object> {
  getState(): T;
  setState(patch: Partial<T> | ((state: T) => Partial<T>)): void;
  subscribe(listener: () => void): () => void;
  /** Back to the initial state (sign-out, tests). */
  reset(): void;
}

/** A tiny external store for React's useSyncExternalStore: shallow-merged updates, listeners told only on change. */
export function createStore<T extends object>(initial: () => T): Store<T> {
  let state = initial();
  const listeners = new Set<() => void>();
  const publish = (next: T) => {
    state = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    getState: () => state,
    setState(patch) {
      const partial = typeof patch === 'function' ? patch(state) : patch;
      const changed = (Object.keys(partial) as (keyof T)[]).some((key) => !Object.is(partial[key], state[key]));
      if (changed) publish({ ...state, ...partial });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reset: () => publish(initial()),
  };
}

/** Reads a slice of a store; the selector must return a stable value (a field, not a new object). */
export function useStore<T extends object, S>(store: Store<T>, selector: (state: T) => S): S {
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.getState()),
    () => selector(store.getState()),
  );
}
