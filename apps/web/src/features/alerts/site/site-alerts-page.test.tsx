import type { TAlert, TCivilSite, TSite, TSiteAlertList } from '@strata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { setViewport, WIDTHS } from '../../../test/viewport';
import { alertRow } from '../test-data';

const SLOW = { timeout: 8000 };

const SITES: TCivilSite[] = [
  { site_id: 41, site_name: 'Station Box A', contract_id: 11, contract_no: 'C101', type: 'E' },
  { site_id: 42, site_name: 'Adit B', contract_id: 11, contract_no: 'C101', type: 'MT' },
  { site_id: 43, site_name: 'Shaft C', contract_id: 11, contract_no: 'C101', type: 'E' },
];
const OUTLINE: TSite['geometry'] = {
  type: 'Polygon',
  coordinates: [
    [
      [30000, 30000],
      [30100, 30000],
      [30100, 30100],
      [30000, 30000],
    ],
  ],
};

const scenarioAlert = (overrides: Partial<TAlert>) =>
  alertRow({
    kind: 'scenario',
    instrument_id: null,
    instrument_name: null,
    reading_code: null,
    series_id: null,
    level_code: 'AL',
    level_color: '#fb8c00',
    ...overrides,
  });

/** Alerts per site: Station Box A has two, Adit B one, Shaft C none. */
const ALERTS: Record<number, TAlert[]> = {
  41: [
    scenarioAlert({
      alert_id: 12,
      scenario_id: 3,
      scenario_name: 'Station box west wall',
      message: '3 instruments of Station box west wall at AL within 24 h',
    }),
    scenarioAlert({ alert_id: 13, kind: 'group', group_id: 4, group_name: 'Box struts', message: 'Group Box struts: 2 at AL' }),
  ],
  42: [scenarioAlert({ alert_id: 14, scenario_id: 5, scenario_name: 'Adit crown', message: '2 instruments of Adit crown at AL within 24 h' })],
  43: [],
};

function siteOf(c: TCivilSite, geometry: TSite['geometry'] = OUTLINE): TSite {
  return {
    ...c,
    description: '',
    geometry,
    stages: [],
    design_values: {},
    chainage_start: null,
    drawing_count: 0,
    created: '2026-11-01T00:00:00.000Z',
    updated: '2026-11-01T00:00:00.000Z',
  };
}

/** Serves the sites and their alerts; records what the alert list was asked, by site. */
function serve({ bare = [] as number[] } = {}) {
  storeTestCredential();
  const asked: { siteId: number; params: URLSearchParams }[] = [];
  const siteLists: URLSearchParams[] = [];
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions: ['ViewScenarioBasedAlert'] }))),
    http.get(api('/civil/sites'), ({ request }) => {
      siteLists.push(new URL(request.url).searchParams);
      return HttpResponse.json({ records: SITES, total_records: SITES.length });
    }),
    http.get(api('/civil/sites/:id'), ({ params }) => {
      const site = SITES.find((s) => s.site_id === Number(params.id));
      if (!site) return HttpResponse.json('Construction site not found', { status: 404 });
      return HttpResponse.json(siteOf(site, bare.includes(site.site_id) ? null : OUTLINE));
    }),
    http.get(api('/civil/sites/:id/alerts'), ({ params, request }) => {
      const siteId = Number(params.id);
      const search = new URL(request.url).searchParams;
      asked.push({ siteId, params: search });
      const site = SITES.find((s) => s.site_id === siteId);
      if (!site) return HttpResponse.json('Construction site not found', { status: 404 });
      const records = (ALERTS[siteId] ?? []).filter((a) => search.get('status') === 'all' || a.status === search.get('status'));
      const answer: TSiteAlertList = {
        records,
        total_records: records.length,
        site: { ...site, has_geometry: true },
        distance: Number(search.get('distance')),
      };
      return HttpResponse.json(answer);
    }),
    // The alert a row opens (not this test's business).
    http.get(api('/alerts/:id'), () => HttpResponse.json('Not found', { status: 404 })),
  );
  return { asked, siteLists };
}

describe('Construction Site Alerts', { timeout: 30_000 }, () => {
  it('picks the first site of the active contracts when none is in the URL and lists its open alerts within 50 m', async () => {
    setViewport(WIDTHS.desktop);
    const { asked, siteLists } = serve();
    const { location } = renderApp('/en/civil/construction-site');
    await waitFor(() => expect(location()).toBe('/en/civil/construction-site?site=41'), SLOW);
    const table = await screen.findByRole('table', { name: 'Scenario-based alerts of Station Box A' }, SLOW);
    await within(table).findByText('Station box west wall', undefined, SLOW);
    expect(within(table).getByText('Box struts')).toBeInTheDocument();
    expect(siteLists.at(-1)?.get('contracts')).toBe('[11]');
    expect(siteLists.at(-1)?.get('limit')).toBe('1000');
    expect(asked.at(-1)?.siteId).toBe(41);
    expect(asked.at(-1)?.params.get('distance')).toBe('50');
    expect(asked.at(-1)?.params.get('status')).toBe('open');
    expect(screen.getByRole('combobox', { name: 'Contract / site' }).textContent).toBe('C101 / Station Box A (Excavation)');
    expect(screen.getByRole('spinbutton', { name: 'Distance' })).toHaveValue(50);
  });

  it('asks again with the site and the distance chosen, both kept in the URL', async () => {
    setViewport(WIDTHS.desktop);
    const { asked } = serve();
    const { user, location } = renderApp('/en/civil/construction-site?site=41');
    await screen.findByRole('table', { name: 'Scenario-based alerts of Station Box A' }, SLOW);

    await user.click(screen.getByRole('combobox', { name: 'Contract / site' }));
    await user.click(await screen.findByRole('option', { name: 'C101 / Adit B (Mined tunnel)' }));
    await waitFor(() => expect(location()).toBe('/en/civil/construction-site?site=42'), SLOW);
    const adit = await screen.findByRole('table', { name: 'Scenario-based alerts of Adit B' }, SLOW);
    await within(adit).findByText('Adit crown', undefined, SLOW);
    expect(asked.at(-1)?.siteId).toBe(42);

    const distance = screen.getByRole('spinbutton', { name: 'Distance' });
    await user.clear(distance);
    await user.type(distance, '30{Enter}');
    await waitFor(() => expect(location()).toBe('/en/civil/construction-site?site=42&distance=30'), SLOW);
    await waitFor(() => expect(asked.at(-1)?.params.get('distance')).toBe('30'), SLOW);
    expect(asked.at(-1)?.siteId).toBe(42);

    // A distance past 500 m is refused in the field and not asked for.
    await user.clear(distance);
    await user.type(distance, '900{Enter}');
    expect(await screen.findByText('A number of metres from 0 to 500', undefined, SLOW)).toBeInTheDocument();
    expect(location()).toBe('/en/civil/construction-site?site=42&distance=30');
  });

  it('says when no alert concerns the site, and when the site has no outline to measure from', async () => {
    setViewport(WIDTHS.desktop);
    serve({ bare: [42] });
    const { router } = renderApp('/en/civil/construction-site?site=43&distance=120');
    const table = await screen.findByRole('table', { name: 'Scenario-based alerts of Shaft C' }, SLOW);
    expect(
      await within(table).findByText('No scenario-based alerts concern this site (its instruments inside it or within 120 m).', undefined, SLOW),
    ).toBeInTheDocument();

    await router.navigate('/en/civil/construction-site?site=42');
    expect(await screen.findByText(/Adit B has no outline or alignment yet/, undefined, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says a site outside the caller’s contracts is not found', async () => {
    serve();
    renderApp('/en/civil/construction-site?site=99');
    expect(await screen.findByText('This construction site is not found in your contracts.', undefined, SLOW)).toBeInTheDocument();
  });

  it('opens the alert from its row on a phone', async () => {
    setViewport(WIDTHS.phone);
    serve();
    const { user, location } = renderApp('/en/civil/construction-site?site=41');
    const table = await screen.findByRole('table', { name: 'Scenario-based alerts of Station Box A' }, SLOW);
    await user.click(await within(table).findByText('Station box west wall', undefined, SLOW));
    await waitFor(() => expect(location()).toBe('/en/alerts/scenario-based/12'), SLOW);
  });
});
