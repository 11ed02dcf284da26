/**
 * Steady load through nginx: a few loops, each alternating a write (POST /bookmarks with a name of its own) and a read
 * (GET /sync), one request every 50 ms per loop. Every request is recorded with its times, status and the instance
 * that answered, so a fault's effect can be told request by request, and every write can be found afterwards.
 */
import { call, type Session } from './http.js';
import type { Topology } from './context.js';
import { check, note, sleep, until } from './report.js';

export interface Outcome {
  write: string | undefined;
  pin: number | undefined;
  start: number;
  end: number;
  status: number;
  error: string | undefined;
  upstream: number | undefined;
}

const ok = (o: Outcome) => o.status >= 200 && o.status < 300;

export class Load {
  readonly outcomes: Outcome[] = [];
  private running = true;
  private readonly loops: Promise<void>[] = [];

  constructor(
    private readonly s: Session,
    readonly prefix: string,
    pins: (number | undefined)[],
    private readonly timeoutMs: number,
  ) {
    pins.forEach((pin, i) => this.loops.push(this.loop(i, pin)));
  }

  private async loop(i: number, pin: number | undefined): Promise<void> {
    for (let n = 0; this.running; n++) {
      const next = Date.now() + 50;
      const write = n % 2 === 0 ? `${this.prefix}-${i}-${n}` : undefined;
      const start = Date.now();
      let o: Outcome;
      try {
        const r = write
          ? await call(this.s, 'POST', '/bookmarks', { name: write, path: '/en/dashboard' }, { pin, timeoutMs: this.timeoutMs })
          : await call(this.s, 'GET', '/sync', undefined, { pin, timeoutMs: this.timeoutMs });
        o = {
          write,
          pin,
          start,
          end: Date.now(),
          status: r.status,
          error: ok({ status: r.status } as Outcome) ? undefined : r.body.slice(0, 200),
          upstream: r.upstream,
        };
      } catch (err) {
        o = { write, pin, start, end: Date.now(), status: 0, error: err instanceof Error ? err.message : String(err), upstream: undefined };
      }
      this.outcomes.push(o);
      await sleep(Math.max(0, next - Date.now()));
    }
  }

  /** Waits until `n` more requests have succeeded after `after` (ms epoch). */
  async successes(n: number, after: number, timeoutMs = 30_000): Promise<void> {
    await until(`${n} successful requests`, timeoutMs, () => this.outcomes.filter((o) => o.start >= after && ok(o)).length >= n, 20);
  }

  async stop(): Promise<Outcome[]> {
    this.running = false;
    await Promise.all(this.loops);
    return this.outcomes;
  }
}

export const succeeded = ok;

/**
 * No write lost or doubled: every acknowledged write is stored exactly once, a failed one at most once, and nothing
 * else of the load's is stored.
 */
export async function writesExactlyOnce(t: Topology, load: Load): Promise<void> {
  const rows = await t.q<{ name: string; n: string }>(`select name, count(*) as n from bookmarks where name like $1 group by name`, [`${load.prefix}-%`]);
  const stored = new Map(rows.map((r) => [r.name, Number(r.n)]));
  const writes = load.outcomes.filter((o) => o.write !== undefined);
  const acked = writes.filter(ok);
  const failed = writes.filter((o) => !ok(o));
  for (const o of acked) check(stored.get(o.write!) === 1, `acknowledged write ${o.write} stored once (found ${stored.get(o.write!) ?? 0})`);
  for (const o of failed) check((stored.get(o.write!) ?? 0) <= 1, `failed write ${o.write} stored at most once`);
  const sent = new Set(writes.map((o) => o.write));
  for (const name of stored.keys()) check(sent.has(name), `stored ${name} was sent`);
  const failedStored = failed.filter((o) => stored.get(o.write!) === 1).length;
  note(
    `writes: ${writes.length} sent, ${acked.length} acknowledged and stored once each, ${failed.length} failed (${failedStored} of them committed before the failure), none doubled`,
  );
}
