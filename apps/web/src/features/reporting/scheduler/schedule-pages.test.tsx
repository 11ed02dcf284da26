import { REPORT_SCHEDULE_MESSAGES, type TReportScheduleBody } from '@strata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { setViewport, WIDTHS } from '../../../test/viewport';
import { reportSchedule, scheduleRun } from '../custom/test-data';

const SLOW = { timeout: 5000 };
const ALL = ['SearchorViewScheduledReports', 'CreateScheduledReports', 'EditScheduledReports', 'DeleteScheduledReports'];

function setup(permissions: string[] = ALL) {
  storeTestCredential();
  const lists: URLSearchParams[] = [];
  const customized: URLSearchParams[] = [];
  const runQueries: URLSearchParams[] = [];
  const saved: { method: string; path: string; body: unknown }[] = [];
  let records = [
    reportSchedule(),
    reportSchedule({ scheduler_id: 92, name: 'Month end breaches', last_run: scheduleRun({ status: 'failed', error: 'SMTP refused' }) }),
  ];
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions }))),
    http.get(api('/instrument-types'), () => HttpResponse.json({ records: [], total_records: 0 })),
    http.get(api('/users'), ({ request }) => {
      const ref = new URL(request.url).searchParams.get('ref_id');
      const users =
        ref === '11'
          ? [
              { user_id: 7, fullname: 'Alice Tan', email: 'alice.tan@example.com' },
              { user_id: 8, fullname: 'Bob Lim', email: 'bob.lim@example.com' },
            ]
          : [];
      return HttpResponse.json({ records: users, total_records: users.length });
    }),
    http.get(api('/reports/customized'), ({ request }) => {
      customized.push(new URL(request.url).searchParams);
      return HttpResponse.json({
        records: [
          { template_id: 0, name: 'Default', filename: 'default' },
          { template_id: 81, name: 'Lean readings', filename: 'default' },
        ],
      });
    }),
    http.get(api('/reports/schedules'), ({ request }) => {
      lists.push(new URL(request.url).searchParams);
      return HttpResponse.json({ records, total_records: records.length });
    }),
    http.get(api('/reports/schedules/:id'), ({ params }) => {
      const found = records.find((r) => r.scheduler_id === Number(params.id));
      return found ? HttpResponse.json(found) : new HttpResponse('Scheduled report not found', { status: 404 });
    }),
    http.get(api('/reports/schedules/:id/runs'), ({ request }) => {
      runQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json({
        records: [scheduleRun(), scheduleRun({ run_id: 300, trigger: 'manual', status: 'failed', attempt: 3, error: 'SMTP refused', size: null })],
        total_records: 12,
      });
    }),
    http.post(api('/reports/schedules'), async ({ request }) => {
      const body = (await request.json()) as TReportScheduleBody;
      saved.push({ method: 'POST', path: '/reports/schedules', body });
      const created = reportSchedule({ ...body, scheduler_id: 95 });
      records = [...records, created];
      return HttpResponse.json(created);
    }),
    http.put(api('/reports/schedules/:id'), async ({ request, params }) => {
      const body = (await request.json()) as TReportScheduleBody;
      saved.push({ method: 'PUT', path: `/reports/schedules/${params.id}`, body });
      if (body.recipients.emails.length > 0) return HttpResponse.json({ 'recipients.emails': REPORT_SCHEDULE_MESSAGES.externalRefused }, { status: 400 });
      return HttpResponse.json(reportSchedule({ ...body, scheduler_id: Number(params.id) }));
    }),
    http.post(api('/reports/schedules/:id/run'), ({ params }) => {
      saved.push({ method: 'POST', path: `/reports/schedules/${params.id}/run`, body: null });
      return HttpResponse.json(scheduleRun({ run_id: 400, trigger: 'manual', status: 'running', due_at: null, finished_at: null }));
    }),
    http.delete(api('/reports/schedules/:id'), ({ params }) => {
      saved.push({ method: 'DELETE', path: `/reports/schedules/${params.id}`, body: null });
      records = records.filter((r) => r.scheduler_id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { lists, customized, runQueries, saved };
}

describe('Scheduled report pages (spec §2.8)', { timeout: 40_000 }, () => {
  it('the list shows the frequency and the last run, sends the keyword, runs a schedule now and deletes after a confirmation', async () => {
    const state = setup();
    const { user } = renderApp('/en/report/scheduler');
    const table = await screen.findByRole('table', { name: 'Scheduled reports' }, SLOW);
    expect(await within(table).findByRole('link', { name: 'Monday readings' }, SLOW)).toHaveAttribute('href', '/en/report/scheduler/edit/91');
    expect(within(table).getAllByText('Weekly on Monday at 08:00')).toHaveLength(2);
    expect(within(table).getByText('Failed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Schedule' })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search scheduled reports' }), 'monday{Enter}');
    await waitFor(() => expect(state.lists.at(-1)?.get('keyword')).toBe('monday'), SLOW);

    await user.click(within(table).getByRole('button', { name: 'Run Monday readings now' }));
    expect(await screen.findByText(REPORT_SCHEDULE_MESSAGES.runStarted, {}, SLOW)).toBeInTheDocument();
    expect(state.saved.at(-1)).toMatchObject({ method: 'POST', path: '/reports/schedules/91/run' });

    await user.click(within(table).getByRole('button', { name: 'Delete Month end breaches' }));
    const confirm = await screen.findByRole('dialog', {}, SLOW);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(state.saved.at(-1)).toMatchObject({ method: 'DELETE', path: '/reports/schedules/92' }), SLOW);
  });

  it('without the create permission there is no Add action', async () => {
    setup(['SearchorViewScheduledReports']);
    renderApp('/en/report/scheduler');
    const table = await screen.findByRole('table', { name: 'Scheduled reports' }, SLOW);
    await within(table).findByText('Monday readings', {}, SLOW);
    expect(screen.queryByRole('button', { name: 'Add Schedule' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /^Run / })).toBeNull();
  });

  it('a weekly schedule is sent with the ticked weekdays in week order, the template of the type and contract, and its recipients', async () => {
    const state = setup();
    const { user, location } = renderApp('/en/report/scheduler/add');
    const form = await screen.findByRole('form', { name: 'Scheduled report' }, SLOW);
    await user.type(within(form).getByRole('textbox', { name: 'Schedule name' }), 'Weekly readings');
    await user.click(within(form).getByRole('combobox', { name: 'Report type' }));
    await user.click(await screen.findByRole('option', { name: 'Instrument Reading Report' }, SLOW));
    await user.click(within(form).getByRole('combobox', { name: /^Contracts/ }));
    await user.click(await screen.findByRole('option', { name: 'C101' }, SLOW));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(state.customized.some((q) => q.get('type') === 'reading' && q.get('contract_id') === '11')).toBe(true), SLOW);
    await user.click(within(form).getByRole('combobox', { name: 'Template' }));
    const options = await screen.findAllByRole('option', {}, SLOW);
    expect(options.map((o) => o.textContent)).toEqual(['Default', 'Lean readings']);
    await user.click(screen.getByRole('option', { name: 'Lean readings' }));

    // Weekly on Monday by default: add Friday and Wednesday, leave Monday.
    const weekdays = within(form).getByRole('group', { name: 'Weekdays' });
    expect(
      within(weekdays)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
    await user.click(within(weekdays).getByRole('checkbox', { name: 'Friday' }));
    await user.click(within(weekdays).getByRole('checkbox', { name: 'Wednesday' }));
    await user.click(within(weekdays).getByRole('checkbox', { name: 'Monday' }));
    const time = within(form).getByLabelText('Time (HH:MM)');
    await user.clear(time);
    await user.type(time, '07:30');

    await user.click(within(form).getByRole('combobox', { name: /^Users/ }));
    await user.click(await screen.findByRole('option', { name: 'Bob Lim <bob.lim@example.com>' }, SLOW));
    await user.keyboard('{Escape}');
    await user.type(within(form).getByRole('textbox', { name: 'Outside e-mail addresses' }), 'Site.Office@Example.com');

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/en/report/scheduler'), SLOW);
    const body = state.saved.at(-1)!.body as TReportScheduleBody;
    expect(body.frequency).toEqual({ kind: 'weekly', weekdays: [3, 5], time: '07:30' });
    expect(body.template).toBe('81');
    expect(body.contract_ids).toEqual([11]);
    expect(body.timezone).toBe('Asia/Singapore');
    expect(body.recipients).toEqual({ user_ids: [8], role_ids: [], emails: ['site.office@example.com'] });
    expect(body).toMatchObject({ name: 'Weekly readings', report_type: 'reading', period: 'last-week', output: 'pdf', enabled: true });
  });

  it('a weekly schedule without a weekday and without recipients is refused before sending; monthly says what a short month does', async () => {
    const state = setup();
    const { user } = renderApp('/en/report/scheduler/add');
    const form = await screen.findByRole('form', { name: 'Scheduled report' }, SLOW);
    await user.click(within(within(form).getByRole('group', { name: 'Weekdays' })).getByRole('checkbox', { name: 'Monday' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('Choose at least one weekday')).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one recipient')).toBeInTheDocument();
    expect(state.saved).toHaveLength(0);
    await user.click(within(form).getByRole('combobox', { name: 'Frequency' }));
    await user.click(await screen.findByRole('option', { name: 'Monthly' }, SLOW));
    expect(within(form).getByText('A month without this day runs on its last day')).toBeInTheDocument();
  });

  it('the edit page shows the run history, paged, and runs the schedule now', async () => {
    const state = setup();
    const { user } = renderApp('/en/report/scheduler/edit/91');
    await screen.findByRole('form', { name: 'Scheduled report' }, SLOW);
    const runs = await screen.findByRole('table', { name: 'Runs' }, SLOW);
    expect(await within(runs).findByText('SMTP refused', {}, SLOW)).toBeInTheDocument();
    expect(within(runs).getByText('Run now')).toBeInTheDocument();
    expect(within(runs).getAllByText('bob.lim@example.com')).toHaveLength(2);
    expect(state.runQueries.at(-1)?.get('limit')).toBe('10');
    expect(state.runQueries.at(-1)?.get('skip')).toBe('0');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(state.runQueries.at(-1)?.get('skip')).toBe('10'), SLOW);
    await user.click(screen.getByRole('button', { name: 'Run now' }));
    expect(await screen.findByText(REPORT_SCHEDULE_MESSAGES.runStarted, {}, SLOW)).toBeInTheDocument();
  });

  it('works on a phone: the list with its Add action, and the form', async () => {
    setViewport(WIDTHS.phone);
    setup();
    const { user, location } = renderApp('/en/report/scheduler');
    const table = await screen.findByRole('table', { name: 'Scheduled reports' }, SLOW);
    await within(table).findByText('Monday readings', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Add Schedule' }));
    await waitFor(() => expect(location()).toBe('/en/report/scheduler/add'), SLOW);
    const form = await screen.findByRole('form', { name: 'Scheduled report' }, SLOW);
    expect(within(within(form).getByRole('group', { name: 'Weekdays' })).getAllByRole('checkbox')).toHaveLength(7);
    expect(within(form).getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('the edit page keeps the schedule’s choices and shows the server’s refusal of outside addresses at the field', async () => {
    const state = setup();
    const { user } = renderApp('/en/report/scheduler/edit/91');
    const form = await screen.findByRole('form', { name: 'Scheduled report' }, SLOW);
    expect(within(form).getByRole('textbox', { name: 'Schedule name' })).toHaveValue('Monday readings');
    expect(within(within(form).getByRole('group', { name: 'Weekdays' })).getByRole('checkbox', { name: 'Monday' })).toBeChecked();
    await waitFor(() => expect(within(form).getByRole('combobox', { name: /^Users/ })).toHaveTextContent('Alice Tan'), SLOW);
    await user.type(within(form).getByRole('textbox', { name: 'Outside e-mail addresses' }), 'someone@elsewhere.com');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(REPORT_SCHEDULE_MESSAGES.externalRefused, {}, SLOW)).toBeInTheDocument();
    expect(state.saved.at(-1)).toMatchObject({
      method: 'PUT',
      path: '/reports/schedules/91',
      body: { frequency: { kind: 'weekly', weekdays: [1], time: '08:00' }, recipients: { user_ids: [7], role_ids: [], emails: ['someone@elsewhere.com'] } },
    });
  });
});
