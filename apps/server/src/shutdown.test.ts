import { describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { testConfig } from './config.js';
import { openMigratedPglite } from './testing/pglite-template.js';

describe('graceful shutdown', () => {
  it('lets in-flight requests finish, answers new ones 503, and stops the bus', async () => {
    const db = await openMigratedPglite();
    const { app, stop, ctx } = await buildApp({ config: testConfig(), db });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const inFlight = new Promise<void>((r) => (started = r));
    app.get('/api/v1/test-slow', { config: { public: true } }, async () => {
      started();
      await gate;
      return { done: true };
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });

    const slow = fetch(`${address}/api/v1/test-slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
    await inFlight;
    const closing = stop();
    const late = await fetch(`${address}/api/v1/health`);
    expect(late.status).toBe(503);
    expect(await late.json()).toBe('Server is shutting down');
    release();
    expect(await slow).toEqual({ status: 200, body: { done: true } });
    await closing;
    await expect(ctx.bus.publish('settings', {})).rejects.toThrow();
    await db.close();
  });
});
