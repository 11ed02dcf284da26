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
import { recordFilesKey } from '../../components/record-files';
import { sendFiles } from '../../components/upload-button';
import { apiRequest } from '../../lib/api-client';

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

/**
 * `GET /files/search`: photos and documents of the caller's contracts, newest first, with their record and its
 * location — the first 1000, so the map and the list show the same files. Under the record-files key: an upload or a
 * delete anywhere refreshes it.
 */
export function useFileSearch(params: FileSearchParams) {
  return useQuery({
    queryKey: [...recordFilesKey, 'search', params],
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

export interface HistoryParams {
  keyword?: string;
  from?: string;
  to?: string;
  skip: number;
  limit: number;
}

/** `GET /uploads/document/history`: documents attached to the caller's contracts ("other files"). */
export function useDocumentHistory(params: HistoryParams & { contractId?: number }) {
  return useQuery({
    queryKey: [...recordFilesKey, 'document-history', params],
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

export const mapHistoryKey = ['map-uploads'] as const;

/** `GET /uploads/map/history`: drawings uploaded to the base map, newest first. */
export function useMapHistory(params: HistoryParams) {
  return useQuery({
    queryKey: [...mapHistoryKey, params],
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
  return () => Promise.all([client.invalidateQueries({ queryKey: mapHistoryKey }), client.invalidateQueries({ queryKey: ['config'] })]);
}

/** `GET /instruments?contract_id=`: the instruments of one contract (up to 1000), for the "attach to" choice. */
export function useContractInstruments(contractId: number | undefined) {
  return useQuery({
    queryKey: ['files', 'instrument-options', contractId],
    queryFn: ({ signal }) => apiRequest('/instruments', { query: { contract_id: contractId, limit: 1000, skip: 0 }, schema: ZInstrumentList, signal }),
    enabled: contractId !== undefined,
    staleTime: 60_000,
  });
}
