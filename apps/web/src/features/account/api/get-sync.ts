import { ZSyncResponse, type TSyncResponse } from '@strata/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './keys';

export function getSync(): Promise<TSyncResponse> {
  return apiRequest('/sync', { schema: ZSyncResponse });
}

/** Always fetched fresh: the guard syncs once per session and again on requireSync. */
export function getSyncQueryOptions() {
  return queryOptions({ queryKey: accountKeys.sync(), queryFn: getSync, staleTime: 0, retry: false });
}
