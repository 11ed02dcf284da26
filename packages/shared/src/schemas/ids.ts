import { z } from 'zod';
import { MESSAGES } from '../messages.js';

/**
 * Ids, one schema for every route (docs/decisions/033-bad-input-and-api-fuzzing.md). A row id is a PostgreSQL
 * `integer` (`serial`): 1 to 2147483647. An id past that range names no row, and the database refuses it as a
 * parameter ("out of range for type integer"), so it is refused here as a 400 before any query runs.
 *
 * - `ZId`: an id in a JSON body (a number).
 * - `ZIdText`: an id in a path or a query string (text): decimal digits only, no sign, no leading zero, no exponent,
 *   no spaces (`1e3`, `01`, `+1`, `0x10`, ` 1` are refused: an id is written one way, as the API writes it).
 * - `ZBigId`, `ZBigIdText`: the same for the `bigserial` columns (sessions, notifications, announcements, logs, mail).
 *   Those columns are read as JavaScript numbers, so their ids go up to `Number.MAX_SAFE_INTEGER` (2^53 − 1, below
 *   PostgreSQL's bigint maximum 9223372036854775807): a larger number could not name one row exactly.
 */
export const ID_MAX = 2_147_483_647;
export const BIG_ID_MAX = Number.MAX_SAFE_INTEGER;
export const INVALID_ID = MESSAGES.invalidId;

/** An id of an `integer` column: a whole number from 1 to 2147483647. */
export function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= ID_MAX;
}

/** An id of a `bigserial` column: a whole number from 1 to 2^53 − 1. */
export function isBigId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
}

const DIGITS = /^[1-9][0-9]{0,15}$/;

/** The id a path or query text names, or null: digits only, canonical (no leading zero), within `max`. */
export function idFromText(text: string, max = ID_MAX): number | null {
  if (!DIGITS.test(text)) return null;
  const n = Number(text);
  return n <= max ? n : null;
}

/** An id in a body; `message` replaces the checks' own messages (`'Choose a contract'`). */
export const zId = (message?: string) => z.number().int(message).min(1, message).max(ID_MAX, message);
export const ZId = zId();
export const ZBigId = z.number().int().min(1).max(BIG_ID_MAX);

/** An id in a path, a query string or a multipart field (text). */
export const zIdText = (message: string = INVALID_ID, max = ID_MAX) =>
  z.string({ message }).transform((v, ctx) => {
    const id = idFromText(v, max);
    if (id === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return id;
  });

export const ZIdText = zIdText();
export const ZBigIdText = zIdText(INVALID_ID, BIG_ID_MAX);

/**
 * A list of ids in a query string: a JSON list (`[1,2]`) or comma-separated ids (`1,2`); empty is an empty list.
 * Null when it is neither, or when an entry is not an id (`allowAll` admits -1, "every contract").
 */
export function parseIdList(value: string, allowAll = false): number[] | null {
  const text = value.trim();
  if (text === '') return [];
  const ok = (n: unknown): n is number => isId(n) || (allowAll && n === -1);
  if (text.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return null;
    }
    return Array.isArray(parsed) && parsed.every(ok) ? parsed : null;
  }
  const out: number[] = [];
  for (const part of text.split(',')) {
    const item = part.trim();
    const n = allowAll && item === '-1' ? -1 : idFromText(item);
    if (n === null) return null;
    out.push(n);
  }
  return out;
}
