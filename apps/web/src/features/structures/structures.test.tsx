import type { TStructure, TStructureMonitoring, TStructureRecord } from '@strata/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { configResponse, instrumentFixture, storeTestCredential, syncResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { api, server } from '../../test/server';
import { structuresRoutes } from './routes';

// The machine running the suite may be busy: give the screen time to settle.
configure({ asyncUtilTimeout: 5000 });

const OUTLINE = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [30100, 28600],
      [30300, 28600],
      [30300, 28640],
      [30100, 28640],
      [30100, 28600],
    ],
  ],
};
const OUTLINE_WGS84 = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [103.85, 1.27],
      [103.852, 1.27],
      [103.852, 1.271],
      [103.85, 1.271],
      [103.85, 1.27],
    ],
  ],
};

function record(over: Partial<TStructureRecord> = {}): TStructureRecord {
  return {
    structure_id: 4,
    kind: 'critical-interface',
    name: 'Bayshore Residences Block 12',
    contract_id: 11,
    contract_no: 'C303',
    structure_type: 'building',
    owner: 'MCST 4821',
    instrument_count: 2,
    open_alert_count: 1,
    outline_wgs84: OUTLINE_WGS84,
    ...over,
  };
}

function detail(over: Partial<TStructure> = {}): TStructure {
  return {
    ...record(),
    description: '16-storey block on a raft',
    outline: OUTLINE,
    influence_distance: 30,
    contacts: [{ name: 'Lim Siew Ling', role: 'Managing agent', phone: '+65 6448 2210', email: 'manager@example.com' }],
    instruments: [
      { instrument_id: 101, name: 'SM-C303-0001', type_code: 'SM', easting: 30150, northing: 28620 },
      { instrument_id: 102, name: 'TM-C303-0002', type_code: 'TM', easting: 30200, northing: 28620 },
    ],
    created: '2026-11-01T00:00:00.000Z',
    updated: '2026-11-01T00:00:00.000Z',
    ...over,
  };
}

const MONITORING: TStructureMonitoring = {
  structure_id: 4,
  trend_days: 7,
  instruments: [
    {
      instrument_id: 101,
      name: 'SM-C303-0001',
      type_code: 'SM',
      easting: 30150,
      northing: 28620,
      level_code: 'AL',
      severity: 2,
      last_reading_at: '2026-11-28T02:00:00.000Z',
      latest: [{ series_id: 1, code: 'DSPA', depth: null, unit: 'mm', taken_at: '2026-11-28T02:00:00.000Z', value: -21.5, change: -4.25 }],
    },
    {
      instrument_id: 102,
      name: 'TM-C303-0002',
      type_code: 'TM',
      easting: 30200,
      northing: 28620,
      level_code: null,
      severity: 0,
      last_reading_at: null,
      latest: [],
    },
  ],
  alerts: [
    {
      alert_id: 77,
      instrument_id: 101,
      instrument_name: 'SM-C303-0001',
      kind: 'breached',
      level_code: 'AL',
      opened_at: '2026-11-27T00:00:00.000Z',
      last_triggered_at: '2026-11-28T02:00:00.000Z',
      latest_value: -21.5,
    },
  ],
  cases: [{ case_id: 9, alert_id: 77, instrument_id: 101, category: 'breached', title: 'SM AL', opened_at: '2026-11-28T03:00:00.000Z' }],
  sites: [{ site_id: 3, site_name: 'Bayshore Station Box', type: 'E', contract_id: 11, distance: 7 }],
};

function serve(permissions: string[], options: { list?: TStructureRecord[]; listStatus?: number; detailStatus?: number } = {}) {
  storeTestCredential();
  const calls = { deleted: [] as string[] };
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions }))),
    http.get(api('/config'), () => HttpResponse.json(configResponse({ thresholds: [{ code: 'AL', name: 'Alert Level', color: '#f57c00', severity: 2 }] }))),
    http.get(api('/critical-interfaces'), () =>
      options.listStatus
        ? HttpResponse.json('Something failed', { status: options.listStatus })
        : HttpResponse.json({ records: options.list ?? [record()], total_records: (options.list ?? [record()]).length }),
    ),
    http.get(api('/critical-interfaces/:id'), ({ params }) =>
      options.detailStatus
        ? HttpResponse.json('Critical interface not found', { status: options.detailStatus })
        : params.id === '4'
          ? HttpResponse.json(detail())
          : HttpResponse.json('Critical interface not found', { status: 404 }),
    ),
    http.get(api('/critical-interfaces/:id/monitoring'), () => HttpResponse.json(MONITORING)),
    http.delete(api('/critical-interfaces/:id'), ({ params }) => {
      calls.deleted.push(String(params.id));
      return HttpResponse.json({ ok: true });
    }),
  );
  return calls;
}

describe('critical interfaces and mining works', { timeout: 60_000 }, () => {
  it('lists the critical interfaces in the work space with the New action for a user who may manage them', async () => {
    serve(['ManageCriticalInterfaceMonitoring']);
    renderApp('/en/dashboard/critical-interface', { routes: structuresRoutes });
    const list = await screen.findByRole('list', { name: 'Critical interfaces' });
    expect(within(list).getByText('Bayshore Residences Block 12')).toBeInTheDocument();
    expect(within(list).getByText('1 open alert')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'New' })).toBeInTheDocument();
  });

  it('shows no New action to a user who may only search or view', async () => {
    serve(['SearchorViewCriticalInterfaceMonitoring']);
    renderApp('/en/dashboard/critical-interface', { routes: structuresRoutes });
    await screen.findByRole('list', { name: 'Critical interfaces' });
    expect(screen.queryByRole('button', { name: 'New' })).not.toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    serve(['SearchorViewCriticalInterfaceMonitoring'], { list: [] });
    renderApp('/en/dashboard/critical-interface', { routes: structuresRoutes });
    expect(await screen.findByText('No critical interfaces yet.')).toBeInTheDocument();
  });

  it('shows the server error with Try again when the list fails', async () => {
    serve(['SearchorViewCriticalInterfaceMonitoring'], { listStatus: 400 });
    renderApp('/en/dashboard/critical-interface', { routes: structuresRoutes });
    const retry = await screen.findByRole('button', { name: /try again/i });
    expect(retry.closest('[role="alert"]') ?? retry.parentElement).toHaveTextContent('Something failed');
  });

  it('shows a structure with its contacts, each instrument’s status, latest value and trend, open alerts with links, and sites nearby', async () => {
    serve(['SearchorViewCriticalInterfaceMonitoring']);
    renderApp('/en/dashboard/critical-interface/4', { routes: structuresRoutes });
    expect(await screen.findByRole('heading', { name: 'Bayshore Residences Block 12' })).toBeInTheDocument();
    expect(screen.getByText(/Lim Siew Ling/)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Instruments' });
    const row = within(table).getByText('SM-C303-0001').closest('tr')!;
    expect(within(row).getByText('AL · Alert Level')).toBeInTheDocument();
    expect(within(row).getByText(/-21\.50 mm/)).toBeInTheDocument();
    expect(within(row).getByText('▼ -4.25')).toBeInTheDocument();
    const other = within(table).getByText('TM-C303-0002').closest('tr')!;
    expect(within(other).getByText('Normal')).toBeInTheDocument();
    expect(within(other).getByText('No readings')).toBeInTheDocument();
    const alert = screen.getByRole('link', { name: 'Alert #77 — SM-C303-0001' });
    expect(alert.getAttribute('href')).toBe('/en/alert-detail/77');
    expect(screen.getByText('Case #9 open')).toBeInTheDocument();
    expect(screen.getByText(/Bayshore Station Box · Excavation · 7 m/)).toBeInTheDocument();
    // Search or view only: no edit, no delete.
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('lets a manager delete a structure after confirming, then goes back to the list', async () => {
    const calls = serve(['ManageCriticalInterfaceMonitoring']);
    const { user, location } = renderApp('/en/dashboard/critical-interface/4', { routes: structuresRoutes });
    await screen.findByRole('heading', { name: 'Bayshore Residences Block 12' });
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.deleted).toEqual(['4']));
    await waitFor(() => expect(location()).toBe('/en/dashboard/critical-interface'));
  });

  it('edits the instruments picked from the contract\u2019s list and shows the server\u2019s refusal beside them', async () => {
    serve(['ManageCriticalInterfaceMonitoring']);
    const contract = { contract_id: 11, no: 'C303', title: 'Bayshore', active: true, easting: 35240, northing: 31460, type: 4 };
    const puts: { instrument_ids?: number[] }[] = [];
    server.use(
      http.get(api('/contracts'), () => HttpResponse.json({ records: [contract], last_filtered: [], total_records: 1 })),
      http.get(api('/instruments'), () =>
        HttpResponse.json({
          records: [
            instrumentFixture({ instrument_id: 101, name: 'SM-C303-0001', contract_id: 11 }),
            instrumentFixture({ instrument_id: 102, name: 'TM-C303-0002', contract_id: 11 }),
            instrumentFixture({ instrument_id: 103, name: 'PZ-C303-0003', contract_id: 11 }),
          ],
          total_records: 3,
        }),
      ),
      http.put(api('/critical-interfaces/:id'), async ({ request }) => {
        puts.push((await request.json()) as { instrument_ids?: number[] });
        return HttpResponse.json({ instrument_ids: 'These instruments are not instruments of the structure\u2019s contract: 103' }, { status: 400 });
      }),
    );
    const { user } = renderApp('/en/dashboard/critical-interface/4/edit', { routes: structuresRoutes });
    const list = await screen.findByRole('list', { name: 'Instruments of the contract' });
    expect(await screen.findByText('2 instruments picked')).toBeInTheDocument();
    await user.click(within(list).getByText('PZ-C303-0003'));
    expect(screen.getByText('3 instruments picked')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.instrument_ids).toEqual([101, 102, 103]);
    expect(await screen.findByText(/not instruments of the structure/)).toBeInTheDocument();
  });

  it('keeps the details when the monitoring fails, with the error and Try again in its place', async () => {
    serve(['SearchorViewCriticalInterfaceMonitoring']);
    server.use(http.get(api('/critical-interfaces/:id/monitoring'), () => HttpResponse.json('Monitoring failed', { status: 400 })));
    renderApp('/en/dashboard/critical-interface/4', { routes: structuresRoutes });
    expect(await screen.findByRole('heading', { name: 'Bayshore Residences Block 12' })).toBeInTheDocument();
    const retry = await screen.findByRole('button', { name: /try again/i });
    expect(retry.closest('[role="alert"]') ?? retry.parentElement).toHaveTextContent('Monitoring failed');
    expect(screen.getByText(/Lim Siew Ling/)).toBeInTheDocument();
  });

  it('serves mining works the same way from their own API, with their own words', async () => {
    serve(['SearchorViewMiningWorksMonitoring']);
    const asked: string[] = [];
    server.use(
      http.get(api('/mining-works'), ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return HttpResponse.json({ records: [], total_records: 0 });
      }),
    );
    renderApp('/en/civil/mining-works', { routes: structuresRoutes });
    expect(await screen.findByText('No mining works records yet.')).toBeInTheDocument();
    expect(asked[0]).toMatch(/\/mining-works$/);
  });

  it('refuses to create a structure without an outline, saying it must be drawn, and sends nothing', async () => {
    serve(['ManageCriticalInterfaceMonitoring']);
    const posted: unknown[] = [];
    server.use(
      http.post(api('/critical-interfaces'), async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(detail());
      }),
    );
    const { user } = renderApp('/en/dashboard/critical-interface/new', { routes: structuresRoutes });
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.type(name, 'Marina Viaduct');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Draw the outline on the map')).toBeInTheDocument();
    expect(await screen.findByText('Choose a contract')).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('says a structure outside the caller’s contracts does not exist', async () => {
    serve(['SearchorViewCriticalInterfaceMonitoring']);
    renderApp('/en/dashboard/critical-interface/99', { routes: structuresRoutes });
    expect(await screen.findByText('This critical interface does not exist or is not in your contracts.')).toBeInTheDocument();
  });

  it('lists the Civil table with counts of instruments and open alerts, linking to the structure’s page', async () => {
    serve(['SearchorViewCriticalInterfaceMonitoring']);
    renderApp('/en/civil/critical-interface', { routes: structuresRoutes });
    const table = await screen.findByRole('table', { name: 'Critical interfaces' });
    const link = await within(table).findByRole('link', { name: 'Bayshore Residences Block 12' });
    expect(link.getAttribute('href')).toBe('/en/dashboard/critical-interface/4');
    const row = link.closest('tr')!;
    expect(within(row).getByText('C303')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(row).getByText('1')).toBeInTheDocument();
  });
});
