import { READING_CODE_LIMITS, ZAlertTemplateBody, type TAlertTemplateBody } from '@strata/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { serveBase, template } from '../test-data';
import { alertRulesRoutes } from '../routes';

// Each render gets this feature's pages alone (`routes: alertRulesRoutes`).

const SLOW = { timeout: 8000 };

function serve() {
  serveBase(['ManageScenarios']);
  const asked: URLSearchParams[] = [];
  const posted: TAlertTemplateBody[] = [];
  let records = [template({ name: 'Site team', kinds: ['spike'], levels: ['WSL'] })];
  server.use(
    http.get(api('/alert-templates'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      const rows = records.filter((r) => r.category === (params.get('category') ?? r.category));
      return HttpResponse.json({ records: rows, total_records: rows.length });
    }),
    http.post(api('/alert-templates'), async ({ request }) => {
      const body = (await request.json()) as TAlertTemplateBody;
      posted.push(body);
      if (posted.length === 1)
        return HttpResponse.json({ name: 'An alert template already has this name', 'parameters.spike.factor': 'Factor is at least 1' }, { status: 400 });
      const saved = template({ ...body, template_id: 9, parameters: body.parameters });
      records = [...records, saved];
      return HttpResponse.json(saved);
    }),
  );
  return { asked, posted };
}

describe('Alert Templates', { timeout: 40_000 }, () => {
  it('lists the templates of the tab in the URL, with who is told and the channels', async () => {
    const { asked } = serve();
    renderApp('/en/master-data/scenarios?tab=instrument', { routes: alertRulesRoutes });
    const table = await screen.findByRole('table', { name: 'Instrument Alerts templates' }, SLOW);
    const row = (await within(table).findByText('Site team', undefined, SLOW)).closest('tr')!;
    expect(within(row).getByText('Spike')).toBeInTheDocument();
    expect(within(row).getByText('WSL')).toBeInTheDocument();
    expect(within(row).getByText('Every contract')).toBeInTheDocument();
    expect(within(row).getByText('Default rule')).toBeInTheDocument();
    expect(within(row).getByText('Notification, E-mail')).toBeInTheDocument();
    expect(asked.at(-1)?.get('category')).toBe('instrument');
    expect(screen.getByRole('tab', { name: 'Instrument Alerts' }).getAttribute('aria-selected')).toBe('true');
    for (const tab of ['Scenario-based Alerts', 'Contract Alerts', 'User Alerts']) expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
  });

  it('sends the template as typed and shows the server field errors in the form', async () => {
    const { posted } = serve();
    const { user } = renderApp('/en/master-data/scenarios?tab=instrument', { routes: alertRulesRoutes });
    await user.click(await screen.findByRole('button', { name: 'Add Scenario' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Add Scenario' }, SLOW);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Night shift');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Spike' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'WSL — Work Suspension Level' }, SLOW));
    await user.click(within(dialog).getByRole('checkbox', { name: 'E-mail' }));
    expect(within(dialog).getByText(/Leave both roles and users empty for the default rule/, { selector: 'p' })).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Spike: factor' }), '3');
    await user.type(within(dialog).getByRole('textbox', { name: 'Stagnant: readings' }), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Add a reading code' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reading code' }), 'dspa');
    await user.type(within(dialog).getByRole('textbox', { name: 'Minimum change' }), '2.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(posted).toHaveLength(1), SLOW);
    expect(posted[0]).toEqual({
      name: 'Night shift',
      category: 'instrument',
      kinds: ['spike'],
      levels: ['WSL'],
      contract_ids: [],
      instrument_ids: [],
      group_ids: [],
      scenario_ids: [],
      role_ids: [],
      user_ids: [],
      channels: ['notification'],
      parameters: { min_change: { DSPA: 2.5 }, spike: { factor: 3 }, stagnant: { count: 12 } },
      active: true,
    });
    expect(await within(dialog).findByText('An alert template already has this name', undefined, SLOW)).toBeInTheDocument();
    expect(within(dialog).getByText('Factor is at least 1')).toBeInTheDocument();

    await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Night shift 2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toHaveLength(2), SLOW);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Scenario' })).toBeNull(), SLOW);
    expect(await screen.findByText('Night shift 2', undefined, SLOW)).toBeInTheDocument();
  });

  it('refuses a template without a channel before asking the server', async () => {
    const { posted } = serve();
    const { user } = renderApp('/en/master-data/scenarios?tab=user', { routes: alertRulesRoutes });
    await user.click(await screen.findByRole('button', { name: 'Add Scenario' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Add Scenario' }, SLOW);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Nobody');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Notification' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'E-mail' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Spike: history (readings)' }), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose at least one channel', undefined, SLOW)).toBeInTheDocument();
    expect(within(dialog).getByText('Must be at least 3')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
  });

  it("refuses a name and a minimum change's reading code over the shared limits, saying each limit", async () => {
    const { posted } = serve();
    const { user } = renderApp('/en/master-data/scenarios?tab=instrument', { routes: alertRulesRoutes });
    await user.click(await screen.findByRole('button', { name: 'Add Scenario' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Add Scenario' }, SLOW);
    const nameMax = ZAlertTemplateBody.shape.name.maxLength!;
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'n'.repeat(nameMax + 1) } });
    await user.click(within(dialog).getByRole('button', { name: 'Add a reading code' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reading code' }), { target: { value: 'C'.repeat(READING_CODE_LIMITS.code + 1) } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(`Must be at most ${nameMax} characters`, undefined, SLOW)).toBeInTheDocument();
    expect(within(dialog).getByText(`Must be at most ${READING_CODE_LIMITS.code} characters`)).toBeInTheDocument();
    expect(posted).toHaveLength(0);
  });
});
