import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { svy21ToWgs84, type TInstrument, type TInstrumentList, type TInstrumentThresholds } from '@strata/shared';
import { eq } from 'drizzle-orm';
import { thresholds } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../testing/harness.js';
import { createInstrument, createLevels, createType, createWorld, createZone, lastAudit, type World } from '../../testing/master-data.js';

describe('instruments and thresholds', () => {
  let t: TestApp;
  let w: World;
  let smTypeId: number;
  let zoneA: number;
  let zoneB: number;
  let bInstrument: number;
  const req = (who: keyof World['sessions'], method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    as(t, w.sessions[who], { method, url: `/api/v1${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });

  let incTypeId: number;
  /** An SM instrument of this test's contract A (in zone A1 when asked). */
  const smOfA = async (name: string, inZone = false) =>
    createInstrument(t.db, { name, contractId: w.contractA, typeId: smTypeId, zoneId: inZone ? zoneA : null });

  // Types and levels are read-only here; each test has a world of its own: contracts, zones, B's instrument.
  beforeAll(async () => {
    t = await createTestApp();
    await createLevels(t.db);
    smTypeId = (await createType(t.db, 'SM', ['DSPA'])).type.typeId;
    incTypeId = (await createType(t.db, 'INC', ['A', 'B'])).type.typeId;
  });
  beforeEach(async () => {
    w = await createWorld(t, ['ManageInstruments']);
    zoneA = (await createZone(t.db, w.contractA, 'Zone A1')).zoneId;
    zoneB = (await createZone(t.db, w.contractB, 'Zone B1')).zoneId;
    bInstrument = (await createInstrument(t.db, { name: 'SM-B-0001', contractId: w.contractB, typeId: smTypeId, easting: 35000, northing: 31000 }))
      .instrumentId;
  });
  afterAll(() => t.close());

  it('creates an instrument with its SVY21 position and shows WGS84 computed', async () => {
    const res = await req('manager', 'POST', '/instruments', {
      name: 'SM-A-0001',
      type_code: 'sm',
      contract_id: w.contractA,
      zone_id: zoneA,
      easting: 30350.5,
      northing: 28620.2,
      level: 103.2,
      install_date: '2026-02-01',
      frequency: 'daily',
      lta_code: 'GSM001',
      remarks: 'Near the station box',
    });
    expect(res.statusCode, res.body).toBe(200);
    const i = res.json<TInstrument>();
    const ll = svy21ToWgs84(30350.5, 28620.2);
    expect(i).toMatchObject({
      name: 'SM-A-0001',
      type_code: 'SM',
      contract_id: w.contractA,
      zone_id: zoneA,
      zone_name: 'Zone A1',
      status: 'active',
      frequency: 'daily',
      level: 103.2,
      install_date: '2026-02-01',
    });
    expect(i.latitude).toBeCloseTo(ll.lat, 9);
    expect(i.longitude).toBeCloseTo(ll.lon, 9);
    expect((await lastAudit(t.db, 'instrument.create'))?.after).toMatchObject({ name: 'SM-A-0001', type: 'SM', lta: 'GSM001' });
    expect((await req('nobody', 'GET', `/instruments/${i.instrument_id}`)).json<TInstrument>().name).toBe('SM-A-0001');
  });

  it('takes a WGS84 location and converts it', async () => {
    const res = await req('manager', 'POST', '/instruments', {
      name: 'SM-A-0002',
      type_code: 'SM',
      contract_id: w.contractA,
      latitude: 1.29,
      longitude: 103.85,
    });
    expect(res.statusCode, res.body).toBe(200);
    const i = res.json<TInstrument>();
    expect(i.latitude).toBeCloseTo(1.29, 7);
    expect(i.longitude).toBeCloseTo(103.85, 7);
    expect(i.easting).toBeGreaterThan(28000);
  });

  it('answers validation errors as field objects', async () => {
    await smOfA('SM-A-0001');
    const missing = await req('manager', 'POST', '/instruments', { type_code: 'SM', contract_id: w.contractA, easting: 30000, northing: 30000 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ name: expect.any(String) });
    const nowhere = await req('manager', 'POST', '/instruments', { name: 'N-1', type_code: 'SM', contract_id: w.contractA, easting: 30000 });
    expect(nowhere.json()).toEqual({ easting: 'Give easting and northing (SVY21) or latitude and longitude' });
    const many = await req('manager', 'POST', '/instruments', {
      name: 'X-1',
      type_code: 'NOPE',
      contract_id: w.contractA,
      zone_id: zoneB,
      easting: 999_000,
      northing: 30000,
    });
    expect(many.json()).toEqual({
      type_code: 'Unknown instrument type',
      zone_id: 'The zone is not one of this contract',
      easting: expect.stringMatching(/outside the map bounds/),
    });
    const dup = await req('manager', 'POST', '/instruments', { name: 'sm-a-0001', type_code: 'SM', contract_id: w.contractA, easting: 30000, northing: 30000 });
    expect(dup.json()).toEqual({ name: 'This contract already has an instrument with this name' });
    const shape = await req('manager', 'POST', '/instruments', {
      name: 'X,1',
      type_code: 'SM',
      contract_id: w.contractA,
      easting: 30000,
      northing: 30000,
      status: 'lost',
      frequency: 'sometimes',
      install_date: '2026-13-01',
    });
    expect(Object.keys(shape.json()).sort()).toEqual(['frequency', 'install_date', 'name', 'status']);
    // The same name in another contract is fine.
    const other = await req('manager', 'POST', '/instruments', {
      name: 'SM-A-0001',
      type_code: 'SM',
      contract_id: w.contractB,
      easting: 35000,
      northing: 31000,
    });
    expect(other.statusCode, other.body).toBe(200);
  });

  it('refuses changes without ManageInstruments (403), and reads need only a sign-in', async () => {
    expect(
      (await req('nobody', 'POST', '/instruments', { name: 'N', type_code: 'SM', contract_id: w.contractA, easting: 30000, northing: 30000 })).statusCode,
    ).toBe(403);
    expect((await req('nobody', 'PUT', `/instruments/${bInstrument}`, { remarks: 'x' })).statusCode).toBe(403);
    expect((await req('nobody', 'DELETE', `/instruments/${bInstrument}`)).statusCode).toBe(403);
    expect((await req('nobody', 'PUT', `/instruments/${bInstrument}/thresholds`, { thresholds: [] })).statusCode).toBe(403);
    expect((await req('nobody', 'GET', '/instruments')).statusCode).toBe(200);
    expect((await req('nobody', 'GET', `/instruments/${bInstrument}/thresholds`)).statusCode).toBe(200);
  });

  it("never shows a Contractor user another contractor's instruments, by list or by id", async () => {
    await smOfA('SM-A-0001');
    const list = (await req('xuser', 'GET', '/instruments?limit=1000')).json<TInstrumentList>();
    expect(list.records.length).toBeGreaterThan(0);
    expect(list.records.every((r) => r.contract_id === w.contractA)).toBe(true);
    expect((await req('xuser', 'GET', `/instruments?contract_id=${w.contractB}`)).json<TInstrumentList>().total_records).toBe(0);
    expect((await req('xuser', 'GET', `/instruments?contracts=[${w.contractB}]`)).json<TInstrumentList>().total_records).toBe(0);
    for (const [method, url, payload] of [
      ['GET', `/instruments/${bInstrument}`],
      ['PUT', `/instruments/${bInstrument}`, { remarks: 'mine' }],
      ['DELETE', `/instruments/${bInstrument}`],
      ['GET', `/instruments/${bInstrument}/thresholds`],
      ['PUT', `/instruments/${bInstrument}/thresholds`, { thresholds: [] }],
    ] as const) {
      expect((await req('xuser', method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    // Nor can they create one in a contract they do not see.
    const foreign = await req('xuser', 'POST', '/instruments', { name: 'SNEAK', type_code: 'SM', contract_id: w.contractB, easting: 35000, northing: 31000 });
    expect(foreign.json()).toEqual({ contract_id: 'Contract not found' });
  });

  it('filters by keyword, type, zone, contract, status and extent, with paging and the total', async () => {
    await smOfA('SM-A-0001', true);
    for (let n = 3; n <= 12; n++) {
      await createInstrument(t.db, {
        name: `INC-A-${String(n).padStart(4, '0')}`,
        contractId: w.contractA,
        typeId: incTypeId,
        easting: 31000 + n * 10,
        northing: 29000,
      });
    }
    const page = (await req('manager', 'GET', `/instruments?type=INC&limit=4&skip=4&contract_id=${w.contractA}`)).json<TInstrumentList>();
    expect(page.total_records).toBe(10);
    expect(page.records.map((r) => r.name)).toEqual(['INC-A-0007', 'INC-A-0008', 'INC-A-0009', 'INC-A-0010']);
    expect((await req('manager', 'GET', '/instruments?keyword=a-0011')).json<TInstrumentList>().records.map((r) => r.name)).toEqual(['INC-A-0011']);
    expect((await req('manager', 'GET', `/instruments?zone_id=${zoneA}`)).json<TInstrumentList>().records.map((r) => r.name)).toEqual(['SM-A-0001']);
    const box = (await req('manager', 'GET', '/instruments?bbox=31030,28990,31060,29010')).json<TInstrumentList>();
    expect(box.records.map((r) => r.name)).toEqual(['INC-A-0003', 'INC-A-0004', 'INC-A-0005', 'INC-A-0006']);
    expect((await req('manager', 'GET', '/instruments?bbox=1,2,3')).json()).toHaveProperty('bbox');
    expect((await req('manager', 'GET', '/instruments?status=removed')).json<TInstrumentList>().total_records).toBe(0);
  });

  it('edits only the fields given, checks the zone against the contract, and audits the change', async () => {
    const i = { instrument_id: (await smOfA('SM-A-0001', true)).instrumentId };
    await smOfA('SM-A-0002');
    const res = await req('manager', 'PUT', `/instruments/${i.instrument_id}`, { status: 'damaged', remarks: 'Hit by excavator' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TInstrument>()).toMatchObject({ status: 'damaged', remarks: 'Hit by excavator', zone_id: zoneA });
    expect((await lastAudit(t.db, 'instrument.update'))?.after).toEqual({ status: 'damaged', remarks: 'Hit by excavator' });
    expect((await req('manager', 'PUT', `/instruments/${i.instrument_id}`, { zone_id: zoneB })).json()).toEqual({
      zone_id: 'The zone is not one of this contract',
    });
    expect((await req('manager', 'PUT', `/instruments/${i.instrument_id}`, { name: 'SM-A-0002' })).json()).toEqual({
      name: 'This contract already has an instrument with this name',
    });
    // Moving to another contract drops the zone.
    const moved = await req('manager', 'PUT', `/instruments/${i.instrument_id}`, { contract_id: w.contractB, name: 'SM-MOVED' });
    expect(moved.json<TInstrument>()).toMatchObject({ contract_id: w.contractB, zone_id: null });
  });

  it('replaces the thresholds as a set, validates them, and audits before and after', async () => {
    const i = (
      await req('manager', 'POST', '/instruments', { name: 'SM-T-1', type_code: 'SM', contract_id: w.contractA, easting: 30000, northing: 30000 })
    ).json<TInstrument>();
    const set = await req('manager', 'PUT', `/instruments/${i.instrument_id}/thresholds`, {
      thresholds: [
        { reading_code: 'DSPA', level_code: 'AL', upper: 20, lower: -20 },
        { reading_code: 'DSPA', level_code: 'wsl', upper: 28, lower: -28 },
        { reading_code: 'DSPA', level_code: 'CL', lower: -14 },
      ],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<TInstrumentThresholds>().thresholds).toEqual([
      { reading_code: 'DSPA', level_code: 'CL', upper: null, lower: -14 },
      { reading_code: 'DSPA', level_code: 'AL', upper: 20, lower: -20 },
      { reading_code: 'DSPA', level_code: 'WSL', upper: 28, lower: -28 },
    ]);
    const again = await req('manager', 'PUT', `/instruments/${i.instrument_id}/thresholds`, {
      thresholds: [{ reading_code: 'DSPA', level_code: 'AL', upper: 21, lower: -21 }],
    });
    expect(again.json<TInstrumentThresholds>().thresholds).toEqual([{ reading_code: 'DSPA', level_code: 'AL', upper: 21, lower: -21 }]);
    const audit = await lastAudit(t.db, 'instrument.thresholds');
    expect(audit?.before).toEqual({
      thresholds: [
        { reading: 'DSPA', level: 'CL', upper: null, lower: -14 },
        { reading: 'DSPA', level: 'AL', upper: 20, lower: -20 },
        { reading: 'DSPA', level: 'WSL', upper: 28, lower: -28 },
      ],
    });
    expect(audit?.after).toEqual({ thresholds: [{ reading: 'DSPA', level: 'AL', upper: 21, lower: -21 }] });

    const bad = await req('manager', 'PUT', `/instruments/${i.instrument_id}/thresholds`, {
      thresholds: [
        { reading_code: 'A', level_code: 'AL', upper: 1 },
        { reading_code: 'DSPA', level_code: 'XX', upper: 1 },
        { reading_code: 'DSPA', level_code: 'CL' },
        { reading_code: 'DSPA', level_code: 'PDL', upper: 1, lower: 5 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      'thresholds.2.upper': 'Give an upper or a lower value',
      'thresholds.3.upper': 'The upper value must be greater than the lower value',
    });
    const unknown = await req('manager', 'PUT', `/instruments/${i.instrument_id}/thresholds`, {
      thresholds: [
        { reading_code: 'A', level_code: 'AL', upper: 1 },
        { reading_code: 'DSPA', level_code: 'XX', upper: 1 },
        { reading_code: 'DSPA', level_code: 'AL', upper: 1 },
        { reading_code: 'DSPA', level_code: 'al', upper: 2 },
      ],
    });
    expect(unknown.json()).toEqual({
      'thresholds.0.reading_code': 'SM has no reading code A',
      'thresholds.1.level_code': 'Unknown alert level',
      'thresholds.3.level_code': 'This reading code and level are listed twice',
    });
    // Levels out of order for one reading code: the more severe level's field says what it must reach.
    const unordered = await req('manager', 'PUT', `/instruments/${i.instrument_id}/thresholds`, {
      thresholds: [
        { reading_code: 'DSPA', level_code: 'CL', upper: 40, lower: -10 },
        { reading_code: 'DSPA', level_code: 'WSL', upper: 25, lower: -25 },
        { reading_code: 'DSPA', level_code: 'AL', upper: 30, lower: -5 },
      ],
    });
    expect(unordered.statusCode).toBe(400);
    expect(unordered.json()).toEqual({
      'thresholds.1.upper': 'WSL upper must be at least CL upper (40)',
      'thresholds.2.upper': 'AL upper must be at least CL upper (40)',
      'thresholds.2.lower': 'AL lower must be at most CL lower (-10)',
    });
    // Nothing changed by the refused requests.
    expect((await t.db.orm.select().from(thresholds).where(eq(thresholds.instrumentId, i.instrument_id))).map((r) => r.upper)).toEqual([21]);

    // The type cannot change under thresholds.
    expect((await req('manager', 'PUT', `/instruments/${i.instrument_id}`, { type_code: 'INC' })).json()).toEqual({
      type_code: 'Remove the thresholds of this instrument before changing its type',
    });
    // Deleting the instrument deletes its thresholds.
    expect((await req('manager', 'DELETE', `/instruments/${i.instrument_id}`)).statusCode).toBe(200);
    expect(await t.db.orm.select().from(thresholds).where(eq(thresholds.instrumentId, i.instrument_id))).toEqual([]);
    expect((await req('manager', 'GET', `/instruments/${i.instrument_id}`)).statusCode).toBe(404);
    expect((await lastAudit(t.db, 'instrument.delete'))?.before).toMatchObject({
      name: 'SM-T-1',
      thresholds: [{ reading: 'DSPA', level: 'AL', upper: 21, lower: -21 }],
    });
  });
});
