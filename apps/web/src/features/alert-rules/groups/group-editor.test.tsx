import { ZMonitoringGroupBody, type TMonitoringGroupBody } from '@strata/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { group, serveBase } from '../test-data';
import { alertRulesRoutes } from '../routes';

const SLOW = { timeout: 8000 };

function serve() {
  serveBase(['ManageMonitoringGroup']);
  const sent: { method: string; body: Partial<TMonitoringGroupBody> }[] = [];
  server.use(
    http.get(api('/monitoring-groups/8'), () => HttpResponse.json(group())),
    http.put(api('/monitoring-groups/8'), async ({ request }) => {
      const body = (await request.json()) as Partial<TMonitoringGroupBody>;
      sent.push({ method: 'PUT', body });
      return HttpResponse.json(group({ ...body, instrument_ids: body.instrument_ids ?? [] }));
    }),
    http.post(api('/monitoring-groups'), async ({ request }) => {
      const body = (await request.json()) as TMonitoringGroupBody;
      sent.push({ method: 'POST', body });
      return HttpResponse.json(group({ ...body, group_id: 9 }));
    }),
  );
  return { sent };
}

const member = (name: string) => screen.getByRole('checkbox', { name: new RegExp(`^${name}`) });

describe('Manage Monitoring Group', { timeout: 40_000 }, () => {
  it('toggles members in the instrument list and saves them, the contract fixed', async () => {
    const { sent } = serve();
    const { user, location } = renderApp('/en/dashboard/monitoring-group/8', { routes: alertRulesRoutes });
    expect(await screen.findByRole('textbox', { name: 'Name' }, SLOW)).toHaveProperty('value', 'West wall');
    const list = await screen.findByRole('list', { name: 'Instruments of the contract' }, SLOW);
    expect(screen.getByTestId('member-count').textContent).toBe('1 member');
    expect(member('SM-1021')).toHaveProperty('checked', true);
    expect(within(list).getByText('AL')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Contract' }).getAttribute('aria-disabled')).toBe('true');

    await user.click(within(list).getByText('SM-1022'));
    await user.click(within(list).getByText('SP-2001'));
    expect(screen.getByTestId('member-count').textContent).toBe('3 members');
    await user.click(within(list).getByText('SM-1021'));
    expect(screen.getByTestId('member-count').textContent).toBe('2 members');
    expect(member('SM-1021')).toHaveProperty('checked', false);

    await user.type(screen.getByRole('searchbox', { name: 'Search instruments' }), 'sp-');
    expect(within(list).queryByText('SM-1022')).toBeNull();
    expect(within(list).getByText('SP-2001')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1), SLOW);
    expect(sent[0]).toEqual({
      method: 'PUT',
      body: { name: 'West wall', description: '', rule: { min_count: 3, level_code: 'AL', within_hours: 24 }, active: true, instrument_ids: [22, 23] },
    });
    await waitFor(() => expect(location()).toBe('/en/dashboard/monitoring-group'), SLOW);
  });

  it('creates a group of the chosen contract with a rule', async () => {
    const { sent } = serve();
    const { user } = renderApp('/en/dashboard/monitoring-group/new', { routes: alertRulesRoutes });
    await user.type(await screen.findByRole('textbox', { name: 'Name' }, SLOW), 'North slope');
    const list = await screen.findByRole('list', { name: 'Instruments of the contract' }, SLOW);
    await user.click(within(list).getByText('SM-1021'));
    await user.click(within(list).getByText('SM-1022'));
    await user.click(screen.getByRole('switch', { name: 'Raise an alert by a rule' }));
    await user.type(screen.getByRole('textbox', { name: 'Instruments (at least)' }), '2');
    await user.click(screen.getByRole('combobox', { name: 'Level' }));
    await user.click(await screen.findByRole('option', { name: 'PDL — Pre-Determined Level' }));
    await user.clear(screen.getByRole('textbox', { name: 'Within (hours)' }));
    await user.type(screen.getByRole('textbox', { name: 'Within (hours)' }), '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1), SLOW);
    expect(sent[0]).toEqual({
      method: 'POST',
      body: {
        contract_id: 11,
        name: 'North slope',
        description: '',
        rule: { min_count: 2, level_code: 'PDL', within_hours: 12 },
        active: true,
        instrument_ids: [21, 22],
      },
    });
  });

  it('refuses a name and a description over the shared limits, saying each limit', async () => {
    const { sent } = serve();
    const { user } = renderApp('/en/dashboard/monitoring-group/new', { routes: alertRulesRoutes });
    const limits = { name: ZMonitoringGroupBody.shape.name.maxLength!, description: ZMonitoringGroupBody.shape.description.unwrap().maxLength! };
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }, SLOW), { target: { value: 'n'.repeat(limits.name + 1) } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), { target: { value: 'd'.repeat(limits.description + 1) } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(`Must be at most ${limits.name} characters`, undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByText(`Must be at most ${limits.description} characters`)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('deletes the group after a confirmation, says so and goes back to the list; a refusal is shown', async () => {
    serve();
    const deletes: string[] = [];
    let refuse = true;
    server.use(
      http.delete(api('/monitoring-groups/8'), ({ request }) => {
        deletes.push(request.method);
        return refuse ? HttpResponse.json('This monitoring group is used by an alert scenario', { status: 409 }) : HttpResponse.json({ ok: true });
      }),
    );
    const { user, location } = renderApp('/en/dashboard/monitoring-group/8', { routes: alertRulesRoutes });
    await screen.findByRole('textbox', { name: 'Name' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', undefined, SLOW)).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This monitoring group is used by an alert scenario', undefined, SLOW)).toBeInTheDocument();
    expect(location()).toBe('/en/dashboard/monitoring-group/8');

    refuse = false;
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', false), SLOW);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', undefined, SLOW)).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Monitoring group "West wall" deleted.', undefined, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/en/dashboard/monitoring-group'), SLOW);
    expect(deletes).toHaveLength(2);
  });

  it('lists the groups of the active contracts with their rule in words', async () => {
    serve();
    renderApp('/en/dashboard/monitoring-group', { routes: alertRulesRoutes });
    const table = await screen.findByRole('table', { name: 'Monitoring groups' }, SLOW);
    const row = (await within(table).findByText('West wall', undefined, SLOW)).closest('tr')!;
    expect(within(row).getByText('3 instruments at AL or above within 24 h')).toBeInTheDocument();
    expect(within(row).getByText('C101')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'New group' }, SLOW)).toBeInTheDocument();
  });
});
