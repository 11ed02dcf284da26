/**
 * The `purge-orphans` job: photos, documents and comments hang on records by (category, id) without a foreign key, so a
 * deleted record leaves them behind. The job deletes them — rows, stored files and thumbnails — and nothing of a record
 * that still exists.
 */
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPhoto } from '@strata/shared';
import { attachments, auditLog, comments, sites, structures } from '../../db/schema/index.js';
import { as, createTestApp, type Session, type TestApp } from '../../testing/harness.js';
import { createInstrument, createType, createWorld, filesUnder, multipart, tempDataDir, type World } from '../../testing/master-data.js';
import { image, pdf } from '../attachments/test-files.js';

describe('clean-up of what hangs on deleted records', () => {
  let t: TestApp;
  let w: World;
  let dataDir: string;
  let admin: Session;
  let typeId: number;
  let scheduleId: number;
  let made = 0;
  /** An instrument of the test's own (the world's contracts and the schedule are shared). */
  const instrument = async (name: string) => (await createInstrument(t.db, { name: `${name}-${++made}`, contractId: w.contractA, typeId })).instrumentId;
  const maxAuditId = async () => (await t.db.orm.select({ n: sql<number>`coalesce(max(${auditLog.auditId}), 0)::int` }).from(auditLog))[0]!.n;
  const req = (method: 'GET' | 'POST' | 'DELETE', url: string, extra: object = {}) => as(t, admin, { method, url: `/api/v1${url}`, ...extra });
  const stored = () => filesUnder(path.join(dataDir, 'files', 'attachments'));
  const filesOf = async (refId: number) =>
    (
      await t.db.orm
        .select({ n: sql<number>`count(*)::int` })
        .from(attachments)
        .where(and(eq(attachments.category, 'instrument'), eq(attachments.refId, refId)))
    )[0]!.n;
  const commentsOf = async (refId: number) =>
    (
      await t.db.orm
        .select({ n: sql<number>`count(*)::int` })
        .from(comments)
        .where(and(eq(comments.topic, 'instrument'), eq(comments.refId, refId)))
    )[0]!.n;
  const idsOf = async (category: string) => {
    const ids = t.services.records.existing().find((e) => e.category === category)!.ids;
    const r = (await t.db.orm.execute(sql`select ref_id from (${ids}) r order by ref_id`)) as unknown as { rows: { ref_id: number }[] };
    return r.rows.map((x) => Number(x.ref_id));
  };

  const dress = async (instrumentId: number) => {
    const photo = await req('POST', `/photos/instrument/${instrumentId}`, multipart('crack.png', await image('png', 600, 400)));
    expect(photo.statusCode, photo.body).toBe(200);
    // A thumbnail is made on first request and kept: it must go too.
    expect((await req('GET', `/photos/${photo.json<TPhoto>().file_id}?size=128`)).statusCode).toBe(200);
    expect((await req('POST', `/documents/instrument/${instrumentId}`, multipart('report.pdf', await pdf()))).statusCode).toBe(200);
    const top = await req('POST', '/comments', { payload: { topic: 'instrument', ref_id: instrumentId, comment: 'Crack widening' } });
    expect(top.statusCode, top.body).toBe(200);
    const reply = await req('POST', '/comments', { payload: { topic: 'instrument', ref_id: instrumentId, parent_id: top.json().comment_id, comment: 'Seen' } });
    expect(reply.statusCode, reply.body).toBe(200);
  };

  beforeAll(async () => {
    dataDir = tempDataDir('records-cleanup');
    t = await createTestApp({ dataDir });
    w = await createWorld(t, ['ManageInstruments']);
    admin = w.sessions.admin;
    typeId = (await createType(t.db, 'SMC')).type.typeId;
    const s = await req('POST', '/schedules', { payload: { name: 'Orphans', type: 'daily', hour: 3, minute: 0, job: 'purge-orphans' } });
    expect(s.statusCode, s.body).toBe(200);
    scheduleId = s.json().schedule_id;
  });
  afterAll(() => t.close());

  it('deletes nothing while every record exists', async () => {
    const kept = await instrument('SM-KEPT');
    await dress(kept);
    const before = stored().length;
    const run = await req('POST', `/schedules/${scheduleId}/run`);
    expect(run.json()).toMatchObject({ outcome: 'success', message: 'Deleted 0 file(s) and 0 comment(s) of deleted records' });
    expect(stored()).toHaveLength(before);
    expect(await filesOf(kept)).toBe(2);
    expect(await commentsOf(kept)).toBe(2);
  });

  it('deletes the photos (with thumbnails), documents and comments of a deleted instrument, and audits what went', async () => {
    const start = stored().length;
    const gone = await instrument('SM-GONE');
    const kept = await instrument('SM-KEPT');
    await dress(gone);
    await dress(kept);
    const before = stored().length;
    expect(before).toBe(start + 6); // per instrument: the photo, its thumbnail, the document
    const del = await req('DELETE', `/instruments/${gone}`);
    expect(del.statusCode, del.body).toBe(200);

    const lastBefore = await maxAuditId();
    const run = await req('POST', `/schedules/${scheduleId}/run`);
    expect(run.json()).toMatchObject({ outcome: 'success', message: 'Deleted 2 file(s) and 2 comment(s) of deleted records' });
    expect(await filesOf(gone)).toBe(0);
    expect(await commentsOf(gone)).toBe(0);
    expect(stored()).toHaveLength(before - 3);
    // The kept instrument's photo still opens, its comments are still listed.
    expect(await filesOf(kept)).toBe(2);
    expect(await commentsOf(kept)).toBe(2);
    const listed = await req('GET', `/comments?topic=instrument&ref_id=${kept}`);
    expect(listed.json().total_records).toBe(1);

    const audits = await t.db.orm
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} in ('attachments.purge', 'comments.purge') and ${auditLog.auditId} > ${lastBefore}`)
      .orderBy(auditLog.auditId);
    expect(audits.map((a) => [a.action, a.userId, a.loginName])).toEqual([
      ['attachments.purge', null, 'system'],
      ['comments.purge', null, 'system'],
    ]);
    const files = (audits[0]!.after as { category: string; count: number; files: { ref_id: number; file_name: string }[] }).files;
    expect(files.map((f) => [f.ref_id, f.file_name]).sort()).toEqual([
      [gone, 'crack.png'],
      [gone, 'report.pdf'],
    ]);
    expect(audits[1]!.after).toMatchObject({ topic: 'instrument', count: 2, ref_ids: [gone] });
  });

  it('knows which records of each category exist', async () => {
    expect(
      t.services.records
        .existing()
        .map((e) => e.category)
        .sort(),
    ).toEqual(['alert', 'borehole', 'case', 'contract', 'critical-interface', 'excavation', 'instrument', 'mining-works', 'site', 'tunnel']);
    // Exactly the rows of each table, whatever other tests made: a deleted instrument is not among them.
    const gone = await instrument('SM-GONE');
    expect((await req('DELETE', `/instruments/${gone}`)).statusCode).toBe(200);
    const rowsOf = async (table: string, column: string) => {
      const r = (await t.db.orm.execute(sql.raw(`select ${column} as id from ${table} order by 1`))) as unknown as { rows: { id: number }[] };
      return r.rows.map((x) => Number(x.id));
    };
    const instruments = await idsOf('instrument');
    expect(instruments).toEqual(await rowsOf('instruments', 'instrument_id'));
    expect(instruments).not.toContain(gone);
    expect(await idsOf('contract')).toEqual(await rowsOf('contracts', 'contract_id'));
    expect(await idsOf('contract')).toEqual(expect.arrayContaining([w.contractA, w.contractB]));
    for (const [category, table, column] of [
      ['site', 'sites', 'site_id'],
      ['alert', 'alerts', 'alert_id'],
      ['case', 'action_cases', 'case_id'],
      ['borehole', 'boreholes', 'borehole_id'],
    ] as const) {
      expect(await idsOf(category), category).toEqual(await rowsOf(table, column));
    }
    // Critical interfaces and mining works share a table: each category is the rows of its kind.
    const line = {
      type: 'LineString',
      coordinates: [
        [30000, 30000],
        [30100, 30000],
      ],
    };
    for (const kind of ['critical-interface', 'mining-works', 'mining-works'] as const)
      await t.db.orm.insert(structures).values({ contractId: w.contractA, kind, name: `S ${Math.random()}`, structureType: 'other', outline: line });
    expect((await idsOf('mining-works')).length).toBeGreaterThanOrEqual(2);
    expect(await idsOf('critical-interface')).toEqual(await rowsOf(`structures where kind = 'critical-interface'`, 'structure_id'));
    expect(await idsOf('mining-works')).toEqual(await rowsOf(`structures where kind = 'mining-works'`, 'structure_id'));
    // Excavation sites and mined tunnels are the site rows of their type.
    await t.db.orm.insert(sites).values([
      { contractId: w.contractA, type: 'E', siteName: `E ${Math.random()}` },
      { contractId: w.contractA, type: 'MT', siteName: `MT ${Math.random()}` },
    ]);
    expect((await idsOf('excavation')).length).toBeGreaterThanOrEqual(1);
    expect(await idsOf('excavation')).toEqual(await rowsOf(`sites where type = 'E'`, 'site_id'));
    expect(await idsOf('tunnel')).toEqual(await rowsOf(`sites where type = 'MT'`, 'site_id'));
  });
});
