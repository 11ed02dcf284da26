import { zodResolver } from '@hookform/resolvers/zod';
import { isSafeText, isSanitizeExempt } from '@strata/shared';
import { set, type FieldErrors, type FieldValues, type Resolver, type ResolverResult } from 'react-hook-form';
import type { z } from 'zod';

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

/**
 * A react-hook-form resolver: the zod schema (if any), then the unsafe-input rule on every text field. A field
 * with unsafe text gets the rule's message, whatever the schema said about it.
 */
export function safeResolver<TIn extends FieldValues, TOut = TIn>(schema?: FormSchema<TIn, TOut>, raw: readonly string[] = []): Resolver<TIn, unknown, TOut> {
  const base = schema ? (zodResolver(schema as never) as unknown as Resolver<TIn, unknown, TOut>) : undefined;
  return async (values, context, options): Promise<ResolverResult<TIn, TOut>> => {
    const result: ResolverResult<TIn, TOut> = base ? await base(values, context, options) : { values: values as unknown as TOut, errors: {} };
    const unsafe = unsafeFields(values, raw);
    if (unsafe.length === 0) return result;
    // The schema's errors are a fresh object on every run: add to them.
    const errors: FieldErrors<TIn> = result.errors;
    for (const path of unsafe) set(errors, path, { type: 'unsafe', message: UNSAFE_INPUT_MESSAGE });
    return { values: {}, errors };
  };
}
