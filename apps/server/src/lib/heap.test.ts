import { describe, expect, it } from 'vitest';
import { collectGarbageAbove, forcedCollections } from './heap.js';

describe('collectGarbageAbove', () => {
  it('collects only when the used heap is above the limit, and counts what it ran', () => {
    const before = forcedCollections();
    expect(collectGarbageAbove(Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(forcedCollections().count).toBe(before.count);
    expect(collectGarbageAbove(0)).toBe(true);
    const after = forcedCollections();
    expect(after.count).toBe(before.count + 1);
    expect(after.ms).toBeGreaterThan(before.ms);
  });
});
