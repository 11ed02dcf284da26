import { screen, waitFor, within } from '@testing-library/react';
import type { TBookmark, TInstrument } from '@strata/shared';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { configResponse, instrumentFixture, storeTestCredential, syncResponse } from '../../../test/fixtures';
import { liveEvents } from '../../../lib/live-connection';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import type * as Views from '../detail/instrument-views';
import type { InstrumentView } from '../detail/instrument-views';

// The detail view as built, plus a stand-in for a view another feature adds (photo, documents, files, comments).
vi.mock('../detail/instrument-views', async (importOriginal) => {
  const original = await importOriginal<typeof Views>();
  const comments: InstrumentView = {
    view: 'comments',
    labelKey: 'workspace.views.comments',
    render: (id) => <p data-testid="comments-view">Comments of {id}</p>,
  };
  return { ...original, INSTRUMENT_VIEWS: [original.INSTRUMENT_VIEWS.find((v) => v.view === 'detail')!, comments] };
});

function instrument(id: number, name: string, type: 'SM' | 'INC', overrides: Partial<TInstrument> = {}): TInstrument {
  return instrumentFixture({
    instrument_id: id,
    name,
    type_code: type,
    type_name: type === 'SM' ? 'Settlement Marker' : 'Inclinometer',
    zone_id: null,
    zone_name: null,
    easting: 28000 + id,
    northing: 38000 + id,
    latitude: 1.36,
    longitude: 103.83,
    install_date: '2025-06-01',
    created: '2025-06-01T00:00:00Z',
    updated: '2025-06-01T00:00:00Z',
    ...overrides,
  });
}

const INSTRUMENTS = [
  instrument(1, 'SM-1001', 'SM'),
  instrument(2, 'SM-1002', 'SM', { frequency: 'weekly' }),
  instrument(3, 'INC-2001', 'INC', { easting: 30500, northing: 39500 }),
];

const CONFIG = configResponse({
  instruments: [
    { code: 'SM', name: 'Settlement Marker', lta_code: null, category: null, icon: 'circle', icon_color: '#018e27', has_depth: false },
    { code: 'INC', name: 'Inclinometer', lta_code: null, category: null, icon: 'triangle', icon_color: '#0471d1', has_depth: true },
  ],
  readings: [{ code: 'DSPA', description: 'Settlement', is_result: true, precision: 1, type_code: 'SM', unit: 'mm' }],
  thresholds: [
    { code: 'AL', name: 'Alert Level', color: '#fb8c00', severity: 2 },
    { code: 'WSL', name: 'Work Suspension Level', color: '#8e0000', severity: 4 },
  ],
  frequencies: [
    { code: 'daily', name: 'Daily', minutes: 1440 },
    { code: 'weekly', name: 'Weekly', minutes: 10080 },
  ],
  statuses: [{ code: 'active', name: 'Active' }],
});

type StatusRecord = { instrument_id: number; level_code: string | null; severity: number; last_reading_at: string | null };
/** SM-1001's latest reading (-21.5 mm) passes AL; the others are normal. */
const STATUSES: StatusRecord[] = [
  { instrument_id: 1, level_code: 'AL', severity: 2, last_reading_at: '2026-03-01T02:00:00Z' },
  { instrument_id: 2, level_code: null, severity: 0, last_reading_at: '2026-03-01T02:00:00Z' },
  { instrument_id: 3, level_code: null, severity: 0, last_reading_at: null },
];

/** SM-1001's stored readings (45, hourly, newest first): what its readings table pages through. */
const SM_ROWS = Array.from({ length: 45 }, (_, i) => ({
  taken_at: new Date(Date.UTC(2026, 2, 1, 2) - i * 3_600_000).toISOString(),
  code: 'DSPA',
  depth: null,
  value: Number((-21.5 + i / 10).toFixed(1)),
}));

function workspaceServer(options: { instruments?: TInstrument[]; bookmarks?: TBookmark[]; statuses?: () => StatusRecord[] } = {}) {
  const posted: unknown[] = [];
  const instrumentCalls: URL[] = [];
  const statusCalls: URL[] = [];
  const rowCalls: URL[] = [];
  server.use(
    http.get(api('/instruments/status'), ({ request }) => {
      statusCalls.push(new URL(request.url));
      return HttpResponse.json({ records: options.statuses?.() ?? STATUSES });
    }),
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions: ['ViewInstrumentData', 'ExportInstrumentCharts'] }))),
    http.get(api('/config'), () => HttpResponse.json(CONFIG)),
    http.get(api('/instruments'), ({ request }) => {
      instrumentCalls.push(new URL(request.url));
      const records = options.instruments ?? INSTRUMENTS;
      return HttpResponse.json({ records, total_records: records.length });
    }),
    http.get(api('/zones'), () => HttpResponse.json({ records: [], total_records: 0 })),
    http.get(api('/bookmarks'), () => HttpResponse.json({ records: options.bookmarks ?? [] })),
    http.post(api('/bookmarks'), async ({ request }) => {
      const body = (await request.json()) as { name: string; path: string };
      posted.push(body);
      return HttpResponse.json({ bookmark_id: 5, name: body.name, path: body.path, icon: 'map', created: '2026-03-01T00:00:00Z' });
    }),
    http.get(api('/instruments/latest'), () =>
      HttpResponse.json({
        records: [{ instrument_id: 1, readings: [{ series_id: 9, code: 'DSPA', depth: null, unit: 'mm', taken_at: '2026-03-01T02:00:00Z', value: -21.5 }] }],
      }),
    ),
    http.get(api('/instruments/1'), () => HttpResponse.json(INSTRUMENTS[0])),
    http.get(api('/instruments/1/thresholds'), () =>
      HttpResponse.json({
        instrument_id: 1,
        name: 'SM-1001',
        thresholds: [
          { reading_code: 'DSPA', level_code: 'AL', upper: 19.6, lower: -19.6 },
          { reading_code: 'DSPA', level_code: 'WSL', upper: 28, lower: -28 },
        ],
      }),
    ),
    http.get(api('/instruments/1/reading-rows'), ({ request }) => {
      const url = new URL(request.url);
      rowCalls.push(url);
      const skip = Number(url.searchParams.get('skip'));
      return HttpResponse.json({ records: SM_ROWS.slice(skip, skip + Number(url.searchParams.get('limit'))), total_records: SM_ROWS.length });
    }),
    http.get(api('/instruments/1/readings'), () =>
      HttpResponse.json({
        instrument_id: 1,
        name: 'SM-1001',
        from: null,
        to: null,
        max_points: 800,
        series: [
          {
            series_id: 9,
            code: 'DSPA',
            description: 'Settlement',
            depth: null,
            unit: 'mm',
            precision: 1,
            raw_count: 2,
            downsampled: false,
            points: [
              [Date.UTC(2026, 1, 28), -18.2],
              [Date.UTC(2026, 2, 1, 2), -21.5],
            ],
          },
        ],
      }),
    ),
  );
  return { posted, instrumentCalls, statusCalls, rowCalls };
}

/** The first render loads the lazy page and syncs: more than the default second. */
const LOAD = { timeout: 15_000 };
/** The detail's first load also loads its lazy chunk (ECharts): more again when it is the first test to open it. */
const DETAIL_LOAD = { timeout: 20_000 };
/** The machine may be busy: waits get more than the default second. */
const SLOW = { timeout: 8000 };

async function openWorkspace(path = '/en/dashboard') {
  storeTestCredential();
  const calls = workspaceServer();
  const view = renderApp(path);
  await screen.findByRole(
    path.includes('/instrument/list') || path === '/en/dashboard' ? 'list' : 'tab',
    path.includes('/instrument/list') || path === '/en/dashboard' ? { name: 'Instruments' } : { name: 'Location Search' },
    LOAD,
  );
  return { ...view, ...calls };
}

describe('Work Space', { timeout: 60_000 }, () => {
  it('opens /dashboard on the instrument list of the chosen contract, fetched by contract', async () => {
    const { location, instrumentCalls } = await openWorkspace();
    expect(location()).toBe('/en/dashboard/search/instrument/list');
    const list = screen.getByRole('list', { name: 'Instruments' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([expect.stringContaining('INC-2001'), expect.stringContaining('SM-1001'), expect.stringContaining('SM-1002')]);
    // A list holds list items only, each with its button (axe-core `list`).
    expect([...list.children].map((child) => child.tagName)).toEqual(['LI', 'LI', 'LI']);
    // The map says in words where its data is.
    expect(screen.getByRole('application', { name: 'Work space map' })).toHaveAccessibleDescription(
      'Map of the instruments; the list of instruments has the same data.',
    );
    expect(screen.getByTestId('instrument-total').textContent).toBe('3 instruments');
    expect(instrumentCalls[0]!.searchParams.get('contracts')).toBe('[11]');
    expect(instrumentCalls[0]!.searchParams.get('limit')).toBe('1000');
    // The contract choice offers the contracts active in the contract bar.
    expect(screen.getByRole('combobox', { name: 'Contract' }).textContent).toContain('C101');
  });

  it('says on the list what its period drives: the charts of the instrument opened from it, with the dates', async () => {
    const range = encodeURIComponent('{"option":"custom","start":"2026-01-31T16:00:00.000Z","end":"2026-03-02T15:59:59.999Z"}');
    await openWorkspace(`/en/dashboard/search/instrument/list?date-range=${range}`);
    const period = screen.getByRole('combobox', { name: 'Period for charts' });
    const hint = document.getElementById(period.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Charts of the instrument you open: 01/02/2026 – 02/03/2026');
  });

  it("shows each instrument's status level in the list and filters by level", async () => {
    const { user, location, statusCalls } = await openWorkspace();
    const list = screen.getByRole('list', { name: 'Instruments' });
    const sm1001 = within(list).getByRole('button', { name: /SM-1001/ });
    expect((await within(sm1001).findByTestId('instrument-level', {}, SLOW)).textContent).toBe('AL');
    expect(within(list).getAllByTestId('instrument-level')).toHaveLength(1);
    expect(statusCalls[0]!.searchParams.get('contracts')).toBe('[11]');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('combobox', { name: 'Status level' }, LOAD));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Normal', 'AL — Alert Level', 'WSL — Work Suspension Level']);
    await user.click(screen.getByRole('option', { name: 'AL — Alert Level' }));
    await user.keyboard('{Escape}');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(new URLSearchParams(location().split('?')[1]).get('instrument_filter')).toBe('{"level":["AL"]}'), SLOW);
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('list', { name: 'Instruments' }))
            .getAllByRole('button')
            .map((b) => b.textContent),
        ).toEqual([expect.stringContaining('SM-1001')]),
      SLOW,
    );
  });

  it('fetches the status levels again when new instrument data is announced', async () => {
    let records = STATUSES;
    storeTestCredential();
    workspaceServer({ statuses: () => records });
    renderApp('/en/dashboard');
    const list = await screen.findByRole('list', { name: 'Instruments' }, LOAD);
    await waitFor(() => expect(within(list).getAllByTestId('instrument-level')).toHaveLength(1), SLOW);
    records = STATUSES.map((r) => (r.instrument_id === 2 ? { ...r, level_code: 'WSL', severity: 4 } : r));
    liveEvents.emit('notification', { type: 'dataUpdated', message: 'New data', severity: 1, link_uri: null, topic: 'instruments', contract_id: 11 });
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('list', { name: 'Instruments' }))
            .getAllByTestId('instrument-level')
            .map((c) => c.textContent),
        ).toEqual(['AL', 'WSL']),
      SLOW,
    );
  });

  it('searches by keyword on Enter, in the list and on the map, and keeps it in the URL', async () => {
    const { user, location } = await openWorkspace();
    expect(screen.getByTestId('map-count').textContent).toBe('3 instruments on the map');
    await user.type(screen.getByRole('searchbox', { name: 'Keyword' }), 'inc{Enter}');
    await waitFor(() => expect(location()).toBe('/en/dashboard/search/instrument/list?keyword=inc'), SLOW);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Instruments' })).getAllByRole('button')).toHaveLength(1), SLOW);
    expect(screen.getByTestId('instrument-total').textContent).toBe('1 instrument');
    // The map shows what the list shows (issue 16), as with the filter.
    expect(screen.getByTestId('map-count').textContent).toBe('1 instrument on the map');
  });

  it('filters by frequency from the filter dialog and shows the filter as a removable chip', async () => {
    const { user, location } = await openWorkspace();
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('combobox', { name: 'Frequency' }, LOAD));
    await user.click(await screen.findByRole('option', { name: 'Weekly' }));
    await user.keyboard('{Escape}');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(new URLSearchParams(location().split('?')[1]).get('instrument_filter')).toBe('{"frequency":["weekly"]}'), SLOW);
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('list', { name: 'Instruments' }))
            .getAllByRole('button')
            .map((b) => b.textContent),
        ).toEqual([expect.stringContaining('SM-1002')]),
      SLOW,
    );
    await user.click(within(screen.getByRole('button', { name: 'Frequency: Weekly' })).getByTestId('CancelIcon'));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Instruments' })).getAllByRole('button')).toHaveLength(3), SLOW);
  });

  it('restores the same view from a shared URL: keyword, filter, selected area and page', async () => {
    const many = Array.from({ length: 25 }, (_, i) => instrument(100 + i, `SM-${String(i + 1).padStart(3, '0')}`, 'SM'));
    storeTestCredential();
    workspaceServer({ instruments: many });
    const filter = encodeURIComponent('{"type":["SM"]}');
    renderApp(`/en/dashboard/search/instrument/list?keyword=SM&instrument_filter=${filter}&page-num=2`);
    const list = await screen.findByRole('list', { name: 'Instruments' }, LOAD);
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent?.slice(0, 6)),
    ).toEqual(['SM-021', 'SM-022', 'SM-023', 'SM-024', 'SM-025']);
    expect(screen.getByRole('searchbox', { name: 'Keyword' })).toHaveProperty('value', 'SM');
    expect(screen.getByRole('button', { name: 'page 2' }).getAttribute('aria-current')).toBe('page');
  });

  it('limits the list to the area selected on the map (map-bounds-selected)', async () => {
    storeTestCredential();
    workspaceServer();
    // 30000,39000 – 31000,40000 in whole metres, base 36: only INC-2001 (30500, 39500) is inside.
    const selected = [30000, 39000, 31000, 40000].map((n) => n.toString(36)).join('.');
    const { user, location } = renderApp(`/en/dashboard/search/instrument/list?map-bounds-selected=${selected}`);
    const list = await screen.findByRole('list', { name: 'Instruments' }, LOAD);
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([expect.stringContaining('INC-2001')]);
    const chip = screen.getByRole('button', { name: 'Selected area' });
    await user.click(within(chip).getByTestId('CancelIcon'));
    await waitFor(() => expect(location()).toBe('/en/dashboard/search/instrument/list'), SLOW);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Instruments' })).getAllByRole('button')).toHaveLength(3), SLOW);
  });

  it('opens an instrument keeping the query string, with its thresholds, latest reading and status level', async () => {
    const { user, location } = await openWorkspace('/en/dashboard/search/instrument/list?keyword=SM');
    await user.click(screen.getByRole('button', { name: /SM-1001/ }));
    await waitFor(() => expect(location()).toBe('/en/dashboard/search/instrument/1?keyword=SM'), SLOW);
    const detail = await screen.findByTestId('instrument-detail', {}, LOAD);
    expect(within(detail).getByRole('heading', { name: 'SM-1001' })).toBeInTheDocument();
    const thresholds = within(detail).getByRole('table', { name: 'Thresholds' });
    expect(within(thresholds).getAllByRole('row')).toHaveLength(3);
    const latest = within(detail).getByRole('table', { name: 'Latest readings' });
    expect(within(latest).getByText('-21.5 mm')).toBeInTheDocument();
    // -21.5 passes AL (±19.6) but not WSL (±28).
    await waitFor(() => expect(within(detail).getByTestId('status-level').textContent).toBe('AL — Alert Level'), SLOW);
    expect(await within(detail).findByTestId('chart-DSPA')).toBeInTheDocument();
    const chart = within(detail).getByRole('img', { name: 'Chart of DSPA of SM-1001' });
    // In words: its readings, and where the same data is.
    expect(chart).toHaveAccessibleDescription(/^DSPA.*: \d+ readings? from .* to .*, latest .* mm\. The readings table below has the same data\.$/);
    expect(within(detail).getByRole('table', { name: 'Readings' })).toBeInTheDocument();
  });

  it('draws the QP(D) prediction of the site’s current stage as a dashed line on the chart, named in its description', async () => {
    const asked: string[] = [];
    storeTestCredential();
    workspaceServer();
    server.use(
      http.get(api('/instruments/1/design-values'), ({ request }) => {
        asked.push(new URL(request.url).pathname);
        const current = [
          { prediction_id: 7, reading_code: 'DSPA', unit: 'mm', depth: null, stage_no: 3, stage_name: 'Level 3', value: -25, remarks: '', upload_id: null },
        ];
        return HttpResponse.json({
          instrument_id: 1,
          instrument_name: 'SM-1001',
          contract_id: 11,
          sites: [{ site_id: 4, site_name: 'MARINA-S', type: 'E', current_stage_no: 3, current_stage_name: 'Level 3', rows: current, current }],
        });
      }),
    );
    renderApp('/en/dashboard/search/instrument/1');
    const detail = await screen.findByTestId('instrument-detail', {}, DETAIL_LOAD);
    const chart = await within(detail).findByRole('img', { name: 'Chart of DSPA of SM-1001' }, DETAIL_LOAD);
    await waitFor(() => expect(chart).toHaveAccessibleDescription(/Predicted \(QP\(D\)\) · MARINA-S stage 3: -25 mm\./), SLOW);
    expect(within(detail).getByTestId('chart-DSPA').querySelector('[data-predicted-lines="1"]')).not.toBeNull();
    expect(asked).toEqual(['/api/v1/instruments/1/design-values']);
  });

  it('still draws the chart, without a predicted line, when the design values cannot be read', async () => {
    let asked = 0;
    storeTestCredential();
    workspaceServer();
    server.use(
      http.get(api('/instruments/1/design-values'), () => {
        asked += 1;
        return HttpResponse.json({ message: 'Internal Server Error' }, { status: 500 });
      }),
    );
    renderApp('/en/dashboard/search/instrument/1');
    const detail = await screen.findByTestId('instrument-detail', {}, DETAIL_LOAD);
    const chart = await within(detail).findByRole('img', { name: 'Chart of DSPA of SM-1001' }, DETAIL_LOAD);
    await waitFor(() => expect(asked).toBe(1), SLOW);
    expect(chart).toHaveAccessibleDescription(/latest .* mm\. The readings table below has the same data\.$/);
    expect(within(detail).getByTestId('chart-DSPA').querySelector('[data-predicted-lines="0"]')).not.toBeNull();
    expect(screen.queryByText('Internal Server Error')).toBeNull();
  });

  it('lists the stored readings of the period in the readings table, newest first, 20 a page from the server', async () => {
    storeTestCredential();
    const { rowCalls } = workspaceServer();
    const range = encodeURIComponent('{"option":"custom","start":"2026-02-01T00:00:00.000Z","end":"2026-03-02T00:00:00.000Z"}');
    const { user } = renderApp(`/en/dashboard/search/instrument/1?date-range=${range}`);
    const table = await screen.findByRole('table', { name: 'Readings' }, DETAIL_LOAD);
    const bodyRows = () => within(table).getAllByRole('row').slice(1);
    // The readings, not the chart's two points: the first page of 45, the code beside its value (precision 1).
    await waitFor(() => expect(bodyRows()).toHaveLength(20), SLOW);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date and time', 'Reading code', 'Value (mm)']);
    expect(bodyRows()[0]!.textContent).toContain('DSPA-21.5');
    expect(bodyRows()[19]!.textContent).toContain('DSPA-19.6');
    expect(Object.fromEntries(rowCalls.at(-1)!.searchParams)).toEqual({
      // The period as the charts use it: whole days in Singapore time.
      from: '2026-01-31T16:00:00.000Z',
      to: '2026-03-02T15:59:59.999Z',
      skip: '0',
      limit: '20',
    });
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();
    // The next page is asked of the server.
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(rowCalls.at(-1)!.searchParams.get('skip')).toBe('20'), SLOW);
    await waitFor(() => expect(bodyRows()[0]!.textContent).toContain('DSPA-19.5'), SLOW);
    expect(screen.getByText('21–40 of 45')).toBeInTheDocument();
  });

  it('says when the period holds no readings, and offers a retry when the table cannot load', async () => {
    storeTestCredential();
    workspaceServer();
    let fail = true;
    server.use(
      http.get(api('/instruments/1/reading-rows'), () =>
        fail ? HttpResponse.json('Server error', { status: 500 }) : HttpResponse.json({ records: [], total_records: 0 }),
      ),
    );
    const range = encodeURIComponent('{"option":"custom","start":"2025-02-01T00:00:00.000Z","end":"2025-03-02T00:00:00.000Z"}');
    const { user } = renderApp(`/en/dashboard/search/instrument/1?date-range=${range}`);
    const table = await screen.findByRole('table', { name: 'Readings' }, DETAIL_LOAD);
    await within(table).findByText('Failed to fetch data', {}, SLOW);
    fail = false;
    await user.click(within(table).getByRole('button', { name: 'Try again' }));
    expect(await within(table).findByText('No readings in this period.', {}, SLOW)).toBeInTheDocument();
  });

  it('shows the detail for views that do not exist (yet)', async () => {
    storeTestCredential();
    workspaceServer();
    const { location } = renderApp('/en/dashboard/search/instrument/1/no-such-view?keyword=SM');
    await screen.findByTestId('instrument-detail', {}, LOAD);
    expect(location()).toBe('/en/dashboard/search/instrument/1?keyword=SM');
  });

  it('selects the tab from the last path segment and switches views keeping the query string', async () => {
    storeTestCredential();
    workspaceServer();
    const { user, location } = renderApp('/en/dashboard/search/instrument/1/comments?keyword=SM');
    expect((await screen.findByTestId('comments-view', {}, LOAD)).textContent).toBe('Comments of 1');
    const tabs = screen.getByRole('tablist', { name: 'Instrument views' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Detail', 'Comments']);
    expect(within(tabs).getByRole('tab', { name: 'Comments' }).getAttribute('aria-selected')).toBe('true');
    await user.click(within(tabs).getByRole('tab', { name: 'Detail' }));
    await waitFor(() => expect(location()).toBe('/en/dashboard/search/instrument/1?keyword=SM'), SLOW);
    expect(await screen.findByTestId('instrument-detail', {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByTestId('comments-view')).toBeNull();
    await user.click(within(screen.getByRole('tablist', { name: 'Instrument views' })).getByRole('tab', { name: 'Comments' }));
    await waitFor(() => expect(location()).toBe('/en/dashboard/search/instrument/1/comments?keyword=SM'), SLOW);
  });

  it('downloads the readings of the period as CSV through the export endpoint', async () => {
    const exports: URL[] = [];
    storeTestCredential();
    workspaceServer();
    server.use(
      http.get(api('/instruments/1/readings/export'), ({ request }) => {
        exports.push(new URL(request.url));
        return new HttpResponse('instrument,code,depth,taken_at,value\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="SM-1001-readings.csv"' },
        });
      }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:readings');
    URL.revokeObjectURL = vi.fn();
    const range = encodeURIComponent('{"option":"custom","start":"2026-02-01T00:00:00.000Z","end":"2026-03-02T00:00:00.000Z"}');
    const { user } = renderApp(`/en/dashboard/search/instrument/1?date-range=${range}`);
    await user.click(await screen.findByRole('button', { name: 'Download the readings as CSV' }, DETAIL_LOAD));
    await waitFor(() => expect(exports).toHaveLength(1), SLOW);
    expect(Object.fromEntries(exports[0]!.searchParams)).toEqual({
      format: 'csv',
      codes: 'DSPA',
      // The period as the charts use it: whole days in Singapore time.
      from: '2026-01-31T16:00:00.000Z',
      to: '2026-03-02T15:59:59.999Z',
    });
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledTimes(1), SLOW);
    expect(screen.getByRole('button', { name: 'Download the readings as XLSX' })).toBeInTheDocument();
  });

  it("shows an inclinometer's profile for the first and latest day, and the time series at chosen depths", async () => {
    const profileCalls: URL[] = [];
    const readingCalls: URL[] = [];
    const rowCalls: URL[] = [];
    storeTestCredential();
    workspaceServer();
    const day = (d: number) => Date.UTC(2026, 1, d, 2);
    const series = (id: number, code: string, depth: number) => ({
      series_id: id,
      code,
      description: `${code} axis`,
      depth,
      unit: 'mm',
      precision: 2,
      raw_count: 2,
      downsampled: false,
      points: [
        [day(3), depth / 10],
        [day(24), depth / 5],
      ],
    });
    server.use(
      http.get(api('/instruments/3'), () => HttpResponse.json(INSTRUMENTS[2])),
      http.get(api('/instruments/3/thresholds'), () => HttpResponse.json({ instrument_id: 3, name: 'INC-2001', thresholds: [] })),
      http.get(api('/instruments/3/readings'), ({ request }) => {
        const url = new URL(request.url);
        readingCalls.push(url);
        const depths = url.searchParams.get('depths')?.split(',').map(Number) ?? [2, 4, 6];
        const all = [series(31, 'A', 2), series(32, 'A', 4), series(33, 'A', 6), series(34, 'B', 2), series(35, 'B', 4), series(36, 'B', 6)];
        return HttpResponse.json({
          instrument_id: 3,
          name: 'INC-2001',
          from: null,
          to: null,
          max_points: 800,
          series: all.filter((s) => depths.includes(s.depth)),
        });
      }),
      http.get(api('/instruments/3/reading-rows'), ({ request }) => {
        const url = new URL(request.url);
        rowCalls.push(url);
        const depths = url.searchParams.get('depths')?.split(',').map(Number) ?? [2, 4, 6];
        const codes = url.searchParams.get('codes')?.split(',') ?? ['A', 'B'];
        const records = codes.flatMap((code) => depths.map((depth) => ({ taken_at: new Date(day(24)).toISOString(), code, depth, value: depth / 5 })));
        return HttpResponse.json({ records, total_records: records.length });
      }),
      http.get(api('/instruments/3/profile'), ({ request }) => {
        const url = new URL(request.url);
        profileCalls.push(url);
        const at = url.searchParams.get('at')!.split(',');
        return HttpResponse.json({
          instrument_id: 3,
          profiles: at.flatMap((a) =>
            ['A', 'B'].map((code) => ({ at: a, code, until: a, unit: 'mm', points: [2, 4, 6].map((depth) => ({ depth, value: depth / 10, taken_at: a })) })),
          ),
        });
      }),
    );
    const { user } = renderApp('/en/dashboard/search/instrument/3');
    const profile = await screen.findByTestId('profile-section', {}, DETAIL_LOAD);
    await waitFor(() => expect(profileCalls).toHaveLength(1), SLOW);
    // The ends of the Singapore days of the first (3 Feb) and the latest (24 Feb) reading.
    expect(profileCalls[0]!.searchParams.get('at')).toBe('2026-02-03T15:59:59.999Z,2026-02-24T15:59:59.999Z');
    expect(within(profile).getByRole('group', { name: 'Date 1' }).querySelector('input')!.value).toBe('03/02/2026');
    expect(within(profile).getByRole('group', { name: 'Date 2' }).querySelector('input')!.value).toBe('24/02/2026');
    expect(within(profile).getByRole('img', { name: 'Profile of A of INC-2001' })).toBeInTheDocument();
    expect(within(profile).getByRole('img', { name: 'Profile of B of INC-2001' })).toBeInTheDocument();
    // A third date: up to six.
    await user.click(within(profile).getByRole('button', { name: 'Add date' }));
    expect(within(profile).getByRole('group', { name: 'Date 3' })).toBeInTheDocument();

    // The readings table has a depth column.
    const table = screen.getByRole('table', { name: 'Readings' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(7), SLOW);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date and time', 'Reading code', 'Depth (m)', 'Value (mm)']);
    expect(within(table).getAllByRole('row')[2]!.textContent).toContain('A40.80');
    // Its own reading-code choice: all codes by default, or one.
    expect(rowCalls.at(-1)!.searchParams.get('codes')).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Reading code' }));
    await user.click(await screen.findByRole('option', { name: 'B — B axis' }));
    await waitFor(() => expect(rowCalls.at(-1)!.searchParams.get('codes')).toBe('B'), SLOW);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4), SLOW);
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('B20.40');

    const depths = screen.getByRole('group', { name: 'Depths' });
    expect(
      within(depths)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All depths', '2 m', '4 m', '6 m']);
    await user.click(within(depths).getByRole('button', { name: '4 m' }));
    await waitFor(() => expect(readingCalls.at(-1)!.searchParams.get('depths')).toBe('4'), SLOW);
    // The table follows the depth chosen (and keeps its code).
    await waitFor(() => expect(rowCalls.at(-1)!.searchParams.get('depths')).toBe('4'), SLOW);
    expect(rowCalls.at(-1)!.searchParams.get('codes')).toBe('B');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2), SLOW);
    expect(within(depths).getByRole('button', { name: '4 m' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(depths).getByRole('button', { name: 'All depths' }).getAttribute('aria-pressed')).toBe('false');
    // The depth chips stay: they are the depths of the instrument, not of the answer.
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Depths' })).getAllByRole('button')).toHaveLength(4), SLOW);
  });

  it('centres the map on an SVY21 position from the location search', async () => {
    const { user, location } = await openWorkspace();
    await user.click(screen.getByRole('tab', { name: 'Location Search' }));
    await waitFor(() => expect(location()).toBe('/en/dashboard/search/location'), SLOW);
    await user.type(await screen.findByRole('searchbox', { name: 'Location' }, LOAD), '30000, 32000{Enter}');
    await waitFor(() => expect(new URLSearchParams(location().split('?')[1]).get('pos')).toBe('{"x":30000,"y":32000,"zoom":19}'), SLOW);
    expect(screen.getByTestId('location-result').textContent).toContain('30000.000 E, 32000.000 N');
  });

  it('finds an instrument by name in the offline gazetteer', async () => {
    const { user, location } = await openWorkspace('/en/dashboard/search/location');
    await user.type(screen.getByRole('searchbox', { name: 'Location' }), 'SM-10{Enter}');
    const results = await screen.findByRole('list', { name: 'Places found' }, LOAD);
    expect(within(results).getAllByRole('button')).toHaveLength(2);
    await user.click(within(results).getByRole('button', { name: /SM-1002/ }));
    await waitFor(() => expect(new URLSearchParams(location().split('?')[1]).get('pos')).toBe('{"x":28002,"y":38002,"zoom":19}'), SLOW);
  });

  it('saves the current view as a bookmark with its query string and its contract choice', async () => {
    const { user, posted } = await openWorkspace('/en/dashboard/search/instrument/list?keyword=SM');
    await user.click(screen.getByRole('button', { name: 'Bookmarks' }));
    expect(await screen.findByText('No saved views yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Save this view' }));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Settlement markers');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(
      () => expect(posted).toEqual([{ name: 'Settlement markers', path: '/dashboard/search/instrument/list?keyword=SM&contract=11', icon: 'map' }]),
      SLOW,
    );
    expect(await screen.findByText('View saved as "Settlement markers"')).toBeInTheDocument();
  });

  it('opens a saved view from the bookmarks on the contracts it was saved with', async () => {
    storeTestCredential();
    workspaceServer({
      bookmarks: [
        {
          bookmark_id: 3,
          name: 'Inclinometers',
          path: '/dashboard/search/instrument/list?keyword=INC&contract=12',
          icon: 'map',
          created: '2026-03-01T00:00:00Z',
        },
        { bookmark_id: 4, name: 'Profile', path: '/account/profile/info', icon: null, created: '2026-03-01T00:00:00Z' },
      ],
    });
    const both = { records: syncResponse().contracts.records, last_filtered: [11, 12] };
    server.use(
      http.get(api('/sync'), () => HttpResponse.json(syncResponse({ contracts: both }))),
      http.get(api('/contracts'), () => HttpResponse.json({ ...both, total_records: 2 })),
    );
    localStorage.setItem('workspace_contract', '11');
    const { user, location } = renderApp('/en/dashboard');
    await screen.findByRole('list', { name: 'Instruments' }, LOAD);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Contract' }).textContent).toContain('C101'), SLOW);
    await user.click(screen.getByRole('button', { name: 'Bookmarks' }));
    const item = await screen.findByRole('menuitem', { name: /Inclinometers/ });
    expect(screen.queryByRole('menuitem', { name: /Profile/ })).toBeNull();
    await user.click(item);
    // The choice is taken from the address, remembered, and taken out of the address again.
    await waitFor(() => expect(location()).toBe('/en/dashboard/search/instrument/list?keyword=INC'), SLOW);
    expect(localStorage.getItem('workspace_contract')).toBe('12');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Contract' }).textContent).toContain('C102'), SLOW);
  });

  it('says when no contract is active', async () => {
    storeTestCredential();
    workspaceServer();
    server.use(
      http.get(api('/sync'), () => HttpResponse.json(syncResponse({ contracts: { records: syncResponse().contracts.records, last_filtered: [] } }))),
      http.get(api('/contracts'), () => HttpResponse.json({ records: syncResponse().contracts.records, last_filtered: [], total_records: 2 })),
    );
    renderApp('/en/dashboard');
    expect(await screen.findByText('No contract is active. Choose contracts in the contract bar above.', {}, LOAD)).toBeInTheDocument();
  });

  it('shows a failed load with a retry that recovers', async () => {
    storeTestCredential();
    workspaceServer();
    server.use(http.get(api('/instruments'), () => HttpResponse.json('Server error', { status: 500 })));
    const { user } = renderApp('/en/dashboard');
    expect(await screen.findByText('Failed to fetch data', {}, LOAD)).toBeInTheDocument();
    server.use(http.get(api('/instruments'), () => HttpResponse.json({ records: INSTRUMENTS, total_records: 3 })));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Instruments' })).toBeInTheDocument();
  });

  it('switches the layout between Equal, FullMap and FullPanel', async () => {
    const { user } = await openWorkspace();
    await user.click(screen.getByRole('button', { name: 'FullMap' }));
    expect(screen.queryByRole('region', { name: 'Work space panel' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'FullPanel' }));
    expect(screen.getByRole('region', { name: 'Work space panel' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset map location' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Equal' }));
    expect(screen.getByRole('button', { name: 'Reset map location' })).toBeInTheDocument();
  });
});
