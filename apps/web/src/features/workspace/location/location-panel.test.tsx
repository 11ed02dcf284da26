import { QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { renderWidget } from '../../../test/render-widget';
import { api, server } from '../../../test/server';
import { LocationPanel } from './location-panel';
import type { GazetteerEntry } from './parse-location';

const ENTRIES: GazetteerEntry[] = [];
const BOUNDS = [2667, 15748, 56396, 50256];
const PLACE = { label: '1 RAFFLES PLACE', postal_code: '048616', lat: 1.284, lon: 103.8514, easting: 29800.5, northing: 29400.2 };

function renderPanel(geocoder: boolean) {
  const onPoint = vi.fn();
  const seen: string[] = [];
  server.use(
    http.get(api('/geocode'), ({ request }) => {
      seen.push(new URL(request.url).searchParams.get('q') ?? '');
      return HttpResponse.json({ records: [PLACE] });
    }),
  );
  const view = renderWidget(
    <QueryClientProvider client={queryClient}>
      <LocationPanel entries={ENTRIES} loading={false} bounds={BOUNDS} onPoint={onPoint} onEntry={vi.fn()} geocoder={geocoder} />
    </QueryClientProvider>,
  );
  return { ...view, onPoint, seen };
}

describe('LocationPanel', () => {
  it('looks a postal code up with the online geocoder when one is configured, and centres the map on the chosen address', async () => {
    queryClient.clear();
    const { user, onPoint, seen } = renderPanel(true);
    await user.type(screen.getByRole('searchbox', { name: 'Location' }), '048616{Enter}');
    const addresses = await screen.findByRole('list', { name: 'Addresses' });
    expect(seen).toEqual(['048616']);
    expect(addresses.textContent).toContain('1 RAFFLES PLACE');
    expect(addresses.textContent).toContain('Postal code 048616');
    await user.click(screen.getByText('1 RAFFLES PLACE'));
    expect(onPoint).toHaveBeenCalledWith(29800.5, 29400.2);
  });

  it('shows why the geocoder failed and still answers from the offline gazetteer', async () => {
    queryClient.clear();
    const { user } = renderPanel(true);
    server.use(http.get(api('/geocode'), () => HttpResponse.json('The geocoder did not answer; search by name or coordinates instead', { status: 502 })));
    await user.type(screen.getByRole('searchbox', { name: 'Location' }), 'Raffles{Enter}');
    expect((await screen.findByTestId('geocoder-error')).textContent).toContain('The geocoder did not answer');
  });

  it('never asks the geocoder when none is configured, nor for coordinates', async () => {
    queryClient.clear();
    const { user, seen } = renderPanel(false);
    await user.type(screen.getByRole('searchbox', { name: 'Location' }), 'Raffles{Enter}');
    // Offline, a name nothing matches says where addresses and postal codes would come from.
    await screen.findByText(
      "No match among the project's instruments, sites, zones and contracts. Addresses and postal codes need the online geocoder (System Settings).",
    );
    await user.clear(screen.getByRole('searchbox', { name: 'Location' }));
    await user.type(screen.getByRole('searchbox', { name: 'Location' }), '28001.6, 38744.6{Enter}');
    await screen.findByTestId('location-result');
    // Past the 500 ms pause after typing: still nothing asked.
    await new Promise((r) => setTimeout(r, 700));
    expect(seen).toEqual([]);
  });

  it('goes to a name searched while the gazetteer was loading once it has loaded, when the match is clear', async () => {
    const onEntry = vi.fn();
    const site: GazetteerEntry = { kind: 'site', id: 4, name: 'Marina South Station Box', detail: 'T301' };
    const panel = (loading: boolean, entries: GazetteerEntry[]) => (
      <QueryClientProvider client={queryClient}>
        <LocationPanel entries={entries} loading={loading} bounds={BOUNDS} onPoint={vi.fn()} onEntry={onEntry} />
      </QueryClientProvider>
    );
    const { user, rerender } = renderWidget(panel(true, []));
    await user.type(screen.getByRole('searchbox', { name: 'Location' }), 'marina south station box{Enter}');
    expect(onEntry).not.toHaveBeenCalled();
    rerender(panel(false, [site]));
    await vi.waitFor(() => expect(onEntry).toHaveBeenCalledWith(site));
    expect(onEntry).toHaveBeenCalledTimes(1);
  });

  it('goes to a name the loaded gazetteer did not hold yet once its entries bring it (the contracts changed under it)', async () => {
    const onEntry = vi.fn();
    const other: GazetteerEntry = { kind: 'site', id: 3, name: 'Tanjong Pagar Shaft', detail: 'T302' };
    const site: GazetteerEntry = { kind: 'site', id: 4, name: 'Marina South Station Box', detail: 'T301' };
    const panel = (entries: GazetteerEntry[]) => (
      <QueryClientProvider client={queryClient}>
        <LocationPanel entries={entries} loading={false} bounds={BOUNDS} onPoint={vi.fn()} onEntry={onEntry} />
      </QueryClientProvider>
    );
    const { user, rerender } = renderWidget(panel([other]));
    await user.type(screen.getByRole('searchbox', { name: 'Location' }), 'marina south station box{Enter}');
    expect(onEntry).not.toHaveBeenCalled();
    rerender(panel([other, site]));
    await vi.waitFor(() => expect(onEntry).toHaveBeenCalledWith(site));
    // Settled: later entries do not move the map again.
    rerender(panel([other, site, { kind: 'site', id: 5, name: 'Marina South Station Box East', detail: 'T301' }]));
    expect(onEntry).toHaveBeenCalledTimes(1);
  });
});
