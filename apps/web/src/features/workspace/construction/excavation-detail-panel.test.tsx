import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { storeSyncData } from '../../../lib/auth-store';
import { instrumentFixture, syncResponse } from '../../../test/fixtures';
import { renderWidget } from '../../../test/render-widget';
import { api, server } from '../../../test/server';
import { ExcavationDetailPanel } from './excavation-detail-panel';
import { excavationProgress } from './test-data';

/** Instruments of C101 around Orchard Box (the outline 30000–30100 E, 28000–28060 N). */
const INSTRUMENTS = [
  instrumentFixture({ instrument_id: 101, name: 'IN-01', type_name: 'Inclinometer', easting: 30050, northing: 28030 }),
  instrumentFixture({ instrument_id: 102, name: 'SM-02', easting: 30130, northing: 28030 }),
  instrumentFixture({ instrument_id: 103, name: 'SM-03', easting: 30300, northing: 28030 }),
];

function serve(permissions: string[] = []) {
  storeSyncData(syncResponse({ permissions }));
  const deleted: string[] = [];
  let progress = excavationProgress();
  const asked = { progress: 0, readings: [] as string[] };
  server.use(
    http.get(api('/civil/sites/41/excavation-progress'), () => {
      asked.progress += 1;
      return HttpResponse.json(progress);
    }),
    http.delete(api('/civil/sites/41/:kind/:rowId'), ({ params }) => {
      deleted.push(`${String(params.kind)}/${String(params.rowId)}`);
      if (params.kind === 'excavation-supports') progress = excavationProgress({ supports: [] });
      return HttpResponse.json({ ok: true });
    }),
    http.get(api('/instruments'), () => HttpResponse.json({ records: INSTRUMENTS, total_records: INSTRUMENTS.length })),
    http.get(api('/instruments/status'), () =>
      HttpResponse.json({
        records: [
          { instrument_id: 101, level_code: 'AL', severity: 2, last_reading_at: '2026-07-01T00:00:00Z' },
          { instrument_id: 102, level_code: null, severity: 0, last_reading_at: '2026-07-01T00:00:00Z' },
        ],
      }),
    ),
    http.get(api('/instruments/101/readings'), ({ request }) => {
      asked.readings.push(new URL(request.url).searchParams.toString());
      return HttpResponse.json({
        instrument_id: 101,
        name: 'IN-01',
        from: null,
        to: null,
        max_points: 1000,
        series: [
          {
            series_id: 1,
            code: 'A',
            description: 'Deflection A',
            depth: 5,
            unit: 'mm',
            precision: 2,
            raw_count: 2,
            downsampled: false,
            points: [
              [Date.parse('2026-06-10T00:00:00Z'), 1.5],
              [Date.parse('2026-07-01T00:00:00Z'), 4.25],
            ],
          },
        ],
      });
    }),
  );
  return { deleted, asked };
}

const render = (url = '/en/dashboard/search/excavation/41', onShowOnMap = vi.fn()) =>
  renderWidget(<ExcavationDetailPanel siteId={41} contractIds={[11]} onShowOnMap={onShowOnMap} />, { url });

describe('Excavation site detail', { timeout: 30_000 }, () => {
  it('shows the site, its progress and design values, the stages with actual dates, and fits the map to it once', async () => {
    serve();
    const onShowOnMap = vi.fn();
    render(undefined, onShowOnMap);
    expect(await screen.findByRole('heading', { name: 'C101 / Orchard Box' })).toBeInTheDocument();
    const value = (label: string) => screen.getByText(label).nextSibling?.textContent;
    expect(value('Description')).toBe('Cut-and-cover station box');
    expect(value('Current progress')).toBe('95.50 / 90.00 mRL · Stage 2: Excavate to FEL · as of 02/07/2026');
    expect(value('max_wall_deflection_mm')).toBe('45');
    const stages = screen.getByRole('table', { name: 'Stages, planned and actual' });
    expect(
      within(within(stages).getByText('1. Excavate to S1').closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1. Excavate to S1', '98.00', '01/06/2026', '20/06/2026', '03/06/2026', '25/06/2026']);
    // The chart: one series (a one-zone site) of three levels.
    expect(screen.getByRole('img', { name: 'Excavated level over time at Orchard Box' }).dataset.points).toBe('3');
    // Levels newest first; the strut with its installation time in the platform zone.
    const levels = screen.getByRole('table', { name: 'Levels reached' });
    expect(within(levels).getAllByRole('row')[1]).toHaveTextContent('02/07/2026');
    expect(screen.getByRole('table', { name: 'Struts and anchors' })).toHaveTextContent('S1Strut99.5026/06/2026 10:30:00');
    expect(screen.getByRole('table', { name: 'Design values per stage' })).toHaveTextContent('1. Excavate to S112.58508.0');
    await waitFor(() => expect(onShowOnMap).toHaveBeenCalledTimes(1));
    expect(onShowOnMap).toHaveBeenCalledWith([30000, 28000, 30100, 28060], true);
  });

  it('offers no delete button without the delete tasks', async () => {
    serve(['ViewInstrumentData']);
    render();
    await screen.findByRole('heading', { name: 'C101 / Orchard Box' });
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
  });

  it('deletes a strut after confirmation for a holder of the delete task, then shows the site again', async () => {
    const { deleted, asked } = serve(['DeleteStationorTunnelExcavationProgress']);
    const { user } = render();
    await screen.findByRole('heading', { name: 'C101 / Orchard Box' });
    // Levels and supports with the progress task; design values need Delete Design Info.
    expect(screen.getAllByRole('button', { name: /^Delete the level of/ })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Delete the design values of stage 1' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Delete support S1' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete support S1? Every view of this site is updated.');
    const before = asked.progress;
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toEqual(['excavation-supports/601']));
    expect(await screen.findByText('Deleted support S1.')).toBeInTheDocument();
    await waitFor(() => expect(asked.progress).toBeGreaterThan(before));
    expect(await screen.findByText('No struts or anchors installed yet.')).toBeInTheDocument();
  });

  it('asks nothing when the confirmation is cancelled, and deletes design values with Delete Design Info', async () => {
    const { deleted } = serve(['DeleteDesignInfo']);
    const { user } = render();
    await screen.findByRole('heading', { name: 'C101 / Orchard Box' });
    expect(screen.queryByRole('button', { name: 'Delete support S1' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Delete the design values of stage 1' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleted).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete the design values of stage 1' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toEqual(['excavation-design/701']));
  });

  it('lists the instruments inside or within the distance of the URL with their status, and the distance goes to the URL', async () => {
    serve(['ViewInstrumentData']);
    const { user, location } = render('/en/dashboard/search/excavation/41?distance=40');
    const table = await screen.findByRole('table', { name: 'Instruments in or near the site' });
    expect(screen.getByRole('textbox', { name: 'Within (m) of the site' })).toHaveValue('40');
    await waitFor(() => expect(within(table).getByText('IN-01')).toBeInTheDocument());
    const row = (name: string) => within(table).getByText(name).closest('tr')!;
    // The status level arrives with the work space's status query.
    await waitFor(() => expect(row('IN-01')).toHaveTextContent('InsideAL'));
    expect(row('SM-02')).toHaveTextContent('30.0 mNormal');
    expect(within(table).queryByText('SM-03')).toBeNull();

    const field = screen.getByRole('textbox', { name: 'Within (m) of the site' });
    await user.clear(field);
    await user.type(field, '250{Enter}');
    await waitFor(() => expect(within(table).getByText('SM-03')).toBeInTheDocument());
    expect(location()).toBe('/en/dashboard/search/excavation/41?distance=250');
    await user.clear(field);
    await user.type(field, 'far{Enter}');
    expect(screen.getByText('Enter a distance from 0 to 5000 m')).toBeInTheDocument();
    expect(location()).toBe('/en/dashboard/search/excavation/41?distance=250');
    await user.clear(field);
    await user.type(field, '50{Enter}');
    await waitFor(() => expect(location()).toBe('/en/dashboard/search/excavation/41'));
  });

  it('draws a chosen instrument’s reading beside the excavation level from the first level on', async () => {
    const { asked } = serve(['ViewInstrumentData']);
    const { user, location } = render();
    await screen.findByRole('table', { name: 'Instruments in or near the site' });
    await user.click(screen.getByRole('combobox', { name: 'Instrument' }));
    await user.click(await screen.findByRole('option', { name: 'IN-01' }));
    await waitFor(() => expect(location()).toBe('/en/dashboard/search/excavation/41?compare=101'));
    await waitFor(() => expect(asked.readings).toHaveLength(1));
    // From the first level's day (03/06/2026) at midnight in Singapore.
    expect(new URLSearchParams(asked.readings[0]).get('from')).toBe('2026-06-02T16:00:00.000Z');
    const chart = screen.getByRole('img', { name: "Excavation level at Orchard Box and an instrument's reading" });
    await waitFor(() => expect(chart.dataset.points).toBe('5'));
    expect(chart).toHaveAccessibleDescription('Excavated level (mRL, left axis) and the reading of IN-01 (right axis) on one time axis.');
  });
});
