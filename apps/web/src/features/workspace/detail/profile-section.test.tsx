import type { TInstrumentProfile } from '@strata/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { configure, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeSyncData } from '../../../lib/auth-store';
import { queryClient } from '../../../lib/query-client';
import { storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderWidget } from '../../../test/render-widget';
import { api, server } from '../../../test/server';
import { ProfileSection } from './profile-section';

configure({ asyncUtilTimeout: 5000 });

const CODES = [
  { code: 'A', description: 'Displacement A', unit: 'mm', precision: 2 },
  { code: 'B', description: 'Displacement B', unit: 'mm', precision: 2 },
];
// Two days, Singapore time: the profiles are asked at the end of each.
const DAYS = ['2026-02-02T16:00:00.000Z', '2026-02-23T16:00:00.000Z'];

function profileAnswer(at: string[]): TInstrumentProfile {
  const point = (depth: number, value: number) => ({ depth, value, taken_at: at[0]! });
  return {
    instrument_id: 42,
    profiles: at.flatMap((when, i) => [
      { at: when, code: 'A', until: when, unit: 'mm', points: [point(2, 0.5 + i), point(4, -1.25), point(6, 0.1)] },
      { at: when, code: 'B', until: when, unit: 'mm', points: [point(2, -0.3 * (i + 1)), point(4, 0.2)] },
    ]),
  };
}

function renderProfile(permissions: string[]) {
  storeTestCredential();
  storeSyncData(syncResponse({ permissions }));
  queryClient.clear();
  const asked: string[][] = [];
  server.use(
    http.get(api('/instruments/42/profile'), ({ request }) => {
      const at = new URL(request.url).searchParams.get('at')!.split(',');
      asked.push(at);
      return HttpResponse.json(profileAnswer(at));
    }),
  );
  const view = renderWidget(
    <QueryClientProvider client={queryClient}>
      <ProfileSection instrumentId={42} instrumentName="IN-01" codes={CODES} defaultDates={DAYS} timezone="Asia/Singapore" />
    </QueryClientProvider>,
  );
  return { ...view, asked };
}

describe('inclinometer profile section', { timeout: 30_000 }, () => {
  it('gives each reading code its profile chart with the chart toolbar: numeric bounds, display switches and the exports', async () => {
    const { user, asked } = renderProfile(['ViewInstrumentData', 'ExportInstrumentCharts']);
    const a = await screen.findByRole('img', { name: 'Profile of A of IN-01' });
    expect(asked).toEqual([['2026-02-03T15:59:59.999Z', '2026-02-24T15:59:59.999Z']]);
    // What each chart plots: A has three depths on two dates, B two; x is the displacement.
    expect(a.dataset).toMatchObject({ points: '6', firstX: '-1.25', lastX: '1.5' });
    expect(screen.getByRole('img', { name: 'Profile of B of IN-01' }).dataset).toMatchObject({ points: '4', firstX: '-0.6', lastX: '0.2' });

    const panelA = within(screen.getByTestId('profile-A'));
    for (const name of ['Xmin', 'Xmax', 'Ymin', 'Ymax']) expect(panelA.getByLabelText(name)).toHaveProperty('type', 'text');
    expect(panelA.getByRole('button', { name: 'Reset axis' })).toHaveProperty('disabled', false);
    await user.click(panelA.getByRole('button', { name: 'Chart options' }));
    expect(screen.getAllByRole('menuitemcheckbox').map((item) => item.textContent)).toEqual(['Labels', 'Subtitle', 'Legends', 'Grid', 'All levels']);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Export PNG', 'Export JPG', 'Export PDF', 'Export SVG']);
  });

  it('offers no export without Export Instrument Charts', async () => {
    const { user } = renderProfile(['ViewInstrumentData']);
    await screen.findByRole('img', { name: 'Profile of A of IN-01' });
    await user.click(within(screen.getByTestId('profile-B')).getByRole('button', { name: 'Chart options' }));
    expect(screen.getAllByRole('menuitemcheckbox')).toHaveLength(5);
    expect(screen.queryByRole('menuitem', { name: 'Export PNG' })).toBeNull();
  });
});
