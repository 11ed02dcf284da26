/**
 * A record's own value under a key that came from outside (a path, a query, a file's header, a stored code), or
 * undefined. A plain `record[key]` also finds what every object inherits: `__proto__`, `constructor`, `toString` …
 * (issue 17: `POST /exports/__proto__` was a 500). Lookups keyed by input go through this or a `Map`.
 */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
