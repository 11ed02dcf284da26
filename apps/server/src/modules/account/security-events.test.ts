import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../testing/fixtures.js';
import { as, createTestApp, type TestApp } from '../../testing/harness.js';
import { mailsTo } from '../../testing/mail.js';

describe('security events', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signInWith = (userAgent: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      headers: { 'user-agent': userAgent },
      remoteAddress,
      payload: { username: 'traveller', password: TEST_PASSWORD },
    });

  it('tells the user of a sign-in from a new client (user agent + address), not of the first one or a known one', async () => {
    await createUser(t.db, { loginName: 'traveller' });
    expect((await signInWith('Firefox/140', '10.95.0.1')).statusCode).toBe(200);
    expect((await signInWith('Firefox/140', '10.95.0.1')).statusCode).toBe(200);
    expect(await mailsTo(t, 'traveller@example.com')).toHaveLength(0);

    expect((await signInWith('Firefox/140', '203.0.113.9')).statusCode).toBe(200);
    expect((await signInWith('Chrome/138', '10.95.0.1')).statusCode).toBe(200);
    const mails = await mailsTo(t, 'traveller@example.com');
    expect(mails.map((m) => m.subject)).toEqual(['Strata: Sign-in from a new device', 'Strata: Sign-in from a new device']);
    expect(mails[1]!.text).toContain('From address: 203.0.113.9');
    expect(mails[1]!.text).toContain('Browser: Firefox/140');
    expect(mails[1]!.text).toContain('http://localhost:8080/en/account/profile/security');
    expect(mails[1]!.html).toContain('href="http://localhost:8080/en/account/profile/security"');

    const again = await signInWith('Firefox/140', '10.95.0.1');
    const s = { token: again.json().access_token as string, resourceToken: '', csrf: String(again.headers['x-csrf-token']), login: again.json() };
    const list = (await as(t, s, { method: 'GET', url: '/api/v1/notifications' })).json();
    expect(list.records).toHaveLength(2);
    expect(list.records[0]).toMatchObject({ type: 'security', severity: 2, link_uri: '/en/account/profile/security', read: false });
    expect((await as(t, s, { method: 'GET', url: '/api/v1/sync' })).json().profile.unread_notifications).toBe(2);
  });
});
