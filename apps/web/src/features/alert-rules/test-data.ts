import type { TAlertScenario, TAlertTemplate, TConfig, TInstrument, TMonitoringGroup } from '@strata/shared';
import { http, HttpResponse } from 'msw';
import { configResponse, instrumentFixture, storeTestCredential, syncResponse } from '../../test/fixtures';
import { api, server } from '../../test/server';

/** The demo's four levels, as `GET /config` gives them. */
export const LEVELS = [
  { code: 'CL', name: 'Check Level', color: '#4fc3f7', severity: 1 },
  { code: 'AL', name: 'Alert Level', color: '#fb8c00', severity: 2 },
  { code: 'PDL', name: 'Pre-Determined Level', color: '#e53935', severity: 3 },
  { code: 'WSL', name: 'Work Suspension Level', color: '#8b0000', severity: 4 },
];

export const configLevels: Partial<TConfig> = { thresholds: LEVELS };

export function instrument(id: number, name: string, overrides: Partial<TInstrument> = {}): TInstrument {
  return instrumentFixture({
    instrument_id: id,
    name,
    zone_id: null,
    zone_name: null,
    easting: 29000 + id,
    northing: 31000 + id,
    latitude: 1.3,
    longitude: 103.8,
    level: null,
    install_date: null,
    frequency: null,
    created: '2026-11-01T00:00:00.000Z',
    updated: '2026-11-01T00:00:00.000Z',
    ...overrides,
  });
}

export function template(overrides: Partial<TAlertTemplate> = {}): TAlertTemplate {
  return {
    template_id: 3,
    name: 'Site team',
    category: 'instrument',
    kinds: [],
    levels: [],
    contract_ids: [],
    instrument_ids: [],
    group_ids: [],
    scenario_ids: [],
    role_ids: [],
    user_ids: [],
    channels: ['notification', 'email'],
    parameters: {},
    active: true,
    created: '2026-11-01T00:00:00.000Z',
    updated: '2026-11-01T00:00:00.000Z',
    updated_by: 'Alice Tan',
    ...overrides,
  };
}

export function group(overrides: Partial<TMonitoringGroup> = {}): TMonitoringGroup {
  return {
    group_id: 8,
    contract_id: 11,
    contract_no: 'C101',
    name: 'West wall',
    description: '',
    rule: { min_count: 3, level_code: 'AL', within_hours: 24 },
    active: true,
    instrument_ids: [21],
    members: [{ instrument_id: 21, name: 'SM-1021', type_code: 'SM', easting: 29021, northing: 31021, level_code: 'AL' }],
    open_alerts: 1,
    created: '2026-11-01T00:00:00.000Z',
    updated: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

export function scenario(overrides: Partial<TAlertScenario> = {}): TAlertScenario {
  return {
    scenario_id: 4,
    contract_id: 11,
    contract_no: 'C101',
    name: 'Two at WSL',
    description: '',
    kind: 'scenario',
    rule: { instrument_ids: [21, 22], group_ids: [], level_code: 'WSL', min_count: 2, within_hours: 12 },
    active: true,
    created_by: 'Alice Tan',
    open_alerts: 0,
    created: '2026-11-01T00:00:00.000Z',
    updated: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

export const INSTRUMENTS = [instrument(21, 'SM-1021'), instrument(22, 'SM-1022'), instrument(23, 'SP-2001', { type_code: 'SP', type_name: 'Standpipe' })];

/** A signed-in user with these permissions, contract C101 active, the levels and the pickers' options. */
export function serveBase(permissions: string[]) {
  storeTestCredential();
  const contracts = { records: syncResponse().contracts.records.map((c) => ({ ...c, active: true })), last_filtered: [11] };
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions, contracts }))),
    http.get(api('/contracts'), () => HttpResponse.json({ ...contracts, total_records: contracts.records.length })),
    http.get(api('/config'), () => HttpResponse.json(configResponse(configLevels))),
    http.get(api('/instruments'), () => HttpResponse.json({ records: INSTRUMENTS, total_records: INSTRUMENTS.length })),
    http.get(api('/roles'), () => HttpResponse.json({ records: [], total_records: 0 })),
    http.get(api('/admin/users'), () => HttpResponse.json({ records: [], total_records: 0 })),
    http.get(api('/monitoring-groups'), () => HttpResponse.json({ records: [group()], total_records: 1 })),
    http.get(api('/alert-scenarios'), () => HttpResponse.json({ records: [scenario()], total_records: 1 })),
    http.get(api('/alerts/instrument-status'), () => HttpResponse.json('Forbidden', { status: 403 })),
  );
}
