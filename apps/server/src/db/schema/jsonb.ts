import { customType } from 'drizzle-orm/pg-core';

/**
 * A `jsonb` column read as the driver gives it. Both drivers (node-postgres and PGlite) already parse jsonb into a
 * value; drizzle's own `jsonb` then parses any string value a second time, so a stored text that looks like JSON (the
 * setting `"1"`, `"true"`, `"[1]"`) came back as a number, a boolean or a list (docs/decisions/033-bad-input-and-api-fuzzing.md).
 * Written as JSON text, as drizzle's.
 */
export const jsonb = customType<{ data: unknown; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => value,
});
