/**
 * Full monitoring reports over the API (decision 040): a template -> generate (the draft: its sections, an instrument,
 * a breach) -> revisions and the in-progress refusal -> the approval workflow with its separation of duties -> the
 * published PDF (footer hash, approval record, its bytes' hash) -> who sees it, and a tampered file refused.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FULL_MONITORING_TOAST,
  MONITORING_REPORT_MESSAGES,
  MONITORING_SECTION_KINDS,
  MONITORING_SECTIONS,
  USER_TYPE,
  type TFullMonitoringCreated,
  type TMonitoringReport,
  type TMonitoringReportList,
  type TMonitoringTemplate,
} from '@strata/shared';
import { auditLog, monitoringReports, notifications, systemLogs } from '../../../db/schema/index.js';
import { createRole, createUser } from '../../../testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../../testing/harness.js';
import { ALERT_TASKS, createAlertWorld, DAY, daily, loadAndEvaluate, type AlertWorld } from '../../alerts/alerts.test-support.js';
import { popplerInfo } from '../protection/poppler.test-support.js';
import { sha256Bytes } from './draft.js';

function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'strata-fm-'));
  try {
    writeFileSync(join(dir, 'r.pdf'), bytes);
    return execFileSync('pdftotext', [join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('full monitoring reports', () => {
  let t: TestApp;
  let w: AlertWorld;
  let template: TMonitoringTemplate;
  let authorityA: Session;
  let authorityB: Session;
  const base = '/api/v1/reports/full-monitoring';

  beforeAll(async () => {
    t = await createTestApp();
    w = await createAlertWorld(t, [...ALERT_TASKS, 'ViewInstrumentData', 'ViewInstrumentCharts', 'GenerateFullMonitoringReport', 'ReportApproval']);
    const T0 = Math.floor((t.ctx.now().getTime() - 9 * DAY) / 3_600_000) * 3_600_000;
    await loadAndEvaluate(t, w, { 'SM-A1': daily(T0, [0, 5, 10, 15, 25]), 'SM-A2': daily(T0, [1, 2, 3]), 'SM-B1': daily(T0, [0, 40]) });
    const none = await createRole(t.db, []);
    for (const [name, contracts] of [
      ['authoritya', [w.contractA]],
      ['authorityb', [w.contractB]],
    ] as const) {
      await createUser(t.db, { loginName: name, userType: USER_TYPE.Authority, roleId: none.roleId, contractIds: [...contracts] });
    }
    authorityA = await signIn(t, 'authoritya');
    authorityB = await signIn(t, 'authorityb');
    const res = await as(t, w.sessions.xuser, {
      method: 'POST',
      url: '/api/v1/reports/monitoring-template',
      payload: {
        contract_id: w.contractA,
        name: 'Weekly',
        sections: MONITORING_SECTION_KINDS.map((kind) =>
          kind === 'remarks' ? { kind, text: 'Remarks of the week' } : kind === 'executive-summary' ? { kind, text: 'All quiet but SM-A1.' } : { kind },
        ),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    template = res.json<TMonitoringTemplate>();
  });
  afterAll(() => t.close());

  const generate = (reportNo: string, s = w.sessions.xuser) =>
    as(t, s, { method: 'POST', url: `${base}?tzo=8`, payload: { template_id: template.template_id, report_no: reportNo, period: { option: 'last-2-weeks' } } });
  const get = async (id: number, s = w.sessions.xuser) => (await as(t, s, { method: 'GET', url: `${base}/${id}` })).json<TMonitoringReport>();
  const act = (id: number, action: string, s: Session, comment = '') => as(t, s, { method: 'POST', url: `${base}/${id}/${action}`, payload: { comment } });
  async function prepared(reportNo: string): Promise<number> {
    const res = await generate(reportNo);
    expect(res.statusCode, res.body).toBe(200);
    await t.services.reports.runPending();
    const id = res.json<TFullMonitoringCreated>().monitoring_report_id;
    expect((await get(id)).status).toBe('prepared');
    return id;
  }

  /** A published report of its own number (each test has its own: the tests run in a shuffled order). */
  async function publish(reportNo: string): Promise<number> {
    const id = await prepared(reportNo);
    for (const [action, s] of [
      ['submit', w.sessions.xuser],
      ['check', w.sessions.manager],
      ['approve', w.sessions.admin],
    ] as const) {
      const res = await act(id, action, s);
      expect(res.statusCode, res.body).toBe(200);
    }
    return id;
  }

  it('generates the draft: the toast, then prepared with the draft’s hash; the PDF holds every section, an instrument and a breach', async () => {
    const res = await generate('T-W1');
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json<TFullMonitoringCreated>();
    expect(created.message).toBe(FULL_MONITORING_TOAST);
    expect((await get(created.monitoring_report_id)).status).toBe('generating');
    await t.services.reports.runPending();
    const report = await get(created.monitoring_report_id);
    expect(report).toMatchObject({ status: 'prepared', report_no: 'T-W1', revision: 1, status_label: 'Prepared', actions: ['submit'] });
    const draft = await as(t, w.sessions.xuser, { method: 'GET', url: `${base}/${report.monitoring_report_id}/draft` });
    expect(draft.statusCode).toBe(200);
    expect(draft.headers['content-type']).toContain('pdf');
    expect(sha256Bytes(draft.rawPayload)).toBe(report.content_sha256);
    const text = pdfText(draft.rawPayload);
    for (const kind of MONITORING_SECTION_KINDS.filter((k) => k !== 'cover')) expect(text, kind).toContain(MONITORING_SECTIONS[kind]);
    for (const s of ['Instrumentation Monitoring Report', 'Revisions', 'Pending', 'SM-A1', 'AL', 'All quiet but SM-A1.', 'Remarks of the week'])
      expect(text).toContain(s);
    expect(text).not.toContain('SM-B1');
    // The location plan is the map report's drawing of the contract's instruments, with its table.
    expect(text).toMatch(/Location plan: [1-9]\d* instruments \(SVY21\)/);
    // The preparer is told, with the list's link.
    const told = await t.db.orm.select().from(notifications).where(eq(notifications.userId, w.userIds.xuser));
    expect(told.some((n) => n.linkUri === '/reporting/full-monitoring/list' && n.message.includes('T-W1 Rev 1'))).toBe(true);
  });

  it('refuses a number with a revision in progress; a returned one is superseded by the next revision', async () => {
    await prepared('T-P');
    const again = await generate('T-P');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ report_no: MONITORING_REPORT_MESSAGES.inProgress('T-P') });
    const id = await prepared('T-R');
    expect((await act(id, 'submit', w.sessions.xuser)).statusCode).toBe(200);
    const noComment = await act(id, 'return', w.sessions.manager);
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json()).toEqual({ comment: MONITORING_REPORT_MESSAGES.returnNeedsComment });
    const returned = await act(id, 'return', w.sessions.manager, 'Chart of SM-A1 missing');
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json<TMonitoringReport>()).toMatchObject({
      status: 'returned',
      steps: [{ action: 'submit' }, { action: 'return', comment: 'Chart of SM-A1 missing' }],
    });
    const told = await t.db.orm.select().from(notifications).where(eq(notifications.userId, w.userIds.xuser));
    expect(told.some((n) => n.message.includes('returned') && n.message.includes('Chart of SM-A1 missing'))).toBe(true);
    const next = await prepared('T-R');
    expect((await get(next)).revision).toBe(2);
    expect((await get(id)).status).toBe('superseded');
  });

  it('walks the approval with separation of duties: 409 out of turn, 403 for the preparer and the checker, then publishes', async () => {
    const id = await prepared('T-A');
    expect((await act(id, 'check', w.sessions.manager)).statusCode).toBe(409);
    expect((await act(id, 'approve', w.sessions.nobody)).statusCode).toBe(403); // no task at all
    expect((await act(id, 'submit', w.sessions.xuser)).json<TMonitoringReport>().status).toBe('checking');
    // The manager (an approver of contract A) is told.
    const toManager = await t.db.orm.select().from(notifications).where(eq(notifications.userId, w.userIds.manager));
    expect(toManager.some((n) => n.linkUri === '/reporting/full-monitoring/approval')).toBe(true);
    const self = await act(id, 'check', w.sessions.xuser);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toBe(MONITORING_REPORT_MESSAGES.notYourStep);
    expect((await get(id, w.sessions.manager)).actions).toEqual(['check', 'return']);
    expect((await act(id, 'check', w.sessions.manager, 'Looks right')).json<TMonitoringReport>().status).toBe('approving');
    expect((await act(id, 'approve', w.sessions.manager)).statusCode).toBe(403);
    expect((await act(id, 'approve', w.sessions.xuser)).statusCode).toBe(403);
    const approved = await act(id, 'approve', w.sessions.admin, 'Approved for issue');
    expect(approved.statusCode, approved.body).toBe(200);
    const report = approved.json<TMonitoringReport>();
    expect(report).toMatchObject({ status: 'published', checked_by_name: expect.any(String), approved_by_name: expect.any(String) });
    expect(report.steps.map((s) => s.action)).toEqual(['submit', 'check', 'approve']);
    expect((await act(id, 'approve', w.sessions.admin)).statusCode).toBe(409);

    const file = await as(t, w.sessions.xuser, { method: 'GET', url: `${base}/${id}/file?download=true` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(sha256Bytes(file.rawPayload)).toBe(report.published_sha256);
    expect(file.rawPayload.length).toBe(report.size);
    const text = pdfText(file.rawPayload);
    expect(text).toContain(`T-A Rev 1 · Published`);
    expect(text).toContain(`Content SHA-256 ${report.content_sha256}`);
    expect(text).toContain('Approval Record');
    for (const s of ['Looks right', 'Approved for issue', report.prepared_by_name!, report.checked_by_name!]) expect(text).toContain(s);
    // Every page carries the stamp.
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(3);
    for (const p of pages) expect(p).toContain(report.content_sha256!);
  });

  it('shows the published report to an Authority user of its contract, not to one of another contract; never the drafts', async () => {
    const published = await publish('T-V');
    const list = await as(t, authorityA, { method: 'GET', url: `${base}/published` });
    expect(list.statusCode).toBe(200);
    expect(list.json<TMonitoringReportList>().records.map((r) => r.monitoring_report_id)).toContain(published);
    expect(list.json<TMonitoringReportList>().records.every((r) => r.status === 'published')).toBe(true);
    expect((await as(t, authorityA, { method: 'GET', url: `${base}/${published}/file` })).statusCode).toBe(200);
    expect((await as(t, authorityA, { method: 'GET', url: base })).statusCode).toBe(403);
    expect((await as(t, authorityA, { method: 'GET', url: `${base}/${published}/draft` })).statusCode).toBe(403);
    expect((await as(t, authorityB, { method: 'GET', url: `${base}/published` })).json<TMonitoringReportList>().records).toEqual([]);
    expect((await as(t, authorityB, { method: 'GET', url: `${base}/${published}/file` })).statusCode).toBe(404);
    // Another contract's worker does not see it either; a prepared (unpublished) report has no published file.
    expect((await as(t, w.sessions.yuser, { method: 'GET', url: `${base}/${published}` })).statusCode).toBe(404);
    const unpublished = await prepared('T-U');
    expect((await as(t, authorityA, { method: 'GET', url: `${base}/${unpublished}/file` })).statusCode).toBe(404);
    expect(
      (await as(t, w.sessions.xuser, { method: 'GET', url: `${base}?status=prepared` })).json<TMonitoringReportList>().records.map((r) => r.report_no),
    ).toContain('T-U');
    expect((await as(t, w.sessions.xuser, { method: 'GET', url: `${base}?status=nonsense` })).statusCode).toBe(400);
  });

  it('refuses a published file whose bytes changed: 500, a system log entry, nothing sent', async () => {
    const published = await publish('T-T');
    expect((await as(t, authorityA, { method: 'GET', url: `${base}/${published}/file` })).statusCode).toBe(200);
    const [row] = await t.db.orm
      .select()
      .from(monitoringReports)
      .where(and(eq(monitoringReports.id, published)));
    await writeFile(join(t.ctx.config.dataDir, 'files', row!.publishedKey!), Buffer.from('%PDF-1.7 tampered'));
    const res = await as(t, authorityA, { method: 'GET', url: `${base}/${published}/file` });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toBe(MONITORING_REPORT_MESSAGES.changed);
    expect(res.headers['content-type']).toContain('json');
    const logs = await t.db.orm.select().from(systemLogs);
    expect(logs.some((l) => l.message.includes(MONITORING_REPORT_MESSAGES.changed) && l.status === 500)).toBe(true);
  });

  it('sends published reports and drafts watermarked for the reader and locked as the type says; the stored bytes keep their hash', async () => {
    const id = await publish('T-W-PROTECTED');
    const report = await get(id);
    const settle = (payload: object) => as(t, w.sessions.admin, { method: 'PUT', url: '/api/v1/reports/settings', payload });
    const on = await settle({
      watermark_enabled: true,
      watermark_position: 'header',
      pdf: [{ report_type: 'full-monitoring', open_password: null, no_print: true, no_copy: false }],
    });
    expect(on.statusCode, on.body).toBe(200);
    try {
      // 200: the stored file still hashed to its published SHA-256; what is sent is that file, protected.
      const file = await as(t, authorityA, { method: 'GET', url: `${base}/${id}/file?download=true` });
      expect(file.statusCode).toBe(200);
      expect(sha256Bytes(file.rawPayload)).not.toBe(report.published_sha256);
      expect(Number(file.headers['content-length'])).toBe(file.rawPayload.length);
      const text = pdfText(file.rawPayload);
      expect(text).toContain(`Test authoritya · `);
      expect(text).toContain(` · ${report.contract_no}`);
      expect(text).toContain('Approval Record');
      expect(popplerInfo(file.rawPayload).Encrypted).toMatch(/^yes \(print:no copy:yes /);
      const [audit] = await t.db.orm
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'monitoring-report.get'), eq(auditLog.entityId, String(id))))
        .orderBy(desc(auditLog.auditId))
        .limit(1);
      expect(audit?.after).toMatchObject({ report_no: 'T-W-PROTECTED', protection: ['watermark', 'no printing'] });

      const draft = await as(t, w.sessions.xuser, { method: 'GET', url: `${base}/${id}/draft` });
      expect(draft.statusCode).toBe(200);
      expect(pdfText(draft.rawPayload)).toContain('Test xuser');
    } finally {
      expect((await settle({})).statusCode).toBe(200);
    }
    // Protection off: the published bytes as they were hashed.
    const plain = await as(t, authorityA, { method: 'GET', url: `${base}/${id}/file` });
    expect(sha256Bytes(plain.rawPayload)).toBe(report.published_sha256);
  });
});
