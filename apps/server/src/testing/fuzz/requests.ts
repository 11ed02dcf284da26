import type { Prng } from './prng.js';
import { brokenValue, deepJsonText, HOSTILE_TEXTS, hugeText, validValue, type JsonSchema } from './schema-values.js';

/** One operation of the OpenAPI document. */
export interface Operation {
  method: string;
  /** The OpenAPI path, `{name}` for a parameter. */
  path: string;
  params: { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required: boolean; schema?: JsonSchema }[];
  /** Content type -> schema of the body, when the route declares one. */
  body?: Record<string, JsonSchema | undefined>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Operation['params']; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
}

/** Every operation of the document (the API's routes, as the app serves them at /api/docs/json). */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content;
      out.push({
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        body: content ? Object.fromEntries(Object.entries(content).map(([type, c]) => [type, c.schema])) : undefined,
      });
    }
  }
  return out.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

/** A request as `app.inject` takes it. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was broken, for the report. */
  mutation: string;
}

/** Percent-encoding that also takes lone surrogates (encodeURIComponent throws on them): their WTF-8 bytes. */
export function encodeText(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(ch);
  }
  return out;
}

const asText = (v: unknown): string => (typeof v === 'string' ? v : v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));

const BOUNDARY = '----fuzz7d3a';
function multipartBody(rng: Prng, wellFormed = false): { type: string; payload: Buffer; mutation: string } {
  const file = Buffer.from(rng.pick(['a,b\n1,2\n', '{"type":"FeatureCollection","features":[]}', '\x89PNG\r\n\x1a\n', 'x'.repeat(2000)]));
  const whole = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="contract_id"\r\n\r\n${rng.pick(['1', '2147483648', '\ud800'])}\r\n`),
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${rng.pick(['a.csv', 'a.png', '../a.kml', 'a.xlsx', '__proto__'])}"\r\n`,
    ),
    Buffer.from(`Content-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  switch (wellFormed ? 4 : rng.int(5)) {
    case 0:
      return { type: 'multipart/form-data', payload: whole, mutation: 'multipart without boundary' };
    case 1:
      return {
        type: `multipart/form-data; boundary=${BOUNDARY}`,
        payload: whole.subarray(0, rng.between(10, whole.length - 10)),
        mutation: 'multipart cut off',
      };
    case 2:
      return {
        type: `multipart/form-data; boundary=${BOUNDARY}`,
        payload: Buffer.from(`--${BOUNDARY}\r\nbroken header\r\n\r\nx\r\n--${BOUNDARY}--\r\n`),
        mutation: 'multipart malformed part header',
      };
    case 3:
      return { type: 'multipart/form-data; boundary=other', payload: whole, mutation: 'multipart wrong boundary' };
    default:
      return { type: `multipart/form-data; boundary=${BOUNDARY}`, payload: whole, mutation: 'multipart' };
  }
}

const ODD_TYPES = [
  'text/plain',
  'application/xml',
  'application/octet-stream',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'image/png',
  'application/x-unknown',
];

/** The body of a request: the declared schema's value (or a broken one), or something else altogether. */
function bodyOf(op: Operation, rng: Prng, brokenBody: boolean): { headers: Record<string, string>; payload?: string | Buffer; mutation: string } {
  const declared = op.body ? Object.entries(op.body) : [];
  const [type, schema] = declared.length > 0 ? rng.pick(declared) : ['application/json', undefined];
  const roll = rng.int(10);
  // A route without a declared body may be an upload: send it a well-formed form too.
  if (!brokenBody && !op.body && op.method !== 'DELETE' && rng.chance(0.5)) return multipartFor(rng, true);
  if (!brokenBody || roll < 4) {
    const value = brokenBody ? brokenValue(schema, rng) : validValue(schema, rng);
    const payload = type.includes('urlencoded')
      ? new URLSearchParams(Object.entries((value ?? {}) as Record<string, unknown>).map(([k, v]) => [k, asText(v)] as [string, string])).toString()
      : JSON.stringify(value);
    return { headers: { 'content-type': type }, payload, mutation: brokenBody ? 'broken body' : 'valid' };
  }
  if (roll < 5) return multipartFor(rng);
  if (roll < 6) return { headers: { 'content-type': 'application/json' }, payload: deepJsonText(rng), mutation: 'deep nesting' };
  if (roll < 7)
    return {
      headers: { 'content-type': 'application/json' },
      payload: rng.pick(['{', '{"a":', '[1,2', 'nul', '{"a":1}}', '\ud800', '"\\ud800"', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}']),
      mutation: 'invalid JSON',
    };
  if (roll < 8)
    return {
      headers: { 'content-type': rng.pick(ODD_TYPES) },
      payload: rng.chance(0.5) ? JSON.stringify(validValue(schema, rng)) : hugeText(rng),
      mutation: 'odd content type',
    };
  if (roll < 9) return { headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ a: hugeText(rng) }), mutation: 'huge body' };
  return { headers: { 'content-type': 'application/json' }, payload: '', mutation: 'empty body' };
}

function multipartFor(rng: Prng, wellFormed = false) {
  const m = multipartBody(rng, wellFormed);
  return { headers: { 'content-type': m.type }, payload: m.payload, mutation: m.mutation };
}

const HOSTILE_IDS = [
  '2147483648',
  '99999999999999999999',
  '9223372036854775808',
  '0',
  '-1',
  '1e3',
  '01',
  '__proto__',
  'constructor',
  'toString',
  '%ED%A0%80',
  '%',
  '%2e%2e',
  'x'.repeat(5000),
];

/** One request for the operation: well-formed (about a quarter), or with its path, query or body broken. */
export function requestFor(op: Operation, rng: Prng): FuzzRequest {
  const breakWhat = rng.chance(0.25) ? 'none' : rng.pick(['path', 'query', 'body', 'body', 'query']);
  const mutations: string[] = [];
  let url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const param = op.params.find((p) => p.in === 'path' && p.name === name);
    if (breakWhat === 'path' && rng.chance(0.7)) {
      mutations.push(`path ${name}`);
      return rng.chance(0.5) ? rng.pick(HOSTILE_IDS) : encodeText(asText(rng.pick(HOSTILE_TEXTS)));
    }
    return encodeText(asText(validValue(param?.schema, rng)));
  });
  const query: string[] = [];
  for (const p of op.params.filter((x) => x.in === 'query')) {
    const broken = breakWhat === 'query' && rng.chance(0.5);
    if (!broken && !p.required && rng.chance(0.5)) continue;
    if (broken) mutations.push(`query ${p.name}`);
    const value = broken ? (rng.chance(0.3) ? rng.pick(HOSTILE_IDS) : asText(brokenValue(p.schema, rng))) : asText(validValue(p.schema, rng));
    query.push(`${p.name}=${broken && value.startsWith('%') ? value : encodeText(value)}`);
    if (broken && rng.chance(0.1)) query.push(`${p.name}=${encodeText(value)}`);
  }
  if (breakWhat === 'query' && rng.chance(0.2)) query.push(`${rng.pick(['__proto__', 'constructor', 'toString', '__proto__[x]'])}=1`);
  if (query.length > 0) url += `?${query.join('&')}`;
  const withBody = ['POST', 'PUT', 'PATCH'].includes(op.method) || (op.method === 'DELETE' && rng.chance(0.2));
  if (!withBody) return { method: op.method, url, headers: {}, mutation: mutations.join(', ') || 'valid' };
  const body = bodyOf(op, rng, breakWhat === 'body');
  if (breakWhat === 'body') mutations.push(body.mutation);
  return { method: op.method, url, headers: body.headers, payload: body.payload, mutation: mutations.join(', ') || 'valid' };
}
