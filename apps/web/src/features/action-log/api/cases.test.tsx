import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { api, server } from '../../../test/server';
import { caseDetail, caseRow, entry } from '../test-data';
import { useAddEntry, useCase, useCases, useCaseSummary, useOpenCase } from './cases';

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;

const CONTRACTS = '[11]';

describe('the Log of Actions Taken after a change of a case', () => {
  it('a case opened shows in the list and in the counts', async () => {
    let cases = [caseRow()];
    server.use(
      http.get(api('/action-cases'), () => HttpResponse.json({ records: cases, total_records: cases.length })),
      http.get(api('/action-cases/summary'), () => HttpResponse.json({ open: { breached: cases.length, scenario: 0, damaged: 0 } })),
      http.post(api('/action-cases'), () => {
        const opened = caseRow({ case_id: 10, title: 'SM-1024 damaged', category: 'damaged', alert_id: null, alert: null });
        cases = [opened, ...cases];
        return HttpResponse.json(caseDetail({ case: opened, alert: null, entries: [] }));
      }),
    );
    const { result } = renderHook(
      () => ({ list: useCases({ limit: 10, skip: 0, contracts: CONTRACTS }), summary: useCaseSummary(CONTRACTS), open: useOpenCase() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.data?.records.map((c) => c.case_id)).toEqual([9]));

    await act(async () => void (await result.current.open.mutateAsync({ instrument_id: 24 })));
    await waitFor(() => expect(result.current.list.data?.records.map((c) => c.case_id)).toEqual([10, 9]));
    await waitFor(() => expect(result.current.summary.data?.open.breached).toBe(2));
  });

  it('a follow-up added shows on the case', async () => {
    let entries = [entry()];
    server.use(
      http.get(api('/action-cases/9'), () => HttpResponse.json(caseDetail({ entries }))),
      http.post(api('/action-cases/9/entries'), () => {
        const added = entry({ entry_id: 32, action: 'Re-surveyed the marker.', files: [] });
        entries = [...entries, added];
        return HttpResponse.json(added);
      }),
    );
    const { result } = renderHook(() => ({ detail: useCase(9), add: useAddEntry(9) }), { wrapper });
    await waitFor(() => expect(result.current.detail.data?.entries.map((e) => e.entry_id)).toEqual([31]));

    await act(
      async () => void (await result.current.add.mutateAsync({ action: 'Re-surveyed the marker.', done_at: '2026-11-22T02:00:00.000Z', file_ids: [] })),
    );
    await waitFor(() => expect(result.current.detail.data?.entries.map((e) => e.entry_id)).toEqual([31, 32]));
  });
});
