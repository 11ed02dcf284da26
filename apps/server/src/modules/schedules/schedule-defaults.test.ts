/**
 * Every installation gets the housekeeping schedules (expired files, ended sessions, files of deleted records) once,
 * at start-up: not only the demo data, and never again after an administrator changed or deleted them.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, schedules } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../testing/harness.js';

describe('housekeeping schedules of a new installation', () => {
  let t: TestApp;
  // Each test is a new installation of its own: a fresh database, no schedule yet.
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  const names = async () => (await t.db.orm.select().from(schedules)).map((s) => s.name).sort();

  it('creates the schedule of each housekeeping job, enabled and due at its nightly hour, by the system', async () => {
    expect(await names()).toEqual([]);
    expect((await t.services.schedules.installDefaults()).sort()).toEqual(['Clean expired files', 'Purge ended sessions', 'Purge files of deleted records']);
    const rows = await t.db.orm.select().from(schedules);
    expect(rows.map((r) => [r.job, r.type, r.hour, r.minute, r.enabled]).sort()).toEqual([
      ['clean-expired-files', 'daily', 2, 0, true],
      ['purge-orphans', 'daily', 2, 45, true],
      ['purge-sessions', 'daily', 2, 30, true],
    ]);
    for (const r of rows) expect(r.nextRunAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const audits = await t.db.orm.select().from(auditLog).where(eq(auditLog.action, 'schedule.create'));
    expect(audits).toHaveLength(3);
    expect(audits.every((a) => a.loginName === 'system' && a.userId === null)).toBe(true);
  });

  it('gives nothing more on the next start, and does not bring back a schedule an administrator deleted', async () => {
    expect(await t.services.schedules.installDefaults()).toHaveLength(3); // the first start
    expect(await t.services.schedules.installDefaults()).toEqual([]);
    await t.db.orm.delete(schedules).where(eq(schedules.job, 'purge-sessions'));
    expect(await t.services.schedules.installDefaults()).toEqual([]);
    expect(await names()).toEqual(['Clean expired files', 'Purge files of deleted records']);
  });
});
