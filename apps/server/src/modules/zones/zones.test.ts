import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TConfig, TZone, TZoneList } from '@strata/shared';
import { eq } from 'drizzle-orm';
import { instruments } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../testing/harness.js';
import { createInstrument, createType, createWorld, createZone, lastAudit, type World } from '../../testing/master-data.js';

const POLY = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [30000, 28000],
      [30400, 28000],
      [30400, 28300],
      [30000, 28000],
    ],
  ],
};

describe('zones', () => {
  let t: TestApp;
  let w: World;
  let zoneB: number;
  const req = (who: keyof World['sessions'], method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    as(t, w.sessions[who], { method, url: `/api/v1${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });

  beforeAll(async () => {
    t = await createTestApp();
  });
  // A world of its own for each test: the zone lists below are exact, so no test may see another's zones.
  beforeEach(async () => {
    w = await createWorld(t, ['ManageZones']);
    zoneB = (await createZone(t.db, w.contractB, 'B North', true)).zoneId;
  });
  afterAll(() => t.close());

  it('creates a zone with its polygon, reads it with WGS84, and audits it', async () => {
    const res = await req('manager', 'POST', '/zones', { name: 'A Station', contract_id: w.contractA, is_report: true, polygon: POLY });
    expect(res.statusCode, res.body).toBe(200);
    const z = res.json<TZone>();
    expect(z).toMatchObject({ name: 'A Station', contract_id: w.contractA, is_report: true, polygon: POLY, instrument_count: 0 });
    expect(z.polygon_wgs84!.coordinates[0]![0]![1]).toBeGreaterThan(1.2);
    expect((await req('nobody', 'GET', `/zones/${z.zone_id}`)).json<TZone>().name).toBe('A Station');
    expect((await lastAudit(t.db, 'zone.create'))?.after).toMatchObject({ name: 'A Station', is_report: true });
  });

  it('answers validation errors as field objects', async () => {
    await createZone(t.db, w.contractA, 'A Station');
    const bad = await req('manager', 'POST', '/zones', {
      name: '',
      contract_id: w.contractA,
      polygon: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['name', 'polygon.coordinates.0']);
    expect((await req('manager', 'POST', '/zones', { name: 'a station', contract_id: w.contractA })).json()).toEqual({
      name: 'This contract already has a zone with this name',
    });
    expect((await req('manager', 'POST', '/zones', { name: 'x', contract_id: 999999 })).json()).toEqual({ contract_id: 'Contract not found' });
  });

  it('refuses changes without ManageZones (403)', async () => {
    expect((await req('nobody', 'POST', '/zones', { name: 'z', contract_id: w.contractA })).statusCode).toBe(403);
    expect((await req('nobody', 'PUT', `/zones/${zoneB}`, { name: 'z' })).statusCode).toBe(403);
    expect((await req('nobody', 'DELETE', `/zones/${zoneB}`)).statusCode).toBe(403);
  });

  it('lists zones by is_report and contract filter (spec: filter is a JSON list), within the caller’s contracts', async () => {
    await createZone(t.db, w.contractA, 'A Station', true);
    await createZone(t.db, w.contractA, 'A Tunnel');
    const all = (await req('manager', 'GET', '/zones?skip=0&limit=100')).json<TZoneList>();
    expect(all.records.map((r) => r.name).sort()).toEqual(['A Station', 'A Tunnel', 'B North']);
    expect(all.records[0]).toEqual({ zone_id: expect.any(Number), name: expect.any(String), contract_id: expect.any(Number), is_report: expect.any(Boolean) });
    const report = (await req('manager', 'GET', '/zones?is_report=true')).json<TZoneList>();
    expect(report.records.map((r) => r.name).sort()).toEqual(['A Station', 'B North']);
    const onlyB = (await req('manager', 'GET', `/zones?filter=${encodeURIComponent(JSON.stringify([w.contractB]))}`)).json<TZoneList>();
    expect(onlyB.records.map((r) => r.name)).toEqual(['B North']);
    expect((await req('manager', 'GET', '/zones?filter=nonsense')).statusCode).toBe(400);
  });

  it("never shows a Contractor user another contractor's zone, by list or by id", async () => {
    await createZone(t.db, w.contractA, 'A Station', true);
    await createZone(t.db, w.contractA, 'A Tunnel');
    const list = (await req('xuser', 'GET', '/zones')).json<TZoneList>();
    expect(list.records.every((r) => r.contract_id === w.contractA)).toBe(true);
    expect((await req('xuser', 'GET', `/zones?filter=[${w.contractB}]`)).json<TZoneList>().total_records).toBe(0);
    expect((await req('xuser', 'GET', `/zones/${zoneB}`)).statusCode).toBe(404);
    expect((await req('xuser', 'PUT', `/zones/${zoneB}`, { name: 'mine' })).statusCode).toBe(404);
    expect((await req('xuser', 'DELETE', `/zones/${zoneB}`)).statusCode).toBe(404);
    const config = (await req('xuser', 'GET', '/config')).json<TConfig>();
    expect(config.zones.map((z) => z.name).sort()).toEqual(['A Station', 'A Tunnel']);
  });

  it('edits a zone, keeps it in its contract while it holds instruments, and deletes it leaving its instruments', async () => {
    const z = { zone_id: (await createZone(t.db, w.contractA, 'A Tunnel')).zoneId };
    const edited = await req('manager', 'PUT', `/zones/${z.zone_id}`, { name: 'A Tunnel East', polygon: POLY });
    expect(edited.json<TZone>()).toMatchObject({ name: 'A Tunnel East', polygon: POLY });
    expect((await lastAudit(t.db, 'zone.update'))?.after).toMatchObject({ name: 'A Tunnel East' });
    const { type } = await createType(t.db, 'SM');
    const i = await createInstrument(t.db, { name: 'SM-Z', contractId: w.contractA, typeId: type.typeId, zoneId: z.zone_id });
    expect((await req('manager', 'PUT', `/zones/${z.zone_id}`, { contract_id: w.contractB })).json()).toEqual({
      contract_id: 'This zone holds 1 instrument(s) of its contract: it cannot move to another contract',
    });
    expect((await req('manager', 'DELETE', `/zones/${z.zone_id}`)).statusCode).toBe(200);
    expect((await req('manager', 'GET', `/zones/${z.zone_id}`)).statusCode).toBe(404);
    const [left] = await t.db.orm.select().from(instruments).where(eq(instruments.instrumentId, i.instrumentId));
    expect(left?.zoneId).toBeNull();
  });
});
