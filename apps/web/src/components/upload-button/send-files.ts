import { CSRF_HEADER } from '@strata/shared';
import { apiFailure, apiHeaders, apiUrl, noteResponse, parseBody } from '../../lib/api-client';
import { getAccessToken } from '../../lib/auth-store';

export type UploadFields = Readonly<Record<string, string | number | boolean | null | undefined>>;

export interface SendFilesOptions {
  /** An API path below /api/v1 (`/uploads/instrument`). */
  path: string;
  files: readonly File[];
  /** POST by default; PUT for a resource that holds one file (a report template's workbook). */
  method?: 'POST' | 'PUT';
  /** The form part's name: `files` by default. */
  field?: string;
  /** Extra form fields sent before the files (tag, category, reference_id …); empty ones are left out. */
  fields?: UploadFields;
  /** 0 to 100 as the bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** False when the caller shows the failure itself: no `http-error` alert on the screen as well. */
  emitHttpError?: boolean;
}

/**
 * Sends files as multipart form parts (named `files` unless told) with XMLHttpRequest (fetch cannot report upload progress),
 * with the API client's bearer and CSRF headers and its error rules. Resolves with the parsed answer.
 */
export function sendFiles({
  path,
  files,
  method = 'POST',
  field = 'files',
  fields = {},
  onProgress,
  signal,
  emitHttpError,
}: SendFilesOptions): Promise<unknown> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== null && value !== undefined && value !== '') body.append(name, String(value));
  }
  for (const file of files) body.append(field, file, file.name);

  const token = getAccessToken();
  const url = apiUrl(path);
  const call = { method, path, url, token, emitHttpError };

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    apiHeaders(method).forEach((value, key) => xhr.setRequestHeader(key, value));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const ok = xhr.status >= 200 && xhr.status < 300;
      noteResponse(ok, xhr.getResponseHeader(CSRF_HEADER));
      const data = parseBody(xhr.responseText, xhr.getResponseHeader('content-type'));
      if (ok) {
        onProgress?.(100);
        resolve(data);
      } else {
        reject(apiFailure(xhr.status, data, call));
      }
    };
    xhr.onerror = () => reject(apiFailure(0, undefined, call));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
