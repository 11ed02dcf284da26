import type { TScenarioPreview, TScenarioPreviewRequest } from '@strata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { scenario, serveBase } from '../test-data';
import { alertRulesRoutes } from '../routes';

const SLOW = { timeout: 8000 };

const FOUND: TScenarioPreview = {
  from: '2026-10-27T00:00:00.000Z',
  to: '2026-11-26T00:00:00.000Z',
  instrument_count: 2,
  triggers: [
    {
      at: '2026-11-02T03:00:00.000Z',
      until: '2026-11-02T09:00:00.000Z',
      count: 2,
      instruments: [
        { instrument_id: 21, name: 'SM-1021' },
        { instrument_id: 22, name: 'SM-1022' },
      ],
    },
    {
      at: '2026-11-20T01:00:00.000Z',
      until: null,
      count: 2,
      instruments: [
        { instrument_id: 21, name: 'SM-1021' },
        { instrument_id: 22, name: 'SM-1022' },
      ],
    },
  ],
};

function serve() {
  serveBase(['CreateorEditScenarioBasedAlert']);
  const previews: TScenarioPreviewRequest[] = [];
  server.use(
    http.get(api('/alert-scenarios/4'), () => HttpResponse.json(scenario())),
    http.post(api('/alert-scenarios/preview'), async ({ request }) => {
      const body = (await request.json()) as TScenarioPreviewRequest;
      previews.push(body);
      return HttpResponse.json(body.rule.min_count > 2 ? { ...FOUND, triggers: [] } : FOUND);
    }),
  );
  return { previews };
}

describe('Alert scenario preview', { timeout: 40_000 }, () => {
  it('shows what the rule as typed would have raised in the last 30 days, and says so when nothing', async () => {
    const { previews } = serve();
    const { user } = renderApp('/en/dashboard/alert-scenarios/4', { routes: alertRulesRoutes });
    expect(await screen.findByRole('textbox', { name: 'Name' }, SLOW)).toHaveProperty('value', 'Two at WSL');
    expect(await screen.findByText('SM-1021', undefined, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const table = await screen.findByRole('table', { name: 'Alerts the rule would have raised' }, SLOW);
    expect(previews[0]).toEqual({
      contract_id: 11,
      kind: 'scenario',
      rule: { instrument_ids: [21, 22], group_ids: [], level_code: 'WSL', min_count: 2, within_hours: 12 },
      days: 30,
    });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('02/11/2026 11:00:00')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('02/11/2026 17:00:00')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('SM-1021, SM-1022')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Still holding')).toBeInTheDocument();
    expect(screen.getByText('The rule would have raised 2 alerts.')).toBeInTheDocument();

    const count = screen.getByRole('textbox', { name: 'Instruments (at least)' });
    await user.clear(count);
    await user.type(count, '5');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('The rule would not have raised an alert in the last 30 days', undefined, SLOW)).toBeInTheDocument();
    expect(previews[1]?.rule.min_count).toBe(5);
    expect(screen.queryByRole('table', { name: 'Alerts the rule would have raised' })).toBeNull();
  });

  it('does not ask for a preview of a rule that covers nothing', async () => {
    const { previews } = serve();
    const { user } = renderApp('/en/dashboard/alert-scenarios/new', { routes: alertRulesRoutes });
    await user.type(await screen.findByRole('textbox', { name: 'Name' }, SLOW), 'Empty');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect((await screen.findAllByText('Required', undefined, SLOW)).length).toBe(2);
    await user.type(screen.getByRole('textbox', { name: 'Instruments (at least)' }), '2');
    await user.click(screen.getByRole('combobox', { name: 'Level' }));
    await user.click(await screen.findByRole('option', { name: 'AL — Alert Level' }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Choose instruments or monitoring groups', undefined, SLOW)).toBeInTheDocument();
    expect(previews).toHaveLength(0);
  });

  it('lists the scenarios with their rule, kind and creator, and offers a new one', async () => {
    serve();
    const { user, location } = renderApp('/en/dashboard/user-scenarios', { routes: alertRulesRoutes });
    const table = await screen.findByRole('table', { name: 'Alert scenarios' }, SLOW);
    const row = (await within(table).findByText('Two at WSL', undefined, SLOW)).closest('tr')!;
    expect(within(row).getByText('2 instruments at WSL or above within 12 h')).toBeInTheDocument();
    expect(within(row).getByText('Alice Tan')).toBeInTheDocument();
    expect(within(row).getByText('Scenario')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'New scenario' }, SLOW));
    await waitFor(() => expect(location()).toBe('/en/dashboard/alert-scenarios/new'), SLOW);
  });
});
