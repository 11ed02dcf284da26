import type { BusMeta } from './bus.js';

/** Records what a subscriber received. */
export function recorder<T = unknown>() {
  const got: { event: T; meta: BusMeta }[] = [];
  return { got, handler: (event: T, meta: BusMeta) => void got.push({ event, meta }) };
}

export const bigEvent = () => ({ kind: 'big', text: 'x'.repeat(20_000), list: Array.from({ length: 50 }, (_, i) => ({ i, s: 'é✓' })) });
