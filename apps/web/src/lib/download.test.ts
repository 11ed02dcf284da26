import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeTestCredential } from '../test/fixtures';
import { server } from '../test/server';
import { downloadFile, DownloadError, fileNameFromDisposition, REVOKE_DELAY_MS } from './download';

describe('fileNameFromDisposition', () => {
  it('reads the RFC 5987 name first, then the quoted or bare one', () => {
    expect(fileNameFromDisposition(`attachment; filename="audit.xlsx"; filename*=UTF-8''audit%20logs%E2%80%942026.xlsx`)).toBe('audit logs—2026.xlsx');
    expect(fileNameFromDisposition('attachment; filename="user report.pdf"')).toBe('user report.pdf');
    expect(fileNameFromDisposition('attachment; filename="say \\"hi\\".csv"')).toBe('say "hi".csv');
    expect(fileNameFromDisposition('attachment; filename=roles.xlsx')).toBe('roles.xlsx');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});

describe('downloadFile', () => {
  let clicked: { href: string; download: string }[];
  const created: string[] = [];
  const revoked: string[] = [];

  beforeEach(() => {
    clicked = [];
    created.length = 0;
    revoked.length = 0;
    let n = 0;
    // jsdom has no object URLs.
    URL.createObjectURL = vi.fn(() => {
      const url = `blob:test/${++n}`;
      created.push(url);
      return url;
    });
    URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('fetches with the bearer, saves under the Content-Disposition name and revokes the blob URL after 100 ms', async () => {
    storeTestCredential('access-9');
    let auth: string | null = null;
    let query = '';
    server.use(
      http.get('*/api/v1/exports/3/download', ({ request }) => {
        auth = request.headers.get('authorization');
        query = new URL(request.url).search;
        return new HttpResponse('PK\u0003\u0004', {
          headers: { 'content-type': 'application/octet-stream', 'content-disposition': `attachment; filename="audit-logs-20260101-000000.xlsx"` },
        });
      }),
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const name = await downloadFile('/api/v1/exports/3/download');
    expect(name).toBe('audit-logs-20260101-000000.xlsx');
    expect(auth).toBe('Bearer access-9');
    expect(query).toBe('');
    expect(clicked).toEqual([{ href: 'blob:test/1', download: 'audit-logs-20260101-000000.xlsx' }]);
    expect(revoked).toEqual([]);
    vi.advanceTimersByTime(REVOKE_DELAY_MS - 1);
    expect(revoked).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(revoked).toEqual(['blob:test/1']);
  });

  it('sends the resource token as _token when asked (or when there is no access token)', async () => {
    storeTestCredential();
    let seen: { token: string | null; auth: string | null } | null = null;
    server.use(
      http.get('*/api/v1/admin/users/import/template', ({ request }) => {
        seen = { token: new URL(request.url).searchParams.get('_token'), auth: request.headers.get('authorization') };
        return new HttpResponse('login_name,fullname\n', { headers: { 'content-type': 'text/csv' } });
      }),
    );
    const name = await downloadFile('/admin/users/import/template?format=csv', { useResourceToken: true, fileName: 'template.csv' });
    expect(seen).toEqual({ token: 'resource-1', auth: null });
    expect(name).toBe('template.csv');
  });

  it('rejects any answer but 200 with "download failed", and a 429 with its status text', async () => {
    storeTestCredential();
    server.use(
      http.get('*/api/v1/exports/4/download', () => HttpResponse.json('The file has expired', { status: 404 })),
      http.get('*/api/v1/exports/5/download', () => new HttpResponse(null, { status: 204 })),
      http.get('*/api/v1/exports/6/download', () => new HttpResponse('slow down', { status: 429, statusText: 'Too Many Requests' })),
    );
    await expect(downloadFile('/api/v1/exports/4/download')).rejects.toEqual(new DownloadError(404, 'download failed'));
    await expect(downloadFile('/api/v1/exports/5/download')).rejects.toMatchObject({ status: 204, message: 'download failed' });
    await expect(downloadFile('/api/v1/exports/6/download')).rejects.toMatchObject({ status: 429, message: 'Too Many Requests' });
    expect(clicked).toEqual([]);
    expect(created).toEqual([]);
  });
});
