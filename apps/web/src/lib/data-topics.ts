import { useEffect } from 'react';
import { createStore, useStore } from './create-store';

/** What the open screen shows, so a live `dataUpdated` event can tell whether it concerns it (spec §4 banner). */
interface DataTopicsState {
  topics: readonly string[];
  /** A `dataUpdated` event concerned the open screen and the user has not reloaded yet. */
  stale: boolean;
}

export const dataTopicsStore = createStore<DataTopicsState>(() => ({ topics: [], stale: false }));

/** A screen declares the data it shows, e.g. `useDataTopics(['readings'])`; leaving the screen withdraws them. */
export function useDataTopics(topics: readonly string[]): void {
  const key = topics.join('|');
  useEffect(() => {
    const mine = key.split('|').filter(Boolean);
    dataTopicsStore.setState((s) => ({ topics: [...s.topics, ...mine] }));
    return () => {
      dataTopicsStore.setState((s) => {
        const rest = [...s.topics];
        for (const t of mine) rest.splice(rest.indexOf(t), 1);
        return { topics: rest, stale: rest.length === 0 ? false : s.stale };
      });
    };
  }, [key]);
}

/** True when an update of `topic` concerns what is open. */
export function concernsOpenScreen(topic: string, topics: readonly string[]): boolean {
  return topics.includes(topic);
}

export function markStaleIfConcerned(topic: string): void {
  if (concernsOpenScreen(topic, dataTopicsStore.getState().topics)) dataTopicsStore.setState({ stale: true });
}

export function useDataStale(): boolean {
  return useStore(dataTopicsStore, (s) => s.stale);
}
