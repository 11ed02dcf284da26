import { DEFAULT_SETTINGS, type TSystemSettings } from '@strata/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, ws } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { masterDataRoutes } from '../routes';

// Each render gets this feature's pages alone (`routes: masterDataRoutes`): the test does not depend on other features' pages.

const SLOW = { timeout: 5000 };

/** Save is enabled once the form knows it changed (a render after the last change): wait for that, then click. */
async function clickSave(user: { click: (element: Element) => Promise<void> }): Promise<void> {
  const save = screen.getByRole('button', { name: 'Save' });
  await waitFor(() => expect(save).not.toBeDisabled(), SLOW);
  await user.click(save);
}

function serve(initial: Partial<TSystemSettings> = {}) {
  storeTestCredential();
  const state = { settings: { ...DEFAULT_SETTINGS, map_key: 'map-secret-123', ...initial } as TSystemSettings, puts: [] as unknown[], gets: 0 };
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions: ['ManageSystemSettings'] }))),
    http.get(api('/master-data/settings'), () => {
      state.gets += 1;
      return HttpResponse.json(state.settings);
    }),
    http.put(api('/master-data/settings'), async ({ request }) => {
      const body = (await request.json()) as Partial<TSystemSettings>;
      state.puts.push(body);
      state.settings = { ...state.settings, ...body };
      return HttpResponse.json(state.settings);
    }),
  );
  return state;
}

/** Puts a value in a field at once. */
function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('System Settings', { timeout: 30_000 }, () => {
  it('shows every setting by group, sizes in MB, and the secret hidden until asked', async () => {
    serve({ instrument_max_upload: 2_500_000 });
    const { user } = renderApp('/en/master-data/system-setting', { routes: masterDataRoutes });
    const uploads = await screen.findByRole('region', { name: 'Uploads' }, SLOW);
    expect((within(uploads).getByLabelText('General limit') as HTMLInputElement).value).toBe('10');
    expect(within(uploads).getByText('= 10,000,000 bytes')).toBeInTheDocument();
    expect((within(uploads).getByLabelText('Instrumentation files') as HTMLInputElement).value).toBe('2.5');
    expect((within(uploads).getByLabelText('Documents') as HTMLInputElement).value).toBe('');
    expect(within(uploads).getAllByText('Empty: the general limit (10 MB)').length).toBe(8);
    for (const group of ['Reports', 'Sessions & security', 'Map', 'Limits', 'TBM']) expect(screen.getByRole('region', { name: group })).toBeInTheDocument();
    expect(screen.getByText('Maximum date range: 3 months')).toBeInTheDocument();

    const key = screen.getByLabelText('Map provider key') as HTMLInputElement;
    expect(key.type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show Map provider key' }));
    expect(key.type).toBe('text');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('edits the report size limit in MB and sends it in bytes (report_max_bytes), within the server’s range', async () => {
    const state = serve({ report_max_bytes: 50_000_000 });
    const { user } = renderApp('/en/master-data/system-setting', { routes: masterDataRoutes });
    const reports = await screen.findByRole('region', { name: 'Reports' }, SLOW);
    const field = within(reports).getByLabelText('Report size limit (MB)') as HTMLInputElement;
    expect(field.value).toBe('50');
    expect(within(reports).getByText('= 50,000,000 bytes')).toBeInTheDocument();
    fill('Report size limit (MB)', '0.05');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(reports).findByText('At least 0.1', {}, SLOW)).toBeInTheDocument();
    expect(state.puts).toEqual([]);
    fill('Report size limit (MB)', '250');
    await clickSave(user);
    await waitFor(() => expect(state.puts).toEqual([{ report_max_bytes: 250_000_000 }]), SLOW);
  });

  it('sends only what changed, sizes in bytes and an emptied limit as null, and says so', async () => {
    const state = serve({ document_max_upload: 5_000_000 });
    const { user } = renderApp('/en/master-data/system-setting', { routes: masterDataRoutes });
    await screen.findByRole('region', { name: 'Uploads' }, SLOW);
    fill('Maximum date range', '6');
    fill('Instrumentation files', '2.5');
    fill('Documents', '');
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(screen.getByRole('option', { name: 'Week' }));
    expect(screen.getByText('Maximum date range: 6 weeks')).toBeInTheDocument();
    await clickSave(user);
    await waitFor(() => expect(state.puts).toHaveLength(1), SLOW);
    expect(state.puts[0]).toEqual({ report_range_num: 6, report_range_period: 'week', instrument_max_upload: 2_500_000, document_max_upload: null });
    expect(await screen.findByText('System settings saved (4 settings changed)', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
  });

  it('checks the fields before sending: ranges, all four bounds or none, a known time zone', async () => {
    const state = serve();
    const { user } = renderApp('/en/master-data/system-setting', { routes: masterDataRoutes });
    await screen.findByRole('region', { name: 'Map' }, SLOW);
    fill('Min easting', '');
    fill('Minimum password length', '6');
    await clickSave(user);
    expect(await screen.findByText('At least 8', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Give all four bounds or none')).toBeInTheDocument();
    expect(state.puts).toHaveLength(0);

    fill('Min easting', '2667.54');
    fill('Minimum password length', '10');
    // Not a time zone the browser knows.
    fill('Time zone', 'Mars/Olympus');
    await clickSave(user);
    expect(await screen.findByText('Enter a time zone such as Asia/Singapore', {}, SLOW)).toBeInTheDocument();
    expect(state.puts).toHaveLength(0);
  });

  it('puts the server field error under its field', async () => {
    const state = serve();
    server.use(
      http.put(api('/master-data/settings'), () => HttpResponse.json({ chart_instrument_detail_limit: 'Too many readings for one chart' }, { status: 400 })),
    );
    const { user } = renderApp('/en/master-data/system-setting', { routes: masterDataRoutes });
    await screen.findByRole('region', { name: 'Limits' }, SLOW);
    fill('Chart instrument detail limit', '900000');
    await clickSave(user);
    const field = screen.getByLabelText('Chart instrument detail limit');
    expect(await screen.findByText('Too many readings for one chart', {}, SLOW)).toBeInTheDocument();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(state.puts).toHaveLength(0);
  });

  it('shows the new values when a settingUpdated arrives, without a reload, keeping a field being edited', async () => {
    const state = serve();
    let send: ((text: string) => void) | undefined;
    server.use(
      ws.link('ws://*/api/v1/rtc/ws').addEventListener('connection', ({ client }) => {
        send = (text) => client.send(text);
      }),
    );
    const { location } = renderApp('/en/master-data/system-setting', { routes: masterDataRoutes });
    await screen.findByRole('region', { name: 'Reports' }, SLOW);
    await waitFor(() => expect(send).toBeDefined(), SLOW);
    fill('Request parameter limit', '700');

    // Another tab (or administrator) saved: the server has new values and tells every client.
    state.settings = { ...state.settings, report_range_num: 9, request_parameter_limit: 999 };
    const before = state.gets;
    send!(JSON.stringify({ event: 'notification', data: { type: 'settingUpdated', message: 'System settings updated', severity: 1, link_uri: null } }));
    await waitFor(() => expect((screen.getByLabelText('Maximum date range') as HTMLInputElement).value).toBe('9'), SLOW);
    expect(state.gets).toBeGreaterThan(before);
    expect((screen.getByLabelText('Request parameter limit') as HTMLInputElement).value).toBe('700');
    expect(location()).toBe('/en/master-data/system-setting');
  });

  it('offers a retry when the settings cannot be loaded', async () => {
    serve();
    let fail = true;
    server.use(
      http.get(api('/master-data/settings'), () => (fail ? HttpResponse.json('Internal server error', { status: 500 }) : HttpResponse.json(DEFAULT_SETTINGS))),
    );
    const { user } = renderApp('/en/master-data/system-setting', { routes: masterDataRoutes });
    expect(await screen.findByText('Failed to fetch data', {}, SLOW)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Uploads' }, SLOW)).toBeInTheDocument();
  });
});
