import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser } from './testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from './testing/harness.js';

/** Every registered API route, with sample ids in place of its parameters. */
function routesOf(t: TestApp) {
  return t.app.apiRoutes.flatMap((r) =>
    (Array.isArray(r.method) ? r.method : [r.method])
      .filter((m) => m !== 'HEAD' && m !== 'OPTIONS')
      .map((method) => ({
        method: method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
        url: r.url.replace(/:[a-zA-Z_]+/g, '1'),
        template: r.url,
        config: (r.config ?? {}) as { public?: boolean; permissions?: string[] },
      })),
  );
}

describe('the authorisation walk over every registered route', () => {
  let t: TestApp;
  let nobody: Session;
  beforeAll(async () => {
    t = await createTestApp();
    const empty = await createRole(t.db, []);
    await createUser(t.db, { loginName: 'nobody', roleId: empty.roleId });
    nobody = await signIn(t, 'nobody');
  });
  afterAll(() => t.close());

  it('finds the routes and every one declares public or its permissions', () => {
    const routes = routesOf(t);
    expect(routes.length).toBeGreaterThan(8);
    for (const r of routes) expect(r.config.public === true || Array.isArray(r.config.permissions), `${r.method} ${r.template}`).toBe(true);
  });

  it('refuses anonymous callers on every route that is not public with 401', async () => {
    const protectedRoutes = routesOf(t).filter((r) => r.config.public !== true);
    expect(protectedRoutes.length).toBeGreaterThan(0);
    for (const r of protectedRoutes) {
      const res = await t.app.inject({ method: r.method, url: r.url, payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {} });
      expect(res.statusCode, `${r.method} ${r.template}`).toBe(401);
    }
  });

  it('refuses a signed-in caller without the route permission with 403 on every permission-gated route', async () => {
    const gated = routesOf(t).filter((r) => (r.config.permissions?.length ?? 0) > 0);
    for (const r of gated) {
      const res = await as(t, nobody, { method: r.method, url: r.url, payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {} });
      expect(res.statusCode, `${r.method} ${r.template}`).toBe(403);
    }
  });

  it('keeps public routes to an explicit short list', () => {
    const publicRoutes = routesOf(t)
      .filter((r) => r.config.public === true)
      .map((r) => `${r.method} ${r.template}`)
      .sort();
    // GET /api/v1/rtc/ws is the websocket: it authenticates inside its protocol and closes with 4401 (realtime.test.ts).
    expect(publicRoutes).toEqual([
      // The contractors a person asking for a Contractor account chooses from: id and name only.
      'GET /api/v1/account/register/contractors',
      'GET /api/v1/health',
      'GET /api/v1/info',
      'GET /api/v1/ready',
      'GET /api/v1/rtc/ws',
      // The account flows of a person who cannot sign in yet (issue 4): each throttled or guarded by a mailed token.
      'POST /api/v1/account/activate',
      'POST /api/v1/account/forgot-password',
      'POST /api/v1/account/register',
      'POST /api/v1/account/reset-password',
      'POST /api/v1/account/setup-password',
      'POST /api/v1/auth',
    ]);
  });
});
