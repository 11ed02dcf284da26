import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebounced } from './use-debounced';

describe('useDebounced', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives the new value only once it has stayed 500 ms, so typing a word asks once', () => {
    const { result, rerender } = renderHook(({ value }) => useDebounced(value, 500), { initialProps: { value: '' } });
    for (const typed of ['b', 'be', 'ben']) {
      rerender({ value: typed });
      act(() => vi.advanceTimersByTime(300));
      expect(result.current).toBe('');
    }
    act(() => vi.advanceTimersByTime(199));
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('ben');
  });
});
