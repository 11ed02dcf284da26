import type { TCustomTemplateBody } from '@strata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { setViewport, WIDTHS } from '../../../test/viewport';
import { customTemplate, readingCatalog } from './test-data';

const SLOW = { timeout: 5000 };
const ALL = ['SearchorViewReportTemplates', 'CreateReportTemplates', 'EditReportTemplates', 'DeleteReportTemplates'];

function setup(permissions: string[] = ALL) {
  storeTestCredential();
  const lists: URLSearchParams[] = [];
  const saved: { method: string; path: string; body: unknown }[] = [];
  const uploads: { name: string; size: number }[] = [];
  let records = [
    customTemplate(),
    customTemplate({
      template_id: 82,
      name: 'Breach all contracts',
      report_type: 'breach',
      report_type_name: 'Breach Report',
      contract_id: null,
      contract_no: null,
    }),
  ];
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions }))),
    http.get(api('/instrument-types'), () => HttpResponse.json({ records: [], total_records: 0 })),
    http.get(api('/reports/custom-templates'), ({ request }) => {
      lists.push(new URL(request.url).searchParams);
      return HttpResponse.json({ records, total_records: records.length });
    }),
    http.get(api('/reports/custom-templates/catalog/:type'), () => HttpResponse.json(readingCatalog)),
    http.get(api('/reports/custom-templates/:id'), ({ params }) => {
      const found = records.find((r) => r.template_id === Number(params.id));
      return found ? HttpResponse.json(found) : new HttpResponse('Report template not found', { status: 404 });
    }),
    http.post(api('/reports/custom-templates'), async ({ request }) => {
      const body = (await request.json()) as TCustomTemplateBody;
      saved.push({ method: 'POST', path: '/reports/custom-templates', body });
      if (body.name === 'Taken') return HttpResponse.json({ name: 'A template of this type and contract has this name' }, { status: 400 });
      const created = customTemplate({ ...body, template_id: 90 });
      records = [...records, created];
      return HttpResponse.json(created);
    }),
    http.delete(api('/reports/custom-templates/:id'), ({ params }) => {
      saved.push({ method: 'DELETE', path: `/reports/custom-templates/${params.id}`, body: null });
      records = records.filter((r) => r.template_id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.put(api('/reports/custom-templates/:id/workbook'), async ({ request }) => {
      const file = (await request.formData()).get('file') as File;
      uploads.push({ name: file.name, size: file.size });
      return HttpResponse.json(
        {
          message: 'The workbook cannot be used as a template',
          problems: ['Sheet "Data": {{period.start}} is not a placeholder', 'The named range "rows" is not a table range'],
        },
        { status: 400 },
      );
    }),
  );
  return { lists, saved, uploads };
}

describe('Custom report template pages (spec §2.8)', { timeout: 40_000 }, () => {
  it('the list sends the keyword and the report type, shows "All contracts", and deletes after a confirmation', async () => {
    const state = setup();
    const { user } = renderApp('/en/report/customize');
    const table = await screen.findByRole('table', { name: 'Custom report templates' }, SLOW);
    expect(await within(table).findByRole('link', { name: 'Lean readings' }, SLOW)).toHaveAttribute('href', '/en/report/customize/edit/81');
    expect(within(table).getByText('All contracts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Template' })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search templates' }), 'lean{Enter}');
    await waitFor(() => expect(state.lists.at(-1)?.get('keyword')).toBe('lean'), SLOW);
    await user.click(screen.getByRole('combobox', { name: 'Report type' }));
    await user.click(await screen.findByRole('option', { name: 'Breach Report' }, SLOW));
    await waitFor(() => expect(state.lists.at(-1)?.get('report_type')).toBe('breach'), SLOW);
    expect(state.lists.at(-1)?.get('keyword')).toBe('lean');

    await user.click(within(table).getByRole('button', { name: 'Delete Breach all contracts' }));
    const confirm = await screen.findByRole('dialog', {}, SLOW);
    expect(confirm).toHaveTextContent('Delete the report template Breach all contracts?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(state.saved.at(-1)).toMatchObject({ method: 'DELETE', path: '/reports/custom-templates/82' }), SLOW);
  });

  it('without the create permission there is no Add action, and without edit and delete no row buttons', async () => {
    setup(['SearchorViewReportTemplates']);
    renderApp('/en/report/customize');
    const table = await screen.findByRole('table', { name: 'Custom report templates' }, SLOW);
    await within(table).findByText('Lean readings', {}, SLOW);
    expect(screen.queryByRole('button', { name: 'Add Template' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /^(Edit|Delete) / })).toBeNull();
    expect(within(table).queryByRole('link', { name: 'Lean readings' })).toBeNull();
  });

  it('says when there is no template', async () => {
    setup();
    server.use(http.get(api('/reports/custom-templates'), () => HttpResponse.json({ records: [], total_records: 0 })));
    renderApp('/en/report/customize');
    expect(await screen.findByText('There is no custom report template yet.', {}, SLOW)).toBeInTheDocument();
  });

  it('when the list cannot be read offers to try again', async () => {
    setup();
    server.use(http.get(api('/reports/custom-templates'), () => HttpResponse.json('boom', { status: 500 })));
    renderApp('/en/report/customize');
    expect(await screen.findByText('Failed to fetch data', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('works on a phone: the filters, the table and the Add action', async () => {
    setViewport(WIDTHS.phone);
    setup();
    const { user, location } = renderApp('/en/report/customize');
    const table = await screen.findByRole('table', { name: 'Custom report templates' }, SLOW);
    await within(table).findByText('Lean readings', {}, SLOW);
    expect(screen.getByRole('searchbox', { name: 'Search templates' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Template' }));
    await waitFor(() => expect(location()).toBe('/en/report/customize/add'), SLOW);
    expect(await screen.findByRole('form', { name: 'Report template' }, SLOW)).toBeInTheDocument();
  });

  it('a new template sends the ticked sections in the chosen order, each with its ticked columns in order', async () => {
    const state = setup();
    const { user, location } = renderApp('/en/report/customize/add');
    const form = await screen.findByRole('form', { name: 'Report template' }, SLOW);
    await user.type(within(form).getByRole('textbox', { name: 'Template name' }), 'Taken');
    await user.click(within(form).getByRole('combobox', { name: 'Report type' }));
    await user.click(await screen.findByRole('option', { name: 'Instrument Reading Report' }, SLOW));
    const sections = await within(form).findByRole('group', { name: 'Sections and columns' }, SLOW);
    // Readings above Summary; Summary without Change; in Readings, Value before Time.
    await user.click(within(sections).getByRole('button', { name: 'Move Readings up' }));
    const summary = within(sections).getByRole('group', { name: 'Columns of Summary' });
    await user.click(within(summary).getByRole('checkbox', { name: 'Change' }));
    const readings = within(sections).getByRole('group', { name: 'Columns of Readings' });
    await user.click(within(readings).getByRole('button', { name: 'Move Value up' }));
    // The chart options apply to a type with charts.
    expect(within(form).getByRole('combobox', { name: 'Charts per page' })).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    // The server's 400 at its field.
    expect(await within(form).findByText('A template of this type and contract has this name', {}, SLOW)).toBeInTheDocument();
    const refused = state.saved.at(-1)!.body as TCustomTemplateBody;
    expect(refused.sections).toEqual([
      { key: 'readings', columns: ['value', 'time'] },
      { key: 'summary', columns: ['instrument', 'latest'] },
    ]);
    expect(refused.contract_id).toBeNull();
    expect(refused.report_type).toBe('reading');

    await user.clear(within(form).getByRole('textbox', { name: 'Template name' }));
    await user.type(within(form).getByRole('textbox', { name: 'Template name' }), 'Lean readings 2');
    await user.click(within(sections).getByRole('checkbox', { name: 'Summary' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/en/report/customize/edit/90'), SLOW);
    expect((state.saved.at(-1)!.body as TCustomTemplateBody).sections).toEqual([{ key: 'readings', columns: ['value', 'time'] }]);
  });

  it('a template without any section is refused before sending', async () => {
    const state = setup();
    const { user } = renderApp('/en/report/customize/edit/81');
    const form = await screen.findByRole('form', { name: 'Report template' }, SLOW);
    const sections = await within(form).findByRole('group', { name: 'Sections and columns' }, SLOW);
    await user.click(within(sections).getByRole('checkbox', { name: 'Summary' }));
    await user.click(within(sections).getByRole('checkbox', { name: 'Readings' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('Choose at least one section')).toBeInTheDocument();
    expect(state.saved).toHaveLength(0);
  });

  it('a refused workbook shows the server’s problems as a list; the help names the placeholders and table ranges', async () => {
    const state = setup();
    const { user } = renderApp('/en/report/customize/edit/81');
    await screen.findByRole('form', { name: 'Report template' }, SLOW);
    expect(screen.getByText('{{contract.no}}')).toBeInTheDocument();
    expect(screen.getByText('readings')).toBeInTheDocument();
    const workbook = new File(['PK fake'], 'layout.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    await user.upload(screen.getByLabelText('Workbook file', { selector: 'input' }), workbook);
    const problems = await screen.findByRole('list', { name: 'Problems found' }, SLOW);
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Sheet "Data": {{period.start}} is not a placeholder', 'The named range "rows" is not a table range']);
    expect(screen.getByText('The workbook cannot be used as a template')).toBeInTheDocument();
    // The file went as the part `file` (jsdom's XMLHttpRequest does not keep its name on the way to the mock).
    expect(state.uploads.map((u) => u.size)).toEqual([7]);
  });
});
