import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { MESSAGES, type TFieldErrors } from '@strata/shared';
import { HttpError } from '../lib/errors.js';
import { isConnectionLost } from '../platform/connection-lost.js';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: (string | number)[]; message?: string } };
}

/** Turns a schema validation failure into the spec's field-error object: field name -> message. */
function fieldErrors(issues: ValidationIssue[], context: string | undefined): TFieldErrors {
  const out: TFieldErrors = {};
  for (const issue of issues) {
    const path = issue.params?.issue?.path?.join('.') ?? issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') ?? '';
    const key = path || context || 'body';
    out[key] ??= issue.params?.issue?.message ?? issue.message ?? 'Invalid value';
  }
  return out;
}

/**
 * Every error leaves as the client contract expects: a JSON string (general message, shown as an alert) or a JSON
 * object of field -> message (validation; fills the form). A database out of reach is a 503 with Retry-After; unknown
 * failures are logged and answered 500 without detail.
 */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      for (const [k, v] of Object.entries(error.headers)) reply.header(k, v);
      return reply.status(error.statusCode).type('application/json').send(JSON.stringify(error.body));
    }
    const fe = error as FastifyError & { validation?: ValidationIssue[]; validationContext?: string };
    if (fe.validation) {
      return reply
        .status(400)
        .type('application/json')
        .send(JSON.stringify(fieldErrors(fe.validation, fe.validationContext)));
    }
    const status = fe.statusCode ?? 500;
    if (isConnectionLost(error)) {
      // PostgreSQL restarting or out of reach: the pool reconnects by itself; the client may try again shortly.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '1').type('application/json').send(JSON.stringify(MESSAGES.databaseUnavailable));
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).type('application/json').send(JSON.stringify(MESSAGES.internal));
    }
    if (status === 429) return reply.status(429).type('application/json').send(JSON.stringify(MESSAGES.rateLimited));
    return reply.status(status).type('application/json').send(JSON.stringify(fe.message));
  });
});
