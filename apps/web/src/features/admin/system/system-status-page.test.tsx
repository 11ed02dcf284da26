import type { TSystemStatus } from '@strata/shared';
import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { liveStore } from '../../../lib/live-connection';
import { renderWidget } from '../../../test/render-widget';
import { api, server } from '../../../test/server';
import { SystemStatusPage } from './system-status-page';

function status(signedIn: number): TSystemStatus {
  return {
    database: { engine: 'pglite', version: '17.5', size_bytes: 1000, migrations: { applied: 3, latest: '0003', applied_at: null } },
    jobs: { running: true, queues: [] },
    websocket: { connections: signedIn, authenticated: signedIn, users: signedIn },
    storage: { used_bytes: 0, files: 0, free_bytes: null, total_bytes: null },
    build: { version: '1.0.0', commit: 'abc', built_at: '' },
    node: 'v22.0.0',
    uptime_seconds: 60,
    memory: { rss: 1, heap_used: 1, heap_total: 1 },
    now: '2026-11-27T00:00:00Z',
  };
}

/** The websocket section's details (term → value). */
function websocketSection(): HTMLElement {
  const heading = screen.getByText('Websocket connections');
  const section = heading.closest('section') ?? heading.parentElement?.parentElement;
  if (!section) throw new Error('no websocket section');
  return section as HTMLElement;
}

describe('System Status page', () => {
  afterEach(() => liveStore.setState({ status: 'idle' }));

  it('shows the websocket counts as loading until its own live connection is signed in, then the counts that include it', async () => {
    liveStore.setState({ status: 'connecting' });
    // The hub answers 0 until this tab's connection has signed in.
    let signedIn = 0;
    server.use(http.get(api('/admin/system/status'), () => HttpResponse.json(status(signedIn))));
    renderWidget(<SystemStatusPage />, { url: '/en/admin/system/status' });
    expect(await screen.findByText('17.5')).toBeInTheDocument();
    expect(within(websocketSection()).getByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByText('Signed in')).toBeNull();

    signedIn = 1;
    act(() => liveStore.setState({ status: 'authenticated' }));
    const section = websocketSection();
    expect(await within(section).findByText('Signed in')).toBeInTheDocument();
    expect(within(section).getAllByText('1')).toHaveLength(3);
    expect(within(section).queryByText('0')).toBeNull();
  });
});
