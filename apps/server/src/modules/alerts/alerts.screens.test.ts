/**
 * What the alert screens need beyond the alerts API's lists (issue 9 "Screens", web side): the alert's PDF document
 * (`GET /alerts/{id}/document`, scenario-based alert lists' download document action) and the instrument status
 * list's type filter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAlertInstrumentStatusList, TAlertList } from '@strata/shared';
import { as, createTestApp, type TestApp } from '../../testing/harness.js';
import { createInstrument, createType } from '../../testing/master-data.js';
import { createAlertWorld, DAY, daily, loadAndEvaluate, type AlertWorld } from './alerts.test-support.js';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { pdfText } from '../../testing/pdf-text.js';

describe('alert screens API', () => {
  let t: TestApp;
  let w: AlertWorld;
  let alertId: number;
  let otherType: string;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createAlertWorld(t);
    const T0 = Math.floor((t.clock.now().getTime() - 20 * DAY) / DAY) * DAY;
    // SM-A1 crosses AL then WSL; SM-B1 (contract B) crosses WSL.
    await loadAndEvaluate(t, w, { 'SM-A1': daily(T0, [5, 12, 21, 24, 30]), 'SM-B1': daily(T0, [5, 31]) });
    const list = (await as(t, w.sessions.xuser, { method: 'GET', url: '/api/v1/alerts?kind=breached&level=WSL' })).json<TAlertList>();
    alertId = list.records[0]!.alert_id;
    otherType = `SP${Math.random().toString(36).slice(2, 5).toUpperCase()}`;
    const { type } = await createType(t.db, otherType, ['WL']);
    await createInstrument(t.db, { name: 'SP-A9', contractId: w.contractA, typeId: type.typeId });
  });
  afterAll(() => t.close());

  it('gives the alert as a PDF named after it, to whoever may read alerts of its contract', async () => {
    const res = await as(t, w.sessions.xuser, { method: 'GET', url: `/api/v1/alerts/${alertId}/document` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`filename="alert-${alertId}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(1000);

    // The resource token opens it too (a link the browser follows).
    const byToken = await t.app.inject({ method: 'GET', url: `/api/v1/alerts/${alertId}/document?_token=${w.sessions.xuser.resourceToken}` });
    expect(byToken.statusCode).toBe(200);
  });

  it("answers 404 for another contract's alert, 403 without an alert permission, 401 to nobody signed in", async () => {
    expect((await as(t, w.sessions.yuser, { method: 'GET', url: `/api/v1/alerts/${alertId}/document` })).statusCode).toBe(404);
    expect((await as(t, w.sessions.xuser, { method: 'GET', url: '/api/v1/alerts/999999/document' })).statusCode).toBe(404);
    expect((await as(t, w.sessions.nobody, { method: 'GET', url: `/api/v1/alerts/${alertId}/document` })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/alerts/${alertId}/document` })).statusCode).toBe(401);
  });

  it('writes an en dash and Chinese names into the PDF as they are (issue 16: they were "?")', async () => {
    const own = await createAlertWorld(t);
    await t.db.orm.update(users).set({ fullname: '张伟' }).where(eq(users.userId, own.userIds.xuser));
    const T0 = Math.floor((t.clock.now().getTime() - 5 * DAY) / DAY) * DAY;
    await loadAndEvaluate(t, own, { 'SM-A3': daily(T0, [5, 31]) });
    const alert = (await as(t, own.sessions.xuser, { method: 'GET', url: '/api/v1/alerts?kind=breached&level=WSL' })).json<TAlertList>().records[0]!;
    const close = await as(t, own.sessions.xuser, {
      method: 'POST',
      url: `/api/v1/alerts/${alert.alert_id}/close`,
      payload: { reason: 'ETR-C303-0002 – investigate' },
    });
    expect(close.statusCode, close.body).toBe(200);
    const res = await as(t, own.sessions.xuser, { method: 'GET', url: `/api/v1/alerts/${alert.alert_id}/document` });
    expect(res.statusCode).toBe(200);
    const lines = pdfText(res.rawPayload).split('\n');
    expect(lines).toContain('ETR-C303-0002 – investigate');
    expect(lines).toContain('张伟');
  });

  it('filters the instrument status by instrument type, in the caller’s contracts only', async () => {
    const all = (await as(t, w.sessions.xuser, { method: 'GET', url: '/api/v1/alerts/instrument-status' })).json<TAlertInstrumentStatusList>();
    expect(all.records.map((r) => r.name).sort()).toEqual(['SM-A1', 'SM-A2', 'SM-A3', 'SM-A4', 'SP-A9']);
    const res = await as(t, w.sessions.xuser, { method: 'GET', url: `/api/v1/alerts/instrument-status?type=${otherType.toLowerCase()}` });
    expect(res.statusCode).toBe(200);
    const only = res.json<TAlertInstrumentStatusList>();
    expect(only.records.map((r) => r.name)).toEqual(['SP-A9']);
    expect(only.total_records).toBe(1);
    // The export takes the same filter.
    const csv = await as(t, w.sessions.xuser, { method: 'GET', url: `/api/v1/alerts/instrument-status?type=${otherType}&format=csv` });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('SP-A9');
    expect(csv.body).not.toContain('SM-A1');
    // Bad input: a clear error.
    expect((await as(t, w.sessions.xuser, { method: 'GET', url: `/api/v1/alerts/instrument-status?type=${'x'.repeat(30)}` })).statusCode).toBe(400);
  });
});
