import type { TZone } from '@strata/shared';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { sitesRoutes } from '../routes';
import { zoneRecord } from '../test-data';

// The machine running the suite may be busy: give the screen time to settle.
configure({ asyncUtilTimeout: 5000 });

/** Puts a value in a field at once, as a paste would (typing letter by letter is slow on a busy machine). */
function fill(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } });
}

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

function serve(permissions: string[] = ['ManageZones']) {
  storeTestCredential();
  let zones: TZone[] = [
    zoneRecord({ zone_id: 5, name: 'Zone A', is_report: true }),
    zoneRecord({ zone_id: 6, name: 'Zone B', contract_id: 12, contract_no: 'C102', is_report: false, instrument_count: 3 }),
  ];
  const calls = { queries: [] as URLSearchParams[], posted: [] as unknown[], deleted: [] as string[] };
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions }))),
    http.get(api('/zones'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      calls.queries.push(query);
      const filter = query.get('filter') ? (JSON.parse(query.get('filter')!) as number[]) : null;
      const records = zones
        .filter((z) => (!filter || filter.includes(z.contract_id)) && (!query.has('is_report') || String(z.is_report) === query.get('is_report')))
        .map(({ zone_id, name, contract_id, is_report }) => ({ zone_id, name, contract_id, is_report }));
      return HttpResponse.json({ records, total_records: records.length });
    }),
    http.get(api('/zones/:id'), ({ params }) => {
      const zone = zones.find((z) => String(z.zone_id) === params.id);
      return zone ? HttpResponse.json(zone) : HttpResponse.json('Zone not found', { status: 404 });
    }),
    http.post(api('/zones'), async ({ request }) => {
      const body = (await request.json()) as TZone;
      calls.posted.push(body);
      if (body.name.toLowerCase() === 'zone a') return HttpResponse.json({ name: 'This contract already has a zone with this name' }, { status: 400 });
      const created = zoneRecord({ ...body, zone_id: 9, contract_no: 'C101' });
      zones = [...zones, created];
      return HttpResponse.json(created);
    }),
    http.delete(api('/zones/:id'), ({ params }) => {
      calls.deleted.push(String(params.id));
      zones = zones.filter((z) => String(z.zone_id) !== params.id);
      return HttpResponse.json({ ok: true });
    }),
  );
  return calls;
}

describe('Zone Management', { timeout: 60_000 }, () => {
  it('lists zones with their contract number and report flag, and filters report zones', async () => {
    const calls = serve();
    const { user } = renderApp('/en/master-data/zones', { routes: sitesRoutes });
    const table = await screen.findByRole('table', { name: 'Zones' }, { timeout: 5000 });
    await within(table).findByText('Zone A');
    await waitFor(() => expect(within(table).getByText('C102')).toBeInTheDocument());
    expect(within(table).getByText('Not in reports')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Used in reports' }));
    await user.click(screen.getByRole('option', { name: 'Report zone' }));
    await waitFor(() => expect(calls.queries.at(-1)?.get('is_report')).toBe('true'));
    await waitFor(() => expect(within(table).queryByText('Zone B')).toBeNull());

    await user.click(screen.getByRole('combobox', { name: 'Contract' }));
    await user.click(screen.getByRole('option', { name: 'C102 — Marina Tunnel' }));
    await waitFor(() => expect(calls.queries.at(-1)?.get('filter')).toBe('[12]'));
    expect(await within(table).findByText('No zone matches the filters.')).toBeInTheDocument();
  });

  it('creates a zone with a polygon imported from a GeoJSON file, after the server refused a taken name', async () => {
    const calls = serve();
    const { user, location } = renderApp('/en/master-data/zones/new', { routes: sitesRoutes });
    const form = await screen.findByRole('form', { name: 'New Zone' }, { timeout: 5000 });
    fill(within(form).getByRole('textbox', { name: /^Name/ }), 'Zone A');
    await user.click(within(form).getByRole('combobox', { name: /Contract/ }));
    await user.click(screen.getByRole('option', { name: 'C101 — Orchard Station' }));
    await user.click(within(form).getByRole('switch', { name: 'Use this zone in reports' }));

    const file = new File([JSON.stringify({ type: 'Feature', properties: {}, geometry: OUTLINE })], 'zone.geojson', { type: 'application/geo+json' });
    fireEvent.change(within(form).getByLabelText('GeoJSON or KML file'), { target: { files: [file] } });
    const vertices = await within(form).findByRole('table', { name: 'Zone vertices' });
    expect(within(vertices).getAllByRole('row')).toHaveLength(5);
    expect(within(vertices).getAllByText('30300.000')).toHaveLength(2);

    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('This contract already has a zone with this name')).toBeInTheDocument();
    const name = within(form).getByRole('textbox', { name: /^Name/ });
    fill(name, 'Zone C');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(location()).toBe('/en/master-data/zones/9'));
    expect(calls.posted.at(-1)).toEqual({ name: 'Zone C', contract_id: 11, is_report: true, description: '', polygon: OUTLINE });
  });

  it('deletes a zone after the confirmation, saying its instruments stay', async () => {
    const calls = serve();
    const { user, location } = renderApp('/en/master-data/zones/6', { routes: sitesRoutes });
    await user.click(await screen.findByRole('button', { name: 'Delete zone' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Zone' });
    expect(within(dialog).getByText('Delete the zone Zone B? Its 3 instruments stay, without a zone.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(location()).toBe('/en/master-data/zones'));
    expect(calls.deleted).toEqual(['6']);
    expect(await screen.findByText('Zone Zone B deleted')).toBeInTheDocument();
  });

  it('keeps Zone Management from users without Manage Zones', async () => {
    serve(['ManageConstructionSites']);
    const { location } = renderApp('/en/master-data/zones', { routes: sitesRoutes });
    await waitFor(() => expect(location()).not.toBe('/en/master-data/zones'), { timeout: 5000 });
    expect(screen.queryByRole('table', { name: 'Zones' })).toBeNull();
  });
});
