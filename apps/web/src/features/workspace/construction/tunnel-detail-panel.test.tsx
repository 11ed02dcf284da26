import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { TSiteDrawing } from '@strata/shared';
import { dayjs } from '../../../lib/dayjs';
import { storeSyncData } from '../../../lib/auth-store';
import { syncResponse } from '../../../test/fixtures';
import { renderWidget } from '../../../test/render-widget';
import { api, server } from '../../../test/server';
import { TunnelDetailPanel } from './tunnel-detail-panel';
import { placedTunnelDrawing, tunnelDrawing, tunnelProgress } from './test-data';

function serve(permissions: string[] = []) {
  storeSyncData(syncResponse({ permissions }));
  const deleted: string[] = [];
  const patched: { id: number; body: Record<string, unknown> }[] = [];
  const uploaded: { file: string; drawing_date: unknown; extent: unknown }[] = [];
  let drawings: TSiteDrawing[] = [tunnelDrawing(), placedTunnelDrawing(11, '2026-10-02', { extent: null })];
  let progress = tunnelProgress();
  server.use(
    http.get(api('/civil/sites/52/tunnel-progress'), () => HttpResponse.json(progress)),
    http.delete(api('/civil/sites/52/tunnel-shifts/:rowId'), ({ params }) => {
      deleted.push(String(params.rowId));
      progress = tunnelProgress({ shifts: progress.shifts.filter((s) => s.shift_id !== Number(params.rowId)) });
      return HttpResponse.json({ ok: true });
    }),
    http.get(api('/civil/sites/52/drawings'), () => HttpResponse.json({ records: drawings, total_records: drawings.length })),
    http.patch(api('/master-data/site-drawings/:id'), async ({ params, request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      patched.push({ id: Number(params.id), body });
      drawings = drawings.map((d) => (d.drawing_id === Number(params.id) ? { ...d, ...body } : d));
      return HttpResponse.json(drawings.find((d) => d.drawing_id === Number(params.id)));
    }),
    http.post(api('/master-data/sites/52/drawings'), async ({ request }) => {
      const form = await request.formData();
      const content = await (form.get('files') as File).text();
      uploaded.push({ file: content, drawing_date: form.get('drawing_date'), extent: form.get('extent') });
      // jsdom's XMLHttpRequest does not pass the file name on: the answer names it as the server would.
      const stored = placedTunnelDrawing(20, String(form.get('drawing_date')), {
        file_name: content.startsWith('%PDF') ? 'section.pdf' : 'face-1003.png',
        extent: form.get('extent') ? (JSON.parse(String(form.get('extent'))) as [number, number, number, number]) : null,
      });
      drawings = [stored, ...drawings];
      return HttpResponse.json(stored);
    }),
  );
  return { deleted, patched, uploaded };
}

/** The date a dialog's date picker shows (MUI keeps it in a hidden input beside the sections). */
const shownDate = (dialog: HTMLElement) =>
  within(dialog)
    .getByRole('group', { name: /Drawing date/ })
    .querySelector('input')!.value;

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
    const rows = within(drawings).getAllByTestId('progress-drawing-row');
    expect(rows[0]).toHaveTextContent('adit-progress-1003.pdf');
    expect(rows[0]).toHaveTextContent('Drawing of 03/10/2026 · cannot be shown on the map (PNG and JPEG only) · uploaded');
    expect(rows[0]).toHaveTextContent('Alice Tan');
    expect(rows[1]).toHaveTextContent('adit-2026-10-02.pngDrawing of 02/10/2026 · not on the map');
    expect(within(drawings).getByRole('button', { name: 'Download adit-progress-1003.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload progress drawing' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Date and place on the map of/ })).toBeNull();
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

  it('uploads a PNG progress drawing dated today over the drive with a margin, and a PDF without a place', async () => {
    const { uploaded } = serve(['ManageMinedTunnelActivities']);
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Upload progress drawing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Drawing: Adit A' });
    const upload = within(dialog).getByRole('button', { name: 'Upload' });
    expect(upload).toBeDisabled();
    // Today in the display zone; the alignment (100 m × 50 m) with 10 m around it.
    expect(shownDate(dialog)).toBe(dayjs().tz('Asia/Singapore').format('DD/MM/YYYY'));
    const corner = (name: string) => within(dialog).getByRole('textbox', { name });
    expect(['Lower-left Easting', 'Lower-left Northing', 'Upper-right Easting', 'Upper-right Northing'].map((n) => corner(n).getAttribute('value'))).toEqual([
      '19990',
      '29990',
      '20110',
      '30060',
    ]);
    await user.upload(screen.getByTestId('upload-input'), new File(['png bytes'], 'face-1003.png', { type: 'image/png' }));
    // Corners out of order are refused before sending.
    fireEvent.change(corner('Upper-right Northing'), { target: { value: '29000' } });
    expect(within(dialog).getByText('The upper-right corner must lie right of and above the lower-left corner')).toBeInTheDocument();
    expect(upload).toBeDisabled();
    fireEvent.change(corner('Upper-right Northing'), { target: { value: '30070.5' } });
    await user.click(upload);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const today = dayjs().tz('Asia/Singapore').format('YYYY-MM-DD');
    expect(uploaded).toEqual([{ file: 'png bytes', drawing_date: today, extent: '[19990,29990,20110,30070.5]' }]);
    expect(await screen.findByText('face-1003.png')).toBeInTheDocument();

    // A PDF: the note instead of the place, and no place sent.
    await user.click(screen.getByRole('button', { name: 'Upload progress drawing' }));
    const again = await screen.findByRole('dialog', { name: 'Upload Drawing: Adit A' });
    await user.upload(screen.getByTestId('upload-input'), new File(['%PDF-1.4'], 'section.pdf', { type: 'application/pdf' }));
    expect(within(again).getByText(/^Only PNG and JPEG drawings can be shown on the map/)).toBeInTheDocument();
    expect(within(again).queryByRole('textbox', { name: 'Lower-left Easting' })).toBeNull();
    await user.click(within(again).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(uploaded).toHaveLength(2));
    expect(uploaded[1]).toEqual({ file: '%PDF-1.4', drawing_date: today, extent: null });
  });

  it('places a drawing on the map afterwards (Place on map), the site’s extent proposed, and changes only the date of a PDF', async () => {
    const { patched } = serve(['ManageMinedTunnelActivities']);
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Date and place on the map of adit-2026-10-02.png' }));
    const dialog = await screen.findByRole('dialog', { name: 'Date and place on the map: adit-2026-10-02.png' });
    expect(shownDate(dialog)).toBe('02/10/2026');
    expect(within(dialog).getByRole('textbox', { name: 'Lower-left Easting' })).toHaveValue('19990');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Lower-left Easting' }), { target: { value: '19980' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patched).toEqual([{ id: 11, body: { drawing_date: '2026-10-02', extent: [19980, 29990, 20110, 30060] } }]);
    expect(await screen.findByText(/Drawing of 02\/10\/2026 · on the map/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Date of adit-progress-1003.pdf' }));
    const pdf = await screen.findByRole('dialog', { name: 'Date and place on the map: adit-progress-1003.pdf' });
    expect(within(pdf).getByText(/^Only PNG and JPEG drawings can be shown on the map/)).toBeInTheDocument();
    await user.click(within(within(pdf).getByRole('group', { name: /Drawing date/ })).getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('01102026');
    await user.click(within(pdf).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patched).toHaveLength(2));
    expect(patched[1]).toEqual({ id: 9, body: { drawing_date: '2026-10-01' } });
  });
});
