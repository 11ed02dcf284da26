import {
  ZContractDocumentList,
  ZFileSearchList,
  ZInstrumentList,
  ZMapUpload,
  ZMapUploadList,
  type TAttachmentKind,
  type TFileType,
  type TMapUpload,
} from '@strata/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { recordFileKeys } from '../../components/record-files';
import { sendFiles } from '../../components/upload-button';
import { apiRequest } from '../../lib/api-client';
import { CONFIG_QUERY_KEY } from '../../lib/config';

/** The map shows at most this many files (the API's maximum page); the list pages them in the browser. */
export const SEARCH_LIMIT = 1000;

export interface FileSearchParams {
  keyword?: string;
  kind?: TAttachmentKind;
  types: readonly TFileType[];
  from?: string;
  to?: string;
  /** SVY21 `minE,minN,maxE,maxN`. */
  bbox?: string;
  contractId?: number;
}

export interface HistoryParams {
  keyword?: string;
  from?: string;
  to?: string;
  skip: number;
  limit: number;
}

/**
 * Query keys of the file pages. The file search and the document history sit under the record files' key
 * (components/record-files), so an upload or a delete anywhere refreshes them; the map drawings have their own, which
 * an upload here invalidates (with the configuration, whose map layers the maps draw).
 */
export const fileKeys = {
  search: (params: FileSearchParams) => [...recordFileKeys.all, 'search', params] as const,
  documentHistory: (params: HistoryParams & { contractId?: number }) => [...recordFileKeys.all, 'document-history', params] as const,
  mapUploads: () => ['map-uploads'] as const,
  mapHistory: (params: HistoryParams) => [...fileKeys.mapUploads(), params] as const,
  instrumentOptions: (contractId: number | undefined) => ['files', 'instrument-options', contractId] as const,
};

/**
 * `GET /files/search`: photos and documents of the caller's contracts, newest first, with their record and its
 * location — the first 1000, so the map and the list show the same files. Under the record-files key: an upload or a
 * delete anywhere refreshes it.
 */
export function useFileSearch(params: FileSearchParams) {
  return useQuery({
    queryKey: fileKeys.search(params),
    queryFn: ({ signal }) =>
      apiRequest('/files/search', {
        query: {
          keyword: params.keyword || undefined,
          kind: params.kind,
          types: params.types.length > 0 ? params.types.join(',') : undefined,
          from: params.from,
          to: params.to,
          bbox: params.bbox,
          contracts: params.contractId ? `[${params.contractId}]` : undefined,
          skip: 0,
          limit: SEARCH_LIMIT,
        },
        schema: ZFileSearchList,
        signal,
        emitHttpError: false,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /uploads/document/history`: documents attached to the caller's contracts ("other files"). */
export function useDocumentHistory(params: HistoryParams & { contractId?: number }) {
  return useQuery({
    queryKey: fileKeys.documentHistory(params),
    queryFn: ({ signal }) =>
      apiRequest('/uploads/document/history', {
        query: {
          keyword: params.keyword || undefined,
          from: params.from,
          to: params.to,
          contract_id: params.contractId,
          skip: params.skip,
          limit: params.limit,
        },
        schema: ZContractDocumentList,
        signal,
        emitHttpError: false,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /uploads/map/history`: drawings uploaded to the base map, newest first. */
export function useMapHistory(params: HistoryParams) {
  return useQuery({
    queryKey: fileKeys.mapHistory(params),
    queryFn: ({ signal }) =>
      apiRequest('/uploads/map/history', {
        query: { keyword: params.keyword || undefined, from: params.from, to: params.to, skip: params.skip, limit: params.limit },
        schema: ZMapUploadList,
        signal,
        emitHttpError: false,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `POST /uploads/map`: one GeoJSON or KML file and the layer's name; it becomes a map overlay. */
export async function uploadMapDrawing(options: {
  file: File;
  name?: string;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}): Promise<TMapUpload> {
  const answer = await sendFiles({
    path: '/uploads/map',
    files: [options.file],
    fields: { name: options.name?.trim() || undefined },
    onProgress: options.onProgress,
    signal: options.signal,
    emitHttpError: false,
  });
  return ZMapUpload.parse(answer);
}

/** After a drawing upload: the history, and the configuration (its map layers) the maps draw. */
export function useMapUploaded() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: fileKeys.mapUploads() }), client.invalidateQueries({ queryKey: CONFIG_QUERY_KEY })]);
}

/** `GET /instruments?contract_id=`: the instruments of one contract (up to 1000), for the "attach to" choice. */
export function useContractInstruments(contractId: number | undefined) {
  return useQuery({
    queryKey: fileKeys.instrumentOptions(contractId),
    queryFn: ({ signal }) => apiRequest('/instruments', { query: { contract_id: contractId, limit: 1000, skip: 0 }, schema: ZInstrumentList, signal }),
    enabled: contractId !== undefined,
    staleTime: 60_000,
  });
}
