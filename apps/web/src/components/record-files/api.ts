import {
  FILE_COMPLETED_DOCUMENT,
  ZDocument,
  ZDocumentList,
  ZOk,
  ZPhoto,
  ZPhotoList,
  ZRecordFileList,
  type TAttachmentKind,
  type TDocument,
  type TDocumentType,
  type TPhoto,
  type TRecordFileKind,
} from '@strata/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { apiRequest } from '../../lib/api-client';
import { liveEvents } from '../../lib/live-connection';
import { sendFiles } from '../upload-button';

/**
 * Query keys of the files of records: every list starts with `all` (`[…, category, refId, kind, params]`), so an
 * upload or a delete anywhere refreshes the record's tabs and the lists built on this key (the map file search, the
 * document history: features/files/api.ts).
 */
export const recordFileKeys = {
  all: ['record-files'] as const,
  record: (category: string, refId: number) => [...recordFileKeys.all, category, refId] as const,
  list: (category: string, refId: number, kind: 'photo' | 'document' | 'all', params: object) =>
    [...recordFileKeys.record(category, refId), kind, params] as const,
};

/** The record files are attached to (spec §7 "a tag holding category and a reference_id"). */
export interface RecordTag {
  category: string;
  reference_id: number;
}

export interface PageParams {
  keyword?: string;
  /** 0-based row offset. */
  skip: number;
  limit: number;
}

const clean = (keyword: string | undefined) => (keyword && keyword.trim() !== '' ? keyword.trim() : undefined);

/** `GET /photos/{category}/{id}` (keyword, skip, limit -> records, total_pages). */
export function usePhotos(category: string, refId: number, params: PageParams) {
  return useQuery({
    queryKey: recordFileKeys.list(category, refId, 'photo', params),
    queryFn: ({ signal }) =>
      apiRequest(`/photos/${category}/${refId}`, {
        query: { keyword: clean(params.keyword), skip: params.skip, limit: params.limit },
        schema: ZPhotoList,
        signal,
        // The list shows its own "Failed to fetch data".
        emitHttpError: false,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /documents/{category}/{id}` (keyword, types comma-joined, skip, limit). */
export function useDocuments(category: string, refId: number, params: PageParams & { types: readonly TDocumentType[] }) {
  return useQuery({
    queryKey: recordFileKeys.list(category, refId, 'document', params),
    queryFn: ({ signal }) =>
      apiRequest(`/documents/${category}/${refId}`, {
        query: {
          keyword: clean(params.keyword),
          types: params.types.length > 0 ? params.types.join(',') : undefined,
          skip: params.skip,
          limit: params.limit,
        },
        schema: ZDocumentList,
        signal,
        emitHttpError: false,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /files/{category}/{id}?type=`: every file of the record (photos, documents, drawings). */
export function useRecordFiles(category: string, refId: number, params: PageParams & { type: readonly TRecordFileKind[] }) {
  return useQuery({
    queryKey: recordFileKeys.list(category, refId, 'all', params),
    queryFn: ({ signal }) =>
      apiRequest(`/files/${category}/${refId}`, {
        query: {
          type: params.type.length > 0 ? params.type.join(',') : undefined,
          keyword: clean(params.keyword),
          skip: params.skip,
          limit: params.limit,
        },
        schema: ZRecordFileList,
        signal,
        emitHttpError: false,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Drops every cached list of files (of one record, or of all): after an upload, a delete, a live notification. */
export function useFilesChanged() {
  const client = useQueryClient();
  return useCallback(
    (tag?: RecordTag) => client.invalidateQueries({ queryKey: tag ? recordFileKeys.record(tag.category, tag.reference_id) : recordFileKeys.all }),
    [client],
  );
}

/** `DELETE /photos/{file_id}` or `DELETE /documents/{file_id}`; the caller shows a failure (a string error as an alert). */
export function useDeleteFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, fileId }: { kind: TAttachmentKind; fileId: number }) =>
      apiRequest(`/${kind === 'photo' ? 'photos' : 'documents'}/${fileId}`, { method: 'DELETE', schema: ZOk, emitHttpError: false }),
    // Every list that may hold the file: the record's tabs, the map file search, the upload histories.
    onSuccess: () => client.invalidateQueries({ queryKey: recordFileKeys.all }),
  });
}

/** The upload path of a tag: `POST /photos/{category}/{id}` or `POST /documents/{category}/{id}` (one file each). */
export function uploadPath(kind: TAttachmentKind, tag: RecordTag): string {
  return `/${kind === 'photo' ? 'photos' : 'documents'}/${encodeURIComponent(tag.category)}/${tag.reference_id}`;
}

/** Sends one photo or document to the record of `tag`, with its progress; resolves with the stored file. */
export async function uploadAttachment(options: {
  kind: TAttachmentKind;
  tag: RecordTag;
  file: File;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}): Promise<TPhoto | TDocument> {
  const answer = await sendFiles({
    path: uploadPath(options.kind, options.tag),
    files: [options.file],
    onProgress: options.onProgress,
    signal: options.signal,
    emitHttpError: false,
  });
  return options.kind === 'photo' ? ZPhoto.parse(answer) : ZDocument.parse(answer);
}

/**
 * An address of the API for an `<img>` or a link: the resource token in `_token` (the bearer cannot travel in a
 * tag). Null without a token.
 */
export function withResourceToken(url: string, resourceToken: string | null): string | null {
  if (!resourceToken) return null;
  const target = new URL(url, window.location.origin);
  target.searchParams.set('_token', resourceToken);
  return `${target.pathname}${target.search}`;
}

/**
 * Spec §4: a photo or document list refreshes on the live notification `fileCompleted` with payload `document`.
 * Lists of the record it names refresh (every list when it names none).
 */
export function useRefreshOnFileCompleted(tag?: RecordTag) {
  const changed = useFilesChanged();
  const category = tag?.category;
  const refId = tag?.reference_id;
  useEffect(
    () =>
      liveEvents.on('notification', (payload) => {
        if (payload.type !== 'fileCompleted' || payload.payload !== FILE_COMPLETED_DOCUMENT) return;
        if (category !== undefined && refId !== undefined) {
          if (payload.category !== undefined && payload.category !== category) return;
          if (payload.ref_id !== undefined && payload.ref_id !== refId) return;
          void changed({ category, reference_id: refId });
        } else {
          void changed();
        }
      }),
    [changed, category, refId],
  );
}
