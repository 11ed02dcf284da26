import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, testConfig } from './config.js';
import { openMigratedPglite } from './testing/pglite-template.js';
import { createTestApp, type TestApp } from './testing/harness.js';

describe('configuration', () => {
  it('stops start-up with a message naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('takes the security contact from SECURITY_CONTACT: an e-mail address or a mailto, https or tel URI', () => {
    expect(loadConfig({}).securityContact).toBeUndefined();
    expect(loadConfig({ SECURITY_CONTACT: '' }).securityContact).toBeUndefined();
    expect(loadConfig({ SECURITY_CONTACT: ' security@strata.example ' }).securityContact).toBe('mailto:security@strata.example');
    expect(loadConfig({ SECURITY_CONTACT: 'mailto:psirt@strata.example' }).securityContact).toBe('mailto:psirt@strata.example');
    expect(loadConfig({ SECURITY_CONTACT: 'https://strata.example/report' }).securityContact).toBe('https://strata.example/report');
    expect(loadConfig({ SECURITY_CONTACT: 'tel:+65 6123 4567' }).securityContact).toBe('tel:+65 6123 4567');
    for (const bad of ['the security team', 'http://strata.example/report', 'javascript:alert(1)']) {
      expect(() => loadConfig({ SECURITY_CONTACT: bad }), bad).toThrow(/SECURITY_CONTACT/);
    }
  });

  it('seeds demo data by default on the embedded database but not on a real one unless asked', () => {
    expect(loadConfig({}).demo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@localhost/db' }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@localhost/db', DEMO: '1' }).demo).toBe(true);
  });
});

describe('platform routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers health and readiness', async () => {
    expect((await t.app.inject('/api/v1/health')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/api/v1/ready')).json()).toEqual({ status: 'ok' });
  });

  it('serves application info without sign-in', async () => {
    const info = (await t.app.inject('/api/v1/info')).json();
    expect(info).toMatchObject({ name: 'Strata', api_uri_base: '/api/v1' });
    expect(info.meta).toHaveProperty('login_logo_uri');
    expect(info.build).toHaveProperty('version');
  });

  it('puts security headers on every response', async () => {
    for (const url of ['/api/v1/health', '/api/v1/nope', '/en/some/page']) {
      const res = await t.app.inject(url);
      expect(res.headers['strict-transport-security']).toContain('max-age=');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBeTruthy();
    }
  });

  it('answers unknown API paths with 404 JSON', async () => {
    const res = await t.app.inject('/api/v1/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toBe('Not found');
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/auth', '/api/v1/sync', '/api/v1/contracts']));
    expect(doc.paths['/api/v1/contracts'].get.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['limit', 'skip']));
    expect((await t.app.inject('/api/docs')).statusCode).toBeLessThan(400);
  });

  it('answers security.txt with 404 and says why while no security contact is set up (never a made-up address)', async () => {
    const res = await t.app.inject({ url: '/.well-known/security.txt', headers: { host: '127.0.0.1:8080' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe('No security contact is set up on this server (SECURITY_CONTACT).\n');
    expect(res.body).not.toContain('@');
  });
});

describe('security.txt with a security contact', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ securityContact: 'mailto:security@strata.example' });
  });
  afterAll(() => t.close());

  it('names the SECURITY_CONTACT setting as the contact, with the policy page and an expiry', async () => {
    const res = await t.app.inject({ url: '/.well-known/security.txt', headers: { host: 'strata.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('Contact: mailto:security@strata.example');
    expect(lines.filter((l) => l.startsWith('Contact:'))).toHaveLength(1);
    expect(lines).toContain('Policy: http://strata.example/en/security');
    expect(Date.parse(lines.find((l) => l.startsWith('Expires: '))!.slice(9))).toBeGreaterThan(Date.now());
  });
});

describe('the web app fallback', () => {
  it('serves index.html for unknown non-API paths so the client shows its 404 page', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'strata-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    const db = await openMigratedPglite();
    const { app } = await buildApp({ config: testConfig({ webDist: dist }), db });
    try {
      const page = await app.inject('/en/no/such/page');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root">');
      const asset = await app.inject('/assets/app.js');
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await app.inject('/api/v1/nothing')).statusCode).toBe(404);
    } finally {
      await app.close();
      await db.close();
    }
  });
});

describe('readiness', () => {
  it('answers 503 when the database does not answer', async () => {
    const db = await openMigratedPglite();
    const { app } = await buildApp({ config: testConfig(), db });
    await app.ready();
    await db.close();
    const res = await app.inject('/api/v1/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable' });
    await app.close().catch(() => undefined);
  });
});
