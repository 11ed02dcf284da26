import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CONTRACT_FILTER_SAVE_DELAY_MS, CONTRACTS_QUERY_KEY, useActiveContractIds } from '../../lib/active-contracts';
import { sessionStore } from '../../lib/auth-store';
import type { AppRoute } from '../../lib/route-meta';
import { storeTestCredential } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { api, server } from '../../test/server';
import { setViewport, WIDTHS } from '../../test/viewport';

/** A contract-scoped page: its query is keyed under ['contracts'] and counts how often it is fetched. */
let scopedFetches = 0;
function ScopedPage() {
  const active = useActiveContractIds();
  const { data } = useQuery({
    queryKey: [...CONTRACTS_QUERY_KEY, 'instruments'],
    queryFn: () => {
      scopedFetches += 1;
      return Promise.resolve(scopedFetches);
    },
  });
  return (
    <p>
      fetch {data} for {active.join(',')}
    </p>
  );
}
const extraRoutes: AppRoute[] = [{ path: '/scoped', meta: { title: 'route.userManual' }, Component: ScopedPage }];

function recordFilterPosts(respond: () => Response = () => HttpResponse.json({ ok: true })) {
  const posts: unknown[] = [];
  server.use(
    http.post(api('/filter-contracts'), async ({ request }) => {
      posts.push(await request.json());
      return respond();
    }),
  );
  return posts;
}

async function openBar(path = '/en/account/profile/info') {
  storeTestCredential();
  setViewport(WIDTHS.desktop);
  const view = renderApp(path, { extraRoutes });
  const bar = await screen.findByRole('group', { name: 'Contracts' });
  const pressed = () =>
    within(bar)
      .queryAllByRole('button', { pressed: true })
      .map((button) => button.textContent);
  return { ...view, bar, pressed };
}

describe('contract toolbar of the shell', { timeout: 20_000 }, () => {
  it("shows the user's contracts with the saved choice selected", async () => {
    const { bar, pressed } = await openBar();
    expect(
      within(bar)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['C101', 'C102']);
    expect(pressed()).toEqual(['C101']);
    // In a landmark of its own, as everything on the screen is.
    expect(screen.getByRole('region', { name: 'Contracts' })).toContainElement(bar);
  });

  it('saves the chosen contracts with /filter-contracts once, 400 ms after the last click', async () => {
    const posts = recordFilterPosts();
    const { bar, pressed } = await openBar();
    // two quick clicks (user-event's clicks may be slower than the 400 ms under load)
    fireEvent.click(within(bar).getByRole('button', { name: 'C102' }));
    fireEvent.click(within(bar).getByRole('button', { name: 'C101' }));
    expect(pressed()).toEqual(['C102']);
    expect(posts).toEqual([]);
    await waitFor(() => expect(posts).toEqual([{ contract_ids: [12], last_filtered: [11] }]), {
      timeout: CONTRACT_FILTER_SAVE_DELAY_MS + 1500,
    });
    // the profile's "Selected" marks follow the saved choice
    await waitFor(() => expect(sessionStore.getState().contracts.last_filtered).toEqual([12]));
    expect(pressed()).toEqual(['C102']);
  });

  it("shows the server's answer as an error toast and puts the saved choice back when saving fails", async () => {
    const posts = recordFilterPosts(() => HttpResponse.json({ contract_ids: 'One or more contracts are not assigned to you' }, { status: 400 }));
    const { bar, pressed } = await openBar();
    fireEvent.click(within(bar).getByRole('button', { name: 'C102' }));
    expect(pressed()).toEqual(['C101', 'C102']);
    const toast = await screen.findByText('One or more contracts are not assigned to you', {}, { timeout: 3000 });
    expect(toast.closest('[role="alert"]')).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(pressed()).toEqual(['C101']);
    // the screen's http-error alert does not repeat it
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('shows a server failure only as the toast, not also as the screen alert', async () => {
    recordFilterPosts(() => HttpResponse.json('Server is shutting down', { status: 503 }));
    const { bar, pressed } = await openBar();
    fireEvent.click(within(bar).getByRole('button', { name: 'C102' }));
    expect(pressed()).toEqual(['C101', 'C102']);
    await screen.findByText('Server is shutting down', {}, { timeout: 3000 });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(pressed()).toEqual(['C101']);
  });

  it('makes contract-scoped queries follow the selection', async () => {
    scopedFetches = 0;
    recordFilterPosts();
    // GET /contracts answers with what was saved
    let saved = [11];
    server.use(
      http.post(api('/filter-contracts'), async ({ request }) => {
        saved = ((await request.json()) as { contract_ids: number[] }).contract_ids;
        return HttpResponse.json({ ok: true });
      }),
      http.get(api('/contracts'), () =>
        HttpResponse.json({
          records: [
            { contract_id: 11, no: 'C101', title: 'Orchard Station', active: true, easting: null, northing: null, type: 4 },
            { contract_id: 12, no: 'C102', title: 'Marina Tunnel', active: false, easting: null, northing: null, type: 2 },
          ],
          last_filtered: saved,
          total_records: 2,
        }),
      ),
    );
    const { user, bar } = await openBar('/en/scoped');
    await screen.findByText('fetch 1 for 11');
    await user.click(within(bar).getByRole('button', { name: 'C102' }));
    expect(await screen.findByText(/for 11,12/)).toBeInTheDocument();
    await screen.findByText('fetch 2 for 11,12', {}, { timeout: 3000 });
    expect(saved).toEqual([11, 12]);
  });

  it('keeps the choice after a reload: it is the server’s last_filtered', async () => {
    server.use(
      http.get(api('/contracts'), () =>
        HttpResponse.json({
          records: [
            { contract_id: 11, no: 'C101', title: 'Orchard Station', active: true, easting: null, northing: null, type: 4 },
            { contract_id: 12, no: 'C102', title: 'Marina Tunnel', active: false, easting: null, northing: null, type: 2 },
          ],
          last_filtered: [12],
          total_records: 2,
        }),
      ),
    );
    const { pressed } = await openBar();
    await waitFor(() => expect(pressed()).toEqual(['C102']));
  });

  it('is not shown to a user without contracts', async () => {
    storeTestCredential();
    server.use(http.get(api('/contracts'), () => HttpResponse.json({ records: [], last_filtered: [], total_records: 0 })));
    const base = await import('../../test/fixtures');
    server.use(http.get(api('/sync'), () => HttpResponse.json(base.syncResponse({ contracts: { records: [], last_filtered: [] } }))));
    setViewport(WIDTHS.desktop);
    renderApp('/en/account/profile/info');
    await screen.findByText('No data to display');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('group', { name: 'Contracts' })).toBeNull();
  });
});
