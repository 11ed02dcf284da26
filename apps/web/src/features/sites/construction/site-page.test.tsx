import type { TSiteDrawing } from '@strata/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { sitesRoutes } from '../routes';
import { drawingRecord, siteRecord } from '../test-data';

// The machine running the suite may be busy: give the screen time to settle.
configure({ asyncUtilTimeout: 5000 });

const EXCAVATION = siteRecord({
  site_id: 1,
  drawing_count: 1,
  stages: [{ stage_no: 1, name: 'Excavate to 98 mRL', description: '', target: 98, planned_start: null, planned_end: null }],
  design_values: { max_wall_deflection_mm: 45 },
});
const TUNNEL = siteRecord({ site_id: 2, site_name: 'Marina Adit', type: 'MT', contract_id: 12, contract_no: 'C102' });

function serve(permissions: string[]) {
  storeTestCredential();
  let drawings: TSiteDrawing[] = [drawingRecord({ drawing_id: 31, file_name: 'plan.pdf' })];
  const calls = { deleted: [] as string[], downloads: [] as string[], uploads: [] as string[] };
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions }))),
    http.get(api('/master-data/sites/1'), () => HttpResponse.json(EXCAVATION)),
    http.get(api('/master-data/sites/2'), () => HttpResponse.json(TUNNEL)),
    http.get(api('/master-data/sites/77'), () => HttpResponse.json('Construction site not found', { status: 404 })),
    http.get(api('/master-data/sites/uploads'), ({ request }) => {
      const site = new URL(request.url).searchParams.get('site_id');
      const records = drawings.filter((d) => String(d.site_id) === site);
      return HttpResponse.json({ records, total_records: records.length });
    }),
    http.delete(api('/master-data/site-drawings/:id'), ({ params }) => {
      calls.deleted.push(String(params.id));
      drawings = drawings.filter((d) => String(d.drawing_id) !== params.id);
      return HttpResponse.json({ ok: true });
    }),
    http.get(api('/site-drawings/:id/download'), ({ request }) => {
      calls.downloads.push(new URL(request.url).search);
      return new HttpResponse('%PDF-1.4', { headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="plan.pdf"' } });
    }),
    http.post(api('/master-data/sites/1/drawings'), async ({ request }) => {
      const form = await request.formData();
      const file = form.get('files') as File;
      calls.uploads.push(await file.text());
      // jsdom's XMLHttpRequest does not pass the file name on: the answer names it as the server would.
      const added = drawingRecord({ drawing_id: 32, file_name: 'section.pdf', size: file.size });
      drawings = [added, ...drawings];
      return HttpResponse.json(added);
    }),
  );
  return calls;
}

describe('Construction site', { timeout: 60_000 }, () => {
  const saved: string[] = [];
  beforeEach(() => {
    saved.length = 0;
    URL.createObjectURL = vi.fn(() => 'blob:test/1');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the site, its stages summary and drawings; downloads with the resource token', async () => {
    const calls = serve(['ManageConstructionSites']);
    const { user } = renderApp('/en/master-data/construction/site/1', { routes: sitesRoutes });
    const form = await screen.findByRole('form', { name: 'Orchard Station Box' }, { timeout: 5000 });
    expect((within(form).getByRole('textbox', { name: /Site name/ }) as HTMLInputElement).value).toBe('Orchard Station Box');
    expect(screen.getByText('1 stage(s) and 1 design value(s).')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Drawings of Orchard Station Box' });
    await within(table).findByText('plan.pdf');
    expect(within(table).getByText('12.5 kB')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Download plan.pdf' }));
    await waitFor(() => expect(saved).toEqual(['plan.pdf']));
    expect(calls.downloads).toEqual(['?_token=resource-1']);
  });

  it('deletes a drawing only after the confirmation', async () => {
    const calls = serve(['ManageConstructionSites']);
    const { user } = renderApp('/en/master-data/construction/site/1', { routes: sitesRoutes });
    const table = await screen.findByRole('table', { name: 'Drawings of Orchard Station Box' }, { timeout: 5000 });
    await user.click(await within(table).findByRole('button', { name: 'Delete plan.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove file' });
    expect(within(dialog).getByText('Are you sure you want to delete this file? (plan.pdf)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.deleted).toEqual([]);

    await user.click(await within(table).findByRole('button', { name: 'Delete plan.pdf' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove file' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('File successfully deleted')).toBeInTheDocument();
    expect(calls.deleted).toEqual(['31']);
    await waitFor(() => expect(within(table).queryByText('plan.pdf')).toBeNull());
    expect(within(table).getByText('No drawings yet.')).toBeInTheDocument();
  });

  it('uploads a drawing through the Upload Drawing action and lists it', async () => {
    const calls = serve(['ManageExcavationActivities']);
    const { user } = renderApp('/en/master-data/construction/site/1', { routes: sitesRoutes });
    await screen.findByRole('table', { name: 'Drawings of Orchard Station Box' }, { timeout: 5000 });
    // Without ManageConstructionSites the site itself is read-only.
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete site' })).toBeNull();

    const actions = await screen.findAllByRole('button', { name: 'Upload Drawing' });
    await user.click(actions[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Upload Drawing: Orchard Station Box' });
    expect(within(dialog).getByText('A PDF, PNG, JPEG or DXF file, at most 10 MB. A PNG or JPEG drawing can be shown on the map.')).toBeInTheDocument();
    await user.upload(within(dialog).getByTestId('upload-input'), new File(['%PDF-1.4\n%%EOF\n'], 'section.pdf', { type: 'application/pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Drawing section.pdf uploaded')).toBeInTheDocument();
    expect(calls.uploads).toEqual(['%PDF-1.4\n%%EOF\n']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const table = screen.getByRole('table', { name: 'Drawings of Orchard Station Box' });
    expect(await within(table).findByText('section.pdf')).toBeInTheDocument();
  });

  it('does not offer drawing changes on a site type the user cannot manage', async () => {
    serve(['ManageExcavationActivities']);
    renderApp('/en/master-data/construction/site/2', { routes: sitesRoutes });
    await screen.findByRole('form', { name: 'Marina Adit' }, { timeout: 5000 });
    await screen.findByRole('table', { name: 'Drawings of Marina Adit' });
    expect(screen.queryByRole('button', { name: 'Upload Drawing' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit stages and design values' })).toBeNull();
  });

  it('says so when the site does not exist or is outside the user’s contracts', async () => {
    serve(['ManageConstructionSites']);
    renderApp('/en/master-data/construction/site/77', { routes: sitesRoutes });
    expect(await screen.findByText('Construction site not found', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
