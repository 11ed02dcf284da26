import { ZInstrumentList, type TInstrument } from '@strata/shared';
import { apiRequest, type ApiRequestOptions } from './api-client';

/** The largest page the API's lists answer (`limit` at most 1000). */
export const API_PAGE = 1000;

/**
 * Every record of a paged list (`{ records, total_records }`), in pages of `API_PAGE`: the first, then the others in
 * parallel once it gave the total. For screens that need a whole set however large it is.
 */
export async function fetchAllPages<T>(page: (skip: number, limit: number) => Promise<{ records: T[]; total_records: number }>): Promise<T[]> {
  const first = await page(0, API_PAGE);
  const rest: Promise<{ records: T[] }>[] = [];
  for (let skip = API_PAGE; skip < first.total_records; skip += API_PAGE) rest.push(page(skip, API_PAGE));
  const more = await Promise.all(rest);
  return [...first.records, ...more.flatMap((p) => p.records)];
}

/**
 * Every instrument `GET /instruments` answers for `query` (e.g. `{ contracts: '[1,2]' }` or `{ contract_id: 1 }`),
 * all pages: the work-space map, a monitoring group's members, however many instruments a contract has.
 */
export function fetchAllInstruments(query: NonNullable<ApiRequestOptions<unknown>['query']>, signal?: AbortSignal): Promise<TInstrument[]> {
  return fetchAllPages((skip, limit) => apiRequest('/instruments', { query: { ...query, limit, skip }, schema: ZInstrumentList, signal }));
}
