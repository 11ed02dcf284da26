import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { liveEvents } from '../../../lib/live-connection';
import { storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { boreholeListItem, boreholeLog, boreholeRow } from './test-data';

/** The first render loads the lazy page and syncs. */
const LOAD = { timeout: 15_000 };
const SLOW = { timeout: 8000 };

const LIST = [boreholeListItem(), boreholeListItem({ borehole_id: 32, borehole_no: 'BH-02', borehole_type: 'CPT', final_depth: null })];

function serve(options: { list?: typeof LIST; failList?: boolean } = {}) {
  storeTestCredential();
  const listCalls: URLSearchParams[] = [];
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions: [] }))),
    http.get(api('/boreholes/types'), () => HttpResponse.json({ records: ['RC', 'CPT'] })),
    http.get(api('/boreholes'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      listCalls.push(params);
      if (options.failList && params.get('limit') !== '-1') return HttpResponse.json('Final depth from is a number', { status: 400 });
      const records = options.list ?? LIST;
      const keyword = params.get('keyword');
      const shown = keyword ? records.filter((b) => b.borehole_no.includes(keyword)) : records;
      return HttpResponse.json({ records: shown, total_records: shown.length });
    }),
    http.get(api('/boreholes/31'), () => HttpResponse.json(boreholeRow())),
    http.get(api('/boreholes/31/versions'), () => HttpResponse.json({ records: [] })),
    http.get(api('/boreholes/31/logs'), () => HttpResponse.json(boreholeLog())),
    http.get(api('/boreholes/31/:group'), () => HttpResponse.json({ records: [], total_records: 0 })),
  );
  return { listCalls };
}

describe('SI Borehole List in the work space', { timeout: 40_000 }, () => {
  it('lists the boreholes with the keyword of the URL, opens one, and goes on to its log', async () => {
    const { listCalls } = serve();
    const { user, location } = renderApp('/en/dashboard/search/borehole/list?keyword=BH-0');
    const list = await screen.findByRole('list', { name: 'Boreholes' }, LOAD);
    expect(screen.getByRole('tab', { name: 'SI Borehole List' })).toHaveAttribute('aria-selected', 'true');
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([expect.stringContaining('BH-01'), expect.stringContaining('BH-02')]);
    expect(screen.getByTestId('borehole-total')).toHaveTextContent('2 boreholes');
    const page = listCalls.find((p) => p.get('limit') !== '-1')!;
    expect(page.get('keyword')).toBe('BH-0');
    expect(page.get('skip')).toBe('0');
    // The map layer asks every borehole of the chosen contracts.
    expect(listCalls.some((p) => p.get('limit') === '-1')).toBe(true);

    await user.click(within(list).getByRole('button', { name: /BH-01/ }));
    expect(await screen.findByRole('heading', { name: 'C101 / BH-01' }, SLOW)).toBeInTheDocument();
    expect(location()).toMatch(/^\/en\/dashboard\/search\/borehole\/31\?/);
    expect(screen.getByRole('tab', { name: 'Detail' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Comments' })).toBeInTheDocument();
    // The map goes to the borehole at zoom 19.
    await waitFor(() => expect(decodeURIComponent(location())).toContain('"zoom":19'));

    await user.click(screen.getByRole('button', { name: 'Logs' }));
    await waitFor(() => expect(location()).toMatch(/^\/en\/dashboard\/search\/borehole\/31\/log\?/));
    expect(await screen.findByText('End date', undefined, SLOW)).toBeInTheDocument();
    const value = (label: string) => screen.getByText(label).nextSibling?.textContent;
    expect(value('End date')).toBe('04/03/2026');
    expect(value('Ground level (mRL)')).toBe('102.50');
    expect(value('Reference')).toBe('SI-2026');
    expect(screen.getByRole('img', { name: 'Borehole log' })).toBeInTheDocument();
  });

  it('asks the list and the map again when an upload is loaded (live uploads event)', async () => {
    const { listCalls } = serve();
    renderApp('/en/dashboard/search/borehole/list');
    await screen.findByRole('list', { name: 'Boreholes' }, LOAD);
    const before = listCalls.length;
    liveEvents.emit('notification', { type: 'dataUpdated', message: 'Loaded', severity: 1, link_uri: null, topic: 'uploads', contract_id: 11 });
    await waitFor(() => {
      const after = listCalls.slice(before);
      expect(after.some((p) => p.get('limit') === '-1')).toBe(true);
      expect(after.some((p) => p.get('limit') === '20')).toBe(true);
    }, SLOW);
  });

  it('says so when no borehole matches', async () => {
    serve({ list: [] });
    renderApp('/en/dashboard/search/borehole/list');
    expect(await screen.findByText('No boreholes match.', undefined, LOAD)).toBeInTheDocument();
  });

  it('shows why the list failed, with a retry', async () => {
    serve({ failList: true });
    renderApp('/en/dashboard/search/borehole/list');
    expect(await screen.findByText('Final depth from is a number', undefined, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('filters by type and final depth through borehole_filter in the URL', async () => {
    const { listCalls } = serve();
    const { user, location } = renderApp('/en/dashboard/search/borehole/list');
    await screen.findByRole('list', { name: 'Boreholes' }, LOAD);
    await user.click(screen.getByRole('combobox', { name: 'Borehole type' }));
    await user.click(await screen.findByRole('option', { name: 'RC' }));
    await user.type(screen.getByRole('textbox', { name: 'Final depth from (m)' }), '5{Enter}');
    await waitFor(() => expect(decodeURIComponent(location())).toContain('borehole_filter={"type":"RC","depth_min":5}'));
    await waitFor(() => expect(listCalls.some((p) => p.get('type') === 'RC' && p.get('depth_min') === '5')).toBe(true));
  });
});
