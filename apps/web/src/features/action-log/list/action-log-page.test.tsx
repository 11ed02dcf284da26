import type { TActionCase } from '@strata/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { configResponse, storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { setViewport, WIDTHS } from '../../../test/viewport';
import { caseRow, EDIT_BREACHED, VIEW_BREACHED } from '../test-data';

const SLOW = { timeout: 8000 };

/** Serves the case list (filtered by category and status as the server would) and records each list query. */
function serve(permissions: string[], cases: TActionCase[] = [caseRow(), caseRow({ case_id: 8, status: 'closed', title: 'Old case', entry_count: 3 })]) {
  storeTestCredential();
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions }))),
    http.get(api('/config'), () => HttpResponse.json(configResponse())),
    http.get(api('/action-cases/summary'), () => HttpResponse.json({ open: { breached: 1, scenario: null, damaged: 0 } })),
    http.get(api('/action-cases'), ({ request }) => {
      const q = new URL(request.url).searchParams;
      queries.push(q);
      const rows = cases.filter((c) => (!q.get('category') || c.category === q.get('category')) && (!q.get('status') || c.status === q.get('status')));
      return HttpResponse.json({ records: rows, total_records: rows.length });
    }),
  );
  return queries;
}

describe('Log of Actions Taken', { timeout: 60_000 }, () => {
  it('opens on the first tab the user may read, lists its cases and filters them by status and keyword in the URL', async () => {
    setViewport(WIDTHS.desktop);
    const queries = serve([VIEW_BREACHED, 'VieworDownloadDamagedInstrumentCases']);
    const { user, location } = renderApp('/en/alert/action');
    await waitFor(() => expect(location()).toBe('/en/alert/action/breached'), SLOW);
    const tabs = await screen.findByRole('tablist', { name: 'Case categories' }, SLOW);
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Breached Instrument1', 'Damaged Instrument']);
    const table = await screen.findByRole('table', { name: 'Breached instrument cases' }, SLOW);
    await within(table).findByText('SM-1023 DSPA -31.2 mm passed WSL', undefined, SLOW);
    expect(within(table).getByRole('link', { name: '#9' }).getAttribute('href')).toBe('/en/alert/action-detail/9');
    expect(within(table).getByText('Old case')).toBeInTheDocument();
    expect(queries.at(-1)?.get('category')).toBe('breached');
    expect(queries.at(-1)?.get('contracts')).toBe('[11]');
    // Viewers do not see "Open case".
    expect(screen.queryByRole('button', { name: 'Open case' })).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Open' }));
    await waitFor(() => expect(location()).toBe('/en/alert/action/breached?status=open'), SLOW);
    await waitFor(() => expect(within(table).queryByText('Old case')).toBeNull(), SLOW);
    expect(queries.at(-1)?.get('status')).toBe('open');

    const search = screen.getByRole('searchbox', { name: 'Search cases' });
    fireEvent.change(search, { target: { value: 'hoarding' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(queries.at(-1)?.get('keyword')).toBe('hoarding'), SLOW);
    expect(location()).toContain('keyword=hoarding');

    await user.click(within(tabs).getByRole('tab', { name: /Damaged Instrument/ }));
    await waitFor(() => expect(location()).toBe('/en/alert/action/damaged'), SLOW);
    expect(await screen.findByRole('table', { name: 'Damaged instrument cases' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('No cases yet.', undefined, SLOW)).toBeInTheDocument();
  });

  it('offers Open case to who may open cases: the open alerts of the tab, each leading to the new-case page', async () => {
    setViewport(WIDTHS.phone);
    serve([VIEW_BREACHED, EDIT_BREACHED]);
    server.use(
      http.get(api('/action-cases/candidates'), ({ request }) => {
        expect(new URL(request.url).searchParams.get('category')).toBe('breached');
        return HttpResponse.json({
          records: [
            {
              alert_id: 5,
              kind: 'breached',
              status: 'open',
              level_code: 'WSL',
              level_color: '#8b0000',
              message: 'SM-1023 DSPA -31.2 mm passed WSL',
              message_key: 'alert.breached',
              message_params: { what: 'SM-1023 DSPA', value: '-31.2 mm', level: 'WSL' },
              contract_no: 'C101',
              subject: 'SM-1023',
              last_triggered_at: '2026-11-21T01:00:00.000Z',
              open_case_id: 9,
            },
            {
              alert_id: 6,
              kind: 'breached',
              status: 'open',
              level_code: 'AL',
              level_color: '#ff9800',
              message: 'SM-1024 DSPA 21 mm passed AL',
              message_key: 'alert.breached',
              message_params: { what: 'SM-1024 DSPA', value: '21 mm', level: 'AL' },
              contract_no: 'C101',
              subject: 'SM-1024',
              last_triggered_at: '2026-11-21T01:00:00.000Z',
              open_case_id: null,
            },
          ],
          total_records: 2,
        });
      }),
    );
    const { user, location } = renderApp('/en/alert/action/breached');
    await user.click(await screen.findByRole('button', { name: 'Open case' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Open a case for an alert' });
    const list = await within(dialog).findByRole('list', { name: 'Open alerts' }, SLOW);
    expect(within(list).getByRole('link', { name: 'Case #9 is open' }).getAttribute('href')).toBe('/en/alert/action-detail/9');
    await user.click(within(list).getByRole('button', { name: /SM-1024 DSPA 21 mm passed AL/ }));
    await waitFor(() => expect(location()).toBe('/en/alert/action/new?alert_id=6'), SLOW);
  });

  it('says so when the list cannot be fetched, with a retry', async () => {
    setViewport(WIDTHS.desktop);
    serve([VIEW_BREACHED]);
    server.use(http.get(api('/action-cases'), () => HttpResponse.json('boom', { status: 500 })));
    renderApp('/en/alert/action/breached');
    expect(await screen.findByText('Failed to fetch data', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('lists every case across categories on /alerts/investigation, with a category filter', async () => {
    setViewport(WIDTHS.desktop);
    const queries = serve(
      // Breached-instrument viewers read damaged-instrument cases too (decision 018).
      [VIEW_BREACHED, 'VieworDownloadTriggeredScenarioBasedAlertCases'],
      [caseRow(), caseRow({ case_id: 12, category: 'scenario', title: 'Group G at AL', instrument_id: null, instrument_name: null })],
    );
    const { user } = renderApp('/en/alerts/investigation');
    const table = await screen.findByRole('table', { name: 'Cases of every category' }, SLOW);
    await within(table).findByText('Group G at AL', undefined, SLOW);
    expect(within(table).getByText('Scenario-Based Alert')).toBeInTheDocument();
    expect(queries.at(-1)?.get('category')).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'All categories',
      'Breached Instrument',
      'Scenario-Based Alert',
      'Damaged Instrument',
    ]);
    await user.click(screen.getByRole('option', { name: 'Scenario-Based Alert' }));
    await waitFor(() => expect(queries.at(-1)?.get('category')).toBe('scenario'), SLOW);
    await waitFor(() => expect(within(table).queryByText('SM-1023 DSPA -31.2 mm passed WSL')).toBeNull(), SLOW);
  });
});
