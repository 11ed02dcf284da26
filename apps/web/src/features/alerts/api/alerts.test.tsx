import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { alertFixture } from '../../../test/fixtures';
import { api, server } from '../../../test/server';
import { summary } from '../test-data';
import { useAlerts, useCloseAlert } from './alerts';
import { useAlertSummary } from './summary';

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;

const CONTRACTS = '[11]';

describe('the alert screens after an alert is closed', () => {
  it('a closed alert leaves the open list and the landing counts it no more', async () => {
    let open = [alertFixture({ alert_id: 5 }), alertFixture({ alert_id: 6 })];
    server.use(
      http.get(api('/alerts'), () => HttpResponse.json({ records: open, total_records: open.length })),
      http.get(api('/alerts/summary'), () => HttpResponse.json(summary({ breached: open.length }))),
      http.post(api('/alerts/:id/close'), ({ params }) => {
        open = open.filter((a) => a.alert_id !== Number(params.id));
        return HttpResponse.json({ ok: true });
      }),
    );
    const { result } = renderHook(
      () => ({
        list: useAlerts({ limit: 10, skip: 0, kinds: ['breached'], status: 'open', contracts: CONTRACTS }),
        counts: useAlertSummary(CONTRACTS),
        close: useCloseAlert(5),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.data?.records.map((a) => a.alert_id)).toEqual([5, 6]));
    await waitFor(() => expect(result.current.counts.data?.total_open).toBe(2));

    await act(() => result.current.close.mutateAsync({ reason: 'Settlement stabilised after grouting.' }));
    await waitFor(() => expect(result.current.list.data?.records.map((a) => a.alert_id)).toEqual([6]));
    await waitFor(() => expect(result.current.counts.data?.total_open).toBe(1));
  });
});
