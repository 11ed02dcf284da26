import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { sectionOf } from './section-test-data';
import { boreholeListItem } from './test-data';

/** The first render loads the lazy page and syncs. */
const LOAD = { timeout: 15_000 };
const SLOW = { timeout: 8000 };

const LIST = [boreholeListItem(), boreholeListItem({ borehole_id: 32, borehole_no: 'BH-02', borehole_type: 'CPT' })];

function serve(answer: () => Response = () => HttpResponse.json(sectionOf())) {
  storeTestCredential();
  const sectionCalls: URLSearchParams[] = [];
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions: ['ExportSiteInvestigation'] }))),
    http.get(api('/boreholes/types'), () => HttpResponse.json({ records: ['RC', 'CPT'] })),
    http.get(api('/boreholes/section'), ({ request }) => {
      sectionCalls.push(new URL(request.url).searchParams);
      return answer();
    }),
    http.get(api('/boreholes'), () => HttpResponse.json({ records: LIST, total_records: LIST.length })),
  );
  return { sectionCalls };
}

describe('borehole section from the SI Borehole List', { timeout: 40_000 }, () => {
  it('picks boreholes in the list in order and shows the section of those ids', async () => {
    const { sectionCalls } = serve();
    const { user, location } = renderApp('/en/dashboard/search/borehole/list');
    const list = await screen.findByRole('list', { name: 'Boreholes' }, LOAD);
    await user.click(screen.getByRole('button', { name: 'Section' }));
    expect(await screen.findByRole('button', { name: 'Show section' }, SLOW)).toBeDisabled();
    await user.click(within(list).getByRole('button', { name: /BH-02/ }));
    await waitFor(() => expect(within(list).getByRole('checkbox', { name: 'Pick BH-02 for the section' })).toBeChecked());
    await user.click(within(list).getByRole('button', { name: /BH-01/ }));
    await waitFor(() => expect(location()).toContain('section=pick&section-ids=32%2C31'));
    // The list and the chips follow the address once the router has moved.
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Picked boreholes' }))
          .getAllByRole('listitem')
          .map((c) => c.textContent),
      ).toEqual(['1. BH-02', '2. BH-01']),
    );
    expect(within(list).getByLabelText('Number 1 in the section').closest('li')).toHaveTextContent('BH-02');
    expect(location()).toContain('section=pick&section-ids=32%2C31');

    await user.click(screen.getByRole('button', { name: 'Show section' }));
    await waitFor(() => expect(location()).toBe('/en/dashboard/search/borehole/section?ids=32,31'));
    expect(await screen.findByRole('heading', { name: 'Borehole section' }, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(sectionCalls.at(-1)?.get('ids')).toBe('32,31'));
  });

  it('shows the section along the line drawn, with the buffer of the field', async () => {
    const { sectionCalls } = serve();
    const { user, location } = renderApp('/en/dashboard/search/borehole/list?section=line&section-line=103.800000,1.300000,103.810000,1.310000');
    await screen.findByRole('list', { name: 'Boreholes' }, LOAD);
    expect(await screen.findByText(/Line of 1572 m drawn/, undefined, LOAD)).toBeInTheDocument();
    const buffer = screen.getByRole('textbox', { name: 'Buffer (m)' });
    await user.clear(buffer);
    await user.type(buffer, '80');
    await waitFor(() => expect(location()).toContain('section-buffer=80'));
    await user.click(screen.getByRole('button', { name: 'Show section' }));
    await waitFor(() => expect(location()).toBe('/en/dashboard/search/borehole/section?line=103.800000,1.300000,103.810000,1.310000&buffer=80'));
    await waitFor(() => expect(sectionCalls.at(-1)?.get('line')).toBe('103.800000,1.300000,103.810000,1.310000'), SLOW);
    expect(sectionCalls.at(-1)?.get('buffer')).toBe('80');
  });
});

describe('borehole section page', { timeout: 40_000 }, () => {
  it('draws the chart and lists the boreholes placed, noting those without a ground level', async () => {
    serve();
    renderApp('/en/dashboard/search/borehole/section?line=103.800000,1.300000,103.810000,1.310000&buffer=50');
    const table = await screen.findByRole('table', { name: 'Boreholes in the section' }, LOAD);
    expect(screen.getByTestId('section-summary')).toHaveTextContent('3 boreholes within 50 m of a 240 m line');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['BH-01', '0.00', '0.00', '102.50', '30.00'],
      ['BH-02', '120.00', '12.50', '-', '20.00'],
      ['BH-03', '240.00', '3.25', '104.00', '25.00'],
    ]);
    expect(within(table).getByRole('link', { name: 'BH-02' })).toHaveAttribute('href', '/en/dashboard/search/borehole/32');
    expect(screen.getByText('BH-02 has no ground level: it is drawn with its ground at 0 mRL.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Borehole section' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'SPT N' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Buffer (m)' })).toHaveValue('50');
  });

  it('says so when no borehole stands within the buffer', async () => {
    serve(() => HttpResponse.json({ boreholes: [], length: 500 }));
    renderApp('/en/dashboard/search/borehole/section?line=103.800000,1.300000,103.810000,1.310000&buffer=20');
    expect(
      await screen.findByText('No borehole stands within 20 m of the line. Widen the buffer or draw the line again.', undefined, LOAD),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows why the section failed, with a retry', async () => {
    serve(() => HttpResponse.json('ids name a borehole twice', { status: 400 }));
    renderApp('/en/dashboard/search/borehole/section?ids=31,32');
    expect(await screen.findByText('ids name a borehole twice', undefined, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('tells how to make a section when the address names neither boreholes nor a line', async () => {
    const { sectionCalls } = serve();
    renderApp('/en/dashboard/search/borehole/section');
    expect(await screen.findByText(/This section names no boreholes and no line/, undefined, LOAD)).toBeInTheDocument();
    expect(sectionCalls).toHaveLength(0);
  });
});
