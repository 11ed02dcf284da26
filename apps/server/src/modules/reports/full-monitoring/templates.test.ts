/**
 * Monitoring templates over the API (decision 040): add, read, edit, copy, delete with their audit rows; the schema's
 * checks and the server's (the logo's bytes, the contract's scope, instrument types); another contract's template is
 * 404; the routes need the Full Monitoring Reporting task.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMonitoringTemplate, TMonitoringTemplateList } from '@strata/shared';
import { monitoringTemplates } from '../../../db/schema/index.js';
import { countRows, createWorld, lastAudit, type World } from '../../../testing/master-data.js';
import { as, createTestApp, type TestApp } from '../../../testing/harness.js';

describe('monitoring templates', () => {
  let t: TestApp;
  let w: World;
  let png: string;
  const url = '/api/v1/reports/monitoring-template';
  const body = (more: Record<string, unknown> = {}) => ({
    contract_id: w.contractA,
    name: 'Weekly',
    sections: [{ kind: 'cover', logo: png }, { kind: 'executive-summary', text: 'Summary' }, { kind: 'group-charts', per_page: 4 }, { kind: 'remarks' }],
    ...more,
  });

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t, ['GenerateFullMonitoringReport']);
    const bytes = await sharp({ create: { width: 4, height: 2, channels: 3, background: '#0471d1' } })
      .png()
      .toBuffer();
    png = `data:image/png;base64,${bytes.toString('base64')}`;
  });
  afterAll(() => t.close());

  const post = (payload: object, s = w.sessions.xuser) => as(t, s, { method: 'POST', url, payload });

  it('adds, reads, edits, copies and deletes a template, each audited', async () => {
    const created = await post(body());
    expect(created.statusCode, created.body).toBe(200);
    const tpl = created.json<TMonitoringTemplate>();
    expect(tpl.sections.map((s) => s.kind)).toEqual(['cover', 'executive-summary', 'group-charts', 'remarks']);
    expect(tpl.sections[0]).toMatchObject({ report_title: 'Instrumentation Monitoring Report', revision_table: true, logo: png });
    expect(tpl.sections[2]).toMatchObject({ group_by: 'instrument-type', per_page: 4 });
    expect((await lastAudit(t.db, 'monitoring-template.create'))?.entityId).toBe(String(tpl.template_id));

    const got = await as(t, w.sessions.xuser, { method: 'GET', url: `${url}/${tpl.template_id}` });
    expect(got.json<TMonitoringTemplate>()).toEqual(tpl);
    const edited = await as(t, w.sessions.xuser, {
      method: 'PUT',
      url: `${url}/${tpl.template_id}`,
      payload: body({ name: 'Weekly v2', sections: [{ kind: 'remarks', text: 'x' }] }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<TMonitoringTemplate>()).toMatchObject({ name: 'Weekly v2', sections: [{ kind: 'remarks', text: 'x' }] });
    expect(await lastAudit(t.db, 'monitoring-template.update')).toBeTruthy();

    const copy = await as(t, w.sessions.xuser, { method: 'POST', url: `${url}/${tpl.template_id}/copy`, payload: { contract_id: w.contractA, name: 'Copy' } });
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json<TMonitoringTemplate>()).toMatchObject({ name: 'Copy', sections: [{ kind: 'remarks', text: 'x' }] });
    expect(copy.json<TMonitoringTemplate>().template_id).not.toBe(tpl.template_id);
    expect(await lastAudit(t.db, 'monitoring-template.copy')).toBeTruthy();

    const list = await as(t, w.sessions.xuser, { method: 'GET', url: `${url}?keyword=weekly%20v2` });
    expect(list.json<TMonitoringTemplateList>().records.map((r) => r.template_id)).toEqual([tpl.template_id]);

    const del = await as(t, w.sessions.xuser, { method: 'DELETE', url: `${url}/${tpl.template_id}` });
    expect(del.statusCode).toBe(204);
    expect((await as(t, w.sessions.xuser, { method: 'GET', url: `${url}/${tpl.template_id}` })).statusCode).toBe(404);
    expect(await lastAudit(t.db, 'monitoring-template.delete')).toBeTruthy();
  });

  it('refuses bad templates with 400 and stores nothing', async () => {
    const before = await countRows(t.db, monitoringTemplates);
    const fake = `data:image/png;base64,${Buffer.from('GIF89a not a png at all').toString('base64')}`;
    const cases: [object, string][] = [
      [body({ sections: [] }), 'sections'],
      [body({ name: ' ' }), 'name'],
      [body({ sections: [{ kind: 'remarks' }, { kind: 'remarks' }] }), 'sections'],
      [body({ sections: [{ kind: 'remarks' }, { kind: 'cover' }] }), 'sections'],
      [body({ sections: [{ kind: 'cover', logo: fake }] }), 'sections.0.logo'],
      [body({ sections: [{ kind: 'cover', logo: 'data:image/svg+xml;base64,PHN2Zz4=' }] }), 'sections.0.logo'],
      [body({ sections: [{ kind: 'type-tables', instrument_type_ids: [999999] }] }), 'sections.0.instrument_type_ids'],
      [body({ contract_id: w.contractB }), 'contract_id'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(Object.keys(res.json<Record<string, string>>()), field).toContain(field);
    }
    expect(await countRows(t.db, monitoringTemplates)).toBe(before);
  });

  it('keeps templates to their contract: another contract’s is 404, the routes need the task', async () => {
    const tpl = (await post(body({ name: 'Mine' }))).json<TMonitoringTemplate>();
    for (const [method, path] of [
      ['GET', `${url}/${tpl.template_id}`],
      ['PUT', `${url}/${tpl.template_id}`],
      ['DELETE', `${url}/${tpl.template_id}`],
      ['POST', `${url}/${tpl.template_id}/copy`],
    ] as const) {
      const payload = method === 'PUT' ? body({ contract_id: w.contractB }) : method === 'POST' ? { contract_id: w.contractB, name: 'Theirs' } : undefined;
      expect((await as(t, w.sessions.yuser, { method, url: path, payload })).statusCode, `${method} ${path}`).toBe(404);
    }
    const theirs = await as(t, w.sessions.yuser, { method: 'GET', url });
    expect(theirs.json<TMonitoringTemplateList>().records.some((r) => r.template_id === tpl.template_id)).toBe(false);
    expect((await as(t, w.sessions.nobody, { method: 'GET', url })).statusCode).toBe(403);
    expect((await as(t, w.sessions.admin, { method: 'GET', url: `${url}/${tpl.template_id}` })).statusCode).toBe(200);
  });
});
