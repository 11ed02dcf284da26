import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { api, server } from '../../test/server';
import { useApproveUpload, useInstrumentUploads, useRejectUpload, useUpload } from './api';
import { uploadRow } from './test-data';

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;

describe('the uploads after an approval or a rejection', () => {
  it('an approved upload shows its new status at once, and the history is asked for again; a rejected one too', async () => {
    let rows = [uploadRow({ upload_id: 5 }), uploadRow({ upload_id: 6 })];
    const settle = (id: number, status: 'loading' | 'rejected') => {
      rows = rows.map((r) => (r.upload_id === id ? { ...r, status } : r));
      return HttpResponse.json(rows.find((r) => r.upload_id === id));
    };
    server.use(
      http.get(api('/uploads'), () => HttpResponse.json({ records: rows, total_records: rows.length })),
      http.get(api('/uploads/:id'), ({ params }) => HttpResponse.json(rows.find((r) => r.upload_id === Number(params.id)))),
      http.post(api('/uploads/:id/approve'), ({ params }) => settle(Number(params.id), 'loading')),
      http.post(api('/uploads/:id/reject'), ({ params }) => settle(Number(params.id), 'rejected')),
    );
    const { result } = renderHook(
      () => ({ history: useInstrumentUploads({ limit: 10, skip: 0 }), upload: useUpload(5), approve: useApproveUpload(), reject: useRejectUpload() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.history.data?.records.map((r) => r.status)).toEqual(['validated', 'validated']));
    // The upload's first read is in before the approval (a busy machine may answer it late).
    await waitFor(() => expect(result.current.upload.data?.status).toBe('validated'));

    await act(async () => void (await result.current.approve.mutateAsync(5)));
    expect(result.current.upload.data?.status).toBe('loading');
    await waitFor(() => expect(result.current.history.data?.records.map((r) => r.status)).toEqual(['loading', 'validated']));

    await act(async () => void (await result.current.reject.mutateAsync(6)));
    await waitFor(() => expect(result.current.history.data?.records.map((r) => r.status)).toEqual(['loading', 'rejected']));
  });
});
