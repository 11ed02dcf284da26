import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { buildApp, type App } from '../app.js';
import { testConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { openMigratedPglite } from '../testing/pglite-template.js';

const SCRIPT = `export const text = ${JSON.stringify('a line of the bundle\n'.repeat(200))};\n`;
const INDEX = `<!doctype html><html><head><title>Strata</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
const ICON = '<svg xmlns="http://www.w3.org/2000/svg"/>';

/** A built web app as `vite build` leaves it: hashed assets and index.html with their .br and .gz copies, a small icon without. */
function writeDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'strata-web-'));
  mkdirSync(path.join(dist, 'assets'));
  const withCopies = (file: string, text: string) => {
    writeFileSync(file, text);
    writeFileSync(`${file}.br`, brotliCompressSync(text));
    writeFileSync(`${file}.gz`, gzipSync(text));
  };
  withCopies(path.join(dist, 'assets', 'app-Bx1.js'), SCRIPT);
  withCopies(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'favicon.svg'), ICON);
  return dist;
}

describe('the web app, precompressed', () => {
  let dist: string;
  let db: Database;
  let app: App['app'];
  beforeAll(async () => {
    dist = writeDist();
    db = await openMigratedPglite();
    ({ app } = await buildApp({ config: testConfig({ webDist: dist }), db }));
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) => app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends the brotli copy to a browser that accepts it, as JavaScript, cached for good', async () => {
    const res = await get('/assets/app-Bx1.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
  });

  it('keeps the document-only security headers off scripts, and on the page and an unknown asset address', async () => {
    const script = await get('/assets/app-Bx1.js', 'br');
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['strict-transport-security']).toContain('max-age=');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy']) {
      expect(script.headers[name], name).toBeUndefined();
    }
    for (const [url, type] of [
      ['/en/account/login', /^text\/html/],
      ['/assets/no-such-file.js', /^text\/plain/],
    ] as const) {
      const page = await get(url, 'br');
      expect(page.headers['content-type'], url).toMatch(type);
      expect(String(page.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
      expect(page.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('answers 404 for a missing asset, never the page in its place, and keeps the 404 out of every cache', async () => {
    for (const url of ['/assets/no-such-file.js', '/assets/app-Old1.css', '/assets/logo-X2.png?v=1', '/assets/no-extension', '/favicon-missing.ico']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/plain; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.body, url).toBe('Not found');
    }
  });

  it('still answers index.html for the app’s own addresses, a dot in a path segment included', async () => {
    for (const url of ['/en/alert-detail/12', '/zh/dashboard?view=map', '/en/admin/users/j.doe']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).toBe(INDEX);
    }
  });

  it('sends a hashed asset without validators, which a file cached for good never uses; a file kept an hour keeps them', async () => {
    const script = await get('/assets/app-Bx1.js', 'br');
    expect(script.headers['cache-control']).toContain('immutable');
    for (const name of ['etag', 'last-modified', 'accept-ranges']) expect(script.headers[name], name).toBeUndefined();
    const icon = await get('/favicon.svg');
    expect(icon.headers.etag).toBeDefined();
    expect(icon.headers['last-modified']).toBeDefined();
  });

  it('sends the gzip copy when only gzip is accepted', async () => {
    const res = await get('/assets/app-Bx1.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is without an encoding both sides know', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'deflate']) {
      const res = await get('/assets/app-Bx1.js', acceptEncoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toBe(SCRIPT);
    }
  });

  it('sends a file without copies as it is, kept an hour when its name has no hash', async () => {
    const res = await get('/favicon.svg', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body).toBe(ICON);
  });

  it('sends index.html for a page of the app compressed too, as HTML and revalidated on every load', async () => {
    const br = await get('/en/account/login', 'gzip, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(INDEX);
    const gzip = await get('/en/account/login', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(INDEX);
    const plain = await get('/en/account/login');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plain.body).toBe(INDEX);
  });

  it('still answers unknown API paths with 404 JSON, never index.html', async () => {
    const res = await get('/api/v1/nothing', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toBe('Not found');
  });
});
