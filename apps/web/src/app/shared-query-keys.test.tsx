import { DEFAULT_SETTINGS, type TBookmark, type TManualDocument } from '@strata/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useBookmarks as useAccountBookmarks } from '../features/account/api/get-bookmarks';
import { usePreferences } from '../features/account/api/get-preferences';
import { useSavePreferences } from '../features/account/api/save-preferences';
import { useUpdateBookmark } from '../features/account/api/update-bookmark';
import { useOpenCase } from '../features/action-log/api/cases';
import { caseDetail, caseRow } from '../features/action-log/test-data';
import { useOpenCaseCount } from '../features/alerts/api/summary';
import { useMapUploaded } from '../features/files/api';
import { useUploadedManualDocuments } from '../features/manual/api/get-manual-documents';
import { useDeleteDocument } from '../features/master-data/documentations/api';
import { useSaveSystemSettings } from '../features/master-data/settings/api';
import { useSaveZone } from '../features/sites/zones/api';
import { zoneRecord } from '../features/sites/test-data';
import { useBookmarks as useViewBookmarks, useDeleteBookmark as useDeleteView } from '../features/workspace/api/bookmarks';
import { useMapPreferences, useSaveMapLayers } from '../features/workspace/api/preferences';
import { useConfig } from '../lib/config';
import { queryClient } from '../lib/query-client';
import { systemStore } from '../lib/system-store';
import { configResponse, preferences } from '../test/fixtures';
import { api, server } from '../test/server';

/*
 * No feature imports another, so two features that show the same data share a key kept in lib/ (lib/query-keys.ts,
 * lib/config.ts). These tests hold each pair together: a change made through one feature's hooks refreshes what the
 * other feature's hooks show, in the same session.
 */

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;

const bookmark = (bookmark_id: number, name: string): TBookmark => ({
  bookmark_id,
  name,
  path: '/dashboard?z=12',
  icon: 'map',
  created: '2026-03-01T02:00:00Z',
});

const manualDocument = (document_id: number, title: string): TManualDocument => ({
  document_id,
  title,
  file_name: `${title}.pdf`,
  content_type: 'application/pdf',
  size: 1000,
  uploaded_by: 'Alice Tan',
  created: '2026-03-01T02:00:00Z',
  url: `/api/v1/user-manual/documents/${document_id}`,
});

describe('queries two features share, refreshed by a change made in either', () => {
  it('a bookmark renamed on the account pages shows renamed in the work space, and one deleted there leaves the account list', async () => {
    let records = [bookmark(1, 'North shaft'), bookmark(2, 'South shaft')];
    server.use(
      http.get(api('/bookmarks'), () => HttpResponse.json({ records })),
      http.put(api('/bookmarks/:id'), async ({ params, request }) => {
        const { name } = (await request.json()) as { name: string };
        records = records.map((b) => (b.bookmark_id === Number(params.id) ? { ...b, name } : b));
        return HttpResponse.json(records.find((b) => b.bookmark_id === Number(params.id)));
      }),
      http.delete(api('/bookmarks/:id'), ({ params }) => {
        records = records.filter((b) => b.bookmark_id !== Number(params.id));
        return HttpResponse.json({ ok: true });
      }),
    );
    const { result } = renderHook(() => ({ account: useAccountBookmarks(), views: useViewBookmarks(), rename: useUpdateBookmark(), remove: useDeleteView() }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.views.data?.map((b) => b.name)).toEqual(['North shaft', 'South shaft']));

    await act(() => result.current.rename.mutateAsync({ id: 2, body: { name: 'South portal', path: '/dashboard?z=12', icon: 'map' } }));
    await waitFor(() => expect(result.current.views.data?.map((b) => b.name)).toEqual(['North shaft', 'South portal']));

    await act(() => result.current.remove.mutateAsync(1));
    await waitFor(() => expect(result.current.account.data?.map((b) => b.name)).toEqual(['South portal']));
  });

  it('preferences saved on the Preference page reach the map at once, and layers chosen on the map reach the Preference page', async () => {
    systemStore.setState({ sync: true });
    server.use(http.get(api('/preferences'), () => HttpResponse.json(preferences({ show_label: true, layers: [] }))));
    const { result } = renderHook(() => ({ account: usePreferences(), map: useMapPreferences(), save: useSavePreferences(), saveLayers: useSaveMapLayers() }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.account.data?.show_label).toBe(true));

    await act(() => result.current.save.mutateAsync(preferences({ show_label: false, layers: [] })));
    expect(result.current.map.show_label).toBe(false);

    await act(() => result.current.saveLayers.mutateAsync(['railways']));
    expect(result.current.account.data?.layers).toEqual(['railways']);
  });

  it('a document deleted on the Documentations page leaves the User Manual page', async () => {
    let records = [manualDocument(1, 'Getting started'), manualDocument(2, 'Old notes')];
    server.use(
      http.get(api('/user-manual/documents'), () => HttpResponse.json({ records, total_records: records.length })),
      http.delete(api('/master-data/documentations/:id'), ({ params }) => {
        records = records.filter((d) => d.document_id !== Number(params.id));
        return HttpResponse.json({ ok: true });
      }),
    );
    const { result } = renderHook(() => ({ manual: useUploadedManualDocuments(), remove: useDeleteDocument() }), { wrapper });
    await waitFor(() => expect(result.current.manual.data?.records.map((d) => d.title)).toEqual(['Getting started', 'Old notes']));

    await act(() => result.current.remove.mutateAsync(2));
    await waitFor(() => expect(result.current.manual.data?.records.map((d) => d.title)).toEqual(['Getting started']));
  });

  it('a case opened in the Log of Actions Taken counts at once on the alert landing', async () => {
    let open = 2;
    server.use(
      http.get(api('/action-cases/summary'), () => HttpResponse.json({ open: { breached: open, scenario: 0, damaged: null } })),
      http.post(api('/action-cases'), () => {
        open += 1;
        return HttpResponse.json(caseDetail({ case: caseRow({ case_id: 10, category: 'damaged', alert_id: null, alert: null }), alert: null, entries: [] }));
      }),
    );
    const { result } = renderHook(() => ({ tile: useOpenCaseCount('[11]'), openCase: useOpenCase() }), { wrapper });
    await waitFor(() => expect(result.current.tile.data).toBe(2));

    await act(() => result.current.openCase.mutateAsync({ instrument_id: 42 }));
    await waitFor(() => expect(result.current.tile.data).toBe(3));
  });

  it('a saved zone, an uploaded drawing and saved system settings each have the configuration asked for again', async () => {
    systemStore.setState({ sync: true });
    let configs = 0;
    server.use(
      http.get(api('/config'), () => {
        configs += 1;
        return HttpResponse.json(configResponse());
      }),
      http.post(api('/zones'), () => HttpResponse.json(zoneRecord({ zone_id: 9, name: 'Zone C' }))),
      http.put(api('/master-data/settings'), () => HttpResponse.json({ ...DEFAULT_SETTINGS, report_range_num: 6 })),
    );
    const { result } = renderHook(
      () => ({ config: useConfig(), saveZone: useSaveZone(), drawingUploaded: useMapUploaded(), saveSettings: useSaveSystemSettings() }),
      {
        wrapper,
      },
    );
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true));
    expect(configs).toBe(1);

    await act(() => result.current.saveZone.mutateAsync({ body: { name: 'Zone C', contract_id: 11, is_report: false, description: '', polygon: null } }));
    await waitFor(() => expect(configs).toBe(2));

    await act(() => result.current.drawingUploaded());
    await waitFor(() => expect(configs).toBe(3));

    await act(() => result.current.saveSettings.mutateAsync({ report_range_num: 6 }));
    await waitFor(() => expect(configs).toBe(4));
  });
});
