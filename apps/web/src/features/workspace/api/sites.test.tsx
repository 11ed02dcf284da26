import type { TSite } from '@strata/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { SITES_QUERY_KEY } from '../../../lib/site-queries';
import { api, server } from '../../../test/server';
import { siteOptions, useWorkspaceSites } from './sites';

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;

const civil = (site_id: number, site_name: string) => ({ site_id, site_name, contract_id: 11, contract_no: 'T301', type: 'E' as const });

function site(geometry: TSite['geometry']): TSite {
  return {
    ...civil(4, 'Marina South Station Box'),
    description: '',
    geometry,
    stages: [],
    design_values: {},
    chainage_start: null,
    drawing_count: 0,
    created: '2026-11-27T10:00:00.000Z',
    updated: '2026-11-27T10:00:00.000Z',
  };
}

const OUTLINE = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [30200, 28500],
      [30500, 28500],
      [30500, 28800],
      [30200, 28500],
    ],
  ],
};

// The sites pages invalidate SITES_QUERY_KEY when they save or delete a site (features/sites/construction/api.ts).
describe('the construction sites of the location search, after a site is saved in the same session', () => {
  it('lists a site created after the gazetteer was loaded', async () => {
    let records = [civil(4, 'Marina South Station Box')];
    server.use(http.get(api('/civil/sites'), () => HttpResponse.json({ records, total_records: records.length })));
    const { result } = renderHook(() => useWorkspaceSites([11]), { wrapper });
    await waitFor(() => expect(result.current.data?.map((s) => s.site_name)).toEqual(['Marina South Station Box']));

    records = [...records, civil(9, 'E2E Station Box')];
    await queryClient.invalidateQueries({ queryKey: SITES_QUERY_KEY });
    await waitFor(() => expect(result.current.data?.map((s) => s.site_name)).toEqual(['Marina South Station Box', 'E2E Station Box']));
  });

  it('goes by the outline the site has now, not the one it had when it was first looked up', async () => {
    let answer = site(null);
    server.use(http.get(api('/civil/sites/4'), () => HttpResponse.json(answer)));
    expect((await queryClient.fetchQuery(siteOptions(4))).geometry).toBeNull();

    answer = site(OUTLINE);
    await queryClient.invalidateQueries({ queryKey: SITES_QUERY_KEY });
    expect((await queryClient.fetchQuery(siteOptions(4))).geometry).toEqual(OUTLINE);
  });
});
