import type { TContractDetail, TContractSummary } from '@strata/shared';
import { configure } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { storeTestCredential, syncResponse } from '../../../test/fixtures';
import { api, server } from '../../../test/server';

// These pages load lazily and the test machine is shared: give each wait 5 s rather than 1 s (this file's tests only).
configure({ asyncUtilTimeout: 5000 });

export const ALL_CONTRACT_TASKS = ['SearchContracts', 'VieworEditContracts', 'CreateorDeleteContracts', 'ManageProjectAssignment', 'SearchContractors'];

export function contractSummary(overrides: Partial<TContractSummary> = {}): TContractSummary {
  return {
    contract_id: 31,
    no: 'T301',
    title: 'Tunnel T301 Marina South to Gardens',
    active: true,
    easting: 30350,
    northing: 28620,
    type: 6,
    description: 'Bored tunnels',
    contractor_id: 5,
    contractor_name: 'Lion City Tunnelling',
    start_date: '2024-03-01',
    end_date: '2029-06-30',
    latitude: 1.28,
    longitude: 103.85,
    has_boundary: false,
    instrument_count: 0,
    user_count: 1,
    created: '2026-01-01T00:00:00Z',
    updated: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

export function contractDetail(overrides: Partial<TContractDetail> = {}): TContractDetail {
  return { ...contractSummary(), boundary: null, boundary_wgs84: null, ...overrides };
}

/** Signed in with these permissions; the contractor choices every form reads. */
export function signedInWith(permissions: string[] = ALL_CONTRACT_TASKS): void {
  storeTestCredential();
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions }))),
    http.get(api('/contractors'), () =>
      HttpResponse.json({
        records: [
          {
            contractor_id: 5,
            name: 'Lion City Tunnelling',
            registration_no: null,
            address: null,
            contact: null,
            user_count: 1,
            contract_count: 1,
            created: '',
            updated: '',
          },
          {
            contractor_id: 6,
            name: 'Straits Civil',
            registration_no: null,
            address: null,
            contact: null,
            user_count: 0,
            contract_count: 0,
            created: '',
            updated: '',
          },
        ],
        total_records: 2,
      }),
    ),
    http.get(api('/account/register/contractors'), () => HttpResponse.json({ records: [{ contractor_id: 5, name: 'Lion City Tunnelling' }] })),
  );
}
