import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { sitesRoutes } from '../routes';
import { drawingRecord } from '../test-data';

// The machine running the suite may be busy: give the screen time to settle.
configure({ asyncUtilTimeout: 5000 });

const DRAWINGS = [
  drawingRecord({ drawing_id: 1, site_id: 1, site_name: 'Orchard Station Box', file_name: 'box-plan.pdf' }),
  drawingRecord({ drawing_id: 2, site_id: 2, site_name: 'Marina Adit', contract_id: 12, contract_no: 'C102', file_name: 'adit.dxf' }),
];
const CIVIL = [
  { site_id: 1, site_name: 'Orchard Station Box', contract_id: 11, contract_no: 'C101', type: 'E' },
  { site_id: 2, site_name: 'Marina Adit', contract_id: 12, contract_no: 'C102', type: 'MT' },
];

function serve(permissions: string[], records = DRAWINGS) {
  storeTestCredential();
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions }))),
    http.get(api('/civil/sites'), () => HttpResponse.json({ records: CIVIL, total_records: CIVIL.length })),
    http.get(api('/master-data/sites/uploads'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const found = records.filter((d) => !query.get('site_id') || String(d.site_id) === query.get('site_id'));
      return HttpResponse.json({ records: found, total_records: found.length });
    }),
  );
  return queries;
}

describe('Upload History', { timeout: 60_000 }, () => {
  it('lists drawings of every site and filters by site and date range, kept in the URL', async () => {
    const queries = serve(['ManageConstructionSites']);
    const { user, location } = renderApp('/en/master-data/construction/site/uploads', { routes: sitesRoutes });
    const table = await screen.findByRole('table', { name: 'Drawing upload history' }, { timeout: 5000 });
    await within(table).findByText('box-plan.pdf');
    expect(within(table).getByText('Marina Adit')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Site' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['All sites', 'C101 · Orchard Station Box', 'C102 · Marina Adit']);
    await user.click(screen.getByRole('option', { name: 'C102 · Marina Adit' }));
    await waitFor(() => expect(queries.at(-1)?.get('site_id')).toBe('2'));
    await waitFor(() => expect(within(table).queryByText('box-plan.pdf')).toBeNull());

    await user.click(screen.getByRole('combobox', { name: 'Date range' }));
    await user.click(screen.getByRole('option', { name: '30 Days' }));
    await waitFor(() => expect(queries.at(-1)?.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}T/));
    expect(queries.at(-1)?.get('to')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(location()).toMatch(/^\/en\/master-data\/construction\/site\/uploads\?site=2&range=30day&from=.+&to=.+$/);
  });

  it('lets an excavation-only user delete drawings of excavations but not of mined tunnels', async () => {
    serve(['ManageExcavationActivities']);
    renderApp('/en/master-data/construction/site/uploads', { routes: sitesRoutes });
    const table = await screen.findByRole('table', { name: 'Drawing upload history' }, { timeout: 5000 });
    expect(await within(table).findByRole('button', { name: 'Delete box-plan.pdf' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Delete adit.dxf' })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Download adit.dxf' })).toBeInTheDocument();
  });

  it('hides and shows the filter with the Filter action, and says when nothing was uploaded', async () => {
    serve(['ManageConstructionSites'], []);
    const { user } = renderApp('/en/master-data/construction/site/uploads', { routes: sitesRoutes });
    expect(await screen.findByText('No drawings have been uploaded yet.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Site' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Site' })).toBeNull());
  });
});
