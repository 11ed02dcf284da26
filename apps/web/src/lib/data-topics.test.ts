import { describe, expect, it } from 'vitest';
import { concernsOpenScreen, dataTopicsStore, markStaleIfConcerned } from './data-topics';

describe('the data-update banner rule', () => {
  it('marks the screen stale only for a topic it shows', () => {
    dataTopicsStore.reset();
    dataTopicsStore.setState({ topics: ['readings'] });
    markStaleIfConcerned('alerts');
    expect(dataTopicsStore.getState().stale).toBe(false);
    markStaleIfConcerned('readings');
    expect(dataTopicsStore.getState().stale).toBe(true);
    expect(concernsOpenScreen('x', [])).toBe(false);
  });
});
