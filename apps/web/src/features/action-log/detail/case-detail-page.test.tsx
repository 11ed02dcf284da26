import type { TActionCaseDetail, TActionEntry } from '@strata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { configResponse, storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { setViewport, WIDTHS } from '../../../test/viewport';
import { caseDetail, caseRow, CLOSE_BREACHED, EDIT_BREACHED, entry, VIEW_BREACHED } from '../test-data';

const SLOW = { timeout: 8000 };
const TINY_PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (c) =>
  c.charCodeAt(0),
);

/** Serves case 9 (replaced by what the writes answer) and records what was sent. */
function serve(permissions: string[], initial: TActionCaseDetail = caseDetail()) {
  storeTestCredential();
  let detail = initial;
  const sent = { entries: [] as Record<string, unknown>[], close: [] as Record<string, unknown>[], photos: [] as string[] };
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions }))),
    http.get(api('/config'), () => HttpResponse.json(configResponse())),
    http.get(api('/action-cases/9'), () => HttpResponse.json(detail)),
    http.post(api('/photos/:category/:id'), ({ params }) => {
      sent.photos.push(`${String(params.category)}/${String(params.id)}`);
      return HttpResponse.json({
        file_id: 80,
        file_name: 'reinstated.png',
        created: '2026-11-21T05:00:00.000Z',
        uploader_email: 'alice.tan@example.com',
        size: TINY_PNG.length,
        file_type: 'png',
        width: 1,
        height: 1,
        category: 'case',
        ref_id: 9,
        url: '/api/v1/photos/80',
        thumbnail_url: '/api/v1/photos/80?size=128',
        can_delete: true,
      });
    }),
    http.post(api('/action-cases/9/entries'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.entries.push(body);
      const made: TActionEntry = entry({
        entry_id: 32,
        action: String(body.action),
        done_at: String(body.done_at),
        by: 'Alice Tan',
        files: (body.file_ids as number[]).map((id) => ({ file_id: id, kind: 'photo', file_name: 'reinstated.png', size: TINY_PNG.length })),
      });
      detail = { ...detail, entries: [...detail.entries, made], case: { ...detail.case, entry_count: detail.entries.length + 1 } };
      return HttpResponse.json(made);
    }),
    http.post(api('/action-cases/9/close'), async ({ request }) => {
      const body = (await request.json()) as { reason: string; close_alert: boolean };
      sent.close.push(body);
      detail = {
        ...detail,
        case: { ...detail.case, status: 'closed', closed_at: '2026-11-21T06:00:00.000Z', closed_by: 'Alice Tan', close_reason: body.reason },
        alert: detail.alert && body.close_alert ? { ...detail.alert, status: 'closed' } : detail.alert,
        can: { ...detail.can, follow_up: false, close: false },
      };
      return HttpResponse.json(detail);
    }),
  );
  return sent;
}

describe('A case of the Log of Actions Taken', { timeout: 60_000 }, () => {
  it('shows the case, its alert and its follow-ups with who, when and their files', async () => {
    setViewport(WIDTHS.desktop);
    serve([VIEW_BREACHED], caseDetail({ can: { follow_up: false, close: false, download: true } }));
    renderApp('/en/alert/action-detail/9');
    const summary = await screen.findByRole('region', { name: /Case #9: SM-1023 DSPA -31\.2 mm passed WSL/ }, SLOW);
    expect(within(summary).getByText('Breached Instrument')).toBeInTheDocument();
    expect(within(summary).getByText('C101')).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'SM-1023' }).getAttribute('href')).toBe('/en/dashboard/search/instrument/21');
    expect(within(summary).getByText('21/11/2026 10:00:00 by Alice Tan')).toBeInTheDocument();
    // A viewer downloads, but neither follows up nor closes.
    expect(within(summary).getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close case' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Add a follow-up' })).toBeNull();

    const alert = screen.getByRole('region', { name: 'Alert' });
    expect(within(alert).getByText('SM-1023 DSPA -31.2 mm passed WSL')).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Open alert #5' }).getAttribute('href')).toBe('/en/alert-detail/5');

    const timeline = within(screen.getByRole('region', { name: 'Follow-ups' })).getByRole('list', { name: 'Follow-ups' });
    const items = within(timeline)
      .getAllByRole('listitem', { name: '' })
      .filter((li) => li.parentElement === timeline);
    expect(items).toHaveLength(1);
    expect(within(items[0]!).getByRole('heading', { name: '21/11/2026 11:00:00 · Bob Lim' })).toBeInTheDocument();
    expect(within(items[0]!).getByText('Inspected the marker; the hoarding has a crack.')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('button', { name: 'Download crack.png' })).toBeInTheDocument();
    expect(within(items[0]!).getByRole('button', { name: 'Download inspection.pdf' })).toBeInTheDocument();
    expect(within(items[0]!).getByText('Written 21/11/2026 11:10:00')).toBeInTheDocument();
  });

  it('adds a follow-up with a photo sent to the case through the upload dialog', async () => {
    setViewport(WIDTHS.phone);
    const sent = serve([VIEW_BREACHED, EDIT_BREACHED, CLOSE_BREACHED]);
    const { user } = renderApp('/en/alert/action-detail/9');
    const form = await screen.findByRole('form', { name: 'Add a follow-up' }, SLOW);
    await user.type(within(form).getByRole('textbox', { name: 'What was done' }), 'Reinstated');

    await user.click(within(form).getByRole('button', { name: 'Attach photos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload photo' });
    await user.upload(screen.getByTestId('attachment-file-input'), [new File([TINY_PNG], 'reinstated.png', { type: 'image/png' })]);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload photo' })).toBeNull(), SLOW);
    expect(sent.photos).toEqual(['case/9']);
    const files = within(form).getByRole('list', { name: 'Files of this follow-up' });
    expect(within(files).getByText('reinstated.png')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Add follow-up' }));
    expect(await screen.findByText('Follow-up added.', undefined, SLOW)).toBeInTheDocument();
    expect(sent.entries).toHaveLength(1);
    expect(sent.entries[0]).toMatchObject({ action: 'Reinstated', file_ids: [80] });
    expect(Date.parse(String(sent.entries[0]!.done_at))).toBeGreaterThan(Date.now() - 600_000);
    const timeline = screen.getByRole('list', { name: 'Follow-ups' });
    expect(await within(timeline).findByText('Reinstated', undefined, SLOW)).toBeInTheDocument();
  });

  it('closes the case and its alert with a reason, which is required', async () => {
    setViewport(WIDTHS.phone);
    const sent = serve([VIEW_BREACHED, EDIT_BREACHED, CLOSE_BREACHED]);
    const { user } = renderApp('/en/alert/action-detail/9');
    await user.click(await screen.findByRole('button', { name: 'Close case' }, SLOW));
    const close = await screen.findByRole('dialog', { name: 'Close case' });
    await user.click(within(close).getByRole('button', { name: 'Close case' }));
    expect(await within(close).findByText('This field is required')).toBeInTheDocument();
    expect(sent.close).toEqual([]);
    await user.type(within(close).getByRole('textbox', { name: 'Reason' }), 'Settled');
    expect((within(close).getByRole('checkbox', { name: 'Also close alert #5' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(close).getByRole('button', { name: 'Close case' }));
    expect(await screen.findByText('Case closed.', undefined, SLOW)).toBeInTheDocument();
    expect(sent.close).toEqual([{ reason: 'Settled', close_alert: true }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Close case' })).toBeNull(), SLOW);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add a follow-up' })).toBeNull(), SLOW);
    const summary = screen.getByRole('region', { name: /Case #9/ });
    expect(within(summary).getByText('Settled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close case' })).toBeNull();
  });

  it('offers files attached earlier but in no follow-up, and lets the user leave one out', async () => {
    setViewport(WIDTHS.desktop);
    const sent = serve(
      [EDIT_BREACHED],
      caseDetail({
        entries: [],
        unlinked_files: [
          { file_id: 61, kind: 'photo', file_name: 'before.png', size: 10 },
          { file_id: 62, kind: 'document', file_name: 'method.pdf', size: 20 },
        ],
        can: { follow_up: true, close: false, download: false },
      }),
    );
    const { user } = renderApp('/en/alert/action-detail/9');
    const form = await screen.findByRole('form', { name: 'Add a follow-up' }, SLOW);
    expect(screen.getByText('No follow-up yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Leave out method.pdf' }));
    await user.type(within(form).getByRole('textbox', { name: 'What was done' }), 'Before works');
    await user.click(within(form).getByRole('button', { name: 'Add follow-up' }));
    await waitFor(() => expect(sent.entries).toHaveLength(1), SLOW);
    expect(sent.entries[0]).toMatchObject({ file_ids: [61] });
  });

  it.each([
    [404, 'Case not found', 'This case was not found.'],
    [403, 'You do not have permission to perform this action', 'You may not see this case.'],
  ])('says so when the case answers %i', async (status, body, shown) => {
    setViewport(WIDTHS.desktop);
    serve([VIEW_BREACHED]);
    server.use(http.get(api('/action-cases/9'), () => HttpResponse.json(body, { status })));
    renderApp('/en/alert/action-detail/9');
    expect(await screen.findByText(shown, undefined, SLOW)).toBeInTheDocument();
  });

  it('shows a closed case without an alert page link when its alert is gone', async () => {
    setViewport(WIDTHS.desktop);
    serve(
      [VIEW_BREACHED],
      caseDetail({
        case: caseRow({ status: 'closed', closed_at: '2026-11-22T01:00:00.000Z', closed_by: '', close_reason: 'Duplicate', alert: caseRow().alert }),
        alert: null,
        can: { follow_up: false, close: false, download: true },
      }),
    );
    renderApp('/en/alert/action-detail/9');
    const summary = await screen.findByRole('region', { name: /Case #9/ }, SLOW);
    expect(within(summary).getByText('22/11/2026 09:00:00 by a former user')).toBeInTheDocument();
    expect(within(summary).getByText('Duplicate')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Alert' })).getByText('The alert is no longer available.')).toBeInTheDocument();
  });
});
