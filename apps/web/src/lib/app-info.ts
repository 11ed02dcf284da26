import { ZAppInfo, type TAppInfo } from '@strata/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** GET /info (public; the signed-in frame and the sign-in page read it): name, description, version, logos, build and messages. */
export function getInfo(): Promise<TAppInfo> {
  return apiRequest('/info', { schema: ZAppInfo });
}

/** The application info's key: the one answer kept when the session ends (lib/query-client.ts). */
export const INFO_QUERY_KEY = ['info'] as const;

export function getInfoQueryOptions() {
  return queryOptions({ queryKey: INFO_QUERY_KEY, queryFn: getInfo, staleTime: Infinity });
}

export function useAppInfo() {
  return useQuery(getInfoQueryOptions());
}
