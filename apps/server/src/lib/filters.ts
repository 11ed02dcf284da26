import type { z } from 'zod';
import { badRequest, invalidFields } from './errors.js';

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/**
 * A `from`/`to` filter value: an ISO date-time as given, or a bare date (UTC day). A bare `to` covers its whole day:
 * the bound returned is exclusive (the next midnight); a date-time `to` is inclusive (`toInclusive`).
 * Throws a 400 field error on an unreadable value.
 */
export function dateRange(from: string | undefined, to: string | undefined): { from?: Date; to?: Date; toInclusive: boolean } {
  const parse = (value: string, field: string) => {
    const ms = Date.parse(BARE_DATE.test(value) ? `${value}T00:00:00Z` : value);
    if (Number.isNaN(ms)) throw badRequest({ [field]: 'Enter a valid date' });
    return ms;
  };
  const out: { from?: Date; to?: Date; toInclusive: boolean } = { toInclusive: false };
  if (from) out.from = new Date(parse(from, 'from'));
  if (to) {
    const ms = parse(to, 'to');
    if (BARE_DATE.test(to)) out.to = new Date(ms + DAY_MS);
    else {
      out.to = new Date(ms);
      out.toInclusive = true;
    }
  }
  return out;
}

/** `%` and `_` taken literally in a LIKE pattern. */
export function likeEscape(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Parses with a zod schema and turns its issues into the field-error body (400) the client fills forms with. */
export function parseOrBadRequest<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  throw invalidFields(r.error.issues);
}

export const iso = (d: Date) => d.toISOString();
export const isoOrNull = (d: Date | null | undefined) => (d ? d.toISOString() : null);
