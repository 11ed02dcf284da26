import { ACTION_LOG_LIMITS, type TActionCaseTarget } from '@strata/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { configResponse, storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { setViewport, WIDTHS } from '../../../test/viewport';
import { alertSummaryFixture, caseDetail, EDIT_BREACHED } from '../test-data';

const SLOW = { timeout: 8000 };

function target(overrides: Partial<TActionCaseTarget> = {}): TActionCaseTarget {
  return {
    category: 'breached',
    contract_id: 11,
    contract_no: 'C101',
    default_title: 'SM-1023 DSPA -31.2 mm passed WSL',
    alert: alertSummaryFixture(),
    instrument_id: 21,
    instrument_name: 'SM-1023',
    open_case_id: null,
    ...overrides,
  };
}

function serve(answer: TActionCaseTarget | { status: number; body: string }) {
  storeTestCredential();
  const sent = { target: [] as URLSearchParams[], open: [] as Record<string, unknown>[] };
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions: [EDIT_BREACHED] }))),
    http.get(api('/config'), () => HttpResponse.json(configResponse())),
    http.get(api('/action-cases/target'), ({ request }) => {
      sent.target.push(new URL(request.url).searchParams);
      return 'status' in answer ? HttpResponse.json(answer.body, { status: answer.status }) : HttpResponse.json(answer);
    }),
    http.post(api('/action-cases'), async ({ request }) => {
      sent.open.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(caseDetail({ entries: [] }));
    }),
    http.get(api('/action-cases/9'), () => HttpResponse.json(caseDetail({ entries: [] }))),
  );
  return sent;
}

describe('Opening a case', { timeout: 60_000 }, () => {
  it('shows the alert the case is about and opens it with the default title, then shows the case', async () => {
    setViewport(WIDTHS.desktop);
    const sent = serve(target());
    const { user, location } = renderApp('/en/alert/action/new?alert_id=5');
    const section = await screen.findByRole('region', { name: 'Open a case for an alert' }, SLOW);
    expect(sent.target[0]?.get('alert_id')).toBe('5');
    expect(within(section).getByRole('link', { name: 'SM-1023 DSPA -31.2 mm passed WSL' }).getAttribute('href')).toBe('/en/alert-detail/5');
    expect(within(section).getByText('Leave empty to use "SM-1023 DSPA -31.2 mm passed WSL".')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Open case' }));
    await waitFor(() => expect(location()).toBe('/en/alert/action-detail/9'), SLOW);
    expect(sent.open).toEqual([{ alert_id: 5 }]);
    expect(await screen.findByText('Case #9 opened.', undefined, SLOW)).toBeInTheDocument();
  });

  it('leads to the case already open for the alert instead of a second one', async () => {
    setViewport(WIDTHS.phone);
    const sent = serve(target({ open_case_id: 9 }));
    const { user, location } = renderApp('/en/alert/action/new?alert_id=5');
    expect(await screen.findByText('This alert already has an open case: #9.', undefined, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open case' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Go to case #9' }));
    await waitFor(() => expect(location()).toBe('/en/alert/action-detail/9'), SLOW);
    expect(sent.open).toEqual([]);
  });

  it('opens a damaged-instrument case with a title of the user', async () => {
    setViewport(WIDTHS.desktop);
    const sent = serve(target({ category: 'damaged', alert: null, default_title: 'SM-1023 damaged' }));
    const { user } = renderApp('/en/alert/action/new?instrument_id=21');
    const section = await screen.findByRole('region', { name: 'Open a case for a damaged instrument' }, SLOW);
    expect(sent.target[0]?.get('instrument_id')).toBe('21');
    expect(within(section).getByText('Damaged Instrument')).toBeInTheDocument();
    const title = within(section).getByRole('textbox', { name: 'Title' });
    // One character over the shared limit is refused, in words with the limit.
    fireEvent.change(title, { target: { value: 't'.repeat(ACTION_LOG_LIMITS.titleMax + 1) } });
    await user.click(within(section).getByRole('button', { name: 'Open case' }));
    expect(await within(section).findByText(`Must be at most ${ACTION_LOG_LIMITS.titleMax} characters`)).toBeInTheDocument();
    expect(sent.open).toEqual([]);
    await user.clear(title);
    await user.type(title, 'Hit by a lorry');
    await user.click(within(section).getByRole('button', { name: 'Open case' }));
    await waitFor(() => expect(sent.open).toEqual([{ instrument_id: 21, title: 'Hit by a lorry' }]), SLOW);
  });

  it('says what is wrong without a target, for an unknown alert and for another category', async () => {
    setViewport(WIDTHS.desktop);
    serve({ status: 404, body: 'Alert not found' });
    const first = renderApp('/en/alert/action/new');
    expect(await screen.findByText(/Open this page from an alert/, undefined, SLOW)).toBeInTheDocument();
    first.unmount();
    renderApp('/en/alert/action/new?alert_id=77');
    expect(await screen.findByText('The alert or instrument was not found.', undefined, SLOW)).toBeInTheDocument();
  });
});
