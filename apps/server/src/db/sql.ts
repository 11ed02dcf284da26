/** Small SQL-building helpers shared by repositories of several modules. */

/**
 * `{1,2,3}` / `{"a","b"}` / `{NULL,…}`: a Postgres array literal for numbers, strings, dates and nulls. Arrays travel as
 * literals because Drizzle's `sql` would spread a JS array into a parameter list.
 */
export function pgArray(values: readonly (number | string | Date | null)[]): string {
  const items = values.map((v) => {
    if (v === null) return 'NULL';
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new Error('pgArray: not a finite number');
      return String(v);
    }
    const s = v instanceof Date ? v.toISOString() : v;
    return `"${s.replace(/["\\]/g, (c) => `\\${c}`)}"`;
  });
  return `{${items.join(',')}}`;
}

/** An ILIKE pattern containing `keyword`: `%`, `_` and the escape character itself match literally. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
