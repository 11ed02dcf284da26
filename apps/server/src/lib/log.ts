import type { FastifyServerOptions } from 'fastify';

/** Query parameters that carry credentials: never logged. */
const SECRET_QUERY = /([?&](?:_token|token|access_token|resource_token|code)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/** Structured JSON logs (pino) without passwords, tokens or cookies. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-csrf-token"]', '*.password', '*.token'],
      censor: '[redacted]',
    },
    serializers: {
      req(req: { method: string; url: string; ip?: string; id?: string }) {
        return { id: req.id, method: req.method, url: redactUrl(req.url), remoteAddress: req.ip };
      },
    },
  };
}
