import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { storeSyncData } from '../../../lib/auth-store';
import { syncResponse } from '../../../test/fixtures';
import { renderWidget } from '../../../test/render-widget';
import { api, server } from '../../../test/server';
import { BoreholeDetailPanel } from './borehole-detail-panel';
import { boreholeRow } from './test-data';

/** Serves borehole 31, its two versions, and group pages (recording what was asked). */
function serve(permissions: string[] = []) {
  storeSyncData(syncResponse({ permissions }));
  const asked: string[] = [];
  const reports: unknown[] = [];
  server.use(
    http.get(api('/boreholes/31'), ({ request }) => {
      const version = new URL(request.url).searchParams.get('version');
      return HttpResponse.json(version === '1' ? boreholeRow({ version: 1, upload_file_name: 'first.ags' }) : boreholeRow());
    }),
    http.get(api('/boreholes/31/versions'), () =>
      HttpResponse.json({
        records: [
          { version: 2, upload_id: 8, file_name: 'c101-si.ags', loaded: '2026-11-20T02:00:00Z', loaded_by_name: 'Alice Tan' },
          { version: 1, upload_id: 3, file_name: 'first.ags', loaded: '2026-10-01T02:00:00Z', loaded_by_name: 'Alice Tan' },
        ],
      }),
    ),
    http.get(api('/boreholes/31/:group'), ({ request, params }) => {
      const url = new URL(request.url);
      asked.push(`${String(params.group)}?${url.searchParams.toString()}`);
      if (params.group === 'ispt') {
        return HttpResponse.json({
          records: [{ ispt_top: 10.5, ispt_nval: 23, ispt_seat: -2147483648, ispt_rep: 'N=23', ispt_type: null }],
          total_records: 14,
        });
      }
      return HttpResponse.json({ records: [{ geol_top: 0, geol_base: 1.5, geol_geol: 'MG', geol_desc: 'MADE GROUND' }], total_records: 1 });
    }),
    http.post(api('/reports/si-borehole'), async ({ request }) => {
      reports.push(await request.json());
      return new HttpResponse('%PDF-1.4', { headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="BH-01.pdf"' } });
    }),
  );
  return { asked, reports };
}

describe('Borehole detail', () => {
  it('shows the title, the fields with "-" for empty ones, and the version line', async () => {
    serve();
    renderWidget(<BoreholeDetailPanel boreholeId={31} onShowOnMap={() => undefined} />, { url: '/en/dashboard/search/borehole/31' });
    expect(await screen.findByRole('heading', { name: 'C101 / BH-01' })).toBeInTheDocument();
    const value = (label: string) => screen.getByText(label).nextSibling?.textContent;
    expect(value('Borehole number')).toBe('BH-01');
    expect(value('Borehole type')).toBe('RC');
    expect(value('Easting (SVY21)')).toBe('28001.642');
    expect(value('Northing (SVY21)')).toBe('38744.572');
    expect(value('Crew')).toBe('-');
    expect(value('Remark')).toBe('-');
    expect(screen.getByText('Version 2 of 2, from c101-si.ags')).toBeInTheDocument();
    expect(screen.getByText('Toggle the panel size to see all columns.')).toBeInTheDocument();
  });

  it('restores the group, page and page size from the URL and keeps them there as they change', async () => {
    const { asked } = serve();
    const { user, location } = renderWidget(<BoreholeDetailPanel boreholeId={31} onShowOnMap={() => undefined} />, {
      url: '/en/dashboard/search/borehole/31?group=ispt&group-page=2&group-size=10',
    });
    const table = await screen.findByRole('table', { name: 'ISPT records' });
    expect(screen.getByRole('button', { name: 'ISPT' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(asked).toContain('ispt?skip=10&limit=10'));
    // Numbers with the field's decimals; -2147483648 and null empty.
    const row = within(table).getByText('10.50').closest('tr')!;
    expect(within(row).getByText('23')).toBeInTheDocument();
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells[BOREHOLE_SEAT_INDEX]).toBe('');
    expect(screen.getByText('11–14 of 14')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'GEOL' }));
    await screen.findByRole('table', { name: 'GEOL records' });
    expect(location()).toBe('/en/dashboard/search/borehole/31?group-size=10');
    await waitFor(() => expect(asked).toContain('geol?skip=0&limit=10'));
  });

  it('asks every row with page size All (-1)', async () => {
    const { asked } = serve();
    renderWidget(<BoreholeDetailPanel boreholeId={31} onShowOnMap={() => undefined} />, { url: '/en/dashboard/search/borehole/31?group=core&group-size=-1' });
    await screen.findByRole('table', { name: 'CORE records' });
    await waitFor(() => expect(asked).toContain('core?skip=0&limit=-1'));
  });

  it('reads an earlier version chosen in the selector', async () => {
    serve();
    const { user, location } = renderWidget(<BoreholeDetailPanel boreholeId={31} onShowOnMap={() => undefined} />, { url: '/en/dashboard/search/borehole/31' });
    await user.click(await screen.findByRole('combobox', { name: 'Version' }));
    await user.click(await screen.findByRole('option', { name: /^Version 1/ }));
    expect(await screen.findByText('Version 1 of 2, from first.ags')).toBeInTheDocument();
    expect(location()).toBe('/en/dashboard/search/borehole/31?version=1');
  });

  it('centres the map on the borehole once it is known', async () => {
    serve();
    const onShowOnMap = vi.fn();
    renderWidget(<BoreholeDetailPanel boreholeId={31} onShowOnMap={onShowOnMap} />, { url: '/en/dashboard/search/borehole/31' });
    await screen.findByRole('heading', { name: 'C101 / BH-01' });
    await waitFor(() => expect(onShowOnMap).toHaveBeenCalledTimes(1));
    expect(onShowOnMap.mock.calls[0]![0]).toMatchObject({ easting: 28001.642, northing: 38744.572 });
  });

  it('offers the Download menu only with Export Site Investigation', async () => {
    serve([]);
    const first = renderWidget(<BoreholeDetailPanel boreholeId={31} onShowOnMap={() => undefined} />, { url: '/en/dashboard/search/borehole/31' });
    await screen.findByRole('heading', { name: 'C101 / BH-01' });
    expect(screen.getByRole('button', { name: 'Logs' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
    first.unmount();

    const { reports } = serve(['ExportSiteInvestigation']);
    // jsdom has no object URLs and does not follow the download link: the link clicked is recorded.
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderWidget(<BoreholeDetailPanel boreholeId={31} onShowOnMap={() => undefined} />, { url: '/en/dashboard/search/borehole/31' });
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['PDF', 'XLS', 'HTML', 'AGS4']);
    await user.click(within(menu).getByRole('menuitem', { name: 'PDF' }));
    await waitFor(() => expect(reports).toEqual([{ output: 'pdf', background: false, template: 'default', borehole_id: 31, download: true }]));
    expect(await screen.findByText('Saved BH-01.pdf')).toBeInTheDocument();
    expect(saved).toEqual(['BH-01.pdf']);
    vi.restoreAllMocks();
  });
});

/** ispt_seat's column: ispt_top, ispt_inc1…6, then ispt_seat. */
const BOREHOLE_SEAT_INDEX = 7;
