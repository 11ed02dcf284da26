import type { TBreachedList } from '@strata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { configResponse, storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { setViewport, WIDTHS } from '../../../test/viewport';
import { breachedRow, configLevels, LEVELS } from '../test-data';
import { breachedExtent } from './breached-map';

const SLOW = { timeout: 8000 };

function levelsWith(counts: Record<string, number>): TBreachedList['levels'] {
  return LEVELS.map((l) => ({ level_code: l.code, level_name: l.name, color: l.color, severity: l.severity, count: counts[l.code] ?? 0 }));
}

/** Serves GET /alerts/breached: the WSL list, or the AL one; records every query asked. */
function serve(permissions = ['SearchorViewAlertMessage', 'ViewBreachedStatus']) {
  storeTestCredential();
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions }))),
    http.get(api('/config'), () => HttpResponse.json(configResponse(configLevels))),
    http.get(api('/alerts/breached'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      const level = params.get('level') ?? 'WSL';
      const keyword = params.get('keyword') ?? '';
      const records =
        level === 'AL'
          ? [
              breachedRow({
                alert_id: 8,
                instrument_id: 22,
                name: 'SP-2001',
                type_name: 'Standpipe',
                level_code: 'AL',
                level_color: '#fb8c00',
                reading_code: 'WL',
                unit: 'm',
                latest_value: -2.1,
                peak_value: -2.4,
              }),
            ]
          : [breachedRow(), breachedRow({ alert_id: 6, instrument_id: 23, name: 'SM-1030', latest_value: 29.4, peak_value: 30.1 })].filter((r) =>
              r.name.includes(keyword),
            );
      return HttpResponse.json({ level, records, total_records: records.length, levels: levelsWith({ AL: 1, WSL: 2 }) } satisfies TBreachedList);
    }),
  );
  return asked;
}

describe('Breached Instrument', { timeout: 30_000 }, () => {
  it('lists the instruments at WSL by default, switches level through the URL, and opens an alert', async () => {
    setViewport(WIDTHS.desktop);
    const asked = serve();
    const { user, location } = renderApp('/en/alert/breached');
    const table = await screen.findByRole('table', { name: 'Breached instruments at WSL' }, SLOW);
    await within(table).findByText('SM-1023', undefined, SLOW);
    expect(within(table).getByText('SM-1030')).toBeInTheDocument();
    expect(within(table).getAllByText('-31.20 mm').length).toBeGreaterThan(0);
    expect(asked[0]?.get('level')).toBe('WSL');
    expect(asked[0]?.get('contracts')).toBe('[11]');
    expect(screen.getByText('2 instruments with an open alert at Work Suspension Level')).toBeInTheDocument();

    // The level buttons carry the counts; AL lists the one instrument at AL.
    const levels = screen.getByRole('group', { name: 'Level' });
    expect(within(levels).getByRole('button', { name: 'WSL (2)' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(within(levels).getByRole('button', { name: 'AL (1)' }));
    await waitFor(() => expect(location()).toBe('/en/alert/breached?level=AL'), SLOW);
    const al = await screen.findByRole('table', { name: 'Breached instruments at AL' }, SLOW);
    await within(al).findByText('SP-2001', undefined, SLOW);
    expect(within(al).queryByText('SM-1023')).toBeNull();

    await user.click(within(al).getByText('SP-2001'));
    await waitFor(() => expect(location()).toBe('/en/alert-detail/8'), SLOW);
  });

  it('searches by keyword from the Filter action', async () => {
    serve();
    const { user, location } = renderApp('/en/alert/breached');
    await screen.findByRole('table', { name: 'Breached instruments at WSL' }, SLOW);
    expect(screen.queryByRole('search', { name: 'Breached instrument filters' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Filter' }, SLOW));
    const search = await screen.findByRole('search', { name: 'Breached instrument filters' });
    await user.type(within(search).getByRole('searchbox', { name: 'Search instruments' }), '1030{Enter}');
    await waitFor(() => expect(location()).toBe('/en/alert/breached?keyword=1030'), SLOW);
    const table = screen.getByRole('table', { name: 'Breached instruments at WSL' });
    await waitFor(() => expect(within(table).queryByText('SM-1023')).toBeNull(), SLOW);
    expect(within(table).getByText('SM-1030')).toBeInTheDocument();
  });

  it('says so when no instrument is at the level, and shows a failure with a retry', async () => {
    setViewport(WIDTHS.phone);
    storeTestCredential();
    let fail = true;
    server.use(
      http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions: ['ViewBreachedStatus'] }))),
      http.get(api('/alerts/breached'), () =>
        fail
          ? HttpResponse.json('Level PDX does not exist', { status: 400 })
          : HttpResponse.json({ level: 'WSL', records: [], total_records: 0, levels: levelsWith({}) }),
      ),
    );
    const { user } = renderApp('/en/alert/breached');
    expect(await screen.findByText('Level PDX does not exist', undefined, SLOW)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No instrument has an open alert at WSL.', undefined, SLOW)).toBeInTheDocument();
  });
});

describe('breached map extent', () => {
  it('frames the instruments with a margin that keeps their names in view, and is null with none', () => {
    expect(breachedExtent([])).toBeNull();
    // 150 m, plus 12 % of the spread on each side (200 m east-west, 100 m north-south).
    expect(
      breachedExtent([
        { easting: 1000, northing: 2000 },
        { easting: 1200, northing: 1900 },
      ]),
    ).toEqual([826, 1738, 1374, 2162]);
    expect(breachedExtent([{ easting: 1000, northing: 2000 }])).toEqual([850, 1850, 1150, 2150]);
  });
});
