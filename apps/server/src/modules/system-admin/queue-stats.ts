/**
 * Job queue figures read from pg-boss's own tables (schema `pgboss`): live jobs are in `job`, completed and failed
 * ones move to `archive` after a while (pg-boss's archive interval), so windows read both. When pg-boss has never
 * started on this database (no job workers yet) there are no tables and every figure is empty.
 */
import type { Database } from '../../db/client.js';

export interface QueueCounts {
  name: string;
  queued: number;
  active: number;
  failed: number;
  completed: number;
  lastCompleted: Date | null;
}

const SCHEMA = 'pgboss';

async function hasBoss(db: Database): Promise<{ job: boolean; archive: boolean }> {
  const { rows } = await db.query<{ job: string | null; archive: string | null }>(
    `select to_regclass('${SCHEMA}.job')::text as job, to_regclass('${SCHEMA}.archive')::text as archive`,
  );
  return { job: !!rows[0]?.job, archive: !!rows[0]?.archive };
}

/** Counts per queue: waiting and active now; completed and failed since `since`. `names` undefined = every queue. */
export async function queueCounts(db: Database, since: Date, names?: readonly string[]): Promise<QueueCounts[]> {
  const t = await hasBoss(db);
  if (!t.job) return [];
  const filter = names ? 'where name = any($2::text[])' : '';
  const params: unknown[] = names ? [since.toISOString(), [...names]] : [since.toISOString()];
  const archive = t.archive
    ? `union all select name, state::text as state, completed_on from ${SCHEMA}.archive ${filter ? `${filter} and` : 'where'} completed_on >= $1`
    : '';
  const { rows } = await db.query<{ name: string; queued: number; active: number; failed: number; completed: number; last_completed: string | Date | null }>(
    `select name,
            count(*) filter (where state in ('created', 'retry'))::int as queued,
            count(*) filter (where state = 'active')::int as active,
            count(*) filter (where state = 'failed' and completed_on >= $1)::int as failed,
            count(*) filter (where state = 'completed' and completed_on >= $1)::int as completed,
            max(completed_on) filter (where state = 'completed') as last_completed
       from (select name, state::text as state, completed_on from ${SCHEMA}.job ${filter} ${archive}) j
      group by name order by name`,
    params,
  );
  return rows.map((r) => ({
    name: r.name,
    queued: Number(r.queued),
    active: Number(r.active),
    failed: Number(r.failed),
    completed: Number(r.completed),
    lastCompleted: r.last_completed ? new Date(r.last_completed) : null,
  }));
}

/** The names of every queue pg-boss knows (created by `send`/`work`). */
export async function queueNames(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ ok: string | null }>(`select to_regclass('${SCHEMA}.queue')::text as ok`);
  if (!rows[0]?.ok) return [];
  const r = await db.query<{ name: string }>(`select name from ${SCHEMA}.queue order by name`);
  return r.rows.map((x) => x.name);
}

/** Completed and failed jobs of these queues per time bucket in [from, to). */
export async function queueBuckets(db: Database, names: readonly string[], from: Date, to: Date, bucketSeconds: number) {
  const t = await hasBoss(db);
  if (!t.job) return [];
  const part = (table: string) =>
    `select state::text as state, completed_on from ${SCHEMA}.${table} where name = any($1::text[]) and completed_on >= $2 and completed_on < $3 and state in ('completed', 'failed')`;
  const { rows } = await db.query<{ bucket: string | number; completed: number; failed: number }>(
    `select floor(extract(epoch from completed_on) / $4)::bigint * $4 as bucket,
            count(*) filter (where state = 'completed')::int as completed,
            count(*) filter (where state = 'failed')::int as failed
       from (${part('job')}${t.archive ? ` union all ${part('archive')}` : ''}) j
      group by 1 order by 1`,
    [[...names], from.toISOString(), to.toISOString(), bucketSeconds],
  );
  return rows.map((r) => ({ at: new Date(Number(r.bucket) * 1000), completed: Number(r.completed), failed: Number(r.failed) }));
}
