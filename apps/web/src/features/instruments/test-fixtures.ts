import type { TAlertLevel, TInstrument, TInstrumentType, TReadingCode, TThreshold } from '@strata/shared';
import { configure } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { instrumentFixture, storeTestCredential, syncResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { api, server } from '../../test/server';
import { instrumentsRoutes } from './routes';

/** Test data and handlers of the instrument screens (contracts 11 C101 and 12 C102 come from the shell fixtures). */

// Whole pages in the app frame on a busy machine: give screen updates more than the default second.
configure({ asyncUtilTimeout: 5000 });

/** Types text into a field as a paste (one change, like a person pasting): much faster than key by key. */
export async function fill(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}

export function readingCode(overrides: Partial<TReadingCode> = {}): TReadingCode {
  return {
    reading_code_id: 1,
    code: 'DSPA',
    description: 'Settlement',
    unit: 'mm',
    is_result: true,
    precision: 2,
    min_value: null,
    max_value: null,
    sort_order: 0,
    ...overrides,
  };
}

export function instrumentType(overrides: Partial<TInstrumentType> = {}): TInstrumentType {
  return {
    type_id: 1,
    code: 'SM',
    name: 'Settlement Marker',
    category_id: 1,
    category_name: 'Settlement',
    icon: 'circle',
    icon_color: '#018e27',
    lta_code: null,
    has_depth: false,
    reading_codes: [readingCode()],
    instrument_count: 2,
    ...overrides,
  };
}

export const instrument = instrumentFixture;

export const LEVELS: TAlertLevel[] = [
  { level_id: 1, code: 'AL', name: 'Alert Level', color: '#f57c00', severity: 2, sort_order: 1 },
  { level_id: 2, code: 'WSL', name: 'Work Suspension Level', color: '#b71c1c', severity: 4, sort_order: 2 },
];

export const ZONES = [
  { zone_id: 21, name: 'Station Box', contract_id: 11, is_report: false },
  { zone_id: 22, name: 'Entrance A', contract_id: 11, is_report: true },
  { zone_id: 31, name: 'Marina Shaft', contract_id: 12, is_report: false },
];

export interface MasterData {
  types?: TInstrumentType[];
  instruments?: TInstrument[];
  thresholds?: TThreshold[];
  permissions?: string[];
}

/** Signs in (stored credential) with ManageInstruments and serves types, levels, zones, instruments and thresholds. */
export function serveMasterData({
  types = [instrumentType()],
  instruments = [instrument()],
  thresholds = [],
  permissions = ['ManageInstruments'],
}: MasterData = {}) {
  storeTestCredential();
  const listQueries: URLSearchParams[] = [];
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions }))),
    http.get(api('/instrument-types'), () => HttpResponse.json({ records: types, total_records: types.length })),
    http.get(api('/instrument-types/:id'), ({ params }) => {
      const found = types.find((t) => String(t.type_id) === params.id);
      return found ? HttpResponse.json(found) : HttpResponse.json('Instrument type not found', { status: 404 });
    }),
    http.get(api('/instrument-categories'), () => HttpResponse.json({ records: [{ category_id: 1, name: 'Settlement', type_count: 1 }], total_records: 1 })),
    http.get(api('/alert-levels'), () => HttpResponse.json({ records: LEVELS, total_records: LEVELS.length })),
    http.get(api('/zones'), ({ request }) => {
      const filter = new URL(request.url).searchParams.get('filter');
      const ids = filter ? (JSON.parse(filter) as number[]) : undefined;
      const records = ZONES.filter((z) => !ids || ids.includes(z.contract_id));
      return HttpResponse.json({ records, total_records: records.length });
    }),
    http.get(api('/instruments'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      listQueries.push(query);
      const keyword = query.get('keyword')?.toLowerCase();
      const records = instruments.filter(
        (i) =>
          (!keyword || i.name.toLowerCase().includes(keyword)) &&
          (!query.get('status') || i.status === query.get('status')) &&
          (!query.get('contract_id') || String(i.contract_id) === query.get('contract_id')),
      );
      const skip = Number(query.get('skip') ?? 0);
      const limit = Number(query.get('limit') ?? 100);
      return HttpResponse.json({ records: records.slice(skip, skip + limit), total_records: records.length });
    }),
    http.get(api('/instruments/:id'), ({ params }) => {
      const found = instruments.find((i) => String(i.instrument_id) === params.id);
      return found ? HttpResponse.json(found) : HttpResponse.json('Instrument not found', { status: 404 });
    }),
    http.get(api('/instruments/:id/thresholds'), ({ params }) => HttpResponse.json({ instrument_id: Number(params.id), name: 'SM-1023', thresholds })),
  );
  return { listQueries };
}

/** This feature's pages in the app frame (the route table of the other features is not needed here). */
export function renderInstruments(path: string) {
  return renderApp(path, { routes: instrumentsRoutes });
}
