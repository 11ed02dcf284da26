import fp from 'fastify-plugin';
import { isSafeText, isSanitizeExempt, isWellFormedText, MESSAGES, type TFieldErrors } from '@strata/shared';
import { badRequest } from '../lib/errors.js';

/** The unsafe-input rule applies this deep into a body; well-formedness at any depth. */
const SANITIZE_DEPTH = 8;

/**
 * The field errors of a body or a query: a text that is not well-formed Unicode (a lone surrogate, in a value or a
 * key, secrets and raw fields included) is `malformedText`; a text that changes when sanitised (except secrets and
 * the route's raw fields) is `maliciousInput`. Walked with a stack, so that no nesting is too deep for it.
 */
function collect(root: unknown, raw: ReadonlySet<string>, out: TFieldErrors): void {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    const field = path || 'body';
    if (typeof value === 'string') {
      if (!isWellFormedText(value)) out[field] = MESSAGES.malformedText;
      else if (depth <= SANITIZE_DEPTH && !isSanitizeExempt(path.split('.').pop() ?? path) && !raw.has(path) && !isSafeText(value))
        out[field] = MESSAGES.maliciousInput;
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => stack.push({ value: v, path: path ? `${path}.${i}` : String(i), depth: depth + 1 }));
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        const key = path ? `${path}.${k}` : k;
        if (!isWellFormedText(k)) out[field] = MESSAGES.malformedText;
        else stack.push({ value: v, path: key, depth: depth + 1 });
      }
    }
  }
}

/**
 * The input rule every route passes (preValidation): any text field of a body or query that is not well-formed
 * Unicode, or whose value changes when sanitised, is refused with field errors.
 */
export const safeInputPlugin = fp(async (app) => {
  // Callback style: it runs on every request, and an async hook adds a promise to each.
  app.addHook('preValidation', (request, _reply, done) => {
    const raw = new Set(request.routeOptions.config.rawTextFields ?? []);
    const errors: TFieldErrors = {};
    collect(request.body, raw, errors);
    collect(request.query, raw, errors);
    done(Object.keys(errors).length > 0 ? badRequest(errors) : undefined);
  });
});
