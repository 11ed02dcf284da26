import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import { isSafeText, isSanitizeExempt } from '@strata/shared';
import { set, type FieldError, type FieldErrors, type FieldValues, type Resolver, type ResolverOptions, type ResolverResult } from 'react-hook-form';
import type { z } from 'zod';
import { i18n } from '../../lib/i18n';
import { formIssueMessage, zodIssueMessage } from '../../lib/zod-messages';

/** The field message of the unsafe-input rule (an i18n key: "input contains malicious character"). */
export const UNSAFE_INPUT_MESSAGE = 'messages.maliciousInput';

/**
 * The paths of every text value that changes when sanitised (spec §5), as the server checks them: secrets
 * (password, token, secret, otp, code) and the `raw` paths are exempt.
 */
export function unsafeFields(values: unknown, raw: readonly string[] = [], path = '', depth = 0): string[] {
  if (depth > 8) return [];
  if (typeof values === 'string') {
    return !isSanitizeExempt(path) && !raw.includes(path) && !isSafeText(values) ? [path] : [];
  }
  if (Array.isArray(values)) {
    return values.flatMap((value, i) => unsafeFields(value, raw, path ? `${path}.${i}` : String(i), depth + 1));
  }
  if (values && typeof values === 'object' && !(values instanceof Date) && !(values instanceof Blob)) {
    return Object.entries(values).flatMap(([key, value]) => unsafeFields(value, raw, path ? `${path}.${key}` : key, depth + 1));
  }
  return [];
}

/** Any zod schema: its input is the form's values, its output what `onSubmit` receives. */
export type FormSchema<TIn extends FieldValues, TOut> = z.ZodType<TOut, TIn>;

type Issue = z.core.$ZodIssue & { input?: unknown };

/** The issues that decide a path's message: a union's closest branch (the fewest issues) stands for the union. */
function flatIssues(issues: readonly Issue[]): Issue[] {
  return issues.flatMap((issue) => {
    if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue];
    const closest = issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best));
    return flatIssues(closest.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }) as Issue));
  });
}

/**
 * The zod schema's verdict with the web's error map: each path's first issue, its message an i18n key with its
 * parameters (lib/zod-messages.ts), whatever English a shared schema wrote for the server.
 */
async function zodErrors<TIn extends FieldValues, TOut>(
  schema: FormSchema<TIn, TOut>,
  values: TIn,
  options: ResolverOptions<TIn>,
): Promise<ResolverResult<TIn, TOut>> {
  const result = await schema.safeParseAsync(values, { error: zodIssueMessage, reportInput: true });
  if (result.success) {
    if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
    return { values: result.data, errors: {} };
  }
  const isKey = (text: string) => i18n.exists(text);
  const errors: Record<string, FieldError> = Object.create(null) as Record<string, FieldError>;
  for (const issue of flatIssues(result.error.issues as Issue[])) {
    const path = issue.path.join('.');
    errors[path] ??= { type: issue.code, message: formIssueMessage(issue, isKey) };
  }
  return { values: {}, errors: toNestErrors(errors, options) };
}

/**
 * A react-hook-form resolver: the zod schema (if any, its messages through the web's error map), then the unsafe-input rule on every text field. A field
 * with unsafe text gets the rule's message, whatever the schema said about it.
 */
export function safeResolver<TIn extends FieldValues, TOut = TIn>(schema?: FormSchema<TIn, TOut>, raw: readonly string[] = []): Resolver<TIn, unknown, TOut> {
  return async (values, _context, options): Promise<ResolverResult<TIn, TOut>> => {
    const result: ResolverResult<TIn, TOut> = schema ? await zodErrors(schema, values, options) : { values: values as unknown as TOut, errors: {} };
    const unsafe = unsafeFields(values, raw);
    if (unsafe.length === 0) return result;
    // The schema's errors are a fresh object on every run: add to them.
    const errors: FieldErrors<TIn> = result.errors;
    for (const path of unsafe) set(errors, path, { type: 'unsafe', message: UNSAFE_INPUT_MESSAGE });
    return { values: {}, errors };
  };
}
