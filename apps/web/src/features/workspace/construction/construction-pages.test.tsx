import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { liveEvents } from '../../../lib/live-connection';
import { storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { excavationProgress, progressItem, tunnelProgress, tunnelSite } from './test-data';

/** The first render loads the lazy page and syncs. */
const LOAD = { timeout: 15_000 };
const SLOW = { timeout: 8000 };

const EXCAVATIONS = [
  progressItem(),
  progressItem({
    site_id: 42,
    site_name: 'Marina Shaft',
    geometry: null,
    progress: { date: null, value: null, target: 85, stage_no: 1, stage_name: 'Excavate' },
  }),
];
const TUNNELS = [
  progressItem({
    site_id: 52,
    site_name: 'Adit A',
    type: 'MT',
    geometry: tunnelSite().geometry,
    progress: { date: '2026-10-03', value: 1120, target: 1150, stage_no: 1, stage_name: 'Drive to Ch 1150' },
  }),
];

function serve(options: { excavations?: typeof EXCAVATIONS; fail?: boolean; permissions?: string[] } = {}) {
  storeTestCredential();
  const calls: URLSearchParams[] = [];
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions: options.permissions ?? [] }))),
    http.get(api('/civil/progress'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.push(params);
      if (options.fail) return HttpResponse.json('Type is E (excavation) or MT (mined tunnel)', { status: 400 });
      const all = params.get('type') === 'MT' ? TUNNELS : (options.excavations ?? EXCAVATIONS);
      const keyword = params.get('keyword')?.toLowerCase();
      const records = keyword ? all.filter((s) => s.site_name.toLowerCase().includes(keyword)) : all;
      return HttpResponse.json({ records, total_records: records.length });
    }),
    http.get(api('/civil/sites/41/excavation-progress'), () => HttpResponse.json(excavationProgress())),
    http.get(api('/civil/sites/52/tunnel-progress'), () => HttpResponse.json(tunnelProgress())),
    http.get(api('/files/site/52'), () => HttpResponse.json({ records: [], total_records: 0, total_pages: 0 })),
    http.get(api('/civil/sites/52/drawings'), () => HttpResponse.json({ records: [], total_records: 0 })),
  );
  return { calls };
}

const rowTexts = (list: HTMLElement) =>
  within(list)
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('Excavation Site List and Mined Tunnel List in the work space', { timeout: 40_000 }, () => {
  it('lists the excavation sites with their progress, "No progress yet" before any, and the keyword of the URL', async () => {
    const { calls } = serve();
    renderApp('/en/dashboard/search/excavation/list?keyword=a');
    const list = await screen.findByRole('list', { name: 'Excavation sites' }, LOAD);
    expect(screen.getByRole('tab', { name: 'Excavation Site List' })).toHaveAttribute('aria-selected', 'true');
    expect(rowTexts(list)).toEqual([expect.stringContaining('Orchard Box'), expect.stringContaining('Marina Shaft')]);
    expect(within(list).getByRole('button', { name: /Orchard Box/ })).toHaveTextContent(
      'Orchard BoxC10195.50 / 90.00 mRL · Stage 2: Excavate to FEL · as of 02/07/2026',
    );
    expect(within(list).getByRole('button', { name: /Marina Shaft/ })).toHaveTextContent('No progress yet');
    expect(screen.getByTestId('construction-total')).toHaveTextContent('2 excavation sites');
    const call = calls.at(-1)!;
    expect(call.get('type')).toBe('E');
    expect(call.get('keyword')).toBe('a');
    expect(call.get('contracts')).toBe('[11]');
  });

  it('lists the mined tunnels with the chainage reached against the drive end and the step', async () => {
    const { calls } = serve();
    renderApp('/en/dashboard/search/tunnel/list');
    const list = await screen.findByRole('list', { name: 'Mined tunnels' }, LOAD);
    expect(screen.getByRole('tab', { name: 'Mined Tunnel List' })).toHaveAttribute('aria-selected', 'true');
    expect(within(list).getByRole('button', { name: /Adit A/ })).toHaveTextContent('Ch 1120.0 / 1150.0 m · Step 1: Drive to Ch 1150 · as of 03/10/2026');
    expect(calls.every((c) => c.get('type') === 'MT')).toBe(true);
  });

  it('filters the sites by state, kept in the URL: not started, in progress, complete', async () => {
    const done = progressItem({
      site_id: 43,
      site_name: 'Dug Box',
      progress: { date: '2026-09-01', value: 89.9, target: 90, stage_no: null, stage_name: null },
    });
    serve({ excavations: [...EXCAVATIONS, done] });
    const { user, location } = renderApp('/en/dashboard/search/excavation/list?site-status=not-started');
    const list = await screen.findByRole('list', { name: 'Excavation sites' }, LOAD);
    expect(rowTexts(list)).toEqual([expect.stringContaining('Marina Shaft')]);
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Complete' }));
    await waitFor(() => expect(rowTexts(screen.getByRole('list', { name: 'Excavation sites' }))).toEqual([expect.stringContaining('Dug Box')]));
    expect(location()).toContain('site-status=complete');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'In progress' }));
    await waitFor(() => expect(rowTexts(screen.getByRole('list', { name: 'Excavation sites' }))).toEqual([expect.stringContaining('Orchard Box')]));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'All' }));
    await waitFor(() => expect(rowTexts(screen.getByRole('list', { name: 'Excavation sites' }))).toHaveLength(3));
    expect(location()).not.toContain('site-status');
  });

  it('restores the page of the URL and keeps the page number there as it changes', async () => {
    const many = Array.from({ length: 25 }, (_, i) => progressItem({ site_id: 100 + i, site_name: `Pit ${String(i + 1).padStart(2, '0')}` }));
    serve({ excavations: many });
    const { user, location } = renderApp('/en/dashboard/search/excavation/list?page-num=2');
    const list = await screen.findByRole('list', { name: 'Excavation sites' }, LOAD);
    expect(rowTexts(list)).toHaveLength(5);
    expect(rowTexts(list)[0]).toContain('Pit 21');
    await user.click(screen.getByRole('button', { name: 'Go to page 1' }));
    await waitFor(() => expect(rowTexts(screen.getByRole('list', { name: 'Excavation sites' }))[0]).toContain('Pit 01'));
    expect(location()).not.toContain('page-num'); // page 1 is the default, left out
  });

  it('opens a site from the list: its detail with the stages and their actual dates, and the tab bar', async () => {
    serve();
    const { user, location } = renderApp('/en/dashboard/search/excavation/list');
    const list = await screen.findByRole('list', { name: 'Excavation sites' }, LOAD);
    await user.click(within(list).getByRole('button', { name: /Orchard Box/ }));
    expect(await screen.findByRole('heading', { name: 'C101 / Orchard Box' }, SLOW)).toBeInTheDocument();
    expect(location()).toMatch(/^\/en\/dashboard\/search\/excavation\/41(\?|$)/);
    expect(screen.getByRole('tab', { name: 'Detail' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Comments' })).toBeInTheDocument();
    const stages = screen.getByRole('table', { name: 'Stages, planned and actual' });
    const first = within(stages).getByText('1. Excavate to S1').closest('tr')!;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1. Excavate to S1', '98.00', '01/06/2026', '20/06/2026', '03/06/2026', '25/06/2026']);
    const second = within(stages).getByText('2. Excavate to FEL').closest('tr')!;
    expect(within(second).getByText('In progress')).toBeInTheDocument();
  });

  it('sends an unknown view of a tunnel back to its detail, keeping the query string', async () => {
    serve();
    const { location } = renderApp('/en/dashboard/search/tunnel/52/nonsense?keyword=Adit');
    expect(await screen.findByRole('heading', { name: 'C101 / Adit A' }, LOAD)).toBeInTheDocument();
    expect(location()).toMatch(/^\/en\/dashboard\/search\/tunnel\/52\?keyword=Adit/);
  });

  it('says so when no site matches', async () => {
    serve({ excavations: [] });
    renderApp('/en/dashboard/search/excavation/list');
    expect(await screen.findByText('No excavation sites match.', undefined, LOAD)).toBeInTheDocument();
  });

  it('shows why the list failed, with a retry', async () => {
    serve({ fail: true });
    renderApp('/en/dashboard/search/excavation/list');
    expect(await screen.findByText('Type is E (excavation) or MT (mined tunnel)', undefined, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('asks the list again when construction progress changes (live dataUpdated on the construction topic)', async () => {
    const { calls } = serve();
    renderApp('/en/dashboard/search/excavation/list');
    await screen.findByRole('list', { name: 'Excavation sites' }, LOAD);
    const before = calls.length;
    liveEvents.emit('notification', { type: 'dataUpdated', message: 'Approved', severity: 1, link_uri: null, topic: 'construction', contract_id: 11 });
    await waitFor(() => expect(calls.length).toBeGreaterThan(before), SLOW);
  });
});
