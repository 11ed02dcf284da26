/** Two instances on one PostgreSQL (run when TEST_DATABASE_URL is set: `npm run test:api:pg`). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@strata/shared';
import type { App } from '../../app.js';
import type { TestDatabase } from '../../platform/test-database.js';
import { createUser } from '../../testing/fixtures.js';
import { createTwoInstances, signIn, type TestApp, type TwoInstances } from '../../testing/harness.js';
import { isEvent } from '../../testing/ws-client.js';

import { connect, toWs } from './realtime.test-support.js';

describe('two instances on one PostgreSQL', () => {
  let two: TwoInstances;
  let database: TestDatabase;
  let a: App;
  let b: App;
  let baseB: string;
  let userId: number;
  beforeAll(async () => {
    two = await createTwoInstances();
    ({ database, a, b } = two);
    baseB = toWs(await b.app.listen({ port: 0, host: '127.0.0.1' }));
    userId = (await createUser(database.db, { loginName: 'dave' })).userId;
  });
  afterAll(() => two?.close());

  it('delivers an event published on instance A to a socket connected to instance B, and ends it at sign-out on A', async () => {
    const session = await signIn({ app: a.app } as TestApp, 'dave');
    const socket = await connect(baseB, session);
    await a.services.notifications.notify([userId], { type: 'systemNotification', message: 'From instance A', severity: 3, link_uri: null });
    expect((await socket.next(isEvent('notification'))).data).toEqual({ type: 'systemNotification', message: 'From instance A', severity: 3, link_uri: null });
    expect(await socket.next((m) => m.event === 'unread_count' && m.data.count === 1)).toBeTruthy();
    expect(a.services.hub.stats().connections).toBe(0);
    expect(b.services.hub.stats().authenticated).toBe(1);

    await a.app.inject({ method: 'POST', url: '/api/v1/signout', headers: { authorization: `Bearer ${session.token}`, [CSRF_HEADER]: session.csrf } });
    expect(await socket.waitClosed()).toEqual({ code: 4401, reason: 'unauthorized' });
  });
});
