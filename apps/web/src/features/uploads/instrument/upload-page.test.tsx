import type { TUpload } from '@strata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { uploadRow } from '../test-data';

const SLOW = { timeout: 8000 };

/** Serves upload 5: the states of `steps` one per GET (the last one stays), its report, and approve. */
function serve(permissions: string[], steps: Partial<TUpload>[]) {
  storeTestCredential();
  let current = uploadRow(steps[0]);
  let asked = 0;
  const approvals: number[] = [];
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions }))),
    http.get(api('/uploads/5'), () => {
      current = uploadRow({ ...current, ...steps[Math.min(asked, steps.length - 1)] });
      asked += 1;
      return HttpResponse.json(current);
    }),
    http.get(api('/uploads/5/report'), () =>
      HttpResponse.json({
        upload_id: 5,
        status: current.status,
        rows_total: 4,
        rows_valid: 3,
        rows_invalid: 1,
        errors_total: 1,
        capped: false,
        records: [
          { row: 4, field: 'instrument', message: 'Unknown instrument NOPE-1', instrument_id: null },
          { row: 5, field: 'value', message: 'Value must be a number', instrument_id: 42 },
        ],
        total_records: 2,
      }),
    ),
    http.post(api('/uploads/5/approve'), () => {
      approvals.push(5);
      current = uploadRow({ ...current, status: 'approved', progress: 0, approved_by_name: 'Alice Tan', approved: '2026-11-21T02:01:00Z' });
      // The load finishes at the next look.
      steps.push({ status: 'done', progress: 100, rows_loaded: 3, finished: '2026-11-21T02:01:05Z' });
      asked = steps.length - 1;
      return HttpResponse.json(current);
    }),
  );
  return { approvals, asked: () => asked };
}

describe('Instrumentation upload page', { timeout: 30_000 }, () => {
  it('follows the validation until validated, shows the report, and loads the readings once approved', async () => {
    const state = serve(
      ['UploadInstrumentationFiles', 'ApproveUpload'],
      [
        { status: 'validating', progress: 40, rows_total: 0, rows_valid: 0, rows_invalid: 0, errors_total: 0 },
        { status: 'validated', progress: 100, rows_total: 4, rows_valid: 3, rows_invalid: 1, errors_total: 1 },
      ],
    );
    const { user } = renderApp('/en/upload/instrument/5');

    expect(await screen.findByText('Validating the file… 40%', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuenow')).toBe('40');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();

    // Polled again: validated, with its counts and the report of the bad row.
    const approve = await screen.findByRole('button', { name: 'Approve' }, SLOW);
    expect(state.asked()).toBeGreaterThanOrEqual(2);
    const counts = screen.getByRole('group', { name: 'Reading counts' });
    expect(within(counts).getByText('Valid').nextSibling?.textContent).toBe('3');
    expect(within(counts).getByText('Invalid').nextSibling?.textContent).toBe('1');
    const report = await screen.findByRole('table', { name: 'Validation report' }, SLOW);
    const row = within(report).getByText('Unknown instrument NOPE-1').closest('tr')!;
    expect(within(row).getByText('4')).toBeInTheDocument();
    expect(within(row).getByText('instrument')).toBeInTheDocument();
    // An unknown instrument has no link; a row naming one of the user's instruments links to its detail.
    expect(within(row).queryByRole('link')).toBeNull();
    const known = within(report).getByText('Value must be a number').closest('tr')!;
    expect(within(known).getByRole('link', { name: 'Open the instrument of row 5' }).getAttribute('href')).toBe('/en/dashboard/search/instrument/42');

    await user.click(approve);
    const dialog = await screen.findByRole('dialog', { name: 'Approve Upload' });
    expect(within(dialog).getByText('Load 3 valid readings of readings.csv? Rows with errors are left out.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(state.approvals).toEqual([5]));

    expect(await screen.findByText('3 readings loaded.', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Done')).toBeInTheDocument();
    expect((await screen.findByRole('link', { name: 'Open the work space' }, SLOW)).getAttribute('href')).toBe('/en/dashboard');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('offers no Approve or Reject to a user without Approve Upload', async () => {
    serve(['UploadInstrumentationFiles'], [{ status: 'validated' }]);
    renderApp('/en/upload/instrument/5');
    expect(await screen.findByText('The file is validated and waits for an approver.', undefined, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('rejects after confirming', async () => {
    storeTestCredential();
    const rejected: number[] = [];
    server.use(
      http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions: ['ApproveUpload'] }))),
      http.get(api('/uploads/5'), () => HttpResponse.json(uploadRow({ status: rejected.length > 0 ? 'rejected' : 'invalid', rows_valid: 0, rows_invalid: 4 }))),
      http.get(api('/uploads/5/report'), () =>
        HttpResponse.json({
          upload_id: 5,
          status: 'invalid',
          rows_total: 4,
          rows_valid: 0,
          rows_invalid: 4,
          errors_total: 0,
          capped: false,
          records: [],
          total_records: 0,
        }),
      ),
      http.post(api('/uploads/5/reject'), () => {
        rejected.push(5);
        return HttpResponse.json(uploadRow({ status: 'rejected', rejected_by_name: 'Alice Tan', rejected: '2026-11-21T02:02:00Z' }));
      }),
    );
    const { user } = renderApp('/en/upload/instrument/5');
    // Nothing valid: no Approve, but Reject.
    await user.click(await screen.findByRole('button', { name: 'Reject' }, SLOW));
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Reject Upload' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('This upload was rejected: nothing was loaded.', undefined, SLOW)).toBeInTheDocument();
    expect(rejected).toEqual([5]);
  });

  it('shows the not-found state of an upload that does not exist, without a retry (asking again cannot help)', async () => {
    storeTestCredential();
    server.use(
      http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions: ['ApproveUpload'] }))),
      http.get(api('/uploads/5'), () => HttpResponse.text('Upload not found', { status: 404 })),
    );
    renderApp('/en/upload/instrument/5');
    expect(await screen.findByText('This upload does not exist.', undefined, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows the error of an upload that cannot be read, with a retry', async () => {
    storeTestCredential();
    let asked = 0;
    server.use(
      http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions: ['ApproveUpload'] }))),
      http.get(api('/uploads/5'), () => {
        asked += 1;
        return HttpResponse.text('Service Unavailable', { status: 503 });
      }),
    );
    const { user } = renderApp('/en/upload/instrument/5');
    await user.click(await screen.findByRole('button', { name: 'Try again' }, SLOW));
    await waitFor(() => expect(asked).toBeGreaterThan(1));
  });
});
