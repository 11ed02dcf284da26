import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { syncResponse } from '../test/fixtures';
import { storeSyncData } from './auth-store';
import { useCan, useHasAnyPermission } from './use-can';

describe('useCan', () => {
  it('allows when the user holds at least one code, or when none is asked for', () => {
    storeSyncData(syncResponse({ permissions: ['SearchUsers'] }));
    expect(renderHook(() => useCan('SearchUsers', 'ManageRoles')).result.current).toBe(true);
    expect(renderHook(() => useCan('ManageRoles')).result.current).toBe(false);
    expect(renderHook(() => useCan()).result.current).toBe(true);
    expect(renderHook(() => useHasAnyPermission(undefined)).result.current).toBe(true);
    expect(renderHook(() => useHasAnyPermission(['ViewAuditLogs'])).result.current).toBe(false);
  });
});
