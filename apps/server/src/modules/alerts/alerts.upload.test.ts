import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAlertList, TUpload, TUploadCreated, TWsServerMessage } from '@strata/shared';
import { as, createTestApp, type TestApp } from '../../testing/harness.js';
import { multipart, tempDataDir } from '../../testing/master-data.js';
import type { TestSocket } from '../../testing/ws-client.js';
import { connect, toWs } from '../realtime/realtime.test-support.js';
import { createAlertWorld, DAY, type AlertWorld } from './alerts.test-support.js';

const isAlert = (m: TWsServerMessage) => m.event === 'notification' && m.data.type === 'alert';
const isTopic = (topic: string) => (m: TWsServerMessage) => m.event === 'notification' && m.data.type === 'dataUpdated' && m.data.topic === topic;

describe('an approved upload that breaches WSL', () => {
  let t: TestApp;
  let w: AlertWorld;
  let base: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp({ dataDir: tempDataDir('alerts-upload') });
    w = await createAlertWorld(t);
    base = toWs(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  it('raises the alert and notifies the contract live, with the map topics', async () => {
    const xuser = await connect(base, w.sessions.xuser);
    const yuser = await connect(base, w.sessions.yuser);
    sockets.push(xuser, yuser);
    const day = (n: number) => new Date(t.clock.now().getTime() - (5 - n) * DAY).toISOString();
    const csv = [
      'instrument,date_time,reading_code,value',
      `SM-A1,${day(0)},DSPA,12`,
      `SM-A1,${day(1)},DSPA,15`,
      `SM-A1,${day(2)},DSPA,18`,
      `SM-A1,${day(3)},DSPA,31.5`,
      '',
    ].join('\r\n');
    const created = await as(t, w.sessions.xuser, {
      method: 'POST',
      url: '/api/v1/uploads/instrument',
      ...multipart('wsl.csv', csv, { contract_id: String(w.contractA) }),
    });
    expect(created.statusCode, created.body).toBe(202);
    const id = created.json<TUploadCreated>().upload_id;
    await t.services.uploads.runPending();
    expect((await as(t, w.sessions.xuser, { method: 'POST', url: `/api/v1/uploads/${id}/approve` })).json<TUpload>().status).toBe('approved');
    await t.services.uploads.runPending(); // the load; the evaluation follows its commit (in process: no job workers here)

    const note = await xuser.next(isAlert);
    expect(note.event === 'notification' && note.data).toMatchObject({
      type: 'alert',
      severity: 4,
      message: 'SM-A1 DSPA 31.5 mm passed WSL',
      link_uri: expect.stringMatching(/^\/en\/alert-detail\/\d+$/),
      contract_id: w.contractA,
    });
    await xuser.next(isTopic('instruments'));
    await xuser.next(isTopic('alerts'));
    await xuser.next((m) => m.event === 'unread_count');
    const list = (await as(t, w.sessions.xuser, { method: 'GET', url: '/api/v1/alerts?kind=breached' })).json<TAlertList>();
    expect(list.records.map((a) => [a.instrument_name, a.level_code, a.latest_value])).toEqual([['SM-A1', 'WSL', 31.5]]);
    expect(yuser.notifications().filter((n) => n.type === 'alert')).toEqual([]);
  });
});
