import { REPORT_MESSAGES, type TReportParamsInput } from '@strata/shared';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AppRoute } from '../../../lib/route-meta';
import { configResponse, storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { MapReportPanel, mapReportParams, type MapReportView } from './map-report-panel';

const SLOW = { timeout: 5000 };

/** The map's state as the page hands it over: a view, the layers drawn, the instruments of a dragged area. */
const VIEW: MapReportView = {
  extent: [30100.4, 29000.2, 31799.6, 30250.9],
  layers: ['boundaries', 'instruments', 'labels'],
  instrumentIds: [7, 9],
};

function setup(view: MapReportView) {
  storeTestCredential();
  const sent: { type: string; tzo: string | null; body: TReportParamsInput }[] = [];
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions: ['GenerateMapReport'] }))),
    http.get(api('/config'), () => HttpResponse.json(configResponse())),
    http.post(api('/reports/:type'), async ({ request, params }) => {
      sent.push({ type: String(params.type), tzo: new URL(request.url).searchParams.get('tzo'), body: (await request.json()) as TReportParamsInput });
      return HttpResponse.json({ report_id: 41, status: 1, token: 'tok', message: REPORT_MESSAGES.background });
    }),
  );
  const routes: AppRoute[] = [
    {
      path: '/test/map-report',
      meta: { title: 'workspace.route.mapReport', tasks: ['GenerateMapReport'] },
      Component: () => <MapReportPanel contractIds={[11, 12]} view={view} jobOptions={{ intervalMs: 5, resume: false }} />,
    },
  ];
  return { sent, view: renderApp('/en/test/map-report', { extraRoutes: routes }) };
}

describe('Map Reports panel (spec §2.4)', { timeout: 30_000 }, () => {
  it('sends the map’s view (whole metres, widened), its layers, the selection, the title, the format and the background flag', async () => {
    const { sent, view } = setup(VIEW);
    const user = view.user;
    await screen.findByRole('form', { name: 'Map report' }, SLOW);
    expect(screen.getByTestId('map-report-extent')).toHaveTextContent('E 30100 – 31800, N 29000 – 30251');
    expect(screen.getByText('2 selected instruments')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'North Portal  ');
    await user.click(screen.getByRole('button', { name: 'XLS' }));
    await user.click(screen.getByRole('switch', { name: 'Run in background' }));
    await user.click(screen.getByRole('button', { name: 'Generate Map Report' }));
    await waitFor(() => expect(sent).toHaveLength(1), SLOW);
    expect(sent[0]!.type).toBe('map');
    expect(sent[0]!.tzo).not.toBeNull();
    expect(sent[0]!.body).toEqual({
      contract_ids: [11, 12],
      period: { option: 'last-2-weeks' },
      output: 'xls',
      background: true,
      map: { extent: [30100, 29000, 31800, 30251], layers: ['boundaries', 'instruments', 'labels'], instrument_ids: [7, 9], title: 'North Portal' },
    });
    expect(await screen.findByText(REPORT_MESSAGES.background, {}, SLOW)).toBeInTheDocument();
  });

  it('waits for the map’s view, and refuses a view larger than 50 km with the server’s words', async () => {
    const { view } = setup({ ...VIEW, extent: null });
    await screen.findByRole('form', { name: 'Map report' }, SLOW);
    expect(screen.getByRole('button', { name: 'Generate Map Report' })).toBeDisabled();
    expect(screen.getByText('Waiting for the map to show its view…')).toBeInTheDocument();
    view.unmount();
    setup({ ...VIEW, extent: [1000, 1000, 90000, 20000] });
    await screen.findByRole('form', { name: 'Map report' }, SLOW);
    expect(screen.getByText('The map extent must be at most 50 km a side')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Map Report' })).toBeDisabled();
  });

  it('omits the selection and the title when there are none', () => {
    expect(mapReportParams([3], { extent: [1, 2, 3, 4], layers: ['instruments'] }, { title: ' ', output: 'pdf', background: false }).map).toEqual({
      extent: [1, 2, 3, 4],
      layers: ['instruments'],
    });
  });
});
