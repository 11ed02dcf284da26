import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@strata/shared';
import { and, eq } from 'drizzle-orm';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { auditLog, users } from '../../db/schema/index.js';
import { createUser } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../testing/harness.js';

function multipart(filename: string, contentType: string, data: Buffer, field = 'files') {
  const boundary = `----strata${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('profile, picture and recent pages', () => {
  let t: TestApp;
  let dataDir: string;
  let s: Session;
  let userId: number;
  let loginName: string;
  const upload = (filename: string, contentType: string, data: Buffer) =>
    as(t, s, { method: 'POST', url: '/api/v1/account/profile/picture', ...multipart(filename, contentType, data) });
  const avatars = () => (existsSync(join(dataDir, 'files', 'avatars')) ? readdirSync(join(dataDir, 'files', 'avatars')) : []);

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'strata-profile-'));
    t = await createTestApp({ dataDir });
  });
  // A user of its own for each test: its profile, picture, audit rows and recent pages are the test's alone.
  beforeEach(async () => {
    const user = await createUser(t.db);
    userId = user.userId;
    loginName = user.loginName;
    s = await signIn(t, user.loginName);
  });
  const auditOf = (action: string) =>
    t.db.orm
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.userId, userId)));
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('edits full name and description, audits what changed, and keeps login name and user type', async () => {
    const res = await as(t, s, {
      method: 'PUT',
      url: '/api/v1/account/profile',
      payload: { fullname: ' Paula Painter ', description: 'Survey lead', login_name: 'hacker', user_type: 2 },
    });
    expect(res.statusCode).toBe(200);
    const profile = (await as(t, s, { method: 'GET', url: '/api/v1/sync' })).json().profile;
    expect(profile).toMatchObject({ fullname: 'Paula Painter', description: 'Survey lead', login_name: loginName, user_type: 0 });
    const [row] = await auditOf('account.profile.update');
    expect(row).toMatchObject({
      before: { fullname: `Test ${loginName}`, description: null },
      after: { fullname: 'Paula Painter', description: 'Survey lead' },
    });
    const evil = await as(t, s, { method: 'PUT', url: '/api/v1/account/profile', payload: { fullname: '<img src=x onerror=alert(1)>' } });
    expect(evil.statusCode).toBe(400);
    expect(evil.json()).toEqual({ fullname: MESSAGES.maliciousInput });
    expect((await as(t, s, { method: 'PUT', url: '/api/v1/account/profile', payload: { fullname: '' } })).json()).toEqual({
      fullname: 'Full name is required',
    });
  });

  it('takes a picture, stores it 256×256 WebP, and serves it with the resource token or the bearer', async () => {
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const stored = avatars();
    const res = await upload('me.png', 'image/png', png);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ pic_uri: `/api/v1/account/picture/${userId}` });
    expect((await as(t, s, { method: 'GET', url: '/api/v1/sync' })).json().profile.pic_uri).toBe(`/api/v1/account/picture/${userId}`);
    const added = avatars().filter((f) => !stored.includes(f));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^[0-9a-f]{32}\.webp$/);

    const viaToken = await t.app.inject({ method: 'GET', url: `/api/v1/account/picture/${userId}?_token=${s.resourceToken}` });
    expect(viaToken.statusCode).toBe(200);
    expect(viaToken.headers['content-type']).toBe('image/webp');
    const meta = await sharp(viaToken.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect((await as(t, s, { method: 'GET', url: `/api/v1/account/picture/${userId}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/account/picture/${userId}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/account/picture/${userId}?_token=${s.token}` })).statusCode).toBe(401);
    expect((await as(t, s, { method: 'GET', url: '/api/v1/account/picture/99999' })).statusCode).toBe(404);

    // A new picture replaces the file.
    const jpeg = await sharp({ create: { width: 100, height: 300, channels: 3, background: '#cc3333' } })
      .jpeg()
      .toBuffer();
    expect((await upload('again.jpg', 'image/jpeg', jpeg)).statusCode).toBe(200);
    const replaced = avatars().filter((f) => !stored.includes(f));
    expect(replaced).toHaveLength(1);
    expect(replaced[0]).not.toBe(added[0]);
    expect(await auditOf('account.picture.update')).toHaveLength(2);
  });

  it('refuses a file that is not an image by its content, whatever its name, and one over 2 MB', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    expect((await upload('mine.png', 'image/png', png)).statusCode).toBe(200);
    const stored = avatars();
    const [before] = await t.db.orm.select().from(users).where(eq(users.userId, userId));
    const text = await upload('holiday.png', 'image/png', Buffer.from('this is not a picture at all, just text pretending'));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ picture: MESSAGES.notAnImage });
    const svg = await upload(
      'logo.png',
      'image/png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'),
    );
    expect(svg.json()).toEqual({ picture: MESSAGES.notAnImage });
    const big = await sharp({ create: { width: 1600, height: 1600, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .png()
      .toBuffer();
    expect(big.length).toBeGreaterThan(2_000_000);
    const tooBig = await upload('big.png', 'image/png', big);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toEqual({ picture: MESSAGES.imageTooLarge });
    const [after] = await t.db.orm.select().from(users).where(eq(users.userId, userId));
    expect(after!.avatarKey).toBe(before!.avatarKey);
    expect(avatars()).toEqual(stored);
    const none = await as(t, s, { method: 'POST', url: '/api/v1/account/profile/picture', payload: { x: 1 } });
    expect(none.statusCode).toBe(400);
  });

  it('keeps the pages the user opened lately, newest first, one entry per URL, the latest 50', async () => {
    const visit = (url: string) => as(t, s, { method: 'POST', url: '/api/v1/last-url', payload: { url } });
    await visit('/en/dashboard');
    t.clock.advance(1000);
    await visit('/en/account/home?tab=recents');
    t.clock.advance(1000);
    await visit('/en/dashboard');
    const recents = (await as(t, s, { method: 'GET', url: '/api/v1/account/recents' })).json().records;
    expect(recents.map((r: { url: string }) => r.url)).toEqual(['/en/dashboard', '/en/account/home?tab=recents']);
    expect(recents[0].visited_at).toBe(t.clock.now().toISOString());
    for (let i = 0; i < 55; i++) {
      t.clock.advance(1000);
      await visit(`/en/instruments/${i}`);
    }
    const all = (await as(t, s, { method: 'GET', url: '/api/v1/account/recents' })).json().records;
    expect(all).toHaveLength(50);
    expect(all[0].url).toBe('/en/instruments/54');
    expect(all.at(-1).url).toBe('/en/instruments/5');
    const { rows } = await t.db.query<{ n: number }>('select count(*)::int n from recent_pages where user_id = $1', [userId]);
    expect(rows[0]?.n).toBe(50);
  });
});
