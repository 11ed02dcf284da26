import { DEFAULT_RISK_RATING, type TRiskRating, type TRiskRatingResponse } from '@strata/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { configResponse, storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { masterDataRoutes } from '../routes';

// Each render gets this feature's pages alone (`routes: masterDataRoutes`): the test does not depend on other features' pages.

const SLOW = { timeout: 5000 };

/** Save is enabled once the form knows it changed (a render after the last change): wait for that, then click. */
async function clickSave(user: { click: (element: Element) => Promise<void> }): Promise<void> {
  const save = screen.getByRole('button', { name: 'Save' });
  await waitFor(() => expect(save).not.toBeDisabled(), SLOW);
  await user.click(save);
}

const LEVELS = [
  { code: 'CL', name: 'Check Level', color: '#4fc3f7', severity: 1 },
  { code: 'AL', name: 'Alert Level', color: '#ff9800', severity: 2 },
  { code: 'PDL', name: 'Pre-Determined Level', color: '#f44336', severity: 3 },
  { code: 'WSL', name: 'Work Suspension Level', color: '#b71c1c', severity: 4 },
];

function serve() {
  storeTestCredential();
  const state = {
    stored: { ...DEFAULT_RISK_RATING, updated: null, updated_by: null } as TRiskRatingResponse,
    puts: [] as TRiskRating[],
  };
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions: ['ManageRiskRatingSettings'] }))),
    http.get(api('/config'), () => HttpResponse.json(configResponse({ thresholds: LEVELS }))),
    http.get(api('/master-data/risk-rating'), () => HttpResponse.json(state.stored)),
    http.put(api('/master-data/risk-rating'), async ({ request }) => {
      const body = (await request.json()) as TRiskRating;
      state.puts.push(body);
      state.stored = { ...body, updated: '2026-03-02T06:30:00Z', updated_by: 'Alicia Tan' };
      return HttpResponse.json(state.stored);
    }),
  );
  return state;
}

function fill(label: string | RegExp, value: string, container: HTMLElement = document.body) {
  fireEvent.change(within(container).getByLabelText(label), { target: { value } });
}

describe('Risk Rating Settings', { timeout: 30_000 }, () => {
  it('works the example out from the rule as typed', async () => {
    serve();
    renderApp('/en/master-data/risk-rating', { routes: masterDataRoutes });
    const example = await screen.findByRole('region', { name: 'Worked example' }, SLOW);
    // 2 CL × 1 + 1 AL × 2 + 0 PDL + 1 WSL × 5 = 9, 4 open alerts: band from 1 (+1) = 10 -> Medium (5 to 15).
    expect(within(example).getByText('4 open alerts: band from 1')).toBeInTheDocument();
    expect(within(example).getByText('Score 10')).toBeInTheDocument();
    expect(within(example).getByText('Medium')).toBeInTheDocument();

    fill('Open alerts at Work Suspension Level', '5', example);
    // 2 + 2 + 25 = 29, 8 alerts: band from 5 (+3) = 32 -> Very High.
    expect(await within(example).findByText('Score 32')).toBeInTheDocument();
    expect(within(example).getByText('Very High')).toBeInTheDocument();

    fill('Very High', '40');
    expect(await within(example).findByText('High')).toBeInTheDocument();
  });

  it('refuses thresholds out of order and bands not starting at 0, and sends nothing', async () => {
    const state = serve();
    const { user } = renderApp('/en/master-data/risk-rating', { routes: masterDataRoutes });
    await screen.findByRole('region', { name: 'Rating thresholds' }, SLOW);
    fill('High', '3');
    const band = screen.getByRole('group', { name: 'Band 1' });
    fill('From (open alerts)', '2', band);
    await clickSave(user);
    expect(await screen.findByText('High must be above Medium', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('The first band starts at 0')).toBeInTheDocument();
    expect(screen.getByText('Correct the rules above to see the example.')).toBeInTheDocument();
    expect(state.puts).toHaveLength(0);
  });

  it('saves the rule as numbers, with an added band, and says who changed it', async () => {
    const state = serve();
    const { user } = renderApp('/en/master-data/risk-rating', { routes: masterDataRoutes });
    await screen.findByRole('region', { name: 'Weights per alert level' }, SLOW);
    fill('Work Suspension Level (WSL)', '8');
    await user.click(screen.getByRole('button', { name: 'Add band' }));
    const band = screen.getByRole('group', { name: 'Band 5' });
    fill('From (open alerts)', '20', band);
    fill('Weight', '10', band);
    await user.click(screen.getByRole('button', { name: 'Remove band 2' }));
    await clickSave(user);
    await waitFor(() => expect(state.puts).toHaveLength(1), SLOW);
    expect(state.puts[0]).toEqual({
      level_weights: { CL: 1, AL: 2, PDL: 3, WSL: 8 },
      count_bands: [
        { min: 0, weight: 0 },
        { min: 5, weight: 3 },
        { min: 10, weight: 5 },
        { min: 20, weight: 10 },
      ],
      thresholds: { low: 0, medium: 5, high: 15, very_high: 30 },
    });
    expect(await screen.findByText('Risk rating settings saved', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('Last changed 02/03/2026 14:30:00 by Alicia Tan', {}, SLOW)).toBeInTheDocument();
  });
});
