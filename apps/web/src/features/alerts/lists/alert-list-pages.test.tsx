import type { TAlert } from '@strata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { setViewport, WIDTHS } from '../../../test/viewport';
import { alertRow } from '../test-data';

const SLOW = { timeout: 8000 };

const ROWS: TAlert[] = [
  alertRow(),
  alertRow({
    alert_id: 7,
    kind: 'spike',
    level_code: null,
    level_name: null,
    level_color: null,
    severity: 2,
    message: 'SM-1030 DSPA spiked to 12.0 mm',
    instrument_name: 'SM-1030',
  }),
  alertRow({
    alert_id: 9,
    kind: 'stagnant',
    level_code: null,
    level_name: null,
    level_color: null,
    message: 'SP-2001 WL unchanged for 10 readings',
    instrument_name: 'SP-2001',
    reading_code: 'WL',
  }),
  alertRow({
    alert_id: 11,
    kind: 'missing',
    level_code: null,
    level_name: null,
    level_color: null,
    message: 'SM-1040 has no reading since 19/11/2026',
    instrument_name: 'SM-1040',
    reading_code: null,
    series_id: null,
  }),
  alertRow({
    alert_id: 12,
    kind: 'scenario',
    instrument_id: null,
    instrument_name: null,
    reading_code: null,
    series_id: null,
    scenario_id: 3,
    scenario_name: 'Station box west wall',
    message: '3 instruments of Station box west wall at AL within 24 h',
    level_code: 'AL',
    level_color: '#fb8c00',
  }),
  alertRow({
    alert_id: 13,
    kind: 'group',
    instrument_id: null,
    instrument_name: null,
    reading_code: null,
    series_id: null,
    group_id: 4,
    group_name: 'Tunnel ring 40-60',
    message: 'Group Tunnel ring 40-60: 2 at WSL',
    status: 'closed',
  }),
];

/** Serves GET /alerts from ROWS with the kind, status and keyword filters; records the queries. */
function serve(permissions = ['SearchorViewAlertMessage', 'ViewScenarioBasedAlert']) {
  storeTestCredential();
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions }))),
    http.get(api('/alerts'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      const kinds = params.get('kind')?.split(',') ?? [];
      const status = params.get('status');
      const keyword = (params.get('keyword') ?? '').toLowerCase();
      const records = ROWS.filter(
        (r) =>
          (kinds.length === 0 || kinds.includes(r.kind)) &&
          (!status || r.status === status) &&
          `${r.instrument_name ?? ''} ${r.message}`.toLowerCase().includes(keyword),
      );
      return HttpResponse.json({ records, total_records: records.length });
    }),
    // The alert a row opens (not this test's business).
    http.get(api('/alerts/:id'), () => HttpResponse.json('Not found', { status: 404 })),
  );
  return asked;
}

describe('Monitoring Alerts lists', { timeout: 30_000 }, () => {
  it('/alerts/{type} lists the open alerts of the type and searches by keyword (in the URL)', async () => {
    setViewport(WIDTHS.desktop);
    const asked = serve();
    const { user, location } = renderApp('/en/alerts/breached');
    const table = await screen.findByRole('table', { name: 'Breached alerts' }, SLOW);
    await within(table).findByText('SM-1023 DSPA', undefined, SLOW);
    expect(asked.at(-1)?.get('kind')).toBe('breached');
    expect(asked.at(-1)?.get('status')).toBe('open');
    expect(asked.at(-1)?.get('contracts')).toBe('[11]');
    const level = within(table).getByTestId('alert-level');
    expect(level.textContent).toBe('WSL');

    await user.type(screen.getByRole('searchbox', { name: 'Search alerts' }), 'nothing like it{Enter}');
    await waitFor(() => expect(location()).toBe('/en/alerts/breached?keyword=nothing+like+it'), SLOW);
    expect(await within(table).findByText('No alerts match the search.', undefined, SLOW)).toBeInTheDocument();
    expect(asked.at(-1)?.get('keyword')).toBe('nothing like it');
  });

  it('/alerts/all lists every kind with its kind; the status filter shows closed ones', async () => {
    serve();
    const { user, location } = renderApp('/en/alerts/all');
    const table = await screen.findByRole('table', { name: 'Alerts' }, SLOW);
    await within(table).findByText('SM-1030 DSPA', undefined, SLOW);
    expect(within(table).getByText('Spike')).toBeInTheDocument();
    expect(within(table).queryByText('Tunnel ring 40-60')).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Closed' }));
    await waitFor(() => expect(location()).toBe('/en/alerts/all?status=closed'), SLOW);
    await within(table).findByText('Tunnel ring 40-60', undefined, SLOW);
  });

  it('says an unknown type is unknown', async () => {
    serve();
    renderApp('/en/alerts/nonsense');
    expect(await screen.findByText('There is no alert type "nonsense".', undefined, SLOW)).toBeInTheDocument();
  });

  it('/alerts/instruments keeps the tab (0 to 3) in the URL and opens an alert at /alerts/instrument/{id}', async () => {
    setViewport(WIDTHS.phone);
    const asked = serve();
    const { user, location } = renderApp('/en/alerts/instruments?tab=3');
    const tabs = await screen.findByRole('tablist', { name: 'Instrument alert types' }, SLOW);
    expect(within(tabs).getByRole('tab', { name: 'Stagnant' }).getAttribute('aria-selected')).toBe('true');
    const table = await screen.findByRole('table', { name: 'Stagnant alerts' }, SLOW);
    await within(table).findByText('SP-2001 WL', undefined, SLOW);
    expect(asked.at(-1)?.get('kind')).toBe('stagnant');

    await user.click(within(tabs).getByRole('tab', { name: 'Spike' }));
    await waitFor(() => expect(location()).toBe('/en/alerts/instruments?tab=0'), SLOW);
    const spikes = await screen.findByRole('table', { name: 'Spike alerts' }, SLOW);
    await user.click(await within(spikes).findByText('SM-1030 DSPA', undefined, SLOW));
    await waitFor(() => expect(location()).toBe('/en/alerts/instrument/7'), SLOW);
  });

  it('/alerts/missing-readings opens an alert under its own path', async () => {
    serve();
    const { user, location } = renderApp('/en/alerts/missing-readings');
    const table = await screen.findByRole('table', { name: 'Missing readings alerts' }, SLOW);
    await user.click(await within(table).findByText('SM-1040', undefined, SLOW));
    await waitFor(() => expect(location()).toBe('/en/alerts/missing-readings/11'), SLOW);
  });

  it('/alerts/scenario-based lists scenario, group and contract alerts, each with its document', async () => {
    const asked = serve();
    const saved = vi.fn();
    const createObjectURL = vi.fn(() => 'blob:alert');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    server.use(
      http.get(api('/alerts/12/document'), () => {
        saved();
        return new HttpResponse(new Uint8Array([37, 80, 68, 70]), {
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="alert-12.pdf"' },
        });
      }),
    );
    const { user } = renderApp('/en/alerts/scenario-based');
    const table = await screen.findByRole('table', { name: 'Scenario based alerts' }, SLOW);
    await within(table).findByText('Station box west wall', undefined, SLOW);
    expect(asked.at(-1)?.get('kind')).toBe('scenario,group,contract');
    await user.click(within(table).getByRole('button', { name: 'Download the document of Station box west wall' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1), SLOW);
    expect(await screen.findByText('Saved alert-12.pdf', undefined, SLOW)).toBeInTheDocument();
  });

  it('shows the empty list and a failure', async () => {
    storeTestCredential();
    server.use(
      http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions: ['SearchorViewAlertMessage'] }))),
      http.get(api('/alerts'), ({ request }) =>
        new URL(request.url).searchParams.get('kind') === 'user'
          ? HttpResponse.json({ records: [], total_records: 0 })
          : HttpResponse.json('Kind is one of breached, spike', { status: 400 }),
      ),
    );
    const { router } = renderApp('/en/alerts/user');
    const table = await screen.findByRole('table', { name: 'User-defined alerts' }, SLOW);
    expect(await within(table).findByText('No alerts.', undefined, SLOW)).toBeInTheDocument();
    await router.navigate('/en/alerts/rebaseline');
    // The table says it failed (with a retry); the server's words are the screen's alert (spec §8).
    const failed = await screen.findByRole('table', { name: 'Rebaseline alerts' }, SLOW);
    expect(await within(failed).findByText('Failed to fetch data', undefined, SLOW)).toBeInTheDocument();
    expect(within(failed).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(await screen.findByText('Kind is one of breached, spike', undefined, SLOW)).toBeInTheDocument();
  });
});
