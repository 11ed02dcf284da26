import { ZAppInfo, type TAppInfo } from '@strata/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /info (public): name, description, version, logos, build and messages. */
export function getInfo(): Promise<TAppInfo> {
  return apiRequest('/info', { schema: ZAppInfo });
}

export function getInfoQueryOptions() {
  return queryOptions({ queryKey: ['info'], queryFn: getInfo, staleTime: Infinity });
}

export function useAppInfo() {
  return useQuery(getInfoQueryOptions());
}
