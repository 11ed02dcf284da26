import type { TAlertDetail, TComment } from '@strata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { configResponse, storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { setViewport, WIDTHS } from '../../../test/viewport';
import { alertDetail, configLevels } from '../test-data';
import { alertSeries, chartRange } from './alert-chart';

const SLOW = { timeout: 8000 };
// The first page of the file in the whole frame with real CSS (every role query re-cascades the styles): 17-21 s
// on a 2-core machine at load 10.
const STYLED_LOAD = { timeout: 30_000 };
const VIEW = ['SearchorViewAlertMessage', 'ViewInstrumentData'];

function comment(overrides: Partial<TComment>): TComment {
  return {
    comment_id: 1,
    ref_id: 5,
    ref_data: null,
    topic: 'alert',
    parent_id: null,
    comment: 'Checked on site.',
    link_uri: '/alert-detail/5',
    recipients: [],
    sender_id: 7,
    sender_name: 'Alice Tan',
    created: '2026-11-21T02:00:00.000Z',
    replies_count: 0,
    can_delete: true,
    ...overrides,
  };
}

/** Serves alert 5 (`detail`, replaced by what close answers), its readings and its comments; records what was sent. */
function serve(permissions: string[], initial: TAlertDetail = alertDetail()) {
  storeTestCredential();
  let detail = initial;
  const comments: TComment[] = [];
  const sent = { readings: [] as URLSearchParams[], close: [] as unknown[], comments: [] as Record<string, unknown>[] };
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions }))),
    http.get(api('/config'), () => HttpResponse.json(configResponse(configLevels))),
    http.get(api('/alerts/5'), () => HttpResponse.json(detail)),
    http.post(api('/alerts/5/close'), async ({ request }) => {
      const body = (await request.json()) as { reason: string };
      sent.close.push(body);
      detail = {
        ...detail,
        alert: { ...detail.alert, status: 'closed', closed_at: '2026-11-21T03:00:00.000Z', closed_by: 'Alice Tan', close_reason: body.reason },
        events: [
          ...detail.events,
          {
            event_id: 3,
            at: '2026-11-21T03:00:00.000Z',
            type: 'closed',
            level_code: 'WSL',
            value: null,
            reading_at: null,
            last_reading_at: null,
            triggers: null,
            by_name: 'Alice Tan',
            note: body.reason,
          },
        ],
      };
      return HttpResponse.json(detail.alert);
    }),
    http.get(api('/instruments/21/readings'), ({ request }) => {
      sent.readings.push(new URL(request.url).searchParams);
      return HttpResponse.json({
        instrument_id: 21,
        name: 'SM-1023',
        from: null,
        to: null,
        max_points: 600,
        series: [
          {
            series_id: 301,
            code: 'DSPA',
            description: 'Settlement',
            depth: null,
            unit: 'mm',
            precision: 2,
            raw_count: 3,
            downsampled: false,
            points: [
              [Date.parse('2026-11-19T01:00:00Z'), -12],
              [Date.parse('2026-11-20T01:00:00Z'), -21.5],
              [Date.parse('2026-11-21T01:00:00Z'), -31.2],
            ],
          },
        ],
      });
    }),
    http.get(api('/comments'), () => HttpResponse.json({ records: comments, total_records: comments.length })),
    http.post(api('/comments'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.comments.push(body);
      const made = comment({ comment_id: comments.length + 1, comment: String(body.comment), ref_data: (body.ref_data as string | null) ?? null });
      comments.unshift(made);
      return HttpResponse.json(made);
    }),
    http.get(api('/users'), () => HttpResponse.json({ records: [], total_records: 0 })),
  );
  return sent;
}

describe('Alert page', { timeout: 60_000 }, () => {
  it('shows the alert, the readings around it with the threshold lines, its instrument and the history of its levels', async () => {
    setViewport(WIDTHS.desktop);
    const sent = serve(VIEW);
    // The level's colour is read from the computed style.
    renderApp('/en/alert-detail/5', { styles: true });
    const summary = await screen.findByRole('region', { name: /SM-1023 DSPA/ }, STYLED_LOAD);
    expect(within(summary).getByText('SM-1023 DSPA -31.2 mm passed WSL')).toBeInTheDocument();
    const chip = within(summary).getAllByTestId('alert-level')[0]!;
    expect(chip.textContent).toBe('WSL');
    expect(chip.style.backgroundColor || getComputedStyle(chip).backgroundColor).toBe('rgb(139, 0, 0)');
    expect(within(summary).getByText('Breached')).toBeInTheDocument();
    expect(within(summary).getByText('Open')).toBeInTheDocument();
    expect(within(summary).getByText('-21.50 mm')).toBeInTheDocument();
    expect(within(summary).getAllByText('-31.20 mm')).toHaveLength(2);

    // The chart asks for the alert's reading code, from two weeks before it opened; the threshold levels are its lines.
    const chart = await screen.findByRole('region', { name: 'Readings around the alert' }, SLOW);
    expect(await within(chart).findByTestId('threshold-legend', undefined, SLOW)).toBeInTheDocument();
    expect(within(chart).getByTestId('threshold-legend').textContent).toBe(
      'Threshold levels: AL (upper) 20 · AL (lower) -20 · WSL (upper) 28 · WSL (lower) -28',
    );
    expect(sent.readings[0]?.get('codes')).toBe('DSPA');
    expect(sent.readings[0]?.get('from')).toBe('2026-11-06T01:00:00.000Z');

    const instrument = screen.getByRole('region', { name: 'Instrument' });
    expect(within(instrument).getByRole('link', { name: 'Open SM-1023 in the work space' }).getAttribute('href')).toBe('/en/dashboard/search/instrument/21');

    const history = within(screen.getByRole('region', { name: 'History' })).getByRole('table', { name: 'History of the alert' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual(['Opened', 'Escalated']);
    expect(rows.map((r) => within(r).getByTestId('alert-level').textContent)).toEqual(['AL', 'WSL']);
    // Each row says how many triggers it stands for: together the alert's Triggers (2).
    const headers = within(history)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    const triggers = headers.indexOf('Triggers');
    expect(rows.map((r) => within(r).getAllByRole('cell')[triggers]!.textContent)).toEqual(['1', '1']);
    expect(within(summary).getByText('Triggers').parentElement?.textContent).toContain('2');

    // The comments on the alert are there; no Close without the permission.
    expect(screen.getByRole('region', { name: 'Comments' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close alert' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open a case' })).toBeNull();
  });

  it('shows the times of the alert and its history in the configured time zone', async () => {
    serve(VIEW);
    server.use(http.get(api('/config'), () => HttpResponse.json(configResponse({ ...configLevels, timezone: 'UTC' }))));
    renderApp('/en/alert-detail/5');
    const summary = await screen.findByRole('region', { name: /SM-1023 DSPA/ }, SLOW);
    // Opened 2026-11-20T01:00Z: 01:00 in UTC (09:00 in Singapore, the default).
    await waitFor(() => expect(within(summary).getByText('Opened').parentElement?.textContent).toContain('20/11/2026 01:00:00'));
    const history = within(screen.getByRole('region', { name: 'History' })).getByRole('table', { name: 'History of the alert' });
    expect(within(history).getAllByRole('row')[1]!.textContent).toContain('20/11/2026 01:00:00');
  });

  it('links to opening a case in the Log of Actions Taken for who may follow up breached instrument cases', async () => {
    serve([...VIEW, 'EditorFollowUpBreachedInstrumentCases']);
    renderApp('/en/alert-detail/5');
    const summary = await screen.findByRole('region', { name: /SM-1023 DSPA/ }, SLOW);
    expect(within(summary).getByRole('link', { name: 'Open a case' }).getAttribute('href')).toBe('/en/alert/action/new?alert_id=5');
  });

  it('closes the alert with a reason for who may, and shows it closed', async () => {
    const sent = serve([...VIEW, 'UpdateBreachedStatus']);
    const { user } = renderApp('/en/alert-detail/5');
    const summary = await screen.findByRole('region', { name: /SM-1023 DSPA/ }, SLOW);
    await user.click(within(summary).getByRole('button', { name: 'Close alert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close Alert' });
    // A reason is required.
    await user.click(within(dialog).getByRole('button', { name: 'Close alert' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(sent.close).toEqual([]);

    // Typed as a paste (one change): key by key re-renders the whole page forty times.
    await user.click(within(dialog).getByRole('textbox', { name: 'Reason' }));
    await user.paste('  Settlement stabilised after grouting.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Close alert' }));
    await waitFor(() => expect(sent.close).toEqual([{ reason: 'Settlement stabilised after grouting.' }]), SLOW);
    expect(await screen.findByText('Alert closed.', undefined, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(within(summary).getByText('Status').nextSibling?.textContent).toBe('Closed'), SLOW);
    expect(within(summary).getByText('Closed by').nextSibling?.textContent).toBe('Alice Tan');
    expect(within(summary).getByText('Settlement stabilised after grouting.')).toBeInTheDocument();
    expect(within(summary).queryByRole('button', { name: 'Close alert' })).toBeNull();
  });

  it('posts a QPS comment marked as such, and lists it with the QP comments', async () => {
    setViewport(WIDTHS.phone);
    const sent = serve(VIEW);
    const { user } = renderApp('/en/alert-detail/5');
    const qp = await screen.findByRole('region', { name: 'QP Comments' }, SLOW);
    expect(await within(qp).findByText('No QPS or QPD comment yet.', undefined, SLOW)).toBeInTheDocument();
    await user.click(within(qp).getByRole('button', { name: 'QPS comment' }));
    const dialog = await screen.findByRole('dialog', { name: 'QPS Comment' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Comment' }));
    await user.paste('Instrument checked; reading confirmed by survey.');
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(sent.comments).toHaveLength(1), SLOW);
    expect(sent.comments[0]).toMatchObject({
      topic: 'alert',
      ref_id: 5,
      ref_data: 'QPS',
      comment: 'Instrument checked; reading confirmed by survey.',
      link_uri: '/alert-detail/5',
    });
    expect(await screen.findByText('QPS comment posted.', undefined, SLOW)).toBeInTheDocument();
    const item = await within(qp).findByRole('listitem', { name: 'QPS comment by Alice Tan' }, SLOW);
    expect(within(item).getByText('Instrument checked; reading confirmed by survey.')).toBeInTheDocument();
    // Among the alert's comments too, marked QPS.
    const comments = screen.getByRole('region', { name: 'Comments' });
    const article = await within(comments).findByRole('article', { name: 'Comment by Alice Tan' }, SLOW);
    expect(within(article).getByTestId('comment-marker').textContent).toBe('QPS');
  });

  it('shows a group alert with its instruments and no chart', async () => {
    serve(VIEW, {
      ...alertDetail({
        kind: 'group',
        instrument_id: null,
        instrument_name: null,
        reading_code: null,
        series_id: null,
        group_id: 4,
        group_name: 'Tunnel ring 40-60',
        message: 'Group Tunnel ring 40-60: 2 at WSL',
      }),
      instrument: null,
      thresholds: [],
      members: [
        { instrument_id: 21, name: 'SM-1023', level_code: 'WSL' },
        { instrument_id: 23, name: 'SM-1030', level_code: 'WSL' },
      ],
    });
    renderApp('/en/alerts/monitoring-group/5');
    const members = await screen.findByRole('list', { name: 'Instruments behind the alert' }, SLOW);
    expect(within(members).getByRole('link', { name: 'SM-1030' }).getAttribute('href')).toBe('/en/dashboard/search/instrument/23');
    expect(screen.queryByRole('region', { name: 'Readings around the alert' })).toBeNull();
    expect(screen.getByRole('region', { name: /Tunnel ring 40-60/ })).toBeInTheDocument();
  });

  it('says an alert of another contract (or none) is not found', async () => {
    storeTestCredential();
    server.use(
      http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions: VIEW }))),
      http.get(api('/alerts/99'), () => HttpResponse.json('Alert not found', { status: 404 })),
    );
    renderApp('/en/alert-detail/99');
    expect(await screen.findByText('This alert does not exist or is not in your contracts.', undefined, SLOW)).toBeInTheDocument();
  });
});

describe('alert chart helpers', () => {
  const { alert } = alertDetail();
  it('reads from two weeks before the alert opened to now while it is open, two days past its closing after', () => {
    const now = Date.parse('2026-11-22T00:00:30Z');
    expect(chartRange(alert, now)).toEqual({ from: '2026-11-06T01:00:00.000Z', to: '2026-11-22T00:02:00.000Z' });
    const closed = { ...alert, status: 'closed' as const, closed_at: '2026-11-21T06:00:00.000Z' };
    expect(chartRange(closed, now).to).toBe('2026-11-22T00:02:00.000Z');
    expect(chartRange(closed, Date.parse('2026-12-30T00:00:00Z')).to).toBe('2026-11-23T06:01:00.000Z');
  });

  it("keeps the alert's own series, else its reading code's", () => {
    const series = (id: number, code: string) => ({
      series_id: id,
      code,
      description: '',
      depth: null,
      unit: 'mm',
      precision: 2,
      raw_count: 0,
      downsampled: false,
      points: [],
    });
    const readings = { instrument_id: 21, name: 'SM-1023', from: null, to: null, max_points: 10, series: [series(301, 'DSPA'), series(302, 'DSPB')] };
    expect(alertSeries(readings, alert).map((s) => s.series_id)).toEqual([301]);
    expect(alertSeries(readings, { ...alert, series_id: 999, reading_code: 'DSPB' }).map((s) => s.series_id)).toEqual([302]);
    expect(alertSeries(readings, { ...alert, series_id: null, reading_code: null })).toHaveLength(2);
  });
});
