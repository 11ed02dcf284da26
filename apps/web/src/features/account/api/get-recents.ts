import { ZRecentPageList, type TRecentPage } from '@strata/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './keys';

/** GET /account/recents: pages the user opened lately (from POST /last-url), newest first, at most 50. */
export function getRecents(): Promise<TRecentPage[]> {
  return apiRequest('/account/recents', { query: { limit: 50 }, schema: ZRecentPageList, emitHttpError: false }).then((list) => list.records);
}

export function useRecents() {
  return useQuery(queryOptions({ queryKey: accountKeys.recents(), queryFn: getRecents, staleTime: 0 }));
}
