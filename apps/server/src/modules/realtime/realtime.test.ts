import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPE, type TWsServerMessage } from '@strata/shared';
import { userContracts } from '../../db/schema/index.js';
import { createContract, createUser } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type TestApp } from '../../testing/harness.js';
import { isEvent, TestSocket, waitFor } from '../../testing/ws-client.js';
import { publishDataUpdated, publishRequireSync, publishToUsers } from './realtime.publish.js';

import { connect, isAuthenticated, sentinel, toWs } from './realtime.test-support.js';

describe('the live connection', () => {
  let t: TestApp;
  let base: string;
  let contractA: number;
  let contractB: number;
  const ids: Record<string, number> = {};
  const sockets: TestSocket[] = [];
  const track = (s: TestSocket) => (sockets.push(s), s);

  beforeAll(async () => {
    t = await createTestApp({ realtime: { authTimeoutMs: 400, pingMs: 30_000 } });
    base = toWs(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    contractA = (await createContract(t.db)).contractId;
    contractB = (await createContract(t.db)).contractId;
    ids.alice = (await createUser(t.db, { loginName: 'alice', contractIds: [contractA] })).userId;
    ids.bob = (await createUser(t.db, { loginName: 'bob', contractIds: [contractB] })).userId;
    ids.root = (await createUser(t.db, { loginName: 'root', userType: USER_TYPE.AppAdmin })).userId;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  it('sends client_connection on connect, then authenticates the access token sent as the first message', async () => {
    const alice = await signIn(t, 'alice');
    const socket = track(await TestSocket.open(base));
    const hello = await socket.next(isEvent('client_connection'));
    expect(hello).toEqual({ event: 'client_connection', data: { status: 'connected', connection_id: expect.any(String) } });
    socket.send({ token: alice.token });
    const ok = await socket.next(isAuthenticated);
    expect(ok.data).toEqual({ status: 'authenticated', connection_id: (hello.data as { connection_id: string }).connection_id, user_id: ids.alice });
    expect(await socket.next(isEvent('unread_count'))).toEqual({ event: 'unread_count', data: { count: 0 } });
    expect(t.services.hub.stats()).toMatchObject({ authenticated: 1, users: 1 });
    socket.close();
    await waitFor(() => t.services.hub.stats().connections === 0, 5_000, 'the hub to forget the socket');
  });

  it('accepts the raw token string as the first message too', async () => {
    const bob = await signIn(t, 'bob');
    const socket = track(await TestSocket.open(base));
    await socket.next(isEvent('client_connection'));
    socket.send(bob.token);
    expect((await socket.next(isAuthenticated)).data).toMatchObject({ user_id: ids.bob });
    socket.close();
  });

  it('closes with 4401 unauthorized on a bad token, on garbage, and when no token arrives in time', async () => {
    const bad = track(await TestSocket.open(base));
    await bad.next(isEvent('client_connection'));
    bad.send({ token: 'not-a-token' });
    expect(await bad.waitClosed()).toEqual({ code: 4401, reason: 'unauthorized' });

    const garbage = track(await TestSocket.open(base));
    garbage.send('{"token":');
    expect(await garbage.waitClosed()).toEqual({ code: 4401, reason: 'unauthorized' });

    const silent = track(await TestSocket.open(base));
    expect(await silent.waitClosed(3_000)).toEqual({ code: 4401, reason: 'unauthorized' });
    expect(silent.messages.filter(isAuthenticated)).toEqual([]);
  });

  it('refuses the access token in _token with 4401 but accepts the resource token there', async () => {
    const alice = await signIn(t, 'alice');
    const withAccess = track(await TestSocket.open(`${base}?_token=${encodeURIComponent(alice.token)}`));
    expect(await withAccess.waitClosed()).toEqual({ code: 4401, reason: 'unauthorized' });
    expect(withAccess.messages.filter(isAuthenticated)).toEqual([]);

    const withResource = track(await TestSocket.open(`${base}?_token=${encodeURIComponent(alice.resourceToken)}`));
    const first = await withResource.next(() => true);
    expect(first).toMatchObject({ event: 'client_connection', data: { status: 'authenticated', user_id: ids.alice } });
    withResource.close();
  });

  it("delivers a notification sent through the service to the user's sockets and not to another user's", async () => {
    const aliceSocket = track(await connect(base, await signIn(t, 'alice')));
    const aliceOther = track(await connect(base, await signIn(t, 'alice')));
    const bobSocket = track(await connect(base, await signIn(t, 'bob')));

    await t.services.notifications.notify([ids.alice!], { type: 'systemNotification', message: 'Pump P1 restarted', severity: 2, link_uri: '/en/alerts' });
    for (const s of [aliceSocket, aliceOther]) {
      const got = await s.next(isEvent('notification'));
      expect(got.data).toEqual({ type: 'systemNotification', message: 'Pump P1 restarted', severity: 2, link_uri: '/en/alerts' });
      expect(await s.next((m) => m.event === 'unread_count' && m.data.count === 1)).toBeTruthy();
    }
    // The bus delivers in order: once bob has his own message, he would already have had alice's.
    await publishToUsers(t.ctx.bus, [ids.bob!], sentinel('for bob'));
    await bobSocket.next(isEvent('notification'));
    expect(bobSocket.notifications().map((n) => n.message)).toEqual(['for bob']);
    for (const s of [aliceSocket, aliceOther, bobSocket]) s.close();
  });

  it('pushes the new unread count to every socket of the user when they mark notifications read', async () => {
    const alice = await signIn(t, 'alice');
    const socket = track(await connect(base, alice));
    await t.services.notifications.notify([ids.alice!], sentinel('to be read'));
    const isToBeRead = (m: TWsServerMessage) => m.event === 'notification' && m.data.message === 'to be read';
    await socket.next(isToBeRead);
    const raised = await socket.next(isEvent('unread_count'), 5_000, socket.messages.findIndex(isToBeRead) + 1);
    expect(raised.data.count).toBeGreaterThan(0);
    const from = socket.messages.length;
    const res = await as(t, alice, { method: 'POST', url: '/api/v1/notifications/read-all' });
    expect(res.json()).toEqual({ unread: 0 });
    expect(await socket.next(isEvent('unread_count'), 5_000, from)).toEqual({ event: 'unread_count', data: { count: 0 } });
    socket.close();
  });

  it('delivers by contract to the users who can see it (assigned users and AppAdmins) only', async () => {
    const aliceSocket = track(await connect(base, await signIn(t, 'alice')));
    const bobSocket = track(await connect(base, await signIn(t, 'bob')));
    const rootSocket = track(await connect(base, await signIn(t, 'root')));

    await publishDataUpdated(t.ctx.bus, { topic: 'readings', contractId: contractA });
    const expected = {
      type: 'dataUpdated',
      topic: 'readings',
      contract_id: contractA,
      message: 'New data available. Click to reload.',
      severity: 1,
      link_uri: null,
    };
    expect((await aliceSocket.next(isEvent('notification'))).data).toEqual(expected);
    expect((await rootSocket.next(isEvent('notification'))).data).toEqual(expected);
    await publishDataUpdated(t.ctx.bus, { topic: 'readings', contractId: contractB });
    await bobSocket.next(isEvent('notification'));
    expect(bobSocket.notifications().map((n) => (n.type === 'dataUpdated' ? n.contract_id : null))).toEqual([contractB]);

    // A contract newly assigned counts once the user is told to sync (the hub reloads what it knows of them).
    await t.db.orm.insert(userContracts).values({ userId: ids.bob!, contractId: contractA });
    await publishRequireSync(t.ctx.bus, [ids.bob!]);
    await bobSocket.next((m) => m.event === 'notification' && m.data.type === 'requireSync');
    await waitFor(
      async () => {
        const from = bobSocket.messages.length;
        await publishDataUpdated(t.ctx.bus, { topic: 'probe', contractId: contractA });
        await publishToUsers(t.ctx.bus, [ids.bob!], sentinel('probe-end'));
        await bobSocket.next((m) => m.event === 'notification' && m.data.message === 'probe-end', 5_000, from);
        return bobSocket.messages.slice(from).some((m) => m.event === 'notification' && m.data.type === 'dataUpdated' && m.data.contract_id === contractA);
      },
      5_000,
      'bob to receive contract A',
    );
    for (const s of [aliceSocket, bobSocket, rootSocket]) s.close();
  });

  it('closes the sockets of a session with 4401 when the user signs out, and keeps their other sessions', async () => {
    const first = await signIn(t, 'alice');
    const second = await signIn(t, 'alice');
    const leaving = track(await connect(base, first));
    const staying = track(await connect(base, second));
    expect((await as(t, first, { method: 'POST', url: '/api/v1/signout' })).statusCode).toBe(200);
    expect(await leaving.waitClosed()).toEqual({ code: 4401, reason: 'unauthorized' });
    await publishToUsers(t.ctx.bus, [ids.alice!], sentinel('still here'));
    expect((await staying.next(isEvent('notification'))).data.message).toBe('still here');
    expect(staying.closed).toBeUndefined();
    staying.close();
  });
});

describe('the keepalive check', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ realtime: { authTimeoutMs: 5_000, pingMs: 100 } });
    base = toWs(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    await createUser(t.db, { loginName: 'carol' });
  });
  afterAll(() => t.close());

  it('keeps a socket that answers pings and closes it with 4401 once its session is idle past the session age', async () => {
    const socket = await connect(base, await signIn(t, 'carol'));
    await new Promise((r) => setTimeout(r, 400)); // several ping rounds, answered by the client
    expect(socket.closed).toBeUndefined();
    t.clock.advance(31 * 60_000);
    expect(await socket.waitClosed()).toEqual({ code: 4401, reason: 'unauthorized' });
    expect(t.services.hub.stats()).toEqual({ connections: 0, authenticated: 0, users: 0 });
  });
});

describe('stopping an instance', () => {
  it('does not wait for open sockets: it closes them with 1001 so that the clients reconnect elsewhere', async () => {
    const t = await createTestApp();
    const base = toWs(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    await createUser(t.db, { loginName: 'erin' });
    const authenticated = await connect(base, await signIn(t, 'erin'));
    const pending = await TestSocket.open(base);
    const started = Date.now();
    await t.stop(10_000);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await authenticated.waitClosed()).toEqual({ code: 1001, reason: 'server shutting down' });
    expect(await pending.waitClosed()).toEqual({ code: 1001, reason: 'server shutting down' });
    await t.close();
  });
});
