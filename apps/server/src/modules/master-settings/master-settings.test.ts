import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RISK_RATING, type TConfig, type TRiskRatingResponse, type TSystemSettings } from '@strata/shared';
import { settings } from '../../db/schema/index.js';
import { createRole, createUser } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../testing/harness.js';
import { createLevels, lastAudit } from '../../testing/master-data.js';
import { waitFor } from '../../testing/wait.js';
import { REALTIME_CHANNEL, type RealtimeDelivery } from '../realtime/realtime.publish.js';
import { SETTINGS_CHANNEL } from '../settings/settings.service.js';

describe('system settings and risk rating settings', () => {
  let t: TestApp;
  let admin: Session;
  let risk: Session;
  let user: Session;
  const req = (who: Session, method: 'GET' | 'PUT', url: string, payload?: unknown) =>
    as(t, who, { method, url: `/api/v1${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });

  beforeAll(async () => {
    t = await createTestApp();
    await createLevels(t.db);
    await createUser(t.db, { loginName: 'sysadmin', roleId: (await createRole(t.db, ['ManageSystemSettings'])).roleId });
    await createUser(t.db, { loginName: 'risk', roleId: (await createRole(t.db, ['ManageRiskRatingSettings'])).roleId });
    await createUser(t.db, { loginName: 'plain', roleId: (await createRole(t.db, [])).roleId });
    admin = await signIn(t, 'sysadmin');
    risk = await signIn(t, 'risk');
    user = await signIn(t, 'plain');
  });
  afterAll(() => t.close());
  // Each test starts from the defaults, as a fresh database has them: tests read the defaults and every stored row, and
  // others store settings.
  beforeEach(async () => {
    await t.db.orm.delete(settings);
    t.services.settings.invalidate();
  });

  it('shows every setting, with a size limit per upload type', async () => {
    const res = await req(admin, 'GET', '/master-data/settings');
    expect(res.statusCode).toBe(200);
    const s = res.json<TSystemSettings>();
    expect(s).toMatchObject({
      report_range_num: 3,
      report_range_period: 'month',
      general_max_upload: 10_000_000,
      instrument_max_upload: null,
      user_import_max_upload: null,
      instrument_plan_max_upload: null,
    });
    expect((await req(user, 'GET', '/master-data/settings')).statusCode).toBe(403);
    expect((await req(user, 'PUT', '/master-data/settings', { report_range_num: 2 })).statusCode).toBe(403);
  });

  it('saves settings, audits them with secrets redacted, publishes settingUpdated and GET /config reflects it', async () => {
    const seen: RealtimeDelivery[] = [];
    const invalidations: unknown[] = [];
    const off = await t.ctx.bus.subscribe<RealtimeDelivery>(REALTIME_CHANNEL, (d) => void seen.push(d));
    const off2 = await t.ctx.bus.subscribe(SETTINGS_CHANNEL, (e) => void invalidations.push(e));
    try {
      const before = (await req(user, 'GET', '/config')).json<TConfig>(); // the settings are now cached
      expect(before.settings.instrument_plan_max_upload).toBe(10_000_000);
      const res = await req(admin, 'PUT', '/master-data/settings', {
        report_range_num: 6,
        report_range_period: 'week',
        instrument_plan_max_upload: 2_000_000,
        tile_server: 'https://tiles.example.com/{z}/{x}/{y}.png',
        map_key: 'secret-map-key',
        tbm_token: 'secret-tbm-token',
        tbm_base_uri: 'https://tbm.example.com',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<TSystemSettings>()).toMatchObject({ report_range_num: 6, instrument_plan_max_upload: 2_000_000, map_key: 'secret-map-key' });

      const config = (await req(user, 'GET', '/config')).json<TConfig>();
      expect(config.settings).toMatchObject({
        report_range_num: 6,
        report_range_period: 'week',
        instrument_plan_max_upload: 2_000_000,
        document_max_upload: 10_000_000,
        general_max_upload: 10_000_000,
      });
      expect(config.tile_server).toBe('https://tiles.example.com/{z}/{x}/{y}.png');
      expect(config.map_key).toBe('secret-map-key');
      expect(config.tbm).toEqual({ base_uri: 'https://tbm.example.com', token: 'secret-tbm-token' });

      await waitFor(() => seen.some((d) => d.to === 'all' && d.message.event === 'notification' && d.message.data.type === 'settingUpdated'));
      await waitFor(() => invalidations.length > 0);

      const audit = await lastAudit(t.db, 'settings.update');
      expect(audit?.after).toMatchObject({
        report_range_num: 6,
        map_key: '[redacted]',
        tbm_token: '[redacted]',
        tile_server: 'https://tiles.example.com/{z}/{x}/{y}.png',
      });
      expect(audit?.before).toMatchObject({ report_range_num: 3, map_key: null, tbm_token: '[redacted]' });
      expect(JSON.stringify(audit)).not.toContain('secret-');
      const rows = await t.db.orm.select().from(settings);
      expect(rows.map((r) => r.key).sort()).toEqual([
        'instrument_plan_max_upload',
        'map_key',
        'report_range_num',
        'report_range_period',
        'tbm_base_uri',
        'tbm_token',
        'tile_server',
      ]);
    } finally {
      await off();
      await off2();
    }
  });

  it('applies the per-type upload limit to uploads of that type', async () => {
    const role = await createRole(t.db, ['ManageInstruments']);
    await createUser(t.db, { loginName: 'uploader', roleId: role.roleId });
    const uploader = await signIn(t, 'uploader');
    await req(admin, 'PUT', '/master-data/settings', { instrument_plan_max_upload: 100 });
    const big = `name,type,contract,easting,northing\r\n${'x'.repeat(200)},SM,C1,1,1\r\n`;
    const boundary = '----strata-limit';
    const res = await as(t, uploader, {
      method: 'POST',
      url: '/api/v1/instruments/import',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n${big}\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ files: 'big.csv size is greater than allowed size (100)' });
    await req(admin, 'PUT', '/master-data/settings', { instrument_plan_max_upload: null });
  });

  it('answers validation errors as field objects and refuses unknown keys', async () => {
    const bad = await req(admin, 'PUT', '/master-data/settings', { report_range_period: 'decade', general_max_upload: 0, map_bounds: [1, 2, 3] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['general_max_upload', 'map_bounds', 'report_range_period']);
    expect((await req(admin, 'PUT', '/master-data/settings', { map_bounds: [50000, 15000, 2000, 50000] })).json()).toEqual({
      map_bounds: 'Give the bounds as min easting, min northing, max easting, max northing',
    });
    const unknown = await req(admin, 'PUT', '/master-data/settings', { nonsense: 1 });
    expect(unknown.statusCode).toBe(400);
  });

  it('keeps risk rating settings: defaults, validation (weights ≥ 0, bands ascending, thresholds rising), audit', async () => {
    const def = (await req(risk, 'GET', '/master-data/risk-rating')).json<TRiskRatingResponse>();
    expect(def).toEqual({ ...DEFAULT_RISK_RATING, updated: null, updated_by: null });
    const body = {
      level_weights: { CL: 0.5, AL: 1, PDL: 2, WSL: 4 },
      count_bands: [
        { min: 0, weight: 0 },
        { min: 3, weight: 2 },
        { min: 8, weight: 6 },
      ],
      thresholds: { low: 0, medium: 4, high: 10, very_high: 20 },
    };
    const saved = await req(risk, 'PUT', '/master-data/risk-rating', body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<TRiskRatingResponse>()).toMatchObject({ ...body, updated_by: 'Test risk' });
    expect((await lastAudit(t.db, 'risk-rating.update'))?.after).toEqual(body);

    const bad = await req(risk, 'PUT', '/master-data/risk-rating', {
      level_weights: { CL: -1 },
      count_bands: [
        { min: 1, weight: 0 },
        { min: 1, weight: 1 },
      ],
      thresholds: { low: 0, medium: 4, high: 3, very_high: 20 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ 'level_weights.CL': 'Weights are 0 or more' });
    const order = await req(risk, 'PUT', '/master-data/risk-rating', {
      level_weights: { CL: 1 },
      count_bands: [
        { min: 1, weight: 0 },
        { min: 1, weight: 1 },
      ],
      thresholds: { low: 0, medium: 4, high: 3, very_high: 20 },
    });
    expect(order.json()).toEqual({
      'count_bands.0.min': 'The first band starts at 0',
      'count_bands.1.min': 'Bands must be in ascending order',
      'thresholds.high': 'High must be above Medium',
    });
    expect((await req(risk, 'PUT', '/master-data/risk-rating', { ...body, level_weights: { XX: 1 } })).json()).toEqual({
      'level_weights.XX': 'Unknown alert level XX',
    });
    expect((await req(user, 'GET', '/master-data/risk-rating')).statusCode).toBe(403);
    expect((await req(admin, 'PUT', '/master-data/risk-rating', body)).statusCode).toBe(403);
  });
});
