import type { TSite } from '@strata/shared';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { sitesRoutes } from '../routes';
import { siteRecord } from '../test-data';

// The machine running the suite may be busy: give the screen time to settle.
configure({ asyncUtilTimeout: 5000 });

/** Puts a value in a field at once, as a paste would (typing letter by letter is slow on a busy machine). */
function fill(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } });
}

const SITES: TSite[] = [
  siteRecord({ site_id: 1, site_name: 'Orchard Station Box', type: 'E', drawing_count: 2 }),
  siteRecord({
    site_id: 2,
    site_name: 'Marina Adit',
    type: 'MT',
    contract_id: 12,
    contract_no: 'C102',
    stages: [{ stage_no: 1, name: 'Drive 1', description: '', target: 10, planned_start: null, planned_end: null }],
  }),
];

function serve(permissions: string[]) {
  storeTestCredential();
  const queries: URLSearchParams[] = [];
  const created: unknown[] = [];
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions }))),
    http.get(api('/master-data/sites'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const records = SITES.filter(
        (s) =>
          (!query.get('type') || s.type === query.get('type')) &&
          (!query.get('contract_id') || String(s.contract_id) === query.get('contract_id')) &&
          (!query.get('keyword') || s.site_name.toLowerCase().includes(query.get('keyword')!.toLowerCase())),
      );
      return HttpResponse.json({ records, total_records: records.length });
    }),
    http.post(api('/master-data/sites'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      created.push(body);
      if (body.site_name === 'Orchard Station Box') return HttpResponse.json({ site_name: 'This contract already has a site with this name' }, { status: 400 });
      return HttpResponse.json(siteRecord({ site_id: 9, site_name: String(body.site_name), type: body.type as 'E' }));
    }),
    http.get(api('/master-data/sites/9'), () => HttpResponse.json(siteRecord({ site_id: 9, site_name: 'Newton Box' }))),
    http.get(api('/master-data/sites/uploads'), () => HttpResponse.json({ records: [], total_records: 0 })),
  );
  return { queries, created };
}

describe('Construction Sites', { timeout: 60_000 }, () => {
  it('lists the sites with their contract and type, and filters by type and contract at once', async () => {
    const { queries } = serve(['ManageConstructionSites']);
    const { user, location } = renderApp('/en/master-data/construction/site', { routes: sitesRoutes });
    const table = await screen.findByRole('table', { name: 'Construction sites' }, { timeout: 5000 });
    await within(table).findByText('Orchard Station Box');
    expect(within(table).getByText('Marina Adit')).toBeInTheDocument();
    expect(within(table).getByText('MT · Mined tunnel')).toBeInTheDocument();
    expect(within(table).getByText('C102')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'E · Excavation' }));
    await waitFor(() => expect(queries.at(-1)?.get('type')).toBe('E'));
    await waitFor(() => expect(within(table).queryByText('Marina Adit')).toBeNull());

    // Only the user's own contracts are offered.
    await user.click(screen.getByRole('combobox', { name: 'Contract' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['All contracts', 'C101 — Orchard Station', 'C102 — Marina Tunnel']);
    await user.click(screen.getByRole('option', { name: 'C101 — Orchard Station' }));
    await waitFor(() => expect(queries.at(-1)?.get('contract_id')).toBe('11'));
    expect(location()).toBe('/en/master-data/construction/site?type=E&contract=11');
  });

  it('offers Add Site only to users who manage construction sites', async () => {
    serve(['ManageExcavationActivities']);
    renderApp('/en/master-data/construction/site', { routes: sitesRoutes });
    await screen.findByText('Orchard Station Box', {}, { timeout: 5000 });
    // One action left (Upload History): a single floating button, no speed dial.
    expect(await screen.findByRole('button', { name: 'Upload History' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Site' })).toBeNull();
  });

  it('creates a site: validates, shows the server’s field error on the name, then opens the new site', async () => {
    const { created } = serve(['ManageConstructionSites']);
    const { user, location } = renderApp('/en/master-data/construction/site/new', { routes: sitesRoutes });
    const form = await screen.findByRole('form', { name: 'New Construction Site' }, { timeout: 5000 });
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('This field is required')).toBeInTheDocument();
    expect(within(form).getByText('Contract is required')).toBeInTheDocument();
    expect(created).toEqual([]);

    await user.click(within(form).getByRole('combobox', { name: /Contract/ }));
    await user.click(screen.getByRole('option', { name: 'C101 — Orchard Station' }));
    await user.click(within(form).getByRole('combobox', { name: /^Type/ }));
    await user.click(screen.getByRole('option', { name: 'E · Excavation' }));
    fill(within(form).getByRole('textbox', { name: /Site name/ }), 'Orchard Station Box');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('This contract already has a site with this name')).toBeInTheDocument();

    const name = within(form).getByRole('textbox', { name: /Site name/ });
    fill(name, 'Newton Box');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(location()).toBe('/en/master-data/construction/site/9'));
    expect(created.at(-1)).toEqual({ contract_id: 11, site_name: 'Newton Box', type: 'E', description: '', geometry: null, stages: [], design_values: {} });
    expect(await screen.findByText('Construction site Newton Box created')).toBeInTheDocument();
  });

  it('saves a mined tunnel alignment typed as SVY21 positions, refusing a position that is not a number', async () => {
    const { created } = serve(['ManageConstructionSites']);
    const { user, location } = renderApp('/en/master-data/construction/site/new', { routes: sitesRoutes });
    const form = await screen.findByRole('form', { name: 'New Construction Site' }, { timeout: 5000 });
    await user.click(within(form).getByRole('combobox', { name: /Contract/ }));
    await user.click(screen.getByRole('option', { name: 'C102 — Marina Tunnel' }));
    await user.click(within(form).getByRole('combobox', { name: /^Type/ }));
    await user.click(screen.getByRole('option', { name: 'MT · Mined tunnel' }));
    fill(within(form).getByRole('textbox', { name: /Site name/ }), 'Newton Adit');
    await user.click(within(form).getByRole('combobox', { name: 'Shape' }));
    await user.click(screen.getByRole('option', { name: 'Alignment (line)' }));

    const positions = within(form).getByRole('list', { name: 'Alignment positions' });
    fill(within(positions).getByRole('textbox', { name: 'Easting (m) 1' }), '35000');
    fill(within(positions).getByRole('textbox', { name: 'Northing (m) 1' }), '31000');
    // The computed WGS84 position appears beside the typed one.
    expect(within(positions).getByText(/^Lat 1\.29\d+, Lon 103\.89\d+$/)).toBeInTheDocument();
    fill(within(positions).getByRole('textbox', { name: 'Easting (m) 2' }), '35100');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('Enter the easting and northing of every position as numbers')).toBeInTheDocument();
    expect(created).toEqual([]);

    fill(within(positions).getByRole('textbox', { name: 'Northing (m) 2' }), '31050.5');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(location()).toBe('/en/master-data/construction/site/9'));
    expect(created.at(-1)).toMatchObject({
      contract_id: 12,
      type: 'MT',
      geometry: {
        type: 'LineString',
        coordinates: [
          [35000, 31000],
          [35100, 31050.5],
        ],
      },
    });
  });
});
