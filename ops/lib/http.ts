/**
 * HTTP through nginx (or straight to an instance) with node:http: the script chooses the local address it calls from
 * (127.0.0.2 stands for a client on another machine), the instance (`pin`), and a timeout per request.
 */
import http from 'node:http';

export const CSRF_HEADER = 'x-csrf-token';
export const DEMO_ADMIN = { login: 'admin', password: 'strata-admin-2026' };
export const DEMO_CONTRACTOR = { login: 'contractor', password: 'strata-contractor-2026' };

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The instance's port nginx passed the request to (X-Upstream), when the test hooks are on. */
  upstream: number | undefined;
  ms: number;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** 1 or 2: the instance nginx must pass it to. */
  pin?: number;
  localAddress?: string;
  timeoutMs?: number;
}

/** The port of the last upstream nginx tried (`127.0.0.1:8081, 127.0.0.1:8082` after a fail-over). */
export function upstreamPort(value: string | string[] | undefined): number | undefined {
  const last = String(value ?? '')
    .split(',')
    .pop()
    ?.trim();
  const m = /:(\d+)$/.exec(last ?? '');
  return m ? Number(m[1]) : undefined;
}

export function request(base: string, path: string, o: RequestOptions = {}): Promise<Answer> {
  const t0 = Date.now();
  const url = new URL(path, base);
  const headers: Record<string, string> = { accept: 'application/json', ...o.headers };
  if (o.pin !== undefined) headers['x-topology-pin'] = String(o.pin);
  if (o.body !== undefined) headers['content-length'] = String(Buffer.byteLength(o.body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: o.method ?? 'GET', headers, localAddress: o.localAddress, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
            upstream: upstreamPort(res.headers['x-upstream']),
            ms: Date.now() - t0,
          }),
        );
      },
    );
    req.setTimeout(o.timeoutMs ?? 30_000, () => req.destroy(new Error(`${o.method ?? 'GET'} ${path}: no answer within ${o.timeoutMs ?? 30_000} ms`)));
    req.on('error', reject);
    if (o.body !== undefined) req.write(o.body);
    req.end();
  });
}

export interface Session {
  base: string;
  token: string;
  resourceToken: string;
  csrf: string;
}

/** POST /api/v1/auth (form-encoded), as the sign-in page does. */
export async function signIn(base: string, who: { login: string; password: string }, o: RequestOptions = {}): Promise<Session> {
  const res = await request(base, '/api/v1/auth', {
    ...o,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...o.headers },
    body: new URLSearchParams({ username: who.login, password: who.password }).toString(),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${who.login}: ${res.status} ${res.body}`);
  const body = JSON.parse(res.body) as { access_token: string; resource_token: string };
  return { base, token: body.access_token, resourceToken: body.resource_token, csrf: String(res.headers[CSRF_HEADER]) };
}

/** An authenticated call; a JSON body when `json` is given. */
export function call(s: Session, method: string, path: string, json?: unknown, o: RequestOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Bearer ${s.token}`, [CSRF_HEADER]: s.csrf, ...o.headers };
  if (json !== undefined) headers['content-type'] = 'application/json';
  return request(s.base, `/api/v1${path}`, { ...o, method, headers, body: json === undefined ? o.body : JSON.stringify(json) });
}

/** Calls and parses a 2xx JSON answer; throws with the answer otherwise. */
export async function callJson<T>(s: Session, method: string, path: string, json?: unknown, o: RequestOptions = {}): Promise<T> {
  const res = await call(s, method, path, json, o);
  if (res.status < 200 || res.status > 299) throw new Error(`${method} ${path}: ${res.status} ${res.body.slice(0, 500)}`);
  return JSON.parse(res.body) as T;
}

/** A multipart/form-data body with one file (field `files`) and plain fields. */
export function multipart(fileName: string, data: string, fields: Record<string, string> = {}): { body: Buffer; contentType: string } {
  const boundary = `----topology${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`));
  parts.push(Buffer.from(data), Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /uploads/instrument with a readings CSV; returns the upload id. */
export async function uploadReadings(s: Session, fileName: string, csv: string, o: RequestOptions = {}): Promise<number> {
  const { body, contentType } = multipart(fileName, csv);
  const res = await call(s, 'POST', '/uploads/instrument', undefined, { ...o, body, headers: { 'content-type': contentType }, timeoutMs: 120_000 });
  if (res.status !== 202) throw new Error(`upload ${fileName}: ${res.status} ${res.body.slice(0, 500)}`);
  return (JSON.parse(res.body) as { upload_id: number }).upload_id;
}
