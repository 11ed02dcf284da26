import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, USER_TYPE } from '@strata/shared';
import { systemLogs } from '../db/schema/index.js';
import { writeSetting } from '../modules/settings/settings.service.js';
import { createContract, createRole, createUser } from '../testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../testing/harness.js';
import { countRows } from '../testing/master-data.js';

/** Issue 17: every bad input is a 4xx with a message, never a 500 (docs/decisions/033-bad-input-and-api-fuzzing.md). */
describe('bad input', () => {
  let t: TestApp;
  let admin: Session;
  let contractId: number;
  beforeAll(async () => {
    t = await createTestApp();
    // Id 1 of users and roles is someone else: the walks below send requests to `/…/1/…` of every route.
    await createUser(t.db, { roleId: (await createRole(t.db, [])).roleId });
    const all = await createRole(t.db, 'all');
    contractId = (await createContract(t.db)).contractId;
    await createUser(t.db, { loginName: 'bad-input-admin', roleId: all.roleId, userType: USER_TYPE.AppAdmin });
    admin = await signIn(t, 'bad-input-admin');
  });
  afterAll(() => t.close());

  const get = (url: string) => as(t, admin, { method: 'GET', url: `/api/v1${url}` });

  describe('ids beyond PostgreSQL integer', () => {
    it.each([
      '/alerts?contracts=99999999999999999999',
      '/alerts?contracts=[2147483648]',
      '/instruments/2147483648',
      '/instruments/99999999999999999999',
      '/instruments/latest?ids=2147483648',
      '/zones?filter=[2147483648]',
      '/zones?filter=99999999999999999999',
      '/zones/2147483648',
      '/civil/sites/2147483648',
      '/master-data/sites/2147483648',
      '/admin/users/2147483648',
      '/instruments?zone_id=2147483648',
      '/comments?topic=instrument&ref_id=2147483648',
    ])('answers 400 for GET %s', async (url) => {
      const res = await get(url);
      expect(res.statusCode, res.body).toBe(400);
    });

    it('refuses an id written with an exponent, a sign or a leading zero, and accepts the plain one', async () => {
      for (const id of ['1e3', '+1', '01', '0', '-1', '1.0']) {
        expect((await get(`/zones/${encodeURIComponent(id)}`)).statusCode, id).toBe(400);
      }
      expect((await get('/zones/5')).statusCode).toBe(404);
    });

    it('answers 400 for an id beyond integer in a body', async () => {
      const res = await as(t, admin, { method: 'POST', url: '/api/v1/zones', payload: { name: 'Z', contract_id: 2147483648 } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toHaveProperty('contract_id');
      const ok = await as(t, admin, { method: 'POST', url: '/api/v1/zones', payload: { name: 'Z', contract_id: contractId } });
      expect(ok.statusCode, ok.body).toBe(200);
    });

    it('answers 400 for ids beyond integer in POST /filter-contracts and POST /admin/users', async () => {
      const res = await as(t, admin, { method: 'POST', url: '/api/v1/filter-contracts', payload: { contract_ids: [contractId, 2147483648] } });
      expect(res.statusCode, res.body).toBe(400);
      const approve = await as(t, admin, { method: 'POST', url: '/api/v1/admin/users', payload: { role_id: 2147483648 } });
      expect(approve.statusCode, approve.body).toBe(400);
      expect(approve.json()).toHaveProperty('role_id');
    });

    it('reads a bigserial id beyond integer as an id that names no row', async () => {
      const res = await as(t, admin, { method: 'POST', url: '/api/v1/notifications/2147483648/read' });
      expect(res.statusCode, res.body).toBe(404);
      expect((await as(t, admin, { method: 'POST', url: '/api/v1/notifications/9223372036854775807/read' })).statusCode).toBe(400);
    });
  });

  describe('text stored in jsonb', () => {
    it('keeps a setting whose text looks like JSON a text, and signing in still works', async () => {
      for (const value of ['1', 'true', 'null', '[1]', '{"a":1}']) {
        const res = await as(t, admin, { method: 'PUT', url: '/api/v1/master-data/settings', payload: { map_key: value } });
        expect(res.statusCode, res.body).toBe(200);
        t.services.settings.invalidate();
        const read = await get('/master-data/settings');
        expect(read.statusCode, read.body).toBe(200);
        expect(read.json<{ map_key: unknown }>().map_key).toBe(value);
      }
      await signIn(t, 'bad-input-admin');
    });
  });

  describe('malformed multipart bodies', () => {
    const boundary = '----strata-bad';
    const whole = [
      `--${boundary}\r\nContent-Disposition: form-data; name="contract_id"\r\n\r\n${1}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      'name,value\r\nA,1\r\n',
      `\r\n--${boundary}--\r\n`,
    ].join('');
    const bodies = {
      'no boundary': { 'content-type': 'multipart/form-data', payload: whole },
      'cut off mid-part': { 'content-type': `multipart/form-data; boundary=${boundary}`, payload: whole.slice(0, whole.indexOf('name,value') + 5) },
    };
    /** Every POST/PUT route, `:category` a contract and every other parameter 1 (contract 1 exists). */
    const writeRoutes = () =>
      t.app.apiRoutes.flatMap((r) =>
        (Array.isArray(r.method) ? r.method : [r.method])
          .filter((m) => m === 'POST' || m === 'PUT')
          .map((method) => ({ method: method as 'POST' | 'PUT', url: r.url.replace(/:category\b/, 'contract').replace(/:[a-z_]+/g, '1') })),
      );

    it.each(Object.entries(bodies))('answers 400 malformedUpload on every upload route, and no 5xx anywhere, for a body %s', async (_, body) => {
      const malformed: string[] = [];
      // A session of its own: a route of the walk (signing out) may end it; it is then signed in again.
      let walker = await signIn(t, 'bad-input-admin');
      for (const r of writeRoutes()) {
        const res = await as(t, walker, { method: r.method, url: r.url, headers: { 'content-type': body['content-type'] }, payload: body.payload });
        expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBeLessThan(500);
        if (res.statusCode === 400 && res.body === JSON.stringify(MESSAGES.malformedUpload)) malformed.push(`${r.method} ${r.url}`);
        if (res.statusCode === 401) walker = await signIn(t, 'bad-input-admin');
      }
      expect(malformed).toEqual(
        expect.arrayContaining([
          'POST /api/v1/account/profile/picture',
          'POST /api/v1/admin/users/import',
          'POST /api/v1/uploads/instrument',
          'POST /api/v1/uploads/map',
          'POST /api/v1/photos/contract/1',
          'POST /api/v1/documents/contract/1',
          'POST /api/v1/master-data/documentations',
          'POST /api/v1/instruments/import',
        ]),
      );
    });

    it('does not write a 400 for a malformed upload to the system logs', async () => {
      const before = await countRows(t.db, systemLogs);
      const res = await as(t, admin, {
        method: 'POST',
        url: '/api/v1/uploads/map',
        headers: { 'content-type': bodies['cut off mid-part']['content-type'] },
        payload: bodies['cut off mid-part'].payload,
      });
      expect(res.statusCode).toBe(400);
      expect(await countRows(t.db, systemLogs)).toBe(before);
    });
  });

  describe('lone UTF-16 surrogates', () => {
    const lone = '{"login":"\\ud800x"}';

    it('refuses {"login":"\\ud800x"} on forgot-password without a session as a field error', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/account/forgot-password',
        headers: { 'content-type': 'application/json' },
        payload: lone,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ login: MESSAGES.malformedText });
    });

    it.each([
      ['PUT', '/account/profile', { fullname: 'x\udc00' }, 'fullname'],
      ['POST', '/zones', { name: '\ud800x', contract_id: 1 }, 'name'],
      ['POST', '/master-data/sites', { name: 'a\ud800', contract_id: 1 }, 'name'],
      ['POST', '/alert-templates', { name: '\ud800', contract_ids: [1] }, 'name'],
      ['POST', '/monitoring-groups', { name: '\udbff', contract_id: 1, instrument_ids: [] }, 'name'],
      ['POST', '/account/change-password', { current_password: '\ud800', new_password: 'a long enough password 1' }, 'current_password'],
      ['POST', '/zones', { name: 'Z', contract_id: 1, description: { nested: ['\ud800'] } }, 'description.nested.0'],
    ] as const)('refuses a lone surrogate on %s %s as a field error', async (method, url, payload, field) => {
      const res = await as(t, admin, { method, url: `/api/v1${url}`, payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ [field]: MESSAGES.malformedText });
    });

    it('refuses a lone surrogate in a key, and at any depth', async () => {
      const key = await as(t, admin, {
        method: 'POST',
        url: '/api/v1/zones',
        headers: { 'content-type': 'application/json' },
        payload: '{"name":"Z","contract_id":1,"\\ud800":1}',
      });
      expect(key.statusCode, key.body).toBe(400);
      expect(key.json()).toEqual({ body: MESSAGES.malformedText });
      const deep = `${'['.repeat(50)}"\\ud800"${']'.repeat(50)}`;
      const res = await as(t, admin, {
        method: 'POST',
        url: '/api/v1/zones',
        headers: { 'content-type': 'application/json' },
        payload: `{"name":"Z","contract_id":1,"polygon":${deep}}`,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.values(res.json<Record<string, string>>())).toContain(MESSAGES.malformedText);
    });

    it('still accepts a surrogate pair (an emoji) and Chinese text', async () => {
      const res = await as(t, admin, { method: 'PUT', url: '/api/v1/account/profile', payload: { fullname: '管理员 😀' } });
      expect(res.statusCode, res.body).toBe(200);
    });
  });

  describe('keys from input that every object inherits', () => {
    it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('answers 404 for POST /exports/%s', async (type) => {
      const res = await as(t, admin, { method: 'POST', url: `/api/v1/exports/${type}`, payload: { format: 'csv' } });
      expect(res.statusCode, res.body).toBe(404);
    });
  });

  describe('settings and filters found by the fuzzer', () => {
    it('refuses an unknown time zone in the system settings as a field error', async () => {
      for (const timezone of ['Mars/Olympus', '', 'Asia/Singapore ']) {
        const res = await as(t, admin, { method: 'PUT', url: '/api/v1/master-data/settings', payload: { timezone } });
        expect(res.statusCode, `${timezone}: ${res.body}`).toBe(400);
        expect(res.json()).toEqual({ timezone: MESSAGES.unknownTimeZone });
      }
      const ok = await as(t, admin, { method: 'PUT', url: '/api/v1/master-data/settings', payload: { timezone: 'Asia/Singapore' } });
      expect(ok.statusCode, ok.body).toBe(200);
    });

    it('falls back to the default for a stored setting that fails its schema, and keeps answering', async () => {
      await writeSetting(t.db.orm, 'timezone', 'Mars/Olympus');
      t.services.settings.invalidate();
      try {
        expect((await get('/config')).statusCode).toBe(200);
        const settings = await get('/master-data/settings');
        expect(settings.statusCode, settings.body).toBe(200);
        expect(settings.json<{ timezone: string }>().timezone).toBe('Asia/Singapore');
        expect((await get('/schedules')).statusCode).toBe(200);
      } finally {
        await writeSetting(t.db.orm, 'timezone', 'Asia/Singapore');
        t.services.settings.invalidate();
      }
    });

    it.each(['2147483648', '99999999999999999999', '16', '1', '-2'])('answers 400 for a contract type filter of %s', async (type) => {
      expect((await get(`/contracts?type=${type}`)).statusCode).toBe(400);
      expect((await get(`/contracts/manage?type=${type}`)).statusCode).toBe(400);
    });

    it('still filters contracts by a type bit', async () => {
      expect((await get('/contracts?type=4')).statusCode).toBe(200);
      expect((await get('/contracts/manage?type=6')).statusCode).toBe(200);
    });
  });
});
