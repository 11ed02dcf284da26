import { API_BASE, CSRF_HEADER } from '@strata/shared';
import { apiFailure, apiUrl, noteResponse } from './api-client';
import { getAccessToken, sessionStore } from './auth-store';
import { i18n } from './i18n';

/** The blob URL of a saved file is revoked this long after the click that saves it. */
export const REVOKE_DELAY_MS = 100;

/** A download that did not give a file: `message` is what to show (status 0 means no answer). */
export class DownloadError extends Error {
  override readonly name = 'DownloadError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The file name of a `Content-Disposition` header: `filename*=UTF-8''…` (RFC 5987) first, then `filename="…"`
 * or a bare `filename=…`. Null when there is none.
 */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      const name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
      if (name) return name;
    } catch {
      // a malformed escape: fall back to the plain parameter
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]*))/i.exec(header);
  const name = plain?.[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain?.[2]?.trim();
  return name ? name : null;
}

/** Saves a blob as a file: a hidden link with `download`, clicked; its URL is revoked 100 ms later. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), REVOKE_DELAY_MS);
}

export interface DownloadOptions {
  /** Used when the answer names no file. */
  fileName?: string;
  /** Send the resource token as `_token` instead of the bearer header (also the fallback without an access token). */
  useResourceToken?: boolean;
  signal?: AbortSignal;
}

/** A site path (`/api/v1/exports/3/download`), an API path (`/exports/3/download`) or a full URL, as a URL. */
function resolve(url: string): URL {
  if (/^https?:\/\//i.test(url)) return new URL(url);
  if (url === API_BASE || url.startsWith(`${API_BASE}/`) || url.startsWith(`${API_BASE}?`)) {
    return new URL(url, window.location.origin);
  }
  return new URL(apiUrl(url));
}

/**
 * An API file's address for a tag that cannot send the bearer header (the report dialog's `<iframe>`): the resource
 * token in `_token` (spec §7 download helper). A site path stays a site path.
 */
export function resourceAddress(url: string): string {
  const target = resolve(url);
  const resourceToken = sessionStore.getState().resourceToken;
  if (resourceToken) target.searchParams.set('_token', resourceToken);
  return target.origin === window.location.origin ? `${target.pathname}${target.search}` : target.toString();
}

function lastSegment(url: URL): string {
  return decodeURIComponent(url.pathname.split('/').filter(Boolean).at(-1) ?? 'download');
}

/**
 * Downloads a file of the API and saves it (spec §4 "downloads the file"): a fetch with the bearer header, or the
 * resource token as `_token`; the file is saved under the name of its `Content-Disposition`. Any answer but 200
 * rejects with "download failed" (429 with its status text); a 401 ends the session as every call does. Resolves
 * with the name the file was saved under.
 */
export async function downloadFile(url: string, options: DownloadOptions = {}): Promise<string> {
  const target = resolve(url);
  const token = getAccessToken();
  const headers = new Headers();
  if (token && !options.useResourceToken) {
    headers.set('Authorization', `Bearer ${token}`);
  } else {
    const resourceToken = sessionStore.getState().resourceToken;
    if (resourceToken) target.searchParams.set('_token', resourceToken);
  }
  const call = { method: 'GET' as const, path: url, url: target.toString(), token, emitHttpError: false };

  let response: Response;
  try {
    response = await fetch(target, { headers, signal: options.signal, credentials: 'same-origin' });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    apiFailure(0, undefined, call);
    throw new DownloadError(0, i18n.t('exportJob.downloadFailed'));
  }
  noteResponse(response.ok, response.headers.get(CSRF_HEADER));
  if (response.status !== 200) {
    // The session rules still apply (a 401 signs out); the caller shows the message, so no http-error alert.
    apiFailure(response.status, undefined, call);
    const message = response.status === 429 ? response.statusText || i18n.t('messages.rateLimited') : i18n.t('exportJob.downloadFailed');
    throw new DownloadError(response.status, message);
  }
  const blob = await response.blob();
  const name = fileNameFromDisposition(response.headers.get('content-disposition')) ?? options.fileName ?? lastSegment(target);
  saveBlob(blob, name);
  return name;
}
