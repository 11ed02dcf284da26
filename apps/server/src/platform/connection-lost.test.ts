import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@strata/shared';
import { errorsPlugin } from '../plugins/errors.js';
import { isConnectionLost } from './connection-lost.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('a database out of reach', () => {
  it('is told by PostgreSQL shutdown and connection codes, socket errors and the driver messages, also as a cause', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', 'ECONNREFUSED', 'ECONNRESET']) expect(isConnectionLost(withCode(code)), code).toBe(true);
    expect(isConnectionLost(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionLost(new Error('Failed query: select 1', { cause: withCode('57P01') }))).toBe(true);
  });

  it('is not any other failure: a constraint, a syntax error, a plain error', () => {
    for (const code of ['23505', '42601', '22P02', '40001']) expect(isConnectionLost(withCode(code)), code).toBe(false);
    expect(isConnectionLost(new Error('boom'))).toBe(false);
    expect(isConnectionLost(undefined)).toBe(false);
  });

  it('is answered 503 with Retry-After and the catalogue message; any other failure stays a 500', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/lost', async () => {
      throw new Error('Failed query', { cause: withCode('57P01', 'terminating connection due to administrator command') });
    });
    app.get('/broken', async () => {
      throw new Error('boom');
    });
    const lost = await app.inject('/lost');
    expect(lost.statusCode).toBe(503);
    expect(lost.headers['retry-after']).toBe('1');
    expect(lost.json()).toBe(MESSAGES.databaseUnavailable);
    const broken = await app.inject('/broken');
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toBe(MESSAGES.internal);
    await app.close();
  });
});
