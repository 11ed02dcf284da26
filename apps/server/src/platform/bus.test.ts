import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { openMigratedPglite } from '../testing/pglite-template.js';
import { createBus, type Bus } from './bus.js';
import { collectingLogger, sleep, waitFor } from '../testing/wait.js';
import { bigEvent, recorder } from './bus.test-support.js';

describe('bus on PGlite', () => {
  let db: Database;
  let bus: Bus;
  const log = collectingLogger();

  beforeAll(async () => {
    db = await openMigratedPglite();
    bus = createBus(db, { logger: log.logger });
  });

  afterAll(async () => {
    await bus?.close();
    await db?.close();
  });

  it('delivers a published event to its subscriber, marked local', async () => {
    const r = recorder<{ n: number }>();
    const off = await bus.subscribe('test_round_trip', r.handler);
    await bus.publish('test_round_trip', { n: 1 });
    await waitFor(() => r.got.length === 1);
    expect(r.got[0]).toEqual({ event: { n: 1 }, meta: { channel: 'test_round_trip', origin: bus.origin, local: true } });
    await off();
  });

  it('delivers in order', async () => {
    const r = recorder<number>();
    const off = await bus.subscribe('test_order', r.handler);
    for (let i = 0; i < 5; i++) await bus.publish('test_order', i === 2 ? bigEvent() : i);
    await waitFor(() => r.got.length === 5);
    expect(r.got.map((g) => (typeof g.event === 'number' ? g.event : 'big'))).toEqual([0, 1, 'big', 3, 4]);
    await off();
  });

  it('delivers a 20 kB event through bus_payloads', async () => {
    const r = recorder();
    const off = await bus.subscribe('test_large', r.handler);
    const event = bigEvent();
    expect(JSON.stringify(event).length).toBeGreaterThan(20_000);
    await bus.publish('test_large', event);
    await waitFor(() => r.got.length === 1);
    expect(r.got[0]?.event).toEqual(event);
    expect(r.got[0]?.meta.local).toBe(true);
    const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bus_payloads WHERE channel = 'test_large'`);
    expect(rows.rows[0]?.n).toBe(1);
    await off();
  });

  it('deletes stored payloads older than an hour on a later large publish', async () => {
    await db.query(`INSERT INTO bus_payloads (channel, payload, created_at) VALUES ('test_old', '{}', now() - interval '2 hours')`);
    await bus.publish('test_cleanup', bigEvent());
    const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bus_payloads WHERE channel = 'test_old'`);
    expect(rows.rows[0]?.n).toBe(0);
  });

  it('stops delivering to an unsubscribed handler', async () => {
    const kept = recorder();
    const dropped = recorder();
    const offKept = await bus.subscribe('test_unsub', kept.handler);
    const offDropped = await bus.subscribe('test_unsub', dropped.handler);
    await bus.publish('test_unsub', 1);
    await waitFor(() => kept.got.length === 1 && dropped.got.length === 1);
    await offDropped();
    await bus.publish('test_unsub', 2);
    await waitFor(() => kept.got.length === 2);
    await sleep(50);
    expect(dropped.got.map((g) => g.event)).toEqual([1]);
    await offKept();
    await bus.publish('test_unsub', 3);
    await sleep(100);
    expect(kept.got.map((g) => g.event)).toEqual([1, 2]);
  });

  it('logs handler errors and keeps delivering', async () => {
    const r = recorder();
    const offThrow = await bus.subscribe('test_errors', () => {
      throw new Error('sync boom');
    });
    const offReject = await bus.subscribe('test_errors', async () => {
      throw new Error('async boom');
    });
    const offOk = await bus.subscribe('test_errors', r.handler);
    await bus.publish('test_errors', 'a');
    await bus.publish('test_errors', 'b');
    await waitFor(() => r.got.length === 2);
    await waitFor(() => log.entries.filter((e) => e.msg === 'bus: handler failed').length === 4);
    expect(r.got.map((g) => g.event)).toEqual(['a', 'b']);
    await Promise.all([offThrow(), offReject(), offOk()]);
  });

  it('rejects invalid channel names', async () => {
    await expect(bus.publish('Bad-Name', 1)).rejects.toThrow(/invalid channel/);
    await expect(bus.subscribe('1abc', () => undefined)).rejects.toThrow(/invalid channel/);
    await expect(bus.publish('a'.repeat(64), 1)).rejects.toThrow(/invalid channel/);
  });
});
