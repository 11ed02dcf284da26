import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../testing/harness.js';
import { GEOCODE_PER_MINUTE, parseGeocoderAnswer } from './geocode.service.js';
import { writeSetting } from '../settings/settings.service.js';

const ONEMAP = {
  found: 2,
  results: [
    {
      SEARCHVAL: 'RAFFLES PLACE MRT STATION',
      ADDRESS: '5 RAFFLES PLACE RAFFLES PLACE MRT STATION SINGAPORE 048618',
      POSTAL: '048618',
      LATITUDE: '1.28393',
      LONGITUDE: '103.85153',
    },
    { SEARCHVAL: 'BROKEN', ADDRESS: 'NO COORDINATES', POSTAL: 'NIL', LATITUDE: '', LONGITUDE: '' },
  ],
};

describe('geocoder answers', () => {
  it('reads OneMap search results with both coordinate systems and drops places without coordinates', () => {
    const [p, ...rest] = parseGeocoderAnswer(ONEMAP);
    expect(rest).toEqual([]);
    expect(p).toMatchObject({ label: '5 RAFFLES PLACE RAFFLES PLACE MRT STATION SINGAPORE 048618', postal_code: '048618', lat: 1.28393, lon: 103.85153 });
    // Raffles Place is about 30 km E, 29 km N in SVY21.
    expect(p!.easting).toBeGreaterThan(29_000);
    expect(p!.easting).toBeLessThan(31_000);
    expect(p!.northing).toBeGreaterThan(29_000);
    expect(p!.northing).toBeLessThan(30_500);
  });

  it('reads Nominatim answers, with the postcode when the address details hold one', () => {
    const places = parseGeocoderAnswer([{ display_name: 'Bishan, Singapore', lat: '1.3508', lon: '103.8485', address: { postcode: '570283' } }]);
    expect(places).toEqual([expect.objectContaining({ label: 'Bishan, Singapore', postal_code: '570283', lat: 1.3508, lon: 103.8485 })]);
  });

  it('gives no places for any other shape', () => {
    expect(parseGeocoderAnswer({ error: 'x' })).toEqual([]);
    expect(parseGeocoderAnswer('text')).toEqual([]);
    expect(parseGeocoderAnswer([{ lat: 'north', lon: 1, display_name: 'bad' }])).toEqual([]);
  });
});

describe('GET /geocode', () => {
  let t: TestApp;
  let s: Session;
  let geocoder: Server;
  let base: string;
  const asked: string[] = [];

  beforeAll(async () => {
    geocoder = createServer((req, res) => {
      asked.push(req.url ?? '');
      if (req.url?.includes('fail')) {
        res.writeHead(500).end('down');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(ONEMAP));
    });
    await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}`;
    t = await createTestApp();
    await createUser(t.db, { loginName: 'finder' });
    s = await signIn(t, 'finder');
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => geocoder.close(resolve));
  });

  it('answers 404 and /config says no geocoder while none is configured', async () => {
    // As a fresh database has it; the other tests configure one.
    await writeSetting(t.db.orm, 'geocoder_url', null);
    t.services.settings.invalidate();
    expect((await as(t, s, { method: 'GET', url: '/api/v1/geocode?q=048618' })).statusCode).toBe(404);
    expect((await as(t, s, { method: 'GET', url: '/api/v1/config' })).json().settings.geocoder).toBe(false);
  });

  it('asks the configured geocoder with the query encoded and answers its places', async () => {
    await writeSetting(t.db.orm, 'geocoder_url', `${base}/search?searchVal={query}&returnGeom=Y`);
    t.services.settings.invalidate();
    expect((await as(t, s, { method: 'GET', url: '/api/v1/config' })).json().settings.geocoder).toBe(true);
    const res = await as(t, s, { method: 'GET', url: `/api/v1/geocode?q=${encodeURIComponent('Raffles Place & 1')}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().records).toHaveLength(1);
    expect(asked.at(-1)).toBe('/search?searchVal=Raffles%20Place%20%26%201&returnGeom=Y');
  });

  it('answers 502 with a message when the geocoder fails, and 400 for a too short query', async () => {
    await writeSetting(t.db.orm, 'geocoder_url', `${base}/fail?q={query}`);
    t.services.settings.invalidate();
    const res = await as(t, s, { method: 'GET', url: '/api/v1/geocode?q=bishan' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatch(/geocoder did not answer/);
    expect((await as(t, s, { method: 'GET', url: '/api/v1/geocode?q=a' })).statusCode).toBe(400);
  });

  it('limits each user to a number of searches a minute', async () => {
    await writeSetting(t.db.orm, 'geocoder_url', `${base}/search?searchVal={query}`);
    t.services.settings.invalidate();
    await createUser(t.db, { loginName: 'eager' });
    const e = await signIn(t, 'eager');
    for (let i = 0; i < GEOCODE_PER_MINUTE; i++) expect((await as(t, e, { method: 'GET', url: `/api/v1/geocode?q=place${i}` })).statusCode).toBe(200);
    const limited = await as(t, e, { method: 'GET', url: '/api/v1/geocode?q=one-more' });
    expect(limited.statusCode).toBe(429);
    t.clock.advance(61_000);
    expect((await as(t, e, { method: 'GET', url: '/api/v1/geocode?q=later' })).statusCode).toBe(200);
  });

  it('refuses callers who are not signed in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/geocode?q=bishan' })).statusCode).toBe(401);
  });

  it('refuses a settings value that is not an address with {query}', async () => {
    const role = await createRole(t.db, ['ManageSystemSettings']);
    await createUser(t.db, { loginName: 'setter', roleId: role.roleId });
    const a = await signIn(t, 'setter');
    const bad = await as(t, a, { method: 'PUT', url: '/api/v1/master-data/settings', payload: { geocoder_url: 'https://geo.example.org/search' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('geocoder_url');
  });
});
