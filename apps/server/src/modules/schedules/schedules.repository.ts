import { and, asc, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { scheduleDefaults, scheduleRuns, schedules } from '../../db/schema/index.js';
import { likeEscape } from '../../lib/filters.js';

export type ScheduleRow = typeof schedules.$inferSelect;
export type ScheduleRunRow = typeof scheduleRuns.$inferSelect;
export type NewSchedule = typeof schedules.$inferInsert;

export async function listSchedules(db: Executor, q: { limit: number; skip: number; keyword?: string | undefined }) {
  const where = q.keyword
    ? sql`(${schedules.name} ilike ${`%${likeEscape(q.keyword)}%`} or ${schedules.job} ilike ${`%${likeEscape(q.keyword)}%`})`
    : undefined;
  const [records, [count]] = await Promise.all([
    db.select().from(schedules).where(where).orderBy(asc(schedules.name)).limit(q.limit).offset(q.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(schedules)
      .where(where),
  ]);
  return { records, total: count?.n ?? 0 };
}

/** Marks a job's default schedule as given to this installation; false when it was before. */
export async function claimDefaultSchedule(db: Executor, job: string, at: Date): Promise<boolean> {
  const rows = await db.insert(scheduleDefaults).values({ job, installedAt: at }).onConflictDoNothing().returning({ job: scheduleDefaults.job });
  return rows.length > 0;
}

export async function findSchedule(db: Executor, id: number): Promise<ScheduleRow | undefined> {
  const [row] = await db.select().from(schedules).where(eq(schedules.scheduleId, id)).limit(1);
  return row;
}

export async function findScheduleByName(db: Executor, name: string): Promise<ScheduleRow | undefined> {
  const [row] = await db
    .select()
    .from(schedules)
    .where(sql`lower(${schedules.name}) = lower(${name})`)
    .limit(1);
  return row;
}

export async function insertSchedule(db: Executor, values: NewSchedule): Promise<ScheduleRow> {
  const [row] = await db.insert(schedules).values(values).returning();
  if (!row) throw new Error('schedule insert returned no row');
  return row;
}

export async function updateSchedule(db: Executor, id: number, values: Partial<NewSchedule>): Promise<void> {
  await db.update(schedules).set(values).where(eq(schedules.scheduleId, id));
}

export async function deleteSchedule(db: Executor, id: number): Promise<void> {
  await db.delete(schedules).where(eq(schedules.scheduleId, id));
}

/** Locks the due schedules; rows another dispatcher holds are skipped (each due run is taken once). */
export async function lockDue(db: Executor, now: Date, limit: number): Promise<ScheduleRow[]> {
  return db
    .select()
    .from(schedules)
    .where(and(eq(schedules.enabled, true), isNotNull(schedules.nextRunAt), lte(schedules.nextRunAt, now)))
    .orderBy(asc(schedules.nextRunAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function insertRun(db: Executor, values: typeof scheduleRuns.$inferInsert): Promise<ScheduleRunRow> {
  const [row] = await db.insert(scheduleRuns).values(values).returning();
  if (!row) throw new Error('run insert returned no row');
  return row;
}

export async function finishRun(
  db: Executor,
  runId: number,
  values: { outcome: 'success' | 'failed'; message: string | null; finishedAt: Date },
): Promise<ScheduleRunRow | undefined> {
  const [row] = await db.update(scheduleRuns).set(values).where(eq(scheduleRuns.runId, runId)).returning();
  return row;
}

export async function listRuns(db: Executor, scheduleId: number, page: { limit: number; skip: number }) {
  const where = eq(scheduleRuns.scheduleId, scheduleId);
  const [records, [count]] = await Promise.all([
    db.select().from(scheduleRuns).where(where).orderBy(desc(scheduleRuns.startedAt), desc(scheduleRuns.runId)).limit(page.limit).offset(page.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(scheduleRuns)
      .where(where),
  ]);
  return { records, total: count?.n ?? 0 };
}
