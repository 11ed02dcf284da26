import { ZAppInfo, type TAppInfo } from '@strata/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** GET /info (public; the signed-in frame and the sign-in page read it): name, description, version, logos, build and messages. */
export function getInfo(): Promise<TAppInfo> {
  return apiRequest('/info', { schema: ZAppInfo });
}

export function getInfoQueryOptions() {
  return queryOptions({ queryKey: ['info'], queryFn: getInfo, staleTime: Infinity });
}

export function useAppInfo() {
  return useQuery(getInfoQueryOptions());
}
