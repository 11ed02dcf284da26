import fp from 'fastify-plugin';
import { isSafeText, isSanitizeExempt, MESSAGES, type TFieldErrors } from '@strata/shared';
import { badRequest } from '../lib/errors.js';

function collect(value: unknown, path: string, raw: ReadonlySet<string>, out: TFieldErrors, depth = 0): void {
  if (depth > 8) return;
  if (typeof value === 'string') {
    const leaf = path.split('.').pop() ?? path;
    if (!isSanitizeExempt(leaf) && !raw.has(path) && !isSafeText(value)) out[path || 'body'] = MESSAGES.maliciousInput;
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => collect(v, path ? `${path}.${i}` : String(i), raw, out, depth + 1));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) collect(v, path ? `${path}.${k}` : k, raw, out, depth + 1);
  }
}

/** The unsafe-input rule on the server: any text field of a body or query whose value changes when sanitised is refused. */
export const safeInputPlugin = fp(async (app) => {
  app.addHook('preValidation', async (request) => {
    const raw = new Set(request.routeOptions.config.rawTextFields ?? []);
    const errors: TFieldErrors = {};
    collect(request.body, '', raw, errors);
    collect(request.query, '', raw, errors);
    if (Object.keys(errors).length > 0) throw badRequest(errors);
  });
});
