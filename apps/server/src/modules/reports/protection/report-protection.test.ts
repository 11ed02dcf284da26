import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_WATERMARK_TEXT, type TReportProtection, type TReportProtectionUpdate } from '@strata/shared';
import { auditLog, settings } from '../../../db/schema/index.js';
import { as, createTestApp, type Session, type TestApp } from '../../../testing/harness.js';
import { createWorld, type World } from '../../../testing/master-data.js';
import { REPORT_PROTECTION_KEY } from './report-protection.service.js';

const XLSX_PASSWORD = 'Kallang-River-47';
const PDF_PASSWORD = 'Marina-Bay-2031';

describe('report and document protection settings: GET/PUT /reports/settings', () => {
  let t: TestApp;
  let w: World;
  /** The audit rows written since the test began. */
  let auditFrom: number;

  beforeAll(async () => {
    t = await createTestApp();
    // admin holds every task (Manage System Settings among them); manager only makes reports.
    w = await createWorld(t, ['GenerateInstrumentationMonitoringReport']);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    // Every test starts from the defaults.
    await t.db.orm.delete(settings).where(eq(settings.key, REPORT_PROTECTION_KEY));
    auditFrom = (await t.db.orm.select({ id: sql<number>`coalesce(max(${auditLog.auditId}), 0)::int` }).from(auditLog))[0]!.id;
  });

  const get = (s: Session) => as(t, s, { method: 'GET', url: '/api/v1/reports/settings' });
  const put = (s: Session, body: Partial<TReportProtectionUpdate>) => as(t, s, { method: 'PUT', url: '/api/v1/reports/settings', payload: body });
  const audits = () =>
    t.db.orm
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'report-protection.update'), gt(auditLog.auditId, auditFrom)))
      .orderBy(auditLog.auditId);
  const storedRow = async () => (await t.db.orm.select().from(settings).where(eq(settings.key, REPORT_PROTECTION_KEY)))[0];
  const current = () => t.services.reports.protection.settings.current();

  it('answers the defaults to a holder of Manage System Settings, and 403 to anyone else', async () => {
    const res = await get(w.sessions.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TReportProtection>()).toEqual({
      watermark_enabled: false,
      watermark_text: DEFAULT_WATERMARK_TEXT,
      watermark_position: 'diagonal',
      watermark_opacity: 0.2,
      watermark_attachments: true,
      pdf: [],
      xlsx_password_set: false,
      mail_attach_max_bytes: 5_000_000,
      mail_link_days: 7,
      external_recipients: false,
      updated: null,
      updated_by_name: null,
    });
    for (const who of [w.sessions.manager, w.sessions.xuser, w.sessions.nobody]) {
      expect((await get(who)).statusCode).toBe(403);
      expect((await put(who, { watermark_enabled: true })).statusCode).toBe(403);
    }
    expect(await storedRow()).toBeUndefined();
  });

  it('stores the passwords sealed, never answers or audits them, and keeps, sets or clears each as the body says', async () => {
    const first = await put(w.sessions.admin, {
      watermark_enabled: true,
      watermark_text: 'Copy of {user} at {time}',
      watermark_position: 'footer',
      watermark_opacity: 0.5,
      pdf: [
        { report_type: 'geostatus', open_password: PDF_PASSWORD, no_print: true, no_copy: false },
        { report_type: 'reading', open_password: null, no_print: false, no_copy: true },
      ],
      xlsx_password: XLSX_PASSWORD,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<TReportProtection>()).toMatchObject({
      watermark_enabled: true,
      watermark_text: 'Copy of {user} at {time}',
      watermark_position: 'footer',
      watermark_opacity: 0.5,
      pdf: [
        { report_type: 'geostatus', open_password_set: true, no_print: true, no_copy: false },
        { report_type: 'reading', open_password_set: false, no_print: false, no_copy: true },
      ],
      xlsx_password_set: true,
      updated_by_name: expect.stringMatching(/^Test admin/),
    });
    expect(first.json<TReportProtection>().updated).not.toBeNull();
    expect(first.body).not.toContain(PDF_PASSWORD);
    expect(first.body).not.toContain(XLSX_PASSWORD);
    expect((await get(w.sessions.admin)).body).toBe(first.body);

    // In the database: sealed; the engine reads them opened.
    expect(JSON.stringify((await storedRow())!.value)).not.toMatch(new RegExp(`${PDF_PASSWORD}|${XLSX_PASSWORD}`));
    expect(await current()).toMatchObject({ xlsx_password: XLSX_PASSWORD, pdf: [{ open_password: PDF_PASSWORD }, { open_password: null }] });

    // Left out: kept. The entry of the same report type keeps its password; a new value of another field applies.
    const kept = await put(w.sessions.admin, {
      watermark_enabled: true,
      watermark_position: 'header',
      pdf: [
        { report_type: 'reading', no_print: true, no_copy: true },
        { report_type: 'geostatus', no_print: false, no_copy: false },
      ],
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<TReportProtection>()).toMatchObject({ watermark_position: 'header', xlsx_password_set: true });
    expect(await current()).toMatchObject({
      xlsx_password: XLSX_PASSWORD,
      pdf: [
        { report_type: 'reading', open_password: null },
        { report_type: 'geostatus', open_password: PDF_PASSWORD },
      ],
    });

    // null clears; an entry left out of pdf is gone.
    const cleared = await put(w.sessions.admin, {
      xlsx_password: null,
      pdf: [{ report_type: 'geostatus', open_password: null, no_print: true, no_copy: false }],
    });
    expect(cleared.json<TReportProtection>()).toMatchObject({ xlsx_password_set: false, pdf: [{ report_type: 'geostatus', open_password_set: false }] });
    expect(await current()).toMatchObject({ xlsx_password: null, pdf: [{ report_type: 'geostatus', open_password: null }] });

    // Three audit rows, each saying what happened to the passwords, none holding one.
    const rows = await audits();
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.userId === w.userIds.admin)).toBe(true);
    for (const r of rows) expect(JSON.stringify([r.before, r.after])).not.toMatch(new RegExp(`${PDF_PASSWORD}|${XLSX_PASSWORD}`));
    expect(rows[0]!.after).toMatchObject({
      watermark_enabled: true,
      xlsx_lock: 'set',
      pdf: [
        { report_type: 'geostatus', open_lock: 'set' },
        { report_type: 'reading', open_lock: 'none' },
      ],
    });
    expect(rows[1]!.before).toMatchObject({ watermark_position: 'footer', xlsx_lock: 'set' });
    expect(rows[1]!.after).toMatchObject({ watermark_position: 'header', xlsx_lock: 'kept', pdf: [{ open_lock: 'none' }, { open_lock: 'kept' }] });
    expect(rows[2]!.after).toMatchObject({ xlsx_lock: 'cleared', pdf: [{ report_type: 'geostatus', open_lock: 'cleared' }] });
  });

  it('refuses a password the system policy refuses, naming the field, and stores nothing', async () => {
    const refused = async (body: Partial<TReportProtectionUpdate>) => {
      const res = await put(w.sessions.admin, body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json<Record<string, string>>();
    };
    expect(await refused({ xlsx_password: 'short' })).toEqual({ xlsx_password: expect.stringMatching(/at least 8 characters/) });
    expect(Object.keys(await refused({ pdf: [{ report_type: 'geostatus', open_password: 'password123', no_print: false, no_copy: false }] }))).toEqual([
      'pdf.0.open_password',
    ]);

    // The policy's minimum length is the system setting's.
    const raised = await as(t, w.sessions.admin, { method: 'PUT', url: '/api/v1/master-data/settings', payload: { password_min_length: 20 } });
    expect(raised.statusCode, raised.body).toBe(200);
    try {
      expect(await refused({ xlsx_password: XLSX_PASSWORD })).toEqual({ xlsx_password: expect.stringMatching(/at least 20 characters/) });
      expect((await put(w.sessions.admin, { xlsx_password: `${XLSX_PASSWORD}-and-more` })).statusCode).toBe(200);
      await t.db.orm.delete(settings).where(eq(settings.key, REPORT_PROTECTION_KEY));
    } finally {
      await as(t, w.sessions.admin, { method: 'PUT', url: '/api/v1/master-data/settings', payload: { password_min_length: 8 } });
    }
    // Only the one accepted change was audited.
    expect(await audits()).toHaveLength(1);
  });

  it('takes each PDF setting for an engine report type, once; refuses others with nothing stored', async () => {
    const res = await put(w.sessions.admin, {
      pdf: [
        { report_type: 'no-such-report', open_password: null, no_print: true, no_copy: false },
        { report_type: 'geostatus', open_password: null, no_print: true, no_copy: false },
        { report_type: 'geostatus', open_password: null, no_print: false, no_copy: true },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ 'pdf.0.report_type': 'Unknown report type no-such-report', 'pdf.2.report_type': 'Report type geostatus is given twice' });
    expect((await put(w.sessions.admin, { watermark_opacity: 0 })).statusCode).toBe(400);
    expect(await storedRow()).toBeUndefined();
    expect(await audits()).toHaveLength(0);
  });

  it('keeps a password of the longest length the policy allows (its sealed text is longer than that)', async () => {
    const long = 'Tanjong-Pagar-'.repeat(10).slice(0, 128);
    const res = await put(w.sessions.admin, { xlsx_password: long, pdf: [{ report_type: 'map', open_password: long, no_print: false, no_copy: false }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await current()).toMatchObject({ xlsx_password: long, pdf: [{ open_password: long }] });
    expect((await get(w.sessions.admin)).json<TReportProtection>()).toMatchObject({ xlsx_password_set: true, pdf: [{ open_password_set: true }] });
  });
});
