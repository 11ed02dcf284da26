/** Postgres error codes, whether the driver's error arrives bare or wrapped (Drizzle puts it in `cause`). */
function pgCode(err: unknown): string | undefined {
  let e = err as { code?: unknown; cause?: unknown } | null | undefined;
  for (let i = 0; e && i < 3; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

export const isUniqueViolation = (err: unknown) => pgCode(err) === '23505';
export const isForeignKeyViolation = (err: unknown) => pgCode(err) === '23503';
