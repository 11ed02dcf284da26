import type { Prng } from './prng.js';

/** The part of JSON Schema (as the OpenAPI document writes the zod schemas) the fuzzer reads. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
}

/** Ids the fixtures create, so that a well-formed request often names a row that exists. */
const SMALL_IDS = [1, 1, 1, 2, 2, 3, 4, 5];
const WORDS = ['a', 'Zone A', 'T301', 'DSPA', 'instrument', 'site', 'alert', 'contract', 'x', 'admin', 'true', '1', 'en', 'SG'];

function dateTime(rng: Prng): string {
  const t = Date.UTC(2020 + rng.int(7), rng.int(12), 1 + rng.int(28), rng.int(24), rng.int(60));
  return new Date(t).toISOString();
}

/** A value the schema accepts (as well as a generator without a regex engine can: patterns are not followed). */
export function validValue(schema: JsonSchema | undefined, rng: Prng, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return rng.pick(schema.enum);
  if (schema.default !== undefined && rng.chance(0.2)) return schema.default;
  if (schema.nullable && rng.chance(0.1)) return null;
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return validValue(rng.pick(union), rng, depth + 1);
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map((s) => validValue(s, rng, depth + 1)).filter((v) => v && typeof v === 'object'));
  const type = Array.isArray(schema.type) ? rng.pick(schema.type.filter((t) => t !== 'null')) : schema.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum === undefined ? -1000 : 1);
      const max = schema.maximum ?? 100_000;
      // The extremes the schema still accepts: the server must cope with them (a page of 2^53 rows, a huge limit).
      if (rng.chance(0.08)) return rng.chance(0.5) ? max : min;
      if (min <= 1 && max >= 5 && rng.chance(0.7)) return rng.pick(SMALL_IDS);
      const lo = Math.max(min, -1_000_000);
      const hi = Math.min(max, lo + 1_000_000);
      const n = lo + rng.next() * (hi - lo);
      return type === 'integer' ? Math.round(n) : n;
    }
    case 'boolean':
      return rng.chance(0.5);
    case 'string': {
      if (schema.format === 'date-time') return dateTime(rng);
      if (schema.format === 'date') return dateTime(rng).slice(0, 10);
      if (schema.maxLength !== undefined && schema.maxLength <= 100_000 && rng.chance(0.05)) return 'x'.repeat(schema.maxLength);
      let s = rng.pick(WORDS);
      const min = schema.minLength ?? 0;
      while (s.length < min) s += 'x';
      return schema.maxLength !== undefined ? s.slice(0, Math.max(schema.maxLength, min)) : s;
    }
    case 'array': {
      const n = Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, rng.int(4)));
      return Array.from({ length: n }, () => validValue(schema.items, rng, depth + 1));
    }
    case 'object':
    default: {
      if (!schema.properties) return {};
      const out: Record<string, unknown> = {};
      const required = new Set(schema.required ?? []);
      for (const [k, s] of Object.entries(schema.properties)) if (required.has(k) || rng.chance(0.6)) out[k] = validValue(s, rng, depth + 1);
      return out;
    }
  }
}

/** Texts that have broken servers: huge and empty, lone surrogates, control characters, markup, numbers of every kind. */
export const HOSTILE_TEXTS = [
  '',
  ' ',
  '\ud800x',
  'x\udc00',
  '\u0000',
  'a\u0000b',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'prototype',
  '2147483648',
  '99999999999999999999',
  '9223372036854775808',
  '-1',
  '0',
  '1e3',
  '01',
  '1.5',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  'null',
  'true',
  '[]',
  '{}',
  '[2147483648]',
  '[-1]',
  '[1,',
  '%',
  '%00',
  '../../etc/passwd',
  "'; drop table users; --",
  '9999-99-99',
  '2024-02-30T25:61:00Z',
  '+275760-09-13T00:00:00.001Z',
  'Mars/Olympus',
  '中文',
  '😀'.repeat(10),
  'é'.normalize('NFD'),
];

export const HOSTILE_NUMBERS = [2147483648, -2147483649, Number.MAX_SAFE_INTEGER + 2, 1e20, 1e308, -1e308, -1, 0, 0.5, -0, 4294967296];

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'];

export function hugeText(rng: Prng): string {
  const size = rng.pick([1_000, 10_000, 100_000, 600_000]);
  return rng.pick(['x', 'é', '<', '\ud800', ',', '1']).repeat(size);
}

/** JSON text nested deeper than any value the generator builds (deeper than JSON.stringify would go). */
export function deepJsonText(rng: Prng): string {
  const levels = rng.pick([1_000, 10_000, 100_000]);
  return rng.chance(0.5) ? `${'['.repeat(levels)}${']'.repeat(levels)}` : `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

export function deepNesting(rng: Prng): unknown {
  const levels = rng.pick([20, 100, 500]);
  let v: unknown = rng.chance(0.5) ? 1 : 'x';
  for (let i = 0; i < levels; i++) v = rng.chance(0.5) ? [v] : { a: v };
  return v;
}

/** A value of some other type, or a hostile one of the same type. */
export function brokenValue(schema: JsonSchema | undefined, rng: Prng, depth = 0): unknown {
  if ((schema?.type === 'integer' || schema?.type === 'number') && rng.chance(0.2)) {
    // Just past the schema's bounds.
    return rng.chance(0.5) ? (schema.maximum ?? 2147483647) + 1 : (schema.minimum ?? -2147483648) - 1;
  }
  switch (rng.int(9)) {
    case 0:
      return rng.pick(HOSTILE_TEXTS);
    case 1:
      return rng.pick(HOSTILE_NUMBERS);
    case 2:
      return hugeText(rng);
    case 3:
      return rng.pick([null, true, false, [], {}, [1, 'a', null], { a: 1 }]);
    case 4:
      return depth < 2 ? deepNesting(rng) : null;
    case 5: {
      const o: Record<string, unknown> = {};
      o[rng.pick(PROTO_KEYS)] = rng.chance(0.5) ? { polluted: true } : 'x';
      return o;
    }
    case 6:
      return Array.from({ length: rng.pick([100, 10_000]) }, () => rng.pick(HOSTILE_NUMBERS));
    default:
      return breakInside(schema, rng, depth);
  }
}

/** A well-formed value with one part broken (a field, an item), or an extra prototype key. */
export function breakInside(schema: JsonSchema | undefined, rng: Prng, depth = 0): unknown {
  const valid = validValue(schema, rng, depth);
  if (Array.isArray(valid) && valid.length > 0) {
    valid[rng.int(valid.length)] = brokenValue(schema?.items, rng, depth + 1);
    return valid;
  }
  if (valid && typeof valid === 'object') {
    const obj = valid as Record<string, unknown>;
    const keys = Object.keys(schema?.properties ?? {});
    if (keys.length > 0 && rng.chance(0.8)) {
      const key = rng.pick(keys);
      obj[key] = brokenValue(schema?.properties?.[key], rng, depth + 1);
    } else {
      Object.defineProperty(obj, rng.pick(PROTO_KEYS), { value: rng.pick(['x', 1, { a: 1 }, null]), enumerable: true });
    }
    return obj;
  }
  return rng.pick(HOSTILE_TEXTS);
}
