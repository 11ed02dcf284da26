import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, ws } from 'msw';
import { describe, expect, it } from 'vitest';
import { configResponse, storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { setViewport, WIDTHS } from '../../../test/viewport';
import { configLevels, summary } from '../test-data';

const SLOW = { timeout: 8000 };

function signedIn(permissions: string[], lastFiltered: number[] = [11]) {
  storeTestCredential();
  const base = syncResponse();
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions, contracts: { ...base.contracts, last_filtered: lastFiltered } }))),
    http.get(api('/config'), () => HttpResponse.json(configResponse(configLevels))),
  );
}

/** The live socket: accepted, and `send` pushes a server message to the page. */
function liveSocket() {
  let send: ((text: string) => void) | undefined;
  server.use(
    ws.link('ws://*/api/v1/rtc/ws').addEventListener('connection', ({ client }) => {
      send = (text) => client.send(text);
    }),
  );
  return { ready: () => send !== undefined, send: (data: unknown) => send!(JSON.stringify({ event: 'notification', data })) };
}

function tileOf(list: HTMLElement, title: string): HTMLElement {
  return within(list).getByRole('heading', { level: 2, name: title }).closest('li')!;
}

describe('View Data Alerts landing', { timeout: 30_000 }, () => {
  it('shows the tiles the user may open with the open count of the active contracts, and opens a tile', async () => {
    setViewport(WIDTHS.desktop);
    signedIn(['SearchorViewAlertMessage', 'ViewBreachedStatus']);
    const asked: (string | null)[] = [];
    server.use(
      http.get(api('/alerts/summary'), ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('contracts'));
        return HttpResponse.json(summary({ breached: 3, spike: 1 }));
      }),
    );
    const { user, location } = renderApp('/en/alert');
    const list = await screen.findByRole('list', { name: 'Alert types' }, SLOW);
    const titles = within(list)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    // The Logs of Action Taken page belongs to another feature; it is not in this test's route table.
    expect(titles).toEqual([
      'Breached Instrument',
      'Spike',
      'Rebaseline',
      'Fluctuated',
      'Stagnant',
      'User-Defined Alerts',
      'Missing Reading Alerts',
      'Scenario Based Alerts',
    ]);
    await waitFor(() => expect(within(tileOf(list, 'Breached Instrument')).getByTestId('tile-count').textContent).toBe('3 open'), SLOW);
    expect(within(tileOf(list, 'Spike')).getByTestId('tile-count').textContent).toBe('1 open');
    expect(within(tileOf(list, 'Stagnant')).getByTestId('tile-count').textContent).toBe('0 open');
    expect(asked[0]).toBe('[11]');

    // In the Data Alert menu.
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'View Data Alerts' })).toBeInTheDocument();

    await user.click(within(list).getByRole('link', { name: /Fluctuated/ }));
    await waitFor(() => expect(location()).toBe('/en/alerts/instruments?tab=2'), SLOW);
  });

  it('counts again when a live update of the alerts arrives, without a reload', async () => {
    signedIn(['SearchorViewAlertMessage']);
    const socket = liveSocket();
    let open = 0;
    server.use(http.get(api('/alerts/summary'), () => HttpResponse.json(summary({ breached: open }))));
    renderApp('/en/alert');
    const list = await screen.findByRole('list', { name: 'Alert types' }, SLOW);
    await waitFor(() => expect(within(tileOf(list, 'Breached Instrument')).getByTestId('tile-count').textContent).toBe('0 open'), SLOW);
    await waitFor(() => expect(socket.ready()).toBe(true), SLOW);

    open = 2;
    socket.send({ type: 'dataUpdated', topic: 'alerts', contract_id: 11, message: '', severity: 1, link_uri: null });
    await waitFor(() => expect(within(tileOf(list, 'Breached Instrument')).getByTestId('tile-count').textContent).toBe('2 open'), SLOW);
  });

  it('shows a new alert as a toast whose Open action goes to the alert', async () => {
    signedIn(['SearchorViewAlertMessage']);
    const socket = liveSocket();
    server.use(
      http.get(api('/alerts/summary'), () => HttpResponse.json(summary())),
      http.get(api('/alerts/5'), () => HttpResponse.json({}, { status: 404 })),
    );
    const { user, location } = renderApp('/en/alert');
    await screen.findByRole('list', { name: 'Alert types' }, SLOW);
    await waitFor(() => expect(socket.ready()).toBe(true), SLOW);
    socket.send({ type: 'alert', message: 'SM-1023 DSPA -31.2 mm passed WSL', severity: 4, link_uri: '/en/alert-detail/5', alert_id: 5, contract_id: 11 });
    const toast = await screen.findByText('SM-1023 DSPA -31.2 mm passed WSL', undefined, SLOW);
    await user.click(within(toast.closest('.MuiSnackbar-root') as HTMLElement).getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(location()).toBe('/en/alert-detail/5'), SLOW);
  });

  it('says so when no contract is active, and shows the tiles without counts', async () => {
    signedIn(['SearchorViewAlertMessage'], []);
    renderApp('/en/alert');
    expect(await screen.findByText(/No contract is active/, undefined, SLOW)).toBeInTheDocument();
    // The tiles are still there, without counts.
    const list = await screen.findByRole('list', { name: 'Alert types' }, SLOW);
    expect(within(list).queryAllByTestId('tile-count')).toHaveLength(0);
  });

  it('shows the failure with a retry when the counts fail', async () => {
    setViewport(WIDTHS.phone);
    signedIn(['SearchorViewAlertMessage']);
    let fail = true;
    server.use(
      http.get(api('/alerts/summary'), () =>
        fail ? HttpResponse.json('Give a JSON list of contract ids, e.g. [1,2], or -1 for all', { status: 400 }) : HttpResponse.json(summary({ missing: 4 })),
      ),
    );
    const { user } = renderApp('/en/alert');
    expect(await screen.findByText('Give a JSON list of contract ids, e.g. [1,2], or -1 for all', undefined, SLOW)).toBeInTheDocument();
    const retry = screen.getByRole('button', { name: 'Try again' });
    fail = false;
    await user.click(retry);
    const list = await screen.findByRole('list', { name: 'Alert types' }, SLOW);
    await waitFor(() => expect(within(tileOf(list, 'Missing Reading Alerts')).getByTestId('tile-count').textContent).toBe('4 open'), SLOW);
  });

  it('is not open to a user without an alert permission: back to the work space, no menu entry', async () => {
    setViewport(WIDTHS.desktop);
    signedIn(['SearchUsers']);
    const { location } = renderApp('/en/alert');
    await waitFor(() => expect(location()).toBe('/en/dashboard/search/instrument/list'), SLOW);
    const menu = await screen.findByRole('navigation', { name: 'Main menu' }, SLOW);
    expect(within(menu).queryByRole('link', { name: 'View Data Alerts' })).toBeNull();
  });
});
