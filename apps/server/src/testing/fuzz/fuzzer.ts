import { CSRF_HEADER, USER_TYPE } from '@strata/shared';
import { createRole, createUser } from '../fixtures.js';
import { signIn, type Session, type TestApp } from '../harness.js';
import { Prng } from './prng.js';
import { operationsOf, requestFor, type FuzzRequest, type Operation } from './requests.js';

/**
 * The OpenAPI-driven fuzzer (docs/decisions/033-bad-input-and-api-fuzzing.md): it reads the document the app serves,
 * makes requests for every operation from its schemas — well-formed ones and broken ones — as a signed-in
 * administrator (bearer and CSRF token, as the harness signs in) and anonymously, and counts the answers. A 5xx (or no
 * answer within the timeout) is a failure. The same seed makes the same requests.
 */
export interface FuzzOptions {
  seed: number;
  requests: number;
  /** Make a new administrator every this many requests (a fuzzed request may take the old one's rights away). */
  renewEvery?: number;
  timeoutMs?: number;
  /** Called every `progressEvery` requests. */
  onProgress?: (done: number, report: FuzzReport) => void;
  progressEvery?: number;
}

export interface FuzzFailure {
  route: string;
  url: string;
  status: number;
  mutation: string;
  who: 'admin' | 'anonymous';
  body: string;
  payload: string;
}

export interface FuzzReport {
  seed: number;
  requests: number;
  operations: number;
  ms: number;
  byStatus: Record<string, number>;
  byRoute: Record<string, Record<string, number>>;
  failures: FuzzFailure[];
  /** `/health` and `/ready` after the run, and a signed-in call. */
  healthy: boolean;
}

class FuzzAdmin {
  session!: Session;
  private n = 0;
  constructor(
    private readonly t: TestApp,
    private readonly tag: string,
  ) {}
  async renew(): Promise<Session> {
    this.n += 1;
    const login = `fuzz-${this.tag}-${this.n}`;
    const role = await createRole(this.t.db, 'all', `fuzz role ${this.tag} ${this.n}`);
    await createUser(this.t.db, { loginName: login, roleId: role.roleId, userType: USER_TYPE.AppAdmin });
    this.session = await signIn(this.t, login, undefined, `10.9.${this.n % 250}.${(this.n >> 8) % 250}`);
    return this.session;
  }
}

const snippet = (v: unknown, max = 300) => {
  const s = v === undefined ? '' : Buffer.isBuffer(v) ? v.toString('latin1') : String(v);
  return s.length > max ? `${s.slice(0, max)}… (${s.length} chars)` : s;
};

async function inject(t: TestApp, req: FuzzRequest, headers: Record<string, string>, remoteAddress: string, timeoutMs: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ statusCode: number; body: string }>((resolve) => {
    timer = setTimeout(() => resolve({ statusCode: 0, body: `no answer within ${timeoutMs} ms` }), timeoutMs);
  });
  try {
    return await Promise.race([
      t.app.inject({ method: req.method as 'GET', url: req.url, headers: { ...req.headers, ...headers }, payload: req.payload, remoteAddress }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export async function operationsOfApp(t: TestApp): Promise<Operation[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`the OpenAPI document answered ${res.statusCode}`);
  return operationsOf(res.json());
}

export async function fuzzApi(t: TestApp, options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const rng = new Prng(options.seed);
  const ops = await operationsOfApp(t);
  const admin = new FuzzAdmin(t, `${options.seed}-${Math.random().toString(36).slice(2, 6)}`);
  await admin.renew();
  const report: FuzzReport = { seed: options.seed, requests: 0, operations: ops.length, ms: 0, byStatus: {}, byRoute: {}, failures: [], healthy: false };
  const renewEvery = options.renewEvery ?? 250;
  const timeoutMs = options.timeoutMs ?? 10_000;
  for (let i = 0; i < options.requests; i++) {
    if (i > 0 && i % renewEvery === 0) await admin.renew();
    const op = rng.pick(ops);
    const req = requestFor(op, rng);
    const who = rng.chance(0.8) ? 'admin' : 'anonymous';
    const headers: Record<string, string> = {};
    if (who === 'admin') {
      headers.authorization = `Bearer ${admin.session.token}`;
      if (rng.chance(0.95)) headers[CSRF_HEADER] = admin.session.csrf;
    }
    const res = await inject(t, req, headers, `10.${rng.int(250)}.${rng.int(250)}.${1 + rng.int(250)}`, timeoutMs);
    const route = `${op.method} ${op.path}`;
    const status = String(res.statusCode);
    report.requests += 1;
    report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;
    const perRoute = (report.byRoute[route] ??= {});
    perRoute[status] = (perRoute[status] ?? 0) + 1;
    if (res.statusCode >= 500 || res.statusCode === 0) {
      report.failures.push({
        route,
        url: snippet(req.url),
        status: res.statusCode,
        mutation: req.mutation,
        who,
        body: snippet(res.body),
        payload: snippet(req.payload),
      });
    }
    // A fuzzed request may sign the administrator out, lock it or take its rights: carry on with a new one.
    if (who === 'admin' && res.statusCode === 401) await admin.renew();
    if (options.onProgress && (i + 1) % (options.progressEvery ?? 1000) === 0) options.onProgress(i + 1, report);
  }
  report.healthy = await healthy(t, await admin.renew());
  report.ms = Date.now() - started;
  return report;
}

async function healthy(t: TestApp, session: Session): Promise<boolean> {
  const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
  const ready = await t.app.inject({ method: 'GET', url: '/api/v1/ready' });
  const sync = await t.app.inject({ method: 'GET', url: '/api/v1/sync', headers: { authorization: `Bearer ${session.token}` } });
  return health.statusCode === 200 && ready.statusCode === 200 && sync.statusCode === 200;
}

/** The failures grouped by route and status, for an assertion message a person can read. */
export function describeFailures(failures: readonly FuzzFailure[], max = 20): string {
  return failures
    .slice(0, max)
    .map((f) => `${f.status} ${f.who} ${f.route} [${f.mutation}]\n  url: ${f.url}\n  payload: ${f.payload}\n  answer: ${f.body}`)
    .join('\n');
}
