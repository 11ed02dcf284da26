import type { TMonitoringTemplateInput } from '@strata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeTestCredential, syncResponse } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';
import { api, server } from '../../../../test/server';
import { monitoringTemplate } from '../test-data';

const SLOW = { timeout: 5000 };

function setup() {
  storeTestCredential();
  const saved: { method: string; path: string; body: unknown }[] = [];
  const lists: URLSearchParams[] = [];
  let records = [monitoringTemplate(), monitoringTemplate({ template_id: 62, name: 'Monthly summary', sections: [] })];
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions: ['GenerateFullMonitoringReport'] }))),
    http.get(api('/contracts'), () => HttpResponse.json({ records: syncResponse().contracts.records, last_filtered: [11], total_records: 2 })),
    http.get(api('/instrument-types'), () => HttpResponse.json({ records: [], total_records: 0 })),
    http.get(api('/reports/monitoring-template'), ({ request }) => {
      lists.push(new URL(request.url).searchParams);
      return HttpResponse.json({ records, total_records: records.length });
    }),
    http.get(api('/reports/monitoring-template/:id'), ({ params }) => {
      const found = records.find((r) => r.template_id === Number(params.id));
      return found ? HttpResponse.json(found) : new HttpResponse('Monitoring template not found', { status: 404 });
    }),
    http.post(api('/reports/monitoring-template'), async ({ request }) => {
      const body = (await request.json()) as TMonitoringTemplateInput;
      saved.push({ method: 'POST', path: '/reports/monitoring-template', body });
      if (body.name === 'Taken') return HttpResponse.json({ name: 'A template of this contract has this name' }, { status: 400 });
      return HttpResponse.json(monitoringTemplate({ template_id: 70, name: body.name }));
    }),
    http.post(api('/reports/monitoring-template/:id/copy'), async ({ request, params }) => {
      const body = (await request.json()) as { contract_id: number; name: string };
      saved.push({ method: 'POST', path: `/reports/monitoring-template/${params.id}/copy`, body });
      return HttpResponse.json(monitoringTemplate({ template_id: 71, contract_id: body.contract_id, contract_no: 'C102', name: body.name }));
    }),
    http.delete(api('/reports/monitoring-template/:id'), ({ params }) => {
      saved.push({ method: 'DELETE', path: `/reports/monitoring-template/${params.id}`, body: null });
      records = records.filter((r) => r.template_id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { saved, lists };
}

describe('Monitoring template pages', { timeout: 40_000 }, () => {
  it('the template manager lists the templates, filters by contract in the URL, copies to a contract and deletes after a confirmation', async () => {
    const state = setup();
    const { user } = renderApp('/en/reporting/template-manager?contract=11');
    const table = await screen.findByRole('table', { name: 'Monitoring templates' }, SLOW);
    expect(await within(table).findByRole('link', { name: 'Weekly IMR' }, SLOW)).toHaveAttribute('href', '/en/reporting/monitoring-template/edit/61');
    expect(within(table).getByText('2 sections')).toBeInTheDocument();
    expect(within(table).getAllByText('Bob Lim')).toHaveLength(2);
    expect(state.lists.at(-1)?.get('contracts')).toBe('[11]');

    await user.click(within(table).getByRole('button', { name: 'Copy Weekly IMR' }));
    const copy = await screen.findByRole('dialog', { name: 'Copy Weekly IMR' }, SLOW);
    expect(within(copy).getByRole('textbox', { name: 'Template name' })).toHaveValue('Copy of Weekly IMR');
    await user.click(within(copy).getByRole('combobox', { name: 'Contract' }));
    await user.click(await screen.findByRole('option', { name: /^C102/ }, SLOW));
    await user.click(within(copy).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(state.saved).toHaveLength(1), SLOW);
    expect(state.saved[0]).toEqual({ method: 'POST', path: '/reports/monitoring-template/61/copy', body: { contract_id: 12, name: 'Copy of Weekly IMR' } });
    expect(await screen.findByText('Template Copy of Weekly IMR copied to C102', {}, SLOW)).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Delete Monthly summary' }, SLOW));
    const confirm = await screen.findByRole('dialog', {}, SLOW);
    expect(confirm).toHaveTextContent('Delete the template Monthly summary of C101?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(state.saved.at(-1)).toMatchObject({ method: 'DELETE', path: '/reports/monitoring-template/62' }), SLOW);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Monthly summary' })).toBeNull(), SLOW);
    expect(screen.getByRole('link', { name: 'Weekly IMR' })).toBeInTheDocument();
  });

  it('a new template is checked before sending, shows the server’s 400 against the field, and Save returns to the manager', async () => {
    const state = setup();
    const { user, location } = renderApp('/en/reporting/monitoring-template/add');
    const form = await screen.findByRole('form', { name: 'Monitoring template' }, SLOW);
    // A new template starts with a cover, the executive summary and the breach log.
    expect(
      within(form)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['1. Cover', '2. Executive Summary', '3. Breach Log']);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('Choose a contract')).toBeInTheDocument();
    expect(within(form).getByText('Give the template a name')).toBeInTheDocument();
    expect(state.saved).toHaveLength(0);

    await user.click(within(form).getByRole('combobox', { name: 'Contract' }));
    await user.click(await screen.findByRole('option', { name: /^C101/ }, SLOW));
    await user.type(within(form).getByRole('textbox', { name: 'Template name' }), 'Taken');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('A template of this contract has this name', {}, SLOW)).toBeInTheDocument();

    await user.clear(within(form).getByRole('textbox', { name: 'Template name' }));
    await user.type(within(form).getByRole('textbox', { name: 'Template name' }), 'Weekly IMR 2');
    await user.click(within(form).getByRole('button', { name: 'Remove Breach Log' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/en/reporting/template-manager'), SLOW);
    const body = state.saved.at(-1)!.body as TMonitoringTemplateInput;
    expect(body.contract_id).toBe(11);
    expect(body.name).toBe('Weekly IMR 2');
    expect(body.sections.map((s) => s.kind)).toEqual(['cover', 'executive-summary']);
  });

  it('the edit page loads the template', async () => {
    setup();
    renderApp('/en/reporting/monitoring-template/edit/61');
    const form = await screen.findByRole('form', { name: 'Monitoring template' }, SLOW);
    expect(within(form).getByRole('textbox', { name: 'Template name' })).toHaveValue('Weekly IMR');
    expect(
      within(form)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['1. Cover', '2. Breach Log']);
  });

  it('the edit page of an unknown template says it is not found', async () => {
    setup();
    renderApp('/en/reporting/monitoring-template/edit/99');
    expect(await screen.findByText('Monitoring template not found', {}, SLOW)).toBeInTheDocument();
  });
});
