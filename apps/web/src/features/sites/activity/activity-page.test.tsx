import { SITE_LIMITS, type TSite } from '@strata/shared';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { sitesRoutes } from '../routes';
import { siteRecord } from '../test-data';
import { activityRequest, activityValues } from './activity-form';

// The machine running the suite may be busy: give the screen time to settle.
configure({ asyncUtilTimeout: 5000 });

/** Puts a value in a field at once, as a paste would (typing letter by letter is slow on a busy machine). */
function fill(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } });
}

const BOX = siteRecord({
  site_id: 1,
  site_name: 'Orchard Station Box',
  stages: [
    { stage_no: 2, name: 'Excavate to 95 mRL', description: '', target: 95, planned_start: '2026-03-01', planned_end: '2026-03-31' },
    { stage_no: 1, name: 'Excavate to 98 mRL', description: 'First struts', target: 98, planned_start: null, planned_end: null },
  ],
  design_values: { max_wall_deflection_mm: 45, support: 'struts' },
});
const SHAFT = siteRecord({ site_id: 3, site_name: 'Newton Shaft', contract_id: 12, contract_no: 'C102' });

function serve(permissions: string[] = ['ManageExcavationActivities'], sites: TSite[] = [BOX, SHAFT]) {
  storeTestCredential();
  const puts: unknown[] = [];
  let current = sites;
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions }))),
    http.get(api('/civil/sites'), ({ request }) => {
      const type = new URL(request.url).searchParams.get('type');
      const records = current
        .filter((s) => !type || s.type === type)
        .map((s) => ({ site_id: s.site_id, site_name: s.site_name, contract_id: s.contract_id, contract_no: s.contract_no, type: s.type }));
      return HttpResponse.json({ records, total_records: records.length });
    }),
    http.get(api('/master-data/sites/:id'), ({ params }) => {
      const site = current.find((s) => String(s.site_id) === params.id);
      return site ? HttpResponse.json(site) : HttpResponse.json('Construction site not found', { status: 404 });
    }),
    http.put(api('/master-data/sites/:id/activity'), async ({ request, params }) => {
      const body = (await request.json()) as { stages: TSite['stages']; design_values: TSite['design_values'] };
      puts.push(body);
      if (body.stages.some((s) => s.name === 'Bad')) return HttpResponse.json({ 'stages.0.name': 'Stage name is not allowed' }, { status: 400 });
      current = current.map((s) => (String(s.site_id) === params.id ? { ...s, ...body, updated: new Date().toISOString() } : s));
      return HttpResponse.json(current.find((s) => String(s.site_id) === params.id));
    }),
  );
  return puts;
}

describe('Excavation Activity', { timeout: 60_000 }, () => {
  it('picks the first excavation site when none is chosen and shows its stages in stage order', async () => {
    serve();
    const { location } = renderApp('/en/master-data/excavations', { routes: sitesRoutes });
    const form = await screen.findByRole('form', { name: 'Stages and design values of Orchard Station Box' }, { timeout: 5000 });
    expect(location()).toBe('/en/master-data/excavations?site=1');
    const names = within(form)
      .getAllByRole('textbox', { name: /Stage name/ })
      .map((input) => (input as HTMLInputElement).value);
    expect(names).toEqual(['Excavate to 98 mRL', 'Excavate to 95 mRL']);
    expect((within(form).getAllByRole('textbox', { name: /Formation level/ })[1] as HTMLInputElement).value).toBe('95');
    expect((within(form).getAllByRole('textbox', { name: /^Value/ })[0] as HTMLInputElement).value).toBe('45');
  });

  it('adds a stage and a design value and saves them through the activity API', async () => {
    const puts = serve();
    const { user } = renderApp('/en/master-data/excavations?site=1', { routes: sitesRoutes });
    const form = await screen.findByRole('form', { name: 'Stages and design values of Orchard Station Box' }, { timeout: 5000 });
    await user.click(within(form).getByRole('button', { name: 'Add stage' }));
    const stageNames = within(form).getAllByRole('textbox', { name: /Stage name/ });
    expect((within(form).getAllByRole('textbox', { name: /^No\./ })[2] as HTMLInputElement).value).toBe('3');
    fill(stageNames[2]!, 'Excavate to 92 mRL');
    fill(within(form).getAllByRole('textbox', { name: /Formation level/ })[2]!, '92.5');
    await user.click(within(form).getByRole('button', { name: 'Add design value' }));
    fill(within(form).getAllByRole('textbox', { name: /^Name/ })[2]!, 'strut_spacing_m');
    fill(within(form).getAllByRole('textbox', { name: /^Value/ })[2]!, '3');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Stages and design values of Orchard Station Box saved')).toBeInTheDocument();
    expect(puts).toHaveLength(1);
    const body = puts[0] as { stages: TSite['stages']; design_values: TSite['design_values'] };
    expect(body.stages.map((s) => [s.stage_no, s.name, s.target])).toEqual([
      [1, 'Excavate to 98 mRL', 98],
      [2, 'Excavate to 95 mRL', 95],
      [3, 'Excavate to 92 mRL', 92.5],
    ]);
    expect(body.design_values).toEqual({ max_wall_deflection_mm: 45, support: 'struts', strut_spacing_m: 3 });
  });

  it('refuses duplicate stage numbers and shows the server’s field errors on their field', async () => {
    const puts = serve();
    const { user } = renderApp('/en/master-data/excavations?site=1', { routes: sitesRoutes });
    const form = await screen.findByRole('form', { name: 'Stages and design values of Orchard Station Box' }, { timeout: 5000 });
    const numbers = within(form).getAllByRole('textbox', { name: /^No\./ });
    fill(numbers[1]!, '1');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Another stage has this number')).toBeInTheDocument();
    expect(puts).toEqual([]);

    fill(numbers[1]!, '2');
    const first = within(form).getAllByRole('textbox', { name: /Stage name/ })[0]!;
    fill(first, 'Bad');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Stage name is not allowed')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(first));
  });

  it('refuses a design value name and value over the shared limits, saying each limit', async () => {
    const puts = serve();
    const { user } = renderApp('/en/master-data/excavations?site=1', { routes: sitesRoutes });
    const form = await screen.findByRole('form', { name: 'Stages and design values of Orchard Station Box' }, { timeout: 5000 });
    fill(within(form).getAllByRole('textbox', { name: /^Name/ })[0]!, 'n'.repeat(SITE_LIMITS.designValueName + 1));
    fill(within(form).getAllByRole('textbox', { name: /^Value/ })[1]!, 'v'.repeat(SITE_LIMITS.designValue + 1));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(`Must be at most ${SITE_LIMITS.designValueName} characters`)).toBeInTheDocument();
    expect(within(form).getByText(`Must be at most ${SITE_LIMITS.designValue} characters`)).toBeInTheDocument();
    expect(puts).toEqual([]);
  });

  it('says there is nothing to edit when there are no mined tunnels, and offers Add Site to site managers', async () => {
    serve(['ManageConstructionSites'], [BOX]);
    renderApp('/en/master-data/mined-tunnel', { routes: sitesRoutes });
    expect(await screen.findByText('No mined tunnels yet.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Site' })).toBeInTheDocument();
  });
});

const DRIVE = siteRecord({
  site_id: 7,
  site_name: 'Bukit Drive NB',
  type: 'MT',
  chainage_start: 1200,
  geometry: {
    type: 'LineString',
    coordinates: [
      [28000, 33000],
      [28100, 33000],
    ],
  },
  stages: [{ stage_no: 1, name: 'Top heading to CH 1250', description: '', target: 1250, planned_start: null, planned_end: null }],
});

describe('Mined Tunnel Activity: the chainage at the start of the alignment', () => {
  it('shows the drive’s chainage and sends a changed one as chainage_start', async () => {
    const puts = serve(['ManageMinedTunnelActivities'], [BOX, DRIVE]);
    const { user } = renderApp('/en/master-data/mined-tunnel?site=7', { routes: sitesRoutes });
    const form = await screen.findByRole('form', { name: 'Stages and design values of Bukit Drive NB' }, { timeout: 5000 });
    const field = within(form).getByRole('textbox', { name: 'Chainage at the start of the alignment (m)' });
    expect((field as HTMLInputElement).value).toBe('1200');
    fill(field, ' 1187.5 ');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Stages and design values of Bukit Drive NB saved')).toBeInTheDocument();
    expect(puts).toHaveLength(1);
    expect((puts[0] as { chainage_start: unknown }).chainage_start).toBe(1187.5);
  });

  it('sends null when the chainage is emptied (the alignment then starts at 0)', async () => {
    const puts = serve(['ManageMinedTunnelActivities'], [DRIVE]);
    const { user } = renderApp('/en/master-data/mined-tunnel?site=7', { routes: sitesRoutes });
    const form = await screen.findByRole('form', { name: 'Stages and design values of Bukit Drive NB' }, { timeout: 5000 });
    fill(within(form).getByRole('textbox', { name: 'Chainage at the start of the alignment (m)' }), '');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toHaveProperty('chainage_start', null);
  });

  it('refuses a chainage that is not a number or out of range, sending nothing, and shows the server’s error on the field', async () => {
    const puts = serve(['ManageMinedTunnelActivities'], [DRIVE]);
    const { user } = renderApp('/en/master-data/mined-tunnel?site=7', { routes: sitesRoutes });
    const form = await screen.findByRole('form', { name: 'Stages and design values of Bukit Drive NB' }, { timeout: 5000 });
    const field = within(form).getByRole('textbox', { name: 'Chainage at the start of the alignment (m)' });
    fill(field, 'CH 1200');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter a number')).toBeInTheDocument();
    fill(field, '20000000');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter a chainage from -1,000,000 to 10,000,000 m')).toBeInTheDocument();
    expect(puts).toEqual([]);

    server.use(
      http.put(api('/master-data/sites/:id/activity'), () => HttpResponse.json({ chainage_start: 'Only a mined tunnel has a chainage' }, { status: 400 })),
    );
    fill(field, '1100');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Only a mined tunnel has a chainage')).toBeInTheDocument();
  });

  it('has no chainage field on an excavation site and sends no chainage_start for it', async () => {
    const puts = serve();
    const { user } = renderApp('/en/master-data/excavations?site=1', { routes: sitesRoutes });
    const form = await screen.findByRole('form', { name: 'Stages and design values of Orchard Station Box' }, { timeout: 5000 });
    expect(within(form).queryByRole('textbox', { name: /Chainage at the start/ })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).not.toHaveProperty('chainage_start');
  });
});

describe('activity form values', () => {
  it('turns numeric texts into numbers and keeps other design values as text', () => {
    const values = activityValues(BOX);
    values.design_values.push({ key: 'note', value: ' 12 m max ' }, { key: 'ratio', value: '-0.5e2' });
    values.stages[0]!.target = '';
    const body = activityRequest(values);
    expect(body.design_values).toEqual({ max_wall_deflection_mm: 45, support: 'struts', note: '12 m max', ratio: -50 });
    expect(body.stages[0]).toEqual({
      stage_no: 1,
      name: 'Excavate to 98 mRL',
      description: 'First struts',
      target: null,
      planned_start: null,
      planned_end: null,
    });
    expect(body.stages[1]!.planned_start).toBe('2026-03-01');
    expect(body).not.toHaveProperty('chainage_start');
  });

  it('turns a mined tunnel’s chainage text into a number, and empty into null', () => {
    const values = activityValues(DRIVE);
    expect(values.chainage_start).toBe('1200');
    expect(activityRequest({ ...values, chainage_start: '-12.5' }, 'MT').chainage_start).toBe(-12.5);
    expect(activityRequest({ ...values, chainage_start: '  ' }, 'MT').chainage_start).toBeNull();
  });
});
