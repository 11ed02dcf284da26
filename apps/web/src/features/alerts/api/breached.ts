import { ZBreachedList } from '@strata/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { alertKeys } from './keys';

/** At most this many breached instruments are drawn and listed (the API's cap). */
export const BREACHED_LIMIT = 5000;

export interface BreachedParams {
  level: string;
  keyword: string;
  contracts: string;
}

/** `GET /alerts/breached`: instruments with an open breached alert at the level, with the count per level. */
export function useBreached(params: BreachedParams | null) {
  return useQuery({
    queryKey: alertKeys.breached(params),
    queryFn: ({ signal }) =>
      apiRequest('/alerts/breached', {
        query: { level: params!.level, keyword: params!.keyword || undefined, contracts: params!.contracts, limit: BREACHED_LIMIT, skip: 0 },
        schema: ZBreachedList,
        signal,
        emitHttpError: false,
      }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}
