import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { storeSyncData } from '../../../lib/auth-store';
import { syncResponse } from '../../../test/fixtures';
import { renderWidget } from '../../../test/render-widget';
import { api, server } from '../../../test/server';
import { TunnelDetailPanel } from './tunnel-detail-panel';
import { tunnelProgress } from './test-data';

function serve(permissions: string[] = []) {
  storeSyncData(syncResponse({ permissions }));
  const deleted: string[] = [];
  let progress = tunnelProgress();
  server.use(
    http.get(api('/civil/sites/52/tunnel-progress'), () => HttpResponse.json(progress)),
    http.delete(api('/civil/sites/52/tunnel-shifts/:rowId'), ({ params }) => {
      deleted.push(String(params.rowId));
      progress = tunnelProgress({ shifts: progress.shifts.filter((s) => s.shift_id !== Number(params.rowId)) });
      return HttpResponse.json({ ok: true });
    }),
    http.get(api('/files/site/52'), ({ request }) => {
      expect(new URL(request.url).searchParams.get('type')).toBe('drawing');
      return HttpResponse.json({
        records: [
          {
            kind: 'drawing',
            file_id: 9,
            file_name: 'adit-progress-1003.pdf',
            file_type: 'pdf',
            size: 2048,
            created: '2026-10-03T04:00:00Z',
            uploader_email: 'alice.tan@example.com',
            url: '/api/v1/site-drawings/9/download',
            thumbnail_url: null,
            can_delete: false,
          },
        ],
        total_records: 1,
        total_pages: 1,
      });
    }),
  );
  return { deleted };
}

const render = (url = '/en/dashboard/search/tunnel/52') => renderWidget(<TunnelDetailPanel siteId={52} onShowOnMap={vi.fn()} />, { url });
const faces = () => screen.getAllByTestId('tunnel-face').map((f) => f.textContent);

describe('Mined tunnel detail', { timeout: 30_000 }, () => {
  it('shows the drive, its faces today, the steps planned and actual, the advance per day and the shifts newest first', async () => {
    serve();
    render();
    expect(await screen.findByRole('heading', { name: 'C101 / Adit A' })).toBeInTheDocument();
    const value = (label: string) => screen.getByText(label).nextSibling?.textContent;
    expect(value('Current progress')).toBe('Ch 1120.0 / 1150.0 m · Step 1: Drive to Ch 1150 · as of 03/10/2026');
    expect(value('Alignment')).toBe('Ch 1000.0 to Ch 1150.0 m');
    expect(faces()).toEqual(['Top heading: Ch 1120.0 m03/10/2026 Day', 'Bench: Ch 1020.0 m02/10/2026 Night']);
    const steps = screen.getByRole('table', { name: 'Sequence steps, planned and actual' });
    expect(within(steps).getByText('1. Drive to Ch 1150').closest('tr')).toHaveTextContent(
      '1. Drive to Ch 11501150.001/10/202630/11/202601/10/2026In progress',
    );
    expect(screen.getByRole('img', { name: 'Advance per day of Adit A' })).toHaveAccessibleDescription("Bars of the top heading's advance (m) on 2 days.");
    const shifts = screen.getByRole('table', { name: 'Shift reports' });
    const rows = within(shifts).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['03/10/2026', '02/10/2026', '02/10/2026', '01/10/2026']);
    expect(rows[0]).toHaveTextContent('03/10/2026DayTop heading1120.060.081502IIRound the bend');
    expect(rows[1]).toHaveTextContent('02/10/2026NightBench1020.0-');
  });

  it('moves the faces back with the date slider and keeps the date in the URL', async () => {
    serve();
    const { location } = render('/en/dashboard/search/tunnel/52?tunnel-date=2026-10-02');
    await screen.findByRole('heading', { name: 'C101 / Adit A' });
    // At the end of 02/10: the top heading's night shift reached 1060, the bench started.
    expect(screen.getByTestId('tunnel-date')).toHaveTextContent('At the end of 02/10/2026');
    expect(faces()).toEqual(['Top heading: Ch 1060.0 m02/10/2026 Night', 'Bench: Ch 1020.0 m02/10/2026 Night']);
    const slider = screen.getByRole('slider', { name: 'Show the drive at the end of a date' });
    expect(slider).toHaveAttribute('aria-valuetext', '02/10/2026');
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    await waitFor(() => expect(location()).toBe('/en/dashboard/search/tunnel/52?tunnel-date=2026-10-01'));
    expect(faces()).toEqual(['Top heading: Ch 1010.0 m01/10/2026 Day']);
    fireEvent.keyDown(slider, { key: 'End' });
    // The last day is today: the date leaves the URL, the faces are the latest.
    await waitFor(() => expect(location()).toBe('/en/dashboard/search/tunnel/52'));
    expect(faces()[0]).toBe('Top heading: Ch 1120.0 m03/10/2026 Day');
  });

  it('offers no delete button without the delete task, and lists the drawings without the upload action', async () => {
    serve([]);
    render();
    await screen.findByRole('heading', { name: 'C101 / Adit A' });
    expect(screen.queryByRole('button', { name: /^Delete the/ })).toBeNull();
    const drawings = await screen.findByRole('list', { name: 'Progress drawings' });
    expect(drawings).toHaveTextContent('adit-progress-1003.pdf');
    expect(within(drawings).getByRole('button', { name: 'Download adit-progress-1003.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload progress drawing' })).toBeNull();
  });

  it('deletes a shift report after confirmation for a holder of the delete task, and the faces follow', async () => {
    const { deleted } = serve(['DeleteStationorTunnelExcavationProgress']);
    const { user } = render();
    await screen.findByRole('heading', { name: 'C101 / Adit A' });
    await user.click(screen.getByRole('button', { name: 'Delete the top heading report of 03/10/2026 (day shift)' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete the top heading report of 03/10/2026 (day shift)?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toEqual(['804']));
    await waitFor(() => expect(faces()[0]).toBe('Top heading: Ch 1060.0 m02/10/2026 Night'));
    expect(within(screen.getByRole('table', { name: 'Shift reports' })).getAllByRole('row')).toHaveLength(4);
  });

  it('opens the drawing upload for a holder of Manage Mined Tunnel Activities', async () => {
    serve(['ManageMinedTunnelActivities']);
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Upload progress drawing' }));
    expect(await screen.findByRole('dialog', { name: /Adit A/ })).toBeInTheDocument();
  });
});
