/** The behaviour of two API instances and a worker behind nginx, checked through nginx. */
import { call, callJson, DEMO_ADMIN, DEMO_CONTRACTOR, request, signIn, uploadReadings } from './http.js';
import type { Topology } from './context.js';
import { LiveSocket } from './socket.js';
import { Abort, check, note, since, until } from './report.js';

/** (1) Unpinned requests reach both instances (round robin); a pin reaches the one it names. */
export async function requestsReachBoth(t: Topology): Promise<void> {
  const seen = new Map<number, number>();
  for (let i = 0; i < 20; i++) {
    const r = await request(t.base, '/api/v1/health');
    check(r.status === 200, `GET /health through nginx: ${r.status}`);
    seen.set(r.upstream ?? 0, (seen.get(r.upstream ?? 0) ?? 0) + 1);
  }
  const ports = t.apis.map((a) => a.port);
  note(`20 requests: ${ports.map((p, i) => `api-${i + 1} answered ${seen.get(p) ?? 0}`).join(', ')}`);
  check(
    ports.every((p) => (seen.get(p) ?? 0) > 0),
    'both instances answer',
  );
  for (const [i, port] of ports.entries()) {
    const r = await request(t.base, '/api/v1/health', { pin: i + 1 });
    check(r.upstream === port, `pin ${i + 1} reaches api-${i + 1} (got ${r.upstream})`);
  }
}

/** (2) A sign-out on one instance is refused on the other within 1 s (each instance caches sessions). */
export async function signOutReachesTheOther(t: Topology): Promise<void> {
  const s = await signIn(t.base, DEMO_ADMIN, { pin: 1 });
  const sync = await call(s, 'GET', '/sync', undefined, { pin: 2 });
  check(sync.status === 200, `the session works on api-2 (and is cached there): ${sync.status}`);
  const out = await call(s, 'POST', '/signout', {}, { pin: 1 });
  check(out.status === 200, `sign-out on api-1: ${out.status} ${out.body}`);
  const t0 = Date.now();
  await until('api-2 to refuse the signed-out session', 1_000, async () => (await call(s, 'GET', '/sync', undefined, { pin: 2 })).status === 401, 10);
  note(`signed out on api-1; api-2 answered 401 after ${since(t0)} ms`);
}

/** (3) A role's permission taken away on one instance is refused on both; given back, allowed on both. */
export async function rolePermissionAppliesOnBoth(t: Topology): Promise<void> {
  const contractor = await signIn(t.base, DEMO_CONTRACTOR, { pin: 2 });
  const [user] = await t.q<{ role_id: number }>('select role_id from users where login_name = $1', [DEMO_CONTRACTOR.login]);
  const roleId = user!.role_id;
  const role = await callJson<{ name: string; description: string; permissions: string[] }>(t.admin, 'GET', `/roles/${roleId}`);
  // GET /alerts/summary needs one of the alert-reading tasks; the contractor's role holds them.
  const alertTasks = ['SearchorViewAlertMessage', 'ViewBreachedStatus', 'ViewScenarioBasedAlert'];
  check(
    alertTasks.some((p) => role.permissions.includes(p)),
    `the contractor's role holds an alert-reading task`,
  );
  const probe = async (pin: number) => (await call(contractor, 'GET', '/alerts/summary', undefined, { pin })).status;
  check((await probe(1)) === 200 && (await probe(2)) === 200, 'the contractor reads the alert summary on both instances');
  const put = (permissions: string[]) =>
    callJson(t.admin, 'PUT', `/roles/${roleId}`, { name: role.name, description: role.description, permissions }, { pin: 1 });
  const t0 = Date.now();
  await put(role.permissions.filter((p) => !alertTasks.includes(p)));
  try {
    await until('both instances to refuse the taken permission', 2_000, async () => (await probe(1)) === 403 && (await probe(2)) === 403, 10);
    note(`the alert-reading tasks taken from "${role.name}" on api-1: 403 on both after ${since(t0)} ms`);
  } finally {
    const t1 = Date.now();
    await put(role.permissions);
    await until('both instances to allow it again', 2_000, async () => (await probe(1)) === 200 && (await probe(2)) === 200, 10);
    note(`given back: 200 on both after ${since(t1)} ms`);
  }
}

/** Admin sockets pinned to each instance, checked to be where they were pinned. */
export async function socketsOnBoth(t: Topology): Promise<[LiveSocket, LiveSocket]> {
  const sockets = [await LiveSocket.open(t.admin, 1), await LiveSocket.open(t.admin, 2)] as [LiveSocket, LiveSocket];
  sockets.forEach((s, i) => check(s.upstream === t.apis[i]!.port, `socket ${i + 1} held by api-${i + 1} (got ${s.upstream})`));
  return sockets;
}

/** (4) A setting changed through one instance reaches the sockets held by both. */
export async function settingReachesSocketsOnBoth(t: Topology, sockets: [LiveSocket, LiveSocket]): Promise<void> {
  const settings = await callJson<{ request_parameter_limit: number }>(t.admin, 'GET', '/master-data/settings');
  const t0 = Date.now();
  await callJson(t.admin, 'PUT', '/master-data/settings', { request_parameter_limit: settings.request_parameter_limit + 1 }, { pin: 1 });
  const heard = (i: 0 | 1) => sockets[i].notification(`settingUpdated on the socket of api-${i + 1}`, (n) => n.type === 'settingUpdated', t0);
  const [one, two] = await Promise.all([heard(0), heard(1)]);
  note(`PUT on api-1; settingUpdated on api-1's socket after ${one.at - t0} ms, on api-2's after ${two.at - t0} ms`);
  await callJson(t.admin, 'PUT', '/master-data/settings', { request_parameter_limit: settings.request_parameter_limit }, { pin: 1 });
}

interface Target {
  instrumentId: number;
  name: string;
  code: string;
  wslUpper: number;
}

/** A demo instrument with an upper WSL threshold and no open alert (a reading past it opens one). */
async function alertTarget(t: Topology): Promise<Target> {
  const [row] = await t.q<{ instrument_id: number; name: string; code: string; upper: number }>(
    `select i.instrument_id, i.name, rc.code, th.upper
       from thresholds th
       join alert_levels l on l.level_id = th.level_id and l.code = 'WSL'
       join instruments i on i.instrument_id = th.instrument_id and i.status = 'active'
       join reading_codes rc on rc.reading_code_id = th.reading_code_id
      where th.upper is not null
        and not exists (select 1 from alerts a where a.instrument_id = i.instrument_id and a.status = 'open')
        and not exists (select 1 from reading_series s where s.instrument_id = i.instrument_id and s.depth is not null)
      order by i.instrument_id limit 1`,
  );
  check(row !== undefined, 'a demo instrument with an upper WSL threshold and no open alert');
  return { instrumentId: row.instrument_id, name: row.name, code: row.code, wslUpper: row.upper };
}

/** Waits for an upload to reach one of `states` (fails at once on `failed`). */
export async function uploadState(
  t: Topology,
  id: number,
  states: string[],
  timeoutMs: number,
): Promise<{ status: string; rows_valid: number; rows_loaded: number }> {
  return until(
    `upload ${id} to be ${states.join(' or ')}`,
    timeoutMs,
    async () => {
      const [u] = await t.q<{ status: string; rows_valid: number; rows_loaded: number; error: string | null }>(
        'select status, rows_valid, rows_loaded, error from uploads where upload_id = $1',
        [id],
      );
      if (u?.status === 'failed' || (u?.status === 'invalid' && !states.includes('invalid'))) {
        const errors = await t.q<{ row: number; field: string; message: string }>(
          'select row, field, message from upload_errors where upload_id = $1 order by row desc limit 3',
          [id],
        );
        throw new Abort(`upload ${id} ${u.status}: ${u.error ?? ''} ${errors.map((e) => `row ${e.row} ${e.field}: ${e.message}`).join('; ')}`);
      }
      return u && states.includes(u.status) ? u : undefined;
    },
    50,
  );
}

/**
 * (5) An upload through api-1, validated and loaded by the worker, tells the uploader's socket held by api-2;
 * (6) the alert the worker raises from those readings reaches the sockets on the API instances.
 */
export async function uploadAndAlertReachSockets(t: Topology, sockets: [LiveSocket, LiveSocket]): Promise<void> {
  const target = await alertTarget(t);
  const value = Math.round((target.wslUpper + Math.max(Math.abs(target.wslUpper), 1) * 0.5) * 100) / 100;
  const at = new Date(Date.now() - 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const csv = `instrument,date_time,reading_code,value\n${target.name},${at},${target.code},${value}\n`;
  const t0 = Date.now();
  const id = await uploadReadings(t.admin, `topology-alert-${Date.now()}.csv`, csv, { pin: 1 });
  // Validated by the worker at once: the API instance queued the job (send-only), no sweep waited for.
  const u = await uploadState(t, id, ['validated'], 20_000);
  check(u.rows_valid === 1, `the upload's one row is valid (${u.rows_valid})`);
  note(`upload ${id} through api-1; validated by the worker ${since(t0)} ms after it was sent`);
  const t1 = Date.now();
  const approve = await call(t.admin, 'POST', `/uploads/${id}/approve`, {}, { pin: 1 });
  check(approve.status === 200, `approve: ${approve.status} ${approve.body}`);
  const loaded = await sockets[1].notification(
    'the load notice on the socket of api-2',
    (n) => n.type === 'fileCompleted' && String(n.link_uri).endsWith(`upload=${id}`),
    t1,
    30_000,
  );
  check((await uploadState(t, id, ['done'], 5_000)).rows_loaded === 1, 'one reading loaded');
  note(`approved on api-1; loaded by the worker, api-2's socket told after ${loaded.at - t1} ms`);

  // (6) The worker evaluates the loaded readings (alerts-evaluate job) and notifies through the bus.
  const alertOn = (i: 0 | 1) =>
    sockets[i].notification(`the alert on the socket of api-${i + 1}`, (n) => n.type === 'alert' && n.alert_id !== undefined, t1, 30_000);
  const [first, second] = await Promise.all([alertOn(0), alertOn(1)]);
  const [alert] = await t.q<{ instrument_id: number; status: string }>('select instrument_id, status from alerts where alert_id = $1', [first.data.alert_id]);
  check(alert?.instrument_id === target.instrumentId && alert.status === 'open', `the alert is ${target.name}'s, open`);
  note(
    `${target.name} ${target.code} = ${value} (WSL ${target.wslUpper}): alert ${first.data.alert_id} on api-1's socket after ${first.at - t1} ms, api-2's after ${second.at - t1} ms`,
  );
}

/**
 * X-Forwarded-For: the address audited is the one nginx forwarded (the client calls from 127.0.0.2); a forged
 * header is not trusted beyond nginx, through nginx or straight to an instance (from 127.0.0.3, not a trusted proxy).
 */
export async function clientAddressFromNginxOnly(t: Topology): Promise<void> {
  const forged = '203.0.113.9';
  const bookmark = async (base: string, from: string) => {
    const r = await call(
      { ...t.admin, base },
      'POST',
      '/bookmarks',
      { name: `xff ${from}`, path: '/en/dashboard' },
      { localAddress: from, headers: { 'x-forwarded-for': forged } },
    );
    check(r.status === 200 || r.status === 201, `POST /bookmarks from ${from}: ${r.status} ${r.body}`);
    const { bookmark_id: bid } = JSON.parse(r.body) as { bookmark_id: number };
    const [audit] = await t.q<{ client_address: string }>(`select client_address from audit_log where entity_type = 'bookmark' and entity_id = $1`, [
      String(bid),
    ]);
    return audit?.client_address;
  };
  const viaNginx = await bookmark(t.base, '127.0.0.2');
  check(viaNginx === '127.0.0.2', `through nginx from 127.0.0.2 with X-Forwarded-For ${forged}: audited ${viaNginx}`);
  const direct = await bookmark(t.apis[0].base, '127.0.0.3');
  check(direct === '127.0.0.3', `straight to api-1 from 127.0.0.3 with X-Forwarded-For ${forged}: audited ${direct}`);
  note(`through nginx from 127.0.0.2 with a forged X-Forwarded-For: audited 127.0.0.2; straight to api-1 from 127.0.0.3: audited 127.0.0.3`);
}
