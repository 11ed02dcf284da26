import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPE } from '@strata/shared';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createRole, createUser } from './testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from './testing/harness.js';
import { multipart } from './testing/master-data.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every registered API route, with sample ids in place of its parameters (`:user_id` the given user's). */
function routesOf(t: TestApp, userId: number) {
  return t.app.apiRoutes.flatMap((r) =>
    (Array.isArray(r.method) ? r.method : [r.method])
      .filter((m) => m !== 'HEAD' && m !== 'OPTIONS')
      .map((method) => ({
        method: method as Method,
        url: r.url.replace(/:user_id\b/g, String(userId)).replace(/:[a-zA-Z_]+/g, '1'),
        template: `${method} ${r.url}`,
        declared: ((r.config ?? {}) as { cacheControl?: string }).cacheControl,
      })),
  );
}

/** What an answer must carry: the route's declared policy on a success, `no-store` on anything else. */
const expected = (status: number, declared: string | undefined) => (status >= 200 && status < 300 && declared ? declared : 'no-store');

describe('Cache-Control on API answers', () => {
  let t: TestApp;
  let dataDir: string;
  let admin: Session;
  let adminId: number;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'strata-cache-'));
    t = await createTestApp({ dataDir });
    const all = await createRole(t.db, 'all');
    const user = await createUser(t.db, { loginName: 'cache-admin', roleId: all.roleId, userType: USER_TYPE.AppAdmin });
    adminId = user.userId;
    admin = await signIn(t, 'cache-admin');
    // A profile picture, so that one route that declares a cache policy answers 200 in the walk.
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const picture = multipart('me.png', png, {}, 'image/png');
    const res = await as(t, admin, { method: 'POST', url: '/api/v1/account/profile/picture', ...picture });
    expect(res.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets only a short list of image and file routes declare that their answers may be kept', () => {
    const declared = routesOf(t, adminId)
      .filter((r) => r.declared !== undefined)
      .map((r) => `${r.template}: ${r.declared}`)
      .sort();
    expect(declared).toEqual([
      'GET /api/v1/account/picture/:user_id: private, max-age=300',
      'GET /api/v1/map-layers/:id/file: private, no-cache',
      // Thumbnails (and the originals the photo viewer shows).
      'GET /api/v1/photos/:file_id: private, max-age=3600',
      'GET /api/v1/user-manual/documents/:id/download: private, no-cache',
    ]);
  });

  it('sends no-store on every answer of every GET route to a signed-in caller, unless the route declared its own for a success', async () => {
    const statuses = new Map<string, number>();
    for (const r of routesOf(t, adminId).filter((x) => x.method === 'GET')) {
      const res = await as(t, admin, { method: 'GET', url: r.url });
      statuses.set(r.template, res.statusCode);
      expect(res.headers['cache-control'], `${r.template} answered ${res.statusCode}`).toBe(expected(res.statusCode, r.declared));
    }
    // The walk met successes as well as errors, and a declared policy on a success.
    expect(statuses.get('GET /api/v1/sync')).toBe(200);
    expect(statuses.get('GET /api/v1/account/picture/:user_id')).toBe(200);
    expect([...statuses.values()].some((s) => s === 404)).toBe(true);
  });

  it('sends no-store on every answer of every route to an anonymous caller, errors and public answers alike', async () => {
    for (const r of routesOf(t, adminId)) {
      const res = await t.app.inject({ method: r.method, url: r.url, payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {} });
      expect(res.headers['cache-control'], `${r.template} answered ${res.statusCode}`).toBe('no-store');
    }
  });

  it('sends no-store on a declared route’s errors and on unknown API addresses', async () => {
    const missing = await as(t, admin, { method: 'GET', url: '/api/v1/account/picture/99999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    for (const url of ['/api/v1/no-such-route', '/api/nothing']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});
