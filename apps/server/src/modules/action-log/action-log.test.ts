import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type {
  PermissionCode,
  TActionCaseCandidateList,
  TActionCaseDetail,
  TActionCaseList,
  TActionCaseSummary,
  TActionCaseTarget,
  TActionEntry,
  TPhoto,
} from '@strata/shared';
import { alerts, users } from '../../db/schema/index.js';
import { createRole, createUser } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../testing/harness.js';
import { lastAudit, multipart, tempDataDir } from '../../testing/master-data.js';
import { pdfText } from '../../testing/pdf-text.js';
import { ALERT_TASKS, alertRows, createAlertWorld, DAY, daily, loadAndEvaluate, type AlertWorld } from '../alerts/alerts.test-support.js';

const CASE_TASKS: readonly PermissionCode[] = [
  'EditorFollowUpBreachedInstrumentCases',
  'CloseBreachedInstrumentCases',
  'VieworDownloadBreachedInstrumentCases',
  'EditorFollowUpTriggeredScenarioBasedAlertCases',
  'CloseTriggeredScenarioBasedAlertCases',
  'VieworDownloadTriggeredScenarioBasedAlertCases',
  'EditorFollowUpDamagedInstrumentCases',
  'CloseDamagedInstrumentCases',
  'VieworDownloadDamagedInstrumentCases',
];

type Method = 'GET' | 'POST' | 'DELETE';

describe('the Log of Actions Taken API', () => {
  let t: TestApp;
  let w: AlertWorld;
  let photo: Buffer;
  /** Open alerts: breached WSL on SM-A1 (contract A), AL on SM-A2 (A), WSL on SM-B1 (contract B); a scenario alert in A. */
  let alertA1: number;
  let alertA2: number;
  let alertB1: number;
  let scenarioAlert: number;

  const call = (who: Session, method: Method, url: string, payload?: object) =>
    as(t, who, { method, url: `/api/v1${url}`, ...(payload === undefined ? {} : { payload }) });
  const s = (name: keyof AlertWorld['sessions']) => w.sessions[name];
  const openCase = async (who: Session, body: object) => {
    const res = await call(who, 'POST', '/action-cases', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TActionCaseDetail>().case.case_id;
  };
  const attachPhoto = async (who: Session, caseId: number, name = 'crack.png') =>
    as(t, who, { method: 'POST', url: `/api/v1/photos/case/${caseId}`, ...multipart(name, photo) });
  /** A session of a user with this one task, assigned contracts A and B. */
  const only = async (code: PermissionCode) => {
    const role = await createRole(t.db, [code]);
    const user = await createUser(t.db, { roleId: role.roleId, contractIds: [w.contractA, w.contractB] });
    return signIn(t, user.loginName);
  };
  /** The manager's case on alert A1 with one follow-up that took a photo attached to the case. */
  const caseWithFollowUp = async () => {
    const caseId = await openCase(s('manager'), { alert_id: alertA1 });
    const file = (await attachPhoto(s('manager'), caseId)).json<TPhoto>();
    const doneAt = new Date(t.clock.now().getTime() - 3_600_000).toISOString();
    const res = await call(s('manager'), 'POST', `/action-cases/${caseId}/entries`, {
      action: 'Inspected the marker; hoarding crack found.',
      done_at: doneAt,
      file_ids: [file.file_id],
    });
    expect(res.statusCode, res.body).toBe(200);
    return caseId;
  };

  beforeAll(async () => {
    t = await createTestApp({ dataDir: tempDataDir('action-log') });
    photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0471d1' } })
      .png()
      .toBuffer();
  });
  // A world of its own for each test (new contracts, instruments and alerts): cases are one open per alert and the
  // lists and counts below are exact, so no test may see another's cases.
  beforeEach(async () => {
    w = await createAlertWorld(t, [...ALERT_TASKS, ...CASE_TASKS]);
    const T0 = t.clock.now().getTime() - 10 * DAY;
    await loadAndEvaluate(t, w, { 'SM-A1': daily(T0, [18, 19, 20.5, 29]), 'SM-A2': daily(T0, [18, 19, 21, 22]), 'SM-B1': daily(T0, [18, 19, 20, 30]) });
    const rows = await alertRows(t);
    const find = (name: string, level: string) => rows.find((a) => a.instrumentId === w.inst[name] && a.levelCode === level && a.status === 'open')!.alertId;
    alertA1 = find('SM-A1', 'WSL');
    alertA2 = find('SM-A2', 'AL');
    alertB1 = find('SM-B1', 'WSL');
    const now = t.clock.now();
    const [scenario] = await t.db.orm
      .insert(alerts)
      .values({
        contractId: w.contractA,
        kind: 'scenario',
        openKey: `scenario:test-only-${w.contractA}`,
        levelCode: 'AL',
        openedAt: now,
        lastTriggeredAt: now,
        detail: {},
      })
      .returning();
    scenarioAlert = scenario!.alertId;
  });
  afterAll(() => t.close());

  it('refuses every call to a user without a task of the log (403)', async () => {
    for (const [method, url, body] of [
      ['GET', '/action-cases'],
      ['GET', '/action-cases/summary'],
      ['GET', `/action-cases/target?alert_id=${alertA1}`],
      ['GET', '/action-cases/candidates?category=breached'],
      ['POST', '/action-cases', { alert_id: alertA1 }],
      ['GET', '/action-cases/1'],
      ['POST', '/action-cases/1/entries', { action: 'x', done_at: new Date().toISOString() }],
      ['POST', '/action-cases/1/close', { reason: 'x' }],
      ['GET', '/action-cases/1/pdf'],
    ] as const) {
      expect((await call(s('nobody'), method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('opens a case for a breached alert with the alert message as title, audits it, and allows one open case per alert', async () => {
    const target = (await call(s('manager'), 'GET', `/action-cases/target?alert_id=${alertA1}`)).json<TActionCaseTarget>();
    expect(target).toMatchObject({
      category: 'breached',
      contract_id: w.contractA,
      instrument_name: 'SM-A1',
      open_case_id: null,
      default_title: 'SM-A1 DSPA 29 mm passed WSL',
    });
    const res = await call(s('manager'), 'POST', '/action-cases', { alert_id: alertA1 });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<TActionCaseDetail>();
    expect(d.case).toMatchObject({
      category: 'breached',
      status: 'open',
      title: 'SM-A1 DSPA 29 mm passed WSL',
      alert_id: alertA1,
      instrument_name: 'SM-A1',
      entry_count: 0,
    });
    expect(d.case.alert).toMatchObject({ alert_id: alertA1, kind: 'breached', level_code: 'WSL', status: 'open' });
    expect(d.alert).toMatchObject({ alert_id: alertA1, latest_value: 29 });
    expect(d.entries).toEqual([]);
    expect(d.can).toEqual({ follow_up: true, close: true, download: true });
    expect((await lastAudit(t.db, 'action_case.open'))?.after).toMatchObject({ category: 'breached', alert_id: alertA1, contract_id: w.contractA });

    const again = await call(s('xuser'), 'POST', '/action-cases', { alert_id: alertA1, title: 'Second' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toBe(`This alert already has an open case (#${d.case.case_id})`);
    expect((await call(s('manager'), 'GET', `/action-cases/target?alert_id=${alertA1}`)).json<TActionCaseTarget>().open_case_id).toBe(d.case.case_id);
  });

  it('answers bad input with field errors and changes nothing', async () => {
    const before = (await call(s('manager'), 'GET', '/action-cases')).json<TActionCaseList>().total_records;
    expect((await call(s('manager'), 'POST', '/action-cases', {})).statusCode).toBe(400);
    expect((await call(s('manager'), 'POST', '/action-cases', { alert_id: alertA2, instrument_id: w.inst['SM-A3'] })).statusCode).toBe(400);
    const long = await call(s('manager'), 'POST', '/action-cases', { alert_id: alertA2, title: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json())).toEqual(['title']);
    expect((await call(s('manager'), 'POST', '/action-cases', { alert_id: 999_999 })).statusCode).toBe(404);
    expect((await call(s('manager'), 'GET', '/action-cases?category=nonsense')).statusCode).toBe(400);
    expect((await call(s('manager'), 'GET', '/action-cases')).json<TActionCaseList>().total_records).toBe(before);
  });

  it('lists open alerts to open a case for, per category, with the open case of each', async () => {
    const caseA1 = await openCase(s('manager'), { alert_id: alertA1 });
    const breached = (await call(s('manager'), 'GET', '/action-cases/candidates?category=breached')).json<TActionCaseCandidateList>();
    expect(breached.records.map((r) => [r.subject, r.level_code]).sort()).toEqual([
      ['SM-A1', 'AL'],
      ['SM-A1', 'WSL'],
      ['SM-A2', 'AL'],
      ['SM-B1', 'WSL'],
    ]);
    expect(breached.records.find((r) => r.alert_id === alertA1)!.open_case_id).toBe(caseA1);
    expect(breached.records.find((r) => r.alert_id === alertA2)!.open_case_id).toBeNull();
    const scenario = (await call(s('manager'), 'GET', '/action-cases/candidates?category=scenario')).json<TActionCaseCandidateList>();
    expect(scenario.records.map((r) => r.alert_id)).toEqual([scenarioAlert]);
    // Scoped: contract A only.
    const x = (await call(s('xuser'), 'GET', '/action-cases/candidates?category=breached')).json<TActionCaseCandidateList>();
    expect(x.records.map((r) => r.subject).sort()).toEqual(['SM-A1', 'SM-A1', 'SM-A2']);
  });

  it('adds a follow-up with a photo attached to the case, shows it with who and when, and audits it', async () => {
    const caseId = await openCase(s('manager'), { alert_id: alertA1 });
    const up = await attachPhoto(s('manager'), caseId);
    expect(up.statusCode, up.body).toBe(200);
    const file = up.json<TPhoto>();
    expect(file).toMatchObject({ category: 'case', ref_id: caseId });
    // Until a follow-up takes it, the case lists it as a file in no follow-up.
    expect((await call(s('manager'), 'GET', `/action-cases/${caseId}`)).json<TActionCaseDetail>().unlinked_files).toEqual([
      { file_id: file.file_id, kind: 'photo', file_name: 'crack.png', size: photo.length },
    ]);
    const doneAt = new Date(t.clock.now().getTime() - 3_600_000).toISOString();
    const res = await call(s('manager'), 'POST', `/action-cases/${caseId}/entries`, {
      action: '  Inspected the marker; hoarding crack found.  ',
      done_at: doneAt,
      file_ids: [file.file_id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const entry = res.json<TActionEntry>();
    expect(entry).toMatchObject({
      case_id: caseId,
      action: 'Inspected the marker; hoarding crack found.',
      done_at: doneAt,
      files: [{ file_id: file.file_id, kind: 'photo', file_name: 'crack.png' }],
    });
    expect(entry.by).toMatch(/^Test manager/);
    expect((await lastAudit(t.db, 'action_case.follow_up'))?.after).toMatchObject({ entry_id: entry.entry_id, file_ids: [file.file_id] });

    const d = (await call(s('xuser'), 'GET', `/action-cases/${caseId}`)).json<TActionCaseDetail>();
    expect(d.entries.map((e) => e.action)).toEqual(['Inspected the marker; hoarding crack found.']);
    expect(d.case).toMatchObject({ entry_count: 1, last_entry_at: doneAt });
    expect(d.unlinked_files).toEqual([]);
    // The keyword finds a case by a follow-up's text.
    expect((await call(s('manager'), 'GET', '/action-cases?keyword=hoarding')).json<TActionCaseList>().records.map((c) => c.case_id)).toEqual([caseId]);

    // A file belongs to one follow-up; files of another record, the future and an empty text are refused.
    const reuse = await call(s('manager'), 'POST', `/action-cases/${caseId}/entries`, { action: 'Again', done_at: doneAt, file_ids: [file.file_id] });
    expect(reuse.json()).toEqual({ file_ids: 'A file already belongs to another follow-up' });
    const instrumentPhoto = (
      await as(t, s('manager'), { method: 'POST', url: `/api/v1/photos/instrument/${w.inst['SM-A1']}`, ...multipart('other.png', photo) })
    ).json<TPhoto>();
    expect(
      (await call(s('manager'), 'POST', `/action-cases/${caseId}/entries`, { action: 'x', done_at: doneAt, file_ids: [instrumentPhoto.file_id] })).json(),
    ).toEqual({
      file_ids: 'A file is not attached to this case',
    });
    const future = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    expect((await call(s('manager'), 'POST', `/action-cases/${caseId}/entries`, { action: 'x', done_at: future })).json()).toEqual({
      done_at: 'When it was done cannot be in the future',
    });
    const empty = await call(s('manager'), 'POST', `/action-cases/${caseId}/entries`, { action: '   ', done_at: doneAt });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json())).toEqual(['action']);
    expect((await call(s('manager'), 'GET', `/action-cases/${caseId}`)).json<TActionCaseDetail>().entries).toHaveLength(1);
  });

  it('checks each task of the category on its own', async () => {
    const caseId = await openCase(s('manager'), { alert_id: alertA2 });
    const now = t.clock.now().toISOString();
    const viewer = await only('VieworDownloadBreachedInstrumentCases');
    const editor = await only('EditorFollowUpBreachedInstrumentCases');
    const closer = await only('CloseBreachedInstrumentCases');
    const scenarioViewer = await only('VieworDownloadTriggeredScenarioBasedAlertCases');

    // View / download: reads and the PDF; no follow-up, no closing, no opening.
    expect((await call(viewer, 'GET', `/action-cases/${caseId}`)).json<TActionCaseDetail>().can).toEqual({ follow_up: false, close: false, download: true });
    expect((await call(viewer, 'GET', `/action-cases/${caseId}/pdf`)).statusCode).toBe(200);
    expect((await call(viewer, 'POST', `/action-cases/${caseId}/entries`, { action: 'x', done_at: now })).statusCode).toBe(403);
    expect((await call(viewer, 'POST', `/action-cases/${caseId}/close`, { reason: 'x' })).statusCode).toBe(403);
    expect((await call(viewer, 'POST', '/action-cases', { alert_id: alertB1 })).statusCode).toBe(403);
    expect((await attachPhoto(viewer, caseId)).statusCode).toBe(403);
    expect((await call(viewer, 'GET', `/photos/case/${caseId}`)).statusCode).toBe(200);

    // Edit or follow up: reads, follow-ups and files; not closing, not the PDF.
    expect((await call(editor, 'GET', `/action-cases/${caseId}`)).json<TActionCaseDetail>().can).toEqual({ follow_up: true, close: false, download: false });
    expect((await call(editor, 'POST', `/action-cases/${caseId}/entries`, { action: 'Checked', done_at: now })).statusCode).toBe(200);
    expect((await attachPhoto(editor, caseId)).statusCode).toBe(200);
    expect((await call(editor, 'POST', `/action-cases/${caseId}/close`, { reason: 'x' })).statusCode).toBe(403);
    expect((await call(editor, 'GET', `/action-cases/${caseId}/pdf`)).statusCode).toBe(403);

    // Close: closing only.
    expect((await call(closer, 'POST', `/action-cases/${caseId}/entries`, { action: 'x', done_at: now })).statusCode).toBe(403);
    expect((await call(closer, 'POST', `/action-cases/${caseId}/close`, { reason: 'Settled', close_alert: false })).statusCode).toBe(200);
    // Closed with close_alert: false, the case left its alert open.
    const [a2] = await t.db.orm.select().from(alerts).where(eq(alerts.alertId, alertA2));
    expect(a2!.status).toBe('open');

    // Another category's tasks do not reach a breached case: 403 by id, left out of the list.
    expect((await call(scenarioViewer, 'GET', `/action-cases/${caseId}`)).statusCode).toBe(403);
    expect((await call(scenarioViewer, 'GET', '/action-cases?category=breached')).statusCode).toBe(403);
    expect((await call(scenarioViewer, 'GET', `/photos/case/${caseId}`)).statusCode).toBe(403);
    const scenarioCase = await openCase(s('manager'), { alert_id: scenarioAlert });
    const theirs = (await call(scenarioViewer, 'GET', '/action-cases')).json<TActionCaseList>();
    expect(theirs.records.map((c) => [c.case_id, c.category])).toEqual([[scenarioCase, 'scenario']]);
    expect((await call(scenarioViewer, 'GET', '/action-cases/summary')).json<TActionCaseSummary>().open).toEqual({
      breached: null,
      scenario: 1,
      damaged: null,
    });
    // A breached-instrument editor cannot open a scenario case.
    expect((await call(editor, 'GET', `/action-cases/target?alert_id=${scenarioAlert}`)).statusCode).toBe(403);
  });

  it("never shows another contract's case: 404 by id for every call, absent from lists", async () => {
    const caseB = await openCase(s('manager'), { alert_id: alertB1 });
    const now = t.clock.now().toISOString();
    for (const [method, url, body] of [
      ['GET', `/action-cases/${caseB}`],
      ['GET', `/action-cases/${caseB}/pdf`],
      ['POST', `/action-cases/${caseB}/entries`, { action: 'x', done_at: now }],
      ['POST', `/action-cases/${caseB}/close`, { reason: 'x' }],
      ['GET', `/photos/case/${caseB}`],
      ['GET', `/action-cases/target?alert_id=${alertB1}`],
      ['POST', '/action-cases', { alert_id: alertB1 }],
    ] as const) {
      expect((await call(s('xuser'), method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await attachPhoto(s('xuser'), caseB)).statusCode).toBe(404);
    const mine = (await call(s('xuser'), 'GET', '/action-cases')).json<TActionCaseList>();
    expect(mine.records.every((c) => c.contract_id === w.contractA)).toBe(true);
    expect(mine.records.map((c) => c.case_id)).not.toContain(caseB);
    expect((await call(s('xuser'), 'GET', `/action-cases?contracts=[${w.contractB}]`)).json<TActionCaseList>().total_records).toBe(0);
    expect((await call(s('yuser'), 'GET', '/action-cases')).json<TActionCaseList>().records.map((c) => c.case_id)).toEqual([caseB]);
  });

  it('closes a case with a reason, closes its alert with it, and takes no more follow-ups or files after', async () => {
    const caseId = await caseWithFollowUp();
    const entryPhoto = (await call(s('manager'), 'GET', `/photos/case/${caseId}`)).json<{ records: TPhoto[] }>().records[0]!;
    const res = await call(s('manager'), 'POST', `/action-cases/${caseId}/close`, { reason: 'Marker reinstated; readings back within AL.' });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<TActionCaseDetail>();
    expect(d.case).toMatchObject({ status: 'closed', close_reason: 'Marker reinstated; readings back within AL.', closed_at: expect.any(String) });
    expect(d.case.closed_by).toMatch(/^Test manager/);
    expect(d.can).toEqual({ follow_up: false, close: false, download: true });
    expect(d.alert).toMatchObject({ status: 'closed', close_reason: `Case #${caseId} closed: Marker reinstated; readings back within AL.` });
    expect((await lastAudit(t.db, 'action_case.close'))?.after).toMatchObject({ status: 'closed', reason: 'Marker reinstated; readings back within AL.' });
    expect((await lastAudit(t.db, 'alert.close'))?.after).toMatchObject({ status: 'closed', case_id: caseId });

    expect((await call(s('manager'), 'POST', `/action-cases/${caseId}/close`, { reason: 'again' })).json()).toBe('This case is already closed');
    const late = await call(s('manager'), 'POST', `/action-cases/${caseId}/entries`, { action: 'Late note', done_at: t.clock.now().toISOString() });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toBe('This case is closed: no follow-up can be added');
    expect((await attachPhoto(s('manager'), caseId)).statusCode).toBe(403);
    expect((await call(s('manager'), 'DELETE', `/photos/${entryPhoto.file_id}`)).statusCode).toBe(403);
    expect((await call(s('manager'), 'GET', `/action-cases/${caseId}`)).json<TActionCaseDetail>().entries).toHaveLength(1);
  });

  it('opens one damaged-instrument case per instrument and counts open cases per category', async () => {
    const damagedEditor = await only('EditorFollowUpDamagedInstrumentCases');
    // Open cases of the other two categories, and a closed one.
    await openCase(s('manager'), { alert_id: alertA1 });
    await openCase(s('manager'), { alert_id: scenarioAlert });
    const closedCase = await openCase(s('manager'), { alert_id: alertA2 });
    expect((await call(s('manager'), 'POST', `/action-cases/${closedCase}/close`, { reason: 'Settled' })).statusCode).toBe(200);
    const target = (await call(damagedEditor, 'GET', `/action-cases/target?instrument_id=${w.inst['SM-A3']}`)).json<TActionCaseTarget>();
    expect(target).toMatchObject({ category: 'damaged', instrument_name: 'SM-A3', default_title: 'SM-A3 damaged', alert: null, open_case_id: null });
    const res = await call(damagedEditor, 'POST', '/action-cases', { instrument_id: w.inst['SM-A3'], title: 'SM-A3 run over by an excavator' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TActionCaseDetail>().case).toMatchObject({
      category: 'damaged',
      title: 'SM-A3 run over by an excavator',
      alert_id: null,
      alert: null,
      instrument_name: 'SM-A3',
    });
    expect((await call(s('manager'), 'POST', '/action-cases', { instrument_id: w.inst['SM-A3'] })).statusCode).toBe(409);
    expect((await call(damagedEditor, 'POST', '/action-cases', { alert_id: alertB1 })).statusCode).toBe(403);
    expect((await call(s('xuser'), 'POST', '/action-cases', { instrument_id: w.inst['SM-B1'] })).statusCode).toBe(404);
    // Breached-instrument tasks also reach damaged-instrument cases (decision 018).
    expect(
      (await call(await only('VieworDownloadBreachedInstrumentCases'), 'GET', '/action-cases?category=damaged')).json<TActionCaseList>().total_records,
    ).toBe(1);

    const summary = (await call(s('manager'), 'GET', '/action-cases/summary')).json<TActionCaseSummary>();
    expect(summary.open).toEqual({ breached: 1, scenario: 1, damaged: 1 });
    const all = (await call(s('manager'), 'GET', '/action-cases')).json<TActionCaseList>();
    expect(new Set(all.records.map((c) => c.category))).toEqual(new Set(['breached', 'scenario', 'damaged']));
    const closed = (await call(s('manager'), 'GET', '/action-cases?status=closed')).json<TActionCaseList>().records;
    expect(closed.map((c) => [c.case_id, c.status])).toEqual([[closedCase, 'closed']]);
  });

  it('downloads a case as a real A4 PDF with its title, follow-ups and embedded photo; with the resource token too', async () => {
    // A Chinese name and an en dash are written as they are (issue 16: the standard fonts showed "?").
    await t.db.orm.update(users).set({ fullname: '张伟' }).where(eq(users.userId, w.userIds.manager));
    const c = { case_id: await caseWithFollowUp() };
    const close = await call(s('manager'), 'POST', `/action-cases/${c.case_id}/close`, { reason: 'ETR-C303-0002 – investigate' });
    expect(close.statusCode, close.body).toBe(200);
    const res = await call(s('manager'), 'GET', `/action-cases/${c.case_id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain(`case-${c.case_id}.pdf`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdf.toString('latin1');
    expect(text).toContain(`(Case ${c.case_id}: SM-A1 DSPA 29 mm passed WSL)`);
    expect(text).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    expect(text).toContain('/Subtype /Image');
    const shown = pdfText(pdf).split('\n');
    expect(shown).toContain(`Case ${c.case_id}: SM-A1 DSPA 29 mm passed WSL`);
    expect(shown).toContain('Inspected the marker; hoarding crack found.');
    expect(shown).toContain('Files: crack.png');
    expect(shown).toContain('ETR-C303-0002 – investigate');
    expect(shown.filter((l) => l.endsWith(' by 张伟'))).toHaveLength(2); // opened by, closed by
    expect(shown.some((l) => /^1\. .* - 张伟$/.test(l))).toBe(true); // the follow-up's author

    const viaToken = await t.app.inject({ method: 'GET', url: `/api/v1/action-cases/${c.case_id}/pdf?_token=${s('manager').resourceToken}` });
    expect(viaToken.statusCode).toBe(200);
    expect(viaToken.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
