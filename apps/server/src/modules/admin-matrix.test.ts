import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPE, type PermissionCode } from '@strata/shared';
import { createRole, createUser } from '../testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../testing/harness.js';

/** The administration area: every route under these paths is in the matrix, including routes added later. */
const PREFIXES = [
  '/roles',
  '/permissions',
  '/admin/users',
  '/admin/system',
  '/contractors',
  '/audit-logs',
  '/exports',
  '/generated-files',
  '/schedules',
  '/pipelines',
];

/** An export type that each permission may create (for POST /exports/{type}). */
const EXPORT_TYPE_FOR: Partial<Record<string, string>> = {
  ViewAuditLogs: 'audit-logs',
  GenerateUserReport: 'users',
  DownloadUserReport: 'users',
  ManageRoles: 'roles',
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Route {
  method: Method;
  template: string;
  permissions: PermissionCode[];
}

function adminRoutes(t: TestApp): Route[] {
  return t.app.apiRoutes
    .filter((r) => PREFIXES.some((p) => r.url === `/api/v1${p}` || r.url.startsWith(`/api/v1${p}/`)))
    .flatMap((r) =>
      (Array.isArray(r.method) ? r.method : [r.method])
        .filter((m) => m !== 'HEAD' && m !== 'OPTIONS')
        .map((m) => ({ method: m as Method, template: r.url, permissions: [...(((r.config ?? {}) as { permissions?: PermissionCode[] }).permissions ?? [])] })),
    );
}

/** Parameters become ids of nothing (the service answers 404 once authorisation has passed). */
function urlOf(r: Route, permission?: string): string {
  return r.template
    .replace(':type', EXPORT_TYPE_FOR[permission ?? 'ViewAuditLogs'] ?? 'audit-logs')
    .replace(':name', 'exports')
    .replace(/:[a-zA-Z_]+/g, '999999');
}

const payloadOf = (r: Route) => (r.method === 'GET' || r.method === 'DELETE' ? undefined : {});

describe('the administration authorisation matrix: every route × (no token, without the task, with only that task, AppAdmin)', () => {
  let t: TestApp;
  let routes: Route[];
  let nobody: Session;
  let admin: Session;
  const holders = new Map<string, Session>();

  beforeAll(async () => {
    t = await createTestApp({ dataDir: mkdtempSync(path.join(tmpdir(), 'strata-matrix-')) });
    routes = adminRoutes(t);
    const empty = await createRole(t.db, []);
    await createUser(t.db, { loginName: 'm-nobody', roleId: empty.roleId });
    nobody = await signIn(t, 'm-nobody');
    const all = await createRole(t.db, 'all');
    await createUser(t.db, { loginName: 'm-admin', roleId: all.roleId, userType: USER_TYPE.AppAdmin });
    admin = await signIn(t, 'm-admin');
    const codes = [...new Set(routes.flatMap((r) => r.permissions))];
    for (const code of codes) {
      const role = await createRole(t.db, [code]);
      const login = `m-${code.toLowerCase()}`.slice(0, 32);
      await createUser(t.db, { loginName: login, roleId: role.roleId });
      holders.set(code, await signIn(t, login));
    }
  });
  afterAll(() => t.close());

  it('covers the whole administration area', () => {
    const names = routes.map((r) => `${r.method} ${r.template}`);
    for (const expected of [
      'GET /api/v1/roles',
      'DELETE /api/v1/roles/:role_id',
      'GET /api/v1/permissions',
      'POST /api/v1/admin/users/:id/suspend',
      'POST /api/v1/admin/users/import',
      'PUT /api/v1/contractors/:id/contracts',
      'GET /api/v1/audit-logs',
      'POST /api/v1/exports/:type',
      'GET /api/v1/exports/:id/download',
      'GET /api/v1/generated-files',
      'POST /api/v1/schedules/:id/run',
      'GET /api/v1/admin/system/status',
      'GET /api/v1/admin/system/logs',
      'GET /api/v1/pipelines/:name/stats',
    ]) {
      expect(names).toContain(expected);
    }
    expect(routes.length).toBeGreaterThan(40);
  });

  it('answers 401 without a token on every route', async () => {
    for (const r of routes) {
      const res = await t.app.inject({ method: r.method, url: urlOf(r), payload: payloadOf(r) });
      expect(res.statusCode, `${r.method} ${r.template}`).toBe(401);
    }
  });

  it('answers 403 to a signed-in user without the task on every gated route (and lets them through where no task is needed)', async () => {
    for (const r of routes) {
      const res = await as(t, nobody, { method: r.method, url: urlOf(r), payload: payloadOf(r) });
      if (r.permissions.length > 0) expect(res.statusCode, `${r.method} ${r.template}`).toBe(403);
      else expect([401, 403], `${r.method} ${r.template}`).not.toContain(res.statusCode);
    }
  });

  it('lets a user holding only one of the route’s tasks through, for each of its tasks', async () => {
    for (const r of routes) {
      for (const code of r.permissions) {
        const res = await as(t, holders.get(code)!, { method: r.method, url: urlOf(r, code), payload: payloadOf(r) });
        expect([401, 403], `${r.method} ${r.template} with only ${code}: ${res.body}`).not.toContain(res.statusCode);
      }
    }
  });

  it('lets an Application Admin through everywhere, without a server error', async () => {
    for (const r of routes) {
      const res = await as(t, admin, { method: r.method, url: urlOf(r), payload: payloadOf(r) });
      expect([401, 403], `${r.method} ${r.template}: ${res.body}`).not.toContain(res.statusCode);
      expect(res.statusCode, `${r.method} ${r.template}: ${res.body}`).toBeLessThan(500);
    }
  });

  it('has no route that edits or deletes audit rows', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/api/v1/audit-logs', '/api/v1/audit-logs/1']) {
        const res = await as(t, admin, { method, url, payload: method === 'DELETE' ? undefined : {} });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
  });
});
