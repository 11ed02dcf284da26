import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { loadConfig } from './config.js';
import { auditLog } from './db/schema/index.js';
import { createUser, TEST_PASSWORD } from './testing/fixtures.js';
import { createTestApp, type TestApp } from './testing/harness.js';

/** A sign-in as it reaches the server: from `peer` (the connection's address), with the headers given. */
const signInFrom = (t: TestApp, peer: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth',
    remoteAddress: peer,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({ username: 'dana', password }).toString(),
  });

/** The client address of the latest audit row of `action`. */
async function lastAuditAddress(t: TestApp, action: string): Promise<string | null | undefined> {
  const [row] = await t.db.orm.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.auditId)).limit(1);
  return row?.clientAddress;
}

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told: unset, empty or 0', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('takes a number of proxy hops, or the proxies’ addresses, CIDRs and named ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8,loopback' }).trustProxy).toEqual(['10.0.0.5', '10.1.0.0/16', 'fd00::/8', 'loopback']);
  });

  it('stops start-up with a message naming TRUST_PROXY for anything else, trusting every peer included', () => {
    for (const bad of ['true', 'yes', '10.0.0.300', '10.0.0.0/33', 'fd00::/129', '10.0.0.1,', 'proxy.example', '-1', '10.0.0.0/8/1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('the client address behind X-Forwarded-For', () => {
  describe('without TRUST_PROXY', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ loginThrottle: { maxFailures: 50, windowMs: 60_000, maxFailuresPerIp: 3 } });
      await createUser(t.db, { loginName: 'dana' });
    });
    afterAll(() => t.close());

    it('ignores a forged X-Forwarded-For: the audit row records the peer', async () => {
      const res = await signInFrom(t, '203.0.113.7', TEST_PASSWORD, { 'x-forwarded-for': '10.9.9.9' });
      expect(res.statusCode).toBe(200);
      expect(await lastAuditAddress(t, 'auth.signin')).toBe('203.0.113.7');
    });

    it('counts a peer’s failures against its own address however it names itself', async () => {
      for (let i = 0; i < 3; i++) {
        const res = await signInFrom(t, '203.0.113.8', 'wrong-guess', { 'x-forwarded-for': `198.51.100.${i}` });
        expect(res.statusCode).toBe(401);
      }
      const next = await signInFrom(t, '203.0.113.8', TEST_PASSWORD, { 'x-forwarded-for': '198.51.100.99' });
      expect(next.statusCode).toBe(429);
      expect(await lastAuditAddress(t, 'auth.signin.throttled')).toBe('203.0.113.8');
    });
  });

  describe('with the proxy’s address in TRUST_PROXY', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ trustProxy: loadConfig({ TRUST_PROXY: '10.0.0.5' }).trustProxy });
      await createUser(t.db, { loginName: 'dana' });
    });
    afterAll(() => t.close());

    it('takes the client address the proxy gives', async () => {
      const res = await signInFrom(t, '10.0.0.5', TEST_PASSWORD, { 'x-forwarded-for': '198.51.100.20' });
      expect(res.statusCode).toBe(200);
      expect(await lastAuditAddress(t, 'auth.signin')).toBe('198.51.100.20');
    });

    it('takes only the address the proxy appended, not one the client put before it', async () => {
      const res = await signInFrom(t, '10.0.0.5', TEST_PASSWORD, { 'x-forwarded-for': '10.9.9.9, 198.51.100.21' });
      expect(res.statusCode).toBe(200);
      expect(await lastAuditAddress(t, 'auth.signin')).toBe('198.51.100.21');
    });

    it('still ignores the header from any other peer', async () => {
      const res = await signInFrom(t, '203.0.113.9', TEST_PASSWORD, { 'x-forwarded-for': '198.51.100.22' });
      expect(res.statusCode).toBe(200);
      expect(await lastAuditAddress(t, 'auth.signin')).toBe('203.0.113.9');
    });
  });

  describe('with a number of proxy hops in TRUST_PROXY', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ trustProxy: loadConfig({ TRUST_PROXY: '2' }).trustProxy });
      await createUser(t.db, { loginName: 'dana' });
    });
    afterAll(() => t.close());

    it('takes the address that many hops from the server, not one the client put before it', async () => {
      const res = await signInFrom(t, '10.0.0.5', TEST_PASSWORD, { 'x-forwarded-for': '10.9.9.9, 198.51.100.30, 10.0.0.4' });
      expect(res.statusCode).toBe(200);
      expect(await lastAuditAddress(t, 'auth.signin')).toBe('198.51.100.30');
    });
  });
});
