import {
  ZBorehole,
  ZBoreholeGroupPage,
  ZBoreholeList,
  ZBoreholeLog,
  ZBoreholeSection,
  ZBoreholeVersions,
  UPLOADS_TOPIC,
  type TBoreholeGroup,
  type TBoreholeReportRequest,
} from '@strata/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import { apiHeaders, apiRequest, apiUrl, ApiError, parseBody } from '../../../lib/api-client';
import { fileNameFromDisposition, saveBlob } from '../../../lib/download';
import { liveEvents } from '../../../lib/live-connection';

/** The list's filters as the API takes them (GET /boreholes). */
export interface BoreholeListParams {
  keyword?: string;
  /** Contract ids as the API's list: `[1,2]` (contractsParam). */
  contracts?: string;
  type?: string;
  depth_min?: number;
  depth_max?: number;
  /** WGS84 west,south,east,north. */
  bounds?: string;
  skip: number;
  limit: number;
}

/** Query keys of the boreholes: every key starts with `all`, so an upload loaded invalidates them at once. */
export const boreholeKeys = {
  all: ['boreholes'] as const,
  types: () => [...boreholeKeys.all, 'types'] as const,
  lists: () => [...boreholeKeys.all, 'list'] as const,
  list: (params: BoreholeListParams) => [...boreholeKeys.lists(), params] as const,
  map: (contracts: readonly number[]) => [...boreholeKeys.all, 'map', contracts] as const,
  one: (id: number, version: number | undefined) => [...boreholeKeys.all, 'one', id, version ?? null] as const,
  versions: (id: number) => [...boreholeKeys.all, 'versions', id] as const,
  group: (id: number, group: TBoreholeGroup, version: number | undefined, params: { skip: number; limit: number }) =>
    [...boreholeKeys.all, 'group', id, group, version ?? null, params] as const,
  log: (id: number, version: number | undefined) => [...boreholeKeys.all, 'log', id, version ?? null] as const,
  section: (query: { ids?: string; line?: string; buffer?: number }) => [...boreholeKeys.all, 'section', query] as const,
};

/**
 * While a borehole page is open, an upload that moves on (the server's live `dataUpdated` of topic `uploads`, sent
 * when an AGS file is loaded) refetches the boreholes: the list, the map, an open borehole and its versions.
 */
export function useBoreholesLive(enabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return undefined;
    return liveEvents.on('notification', (event) => {
      if (event.type === 'dataUpdated' && event.topic === UPLOADS_TOPIC) void client.invalidateQueries({ queryKey: boreholeKeys.all });
    });
  }, [client, enabled]);
}

const ZTypes = z.object({ records: z.array(z.string()) }).transform((v) => v.records);

/** `GET /boreholes/types`: the borehole types found in the caller's contracts (the list's type filter). */
export function useBoreholeTypes() {
  return useQuery({
    queryKey: boreholeKeys.types(),
    queryFn: ({ signal }) => apiRequest('/boreholes/types', { schema: ZTypes, signal }),
    staleTime: 5 * 60_000,
  });
}

/** `GET /boreholes`: one page of the SI Borehole List. */
export function useBoreholeList(params: BoreholeListParams, enabled = true) {
  return useQuery({
    queryKey: boreholeKeys.list(params),
    queryFn: ({ signal }) => apiRequest('/boreholes', { query: { ...params }, schema: ZBoreholeList, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The `contracts` parameter of GET /boreholes: `[1,2]`. */
export const contractsParam = (contractIds: readonly number[]): string => `[${contractIds.join(',')}]`;

/** `GET /boreholes?limit=-1&contracts=[…]`: every borehole of the chosen contracts, for the map. */
export function useMapBoreholes(contractIds: readonly number[], enabled = true) {
  return useQuery({
    queryKey: boreholeKeys.map(contractIds),
    queryFn: async ({ signal }) =>
      (await apiRequest('/boreholes', { query: { limit: -1, contracts: contractsParam(contractIds) }, schema: ZBoreholeList, signal })).records,
    enabled: enabled && contractIds.length > 0,
  });
}

/** `GET /boreholes/{id}` (`version`: an earlier one; default the newest). */
export function useBorehole(id: number, version: number | undefined, enabled = true) {
  return useQuery({
    enabled,
    queryKey: boreholeKeys.one(id, version),
    queryFn: ({ signal }) => apiRequest(`/boreholes/${id}`, { query: { version }, schema: ZBorehole, signal }),
  });
}

/** `GET /boreholes/{id}/versions`. */
export function useBoreholeVersions(id: number) {
  return useQuery({
    queryKey: boreholeKeys.versions(id),
    queryFn: ({ signal }) => apiRequest(`/boreholes/${id}/versions`, { schema: ZBoreholeVersions, signal }),
  });
}

/** `GET /boreholes/{id}/{group}?skip&limit`: one page of a group's records. */
export function useBoreholeGroup(id: number, group: TBoreholeGroup, version: number | undefined, params: { skip: number; limit: number }) {
  return useQuery({
    queryKey: boreholeKeys.group(id, group, version, params),
    queryFn: ({ signal }) => apiRequest(`/boreholes/${id}/${group}`, { query: { ...params, version }, schema: ZBoreholeGroupPage, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /boreholes/{id}/logs`: the header and the records the log chart draws. */
export function useBoreholeLog(id: number, version: number | undefined) {
  return useQuery({
    queryKey: boreholeKeys.log(id, version),
    queryFn: ({ signal }) => apiRequest(`/boreholes/${id}/logs`, { query: { version }, schema: ZBoreholeLog, signal }),
  });
}

/** `GET /boreholes/section`: the boreholes given (in order) or those within `buffer` m of a WGS84 line, placed along it. */
export function useBoreholeSection(query: { ids?: string; line?: string; buffer?: number } | null) {
  return useQuery({
    enabled: query !== null,
    queryKey: boreholeKeys.section(query ?? {}),
    queryFn: ({ signal }) => apiRequest('/boreholes/section', { query: { ...query }, schema: ZBoreholeSection, signal }),
  });
}

const EXTENSIONS: Record<TBoreholeReportRequest['output'], string> = { pdf: 'pdf', xls: 'xlsx', html: 'html', ags4: 'ags' };

/**
 * `POST /reports/si-borehole` {output, background:false, template:'default', borehole_id, download:true}: the report
 * comes back as the file, saved under the name the server gives (spec §2.13, §7). Resolves with that name.
 */
export async function downloadBoreholeReport(
  request: Pick<TBoreholeReportRequest, 'output' | 'borehole_id' | 'version'>,
  fallbackName: string,
): Promise<string> {
  const headers = apiHeaders('POST');
  headers.set('Content-Type', 'application/json');
  headers.set('Accept', '*/*');
  const body = { output: request.output, background: false, template: 'default', borehole_id: request.borehole_id, download: true, version: request.version };
  const response = await fetch(apiUrl('/reports/si-borehole'), { method: 'POST', headers, body: JSON.stringify(body), credentials: 'same-origin' });
  if (!response.ok) {
    const text = await response.text();
    const parsed = parseBody(text, response.headers.get('content-type'));
    throw new ApiError(response.status, parsed, typeof parsed === 'string' && parsed.trim() !== '' ? parsed : response.statusText || 'download failed');
  }
  const name = fileNameFromDisposition(response.headers.get('content-disposition')) ?? `${fallbackName}.${EXTENSIONS[request.output]}`;
  saveBlob(await response.blob(), name);
  return name;
}
