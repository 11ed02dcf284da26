import type { TProjectRisk } from '@strata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { configResponse, storeTestCredential, syncResponse } from '../../../test/fixtures';
import { configLevels } from '../test-data';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { setViewport, WIDTHS } from '../../../test/viewport';
import { byLevelText, isContractRow, riskKey } from './project-risks-page';

const SLOW = { timeout: 8000 };

function trend(scores: number[]): TProjectRisk['trend'] {
  return scores.map((score, i) => ({ date: `2026-11-${String(i + 1).padStart(2, '0')}`, score }));
}

function risk(overrides: Partial<TProjectRisk>): TProjectRisk {
  return {
    contract_id: 11,
    contract_no: 'C101',
    contract_title: 'Orchard Station',
    zone_id: null,
    zone_name: null,
    open_alerts: 3,
    by_level: { WSL: 1, AL: 2 },
    score: 18,
    rating: 'High',
    trend: trend([2, 5, 18]),
    ...overrides,
  };
}

const RECORDS = [
  risk({}),
  risk({ zone_id: 4, zone_name: 'Zone A', open_alerts: 2, by_level: { WSL: 1, AL: 1 }, score: 14, rating: 'Medium', trend: trend([1, 4, 14]) }),
  risk({ zone_id: null, zone_name: 'No zone', open_alerts: 1, by_level: { AL: 1 }, score: 4, rating: 'Low', trend: trend([1, 1, 4]) }),
];

function serve(records: TProjectRisk[] | 'fail') {
  storeTestCredential();
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions: ['SearchorViewAlertMessage'] }))),
    http.get(api('/alerts/project-risks'), () =>
      records === 'fail' ? HttpResponse.json('Risk rating is not set', { status: 400 }) : HttpResponse.json({ records }),
    ),
  );
}

describe('Project Performance Risk Rating', { timeout: 30_000 }, () => {
  it('rates each contract and its zones, and shows the trend of the row chosen', async () => {
    setViewport(WIDTHS.desktop);
    serve(RECORDS);
    server.use(http.get(api('/config'), () => HttpResponse.json(configResponse(configLevels))));
    const { user } = renderApp('/en/alert/project-risks');
    const table = await screen.findByRole('table', { name: 'Project performance risk rating' }, SLOW);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByTestId('risk-rating').textContent)).toEqual(['High', 'Medium', 'Low']);
    expect(within(rows[0]!).getByText('AL 2 · WSL 1')).toBeInTheDocument();
    const trendSection = screen.getByRole('region', { name: '30-day trend' });
    expect(within(trendSection).getByText('C101 — Orchard Station')).toBeInTheDocument();
    expect(within(trendSection).getByText('Score now 18.0')).toBeInTheDocument();

    await user.click(within(rows[1]!).getByText('Zone A'));
    await waitFor(() => expect(within(trendSection).getByText('C101 · Zone A')).toBeInTheDocument(), SLOW);
    expect(within(trendSection).getByText('Score now 14.0')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Zone A').getAttribute('aria-current')).toBe('true');
  });

  it('says so with no contract to rate', async () => {
    setViewport(WIDTHS.phone);
    serve([]);
    renderApp('/en/alert/project-risks');
    expect(await screen.findByText('No contract to rate.', undefined, SLOW)).toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    serve('fail');
    renderApp('/en/alert/project-risks');
    expect(await screen.findByText('Risk rating is not set', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('risk rows', () => {
  it("tell the contract's total row from its zones and the instruments without a zone", () => {
    expect(isContractRow(RECORDS[0]!)).toBe(true);
    expect(RECORDS.map(riskKey)).toEqual(['11:-', '11:4', '11:0']);
  });

  it('count the open alerts per level in the levels’ order', () => {
    expect(byLevelText({ WSL: 1, XX: 2, CL: 0, AL: 3 }, ['CL', 'AL', 'PDL', 'WSL'])).toBe('AL 3 · WSL 1 · XX 2');
    expect(byLevelText({}, ['CL'])).toBe('—');
  });
});
