import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { instrumentFixture, storeTestCredential } from '../test/fixtures';
import { api, server } from '../test/server';
import { API_PAGE, fetchAllInstruments, fetchAllPages } from './instruments';

describe('every page of a list', () => {
  it('asks for the first page, then the rest at once, and keeps the order', async () => {
    const asked: number[] = [];
    const all = Array.from({ length: 2345 }, (_, i) => i);
    const got = await fetchAllPages(async (skip, limit) => {
      asked.push(skip);
      expect(limit).toBe(API_PAGE);
      return { records: all.slice(skip, skip + limit), total_records: all.length };
    });
    expect(asked.sort((a, b) => a - b)).toEqual([0, 1000, 2000]);
    expect(got).toEqual(all);
  });

  it('asks once when the first page holds everything', async () => {
    let calls = 0;
    const got = await fetchAllPages(async () => {
      calls++;
      return { records: ['a'], total_records: 1 };
    });
    expect(got).toEqual(['a']);
    expect(calls).toBe(1);
  });

  it('gets every instrument of a contract past the API page of 1000, with the query kept on each page', async () => {
    storeTestCredential();
    const queries: URLSearchParams[] = [];
    server.use(
      http.get(api('/instruments'), ({ request }) => {
        const q = new URL(request.url).searchParams;
        queries.push(q);
        const skip = Number(q.get('skip'));
        const count = Math.max(0, Math.min(Number(q.get('limit')), 1500 - skip));
        const records = Array.from({ length: count }, (_, i) => instrumentFixture({ instrument_id: skip + i + 1, name: `SM-${skip + i + 1}` }));
        return HttpResponse.json({ records, total_records: 1500 });
      }),
    );
    const got = await fetchAllInstruments({ contract_id: 12 });
    expect(got).toHaveLength(1500);
    expect(got.at(-1)?.name).toBe('SM-1500');
    expect(queries.map((q) => [q.get('contract_id'), q.get('skip'), q.get('limit')])).toEqual([
      ['12', '0', '1000'],
      ['12', '1000', '1000'],
    ]);
  });
});
