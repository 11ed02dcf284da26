import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAlertLevel, TConfig, TInstrumentCategory, TInstrumentIcons, TInstrumentType, TReadingCode } from '@strata/shared';
import { as, createTestApp, type TestApp } from '../../testing/harness.js';
import { createInstrument, createLevels, createWorld, lastAudit, type World } from '../../testing/master-data.js';
import { waitFor } from '../../testing/wait.js';
import { REALTIME_CHANNEL, type RealtimeDelivery } from '../realtime/realtime.publish.js';

describe('instrument categories, types, reading codes, alert levels and icons', () => {
  let t: TestApp;
  let w: World;
  const req = (who: keyof World['sessions'], method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    as(t, w.sessions[who], { method, url: `/api/v1${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });
  const config = async () => (await req('nobody', 'GET', '/config')).json<TConfig>();

  /** A code or name no other test uses (categories, types and levels are global): `SM` -> `SM7`. */
  let made = 0;
  const unique = (prefix: string) => `${prefix}${++made}`;
  const newCategory = async (name = unique('Category ')) => (await req('manager', 'POST', '/instrument-categories', { name })).json<TInstrumentCategory>();
  const newType = async (body: Record<string, unknown> = {}) => {
    const res = await req('manager', 'POST', '/instrument-types', { code: unique('T'), name: 'A type', ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TInstrumentType>();
  };
  /** The standard four levels, read-only for every test (the level test makes and edits levels of its own). */
  const STANDARD_LEVELS = ['CL', 'AL', 'PDL', 'WSL'];

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t, ['ManageInstruments']);
    await createLevels(t.db);
  });
  afterAll(() => t.close());

  it('creates, renames and deletes categories; every signed-in user lists them', async () => {
    const name = unique('Ground Movement ');
    const created = await req('manager', 'POST', '/instrument-categories', { name });
    expect(created.statusCode, created.body).toBe(200);
    const cat = created.json<TInstrumentCategory>();
    expect((await req('manager', 'POST', '/instrument-categories', { name: name.toLowerCase() })).json()).toEqual({
      name: 'A category with this name already exists',
    });
    expect((await req('manager', 'POST', '/instrument-categories', { name: '' })).json()).toEqual({ name: 'Name is required' });
    const renamedTo = unique('Ground ');
    const renamed = await req('manager', 'PUT', `/instrument-categories/${cat.category_id}`, { name: renamedTo });
    expect(renamed.json<TInstrumentCategory>().name).toBe(renamedTo);
    const listed = (await req('nobody', 'GET', '/instrument-categories')).json<{ records: TInstrumentCategory[] }>().records.map((c) => c.name);
    expect(listed).toContain(renamedTo);
    expect(listed).not.toContain(name);
    expect((await req('nobody', 'POST', '/instrument-categories', { name: 'X' })).statusCode).toBe(403);
    const extra = await newCategory();
    expect((await req('manager', 'DELETE', `/instrument-categories/${extra.category_id}`)).statusCode).toBe(200);
    expect((await req('manager', 'DELETE', `/instrument-categories/${extra.category_id}`)).statusCode).toBe(404);
  });

  it('creates a type with reading codes (precision defaults to 2), and the configuration carries it', async () => {
    const category = await newCategory();
    const code = unique('INC');
    const res = await req('manager', 'POST', '/instrument-types', {
      code,
      name: 'Inclinometer',
      category_id: category.category_id,
      icon: 'triangle',
      lta_code: 'ICL',
      has_depth: true,
      reading_codes: [
        { code: 'A', description: 'A-axis displacement', unit: 'mm', min_value: -500, max_value: 500 },
        { code: 'B', description: 'B-axis displacement', unit: 'mm', is_result: true },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const type = res.json<TInstrumentType>();
    expect(type).toMatchObject({
      code,
      name: 'Inclinometer',
      category_name: category.name,
      icon: 'triangle',
      lta_code: 'ICL',
      has_depth: true,
      instrument_count: 0,
    });
    expect(type.reading_codes.map((c) => [c.code, c.precision, c.unit])).toEqual([
      ['A', 2, 'mm'],
      ['B', 2, 'mm'],
    ]);
    const audit = await lastAudit(t.db, 'instrument-type.create');
    expect(audit?.after).toMatchObject({ type: code, lta: 'ICL', readings: ['A', 'B'] });
    const cfg = await config();
    expect(cfg.instruments).toContainEqual({
      code,
      name: 'Inclinometer',
      lta_code: 'ICL',
      category: category.name,
      icon: 'triangle',
      icon_color: '#018e27',
      has_depth: true,
    });
    expect(cfg.readings.filter((r) => r.type_code === code).map((r) => r.code)).toEqual(['A', 'B']);
    expect((await req('nobody', 'GET', `/instrument-types/${type.type_id}`)).json<TInstrumentType>().code).toBe(code);
  });

  it('validates types and reading codes with field errors', async () => {
    const bad = await req('manager', 'POST', '/instrument-types', {
      code: 'inc lower',
      name: '',
      icon: 'unicorn',
      reading_codes: [{ code: 'A', description: 'x', precision: 9 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['code', 'icon', 'name', 'reading_codes.0.precision']);
    const existing = await newType();
    expect((await req('manager', 'POST', '/instrument-types', { code: existing.code, name: 'Again' })).json()).toEqual({
      code: 'An instrument type with this code already exists',
    });
    const twice = await req('manager', 'POST', '/instrument-types', {
      code: unique('SM'),
      name: 'Settlement',
      reading_codes: [
        { code: 'D', description: 'x' },
        { code: 'D', description: 'y' },
      ],
    });
    expect(twice.json()).toEqual({ 'reading_codes.1.code': 'This reading code is listed twice' });
    const limits = await req('manager', 'POST', '/instrument-types', {
      code: unique('SM'),
      name: 'Settlement',
      reading_codes: [{ code: 'D', description: 'x', min_value: 5, max_value: 1 }],
    });
    expect(limits.json()).toEqual({ 'reading_codes.0.max_value': 'The maximum must be greater than the minimum' });
    expect((await req('nobody', 'POST', '/instrument-types', { code: unique('SM'), name: 'Settlement' })).statusCode).toBe(403);
  });

  it('edits a type and its reading codes, and refuses deleting what is in use', async () => {
    const sm = await newType({ code: unique('SM'), name: 'Settlement Marker', reading_codes: [{ code: 'DSPA', description: 'Settlement', unit: 'mm' }] });
    const edited = await req('manager', 'PUT', `/instrument-types/${sm.type_id}`, { name: 'Ground Settlement Marker', lta_code: 'GSM' });
    expect(edited.json<TInstrumentType>()).toMatchObject({ name: 'Ground Settlement Marker', lta_code: 'GSM', code: sm.code });
    expect((await lastAudit(t.db, 'instrument-type.update'))?.after).toEqual({ name: 'Ground Settlement Marker', lta: 'GSM' });

    const added = await req('manager', 'POST', `/instrument-types/${sm.type_id}/reading-codes`, { code: 'DH', description: 'Heave', unit: 'mm', precision: 1 });
    expect(added.statusCode, added.body).toBe(200);
    const dh = added.json<TReadingCode>();
    expect((await req('manager', 'POST', `/instrument-types/${sm.type_id}/reading-codes`, { code: 'DH', description: 'Again' })).json()).toEqual({
      code: 'This type already has this reading code',
    });
    const changed = await req('manager', 'PUT', `/reading-codes/${dh.reading_code_id}`, { precision: 3, unit: 'm' });
    expect(changed.json<TReadingCode>()).toMatchObject({ code: 'DH', precision: 3, unit: 'm' });
    expect((await req('manager', 'PUT', `/reading-codes/${dh.reading_code_id}`, { min_value: 10, max_value: 0 })).statusCode).toBe(400);
    expect((await req('manager', 'DELETE', `/reading-codes/${dh.reading_code_id}`)).statusCode).toBe(200);
    expect((await req('manager', 'DELETE', `/reading-codes/${dh.reading_code_id}`)).statusCode).toBe(404);

    await createInstrument(t.db, { name: `${sm.code}-1`, contractId: w.contractA, typeId: sm.type_id });
    const inUse = await req('manager', 'DELETE', `/instrument-types/${sm.type_id}`);
    expect(inUse.statusCode).toBe(409);
    const spare = await newType({ name: 'Temporary' });
    expect((await req('manager', 'DELETE', `/instrument-types/${spare.type_id}`)).statusCode).toBe(200);
    expect((await req('nobody', 'GET', `/instrument-types/${spare.type_id}`)).statusCode).toBe(404);
  });

  it('keeps alert levels as data: CRUD, field errors, the configuration order', async () => {
    // Levels of its own, placed after the standard ones, in the order of their sort_order.
    const codes = ['CL', 'AL', 'PDL', 'WSL'].map((c) => unique(`${c}X`));
    for (const [i, l] of [
      [codes[0]!, 'Check Level', '#4fc3f7', 1],
      [codes[1]!, 'Alert Level', '#fb8c00', 2],
      [codes[2]!, 'Pre-Determined Level', '#e53935', 3],
      [codes[3]!, 'Work Suspension Level', '#8b0000', 4],
    ].entries()) {
      const res = await req('manager', 'POST', '/alert-levels', { code: l[0], name: l[1], color: l[2], severity: l[3], sort_order: 100 + 3 - i });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await config()).thresholds.map((x) => x.code).filter((c) => codes.includes(c))).toEqual([...codes].reverse());
    const bad = await req('manager', 'POST', '/alert-levels', { code: 'x y', name: 'Bad', color: 'red', severity: 5 });
    expect(Object.keys(bad.json()).sort()).toEqual(['code', 'color', 'severity']);
    expect((await req('manager', 'POST', '/alert-levels', { code: codes[1], name: 'Again', color: '#000000', severity: 2 })).json()).toEqual({
      code: 'An alert level with this code already exists',
    });
    const levels = (await req('nobody', 'GET', '/alert-levels')).json<{ records: TAlertLevel[] }>().records;
    const al = levels.find((l) => l.code === codes[1])!;
    const edited = await req('manager', 'PUT', `/alert-levels/${al.level_id}`, { name: 'Alert' });
    expect(edited.json<TAlertLevel>().name).toBe('Alert');
    expect((await lastAudit(t.db, 'alert-level.update'))?.after).toEqual({ name: 'Alert' });
    expect((await req('nobody', 'PUT', `/alert-levels/${al.level_id}`, { name: 'x' })).statusCode).toBe(403);
    const extra = (
      await req('manager', 'POST', '/alert-levels', { code: unique('XL'), name: 'Extra', color: '#000000', severity: 1, sort_order: 9 })
    ).json<TAlertLevel>();
    expect((await req('manager', 'DELETE', `/alert-levels/${extra.level_id}`)).statusCode).toBe(200);
  });

  it('sets a type icon, drops the configuration cache and tells open clients to reload it', async () => {
    const sm = await newType({ code: unique('SM') });
    const seen: RealtimeDelivery[] = [];
    const unsubscribe = await t.ctx.bus.subscribe<RealtimeDelivery>(REALTIME_CHANNEL, (d) => void seen.push(d));
    try {
      const before = await config(); // warms the cache
      expect(before.instruments.find((i) => i.code === sm.code)?.icon).toBe('circle');
      const res = await req('manager', 'PUT', `/master-data/icons/${sm.code}`, { icon: 'star', icon_color: '#0471d1' });
      expect(res.statusCode, res.body).toBe(200);
      const icons = res.json<TInstrumentIcons>();
      expect(icons.icons).toContain('star');
      expect(icons.records.find((r) => r.type_code === sm.code)).toMatchObject({ icon: 'star', icon_color: '#0471d1' });
      expect(icons.level_colors.map((l) => l.code).filter((c) => STANDARD_LEVELS.includes(c))).toEqual(STANDARD_LEVELS);
      expect((await config()).instruments.find((i) => i.code === sm.code)).toMatchObject({ icon: 'star', icon_color: '#0471d1' });
      await waitFor(() => seen.some((d) => d.to === 'all' && d.message.event === 'notification' && d.message.data.type === 'settingUpdated'));
    } finally {
      await unsubscribe();
    }
    expect((await req('manager', 'PUT', '/master-data/icons/NOPE', { icon: 'star' })).statusCode).toBe(404);
    expect((await req('manager', 'PUT', `/master-data/icons/${sm.code}`, { icon: 'unicorn' })).json()).toHaveProperty('icon');
    expect((await req('nobody', 'GET', '/master-data/icons')).statusCode).toBe(403);
  });
});
