import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  TAlertList,
  TAlertScenario,
  TAlertScenarioList,
  TAlertTemplate,
  TAlertTemplateList,
  TMonitoringGroup,
  TMonitoringGroupList,
  TScenarioPreview,
} from '@strata/shared';
import { as, createTestApp, type TestApp } from '../../testing/harness.js';
import { lastAudit } from '../../testing/master-data.js';
import { createAlertWorld, DAY, HOUR, loadPoints, type AlertWorld } from './alerts.test-support.js';

describe('alert templates, monitoring groups and scenarios', () => {
  let t: TestApp;
  let w: AlertWorld;
  type Who = keyof AlertWorld['sessions'];
  const req = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    as(t, w.sessions[who], { method, url: `/api/v1${url}`, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  // An alert world of its own for each test: its contracts, users, instruments, templates, groups and scenarios.
  beforeEach(async () => {
    w = await createAlertWorld(t);
  });

  describe('templates', () => {
    const contractTemplate = async () =>
      (
        await req('xuser', 'POST', '/alert-templates', {
          name: 'WSL to the site team',
          category: 'contract',
          kinds: ['breached'],
          levels: ['wsl'],
          contract_ids: [w.contractA],
          user_ids: [w.userIds.xuser],
        })
      ).json<TAlertTemplate>().template_id;
    const globalTemplate = async () =>
      (
        await req('admin', 'POST', '/alert-templates', { name: 'Spike rules', category: 'instrument', parameters: { spike: { history: 10 } } })
      ).json<TAlertTemplate>().template_id;

    it('are created with defaults, validated, audited, and need Manage Scenarios', async () => {
      expect((await req('nobody', 'GET', '/alert-templates')).statusCode).toBe(403);
      const bad = await req('xuser', 'POST', '/alert-templates', { name: 'x', category: 'instrument', levels: ['ZZ'], contract_ids: [w.contractB] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ levels: 'Unknown alert level', contract_ids: 'Contract not found' });
      expect((await req('xuser', 'POST', '/alert-templates', { name: 'Everywhere', category: 'contract' })).json()).toEqual({
        contract_ids: 'Choose at least one contract',
      });
      const created = await req('xuser', 'POST', '/alert-templates', {
        name: 'WSL to the site team',
        category: 'contract',
        kinds: ['breached'],
        levels: ['wsl'],
        contract_ids: [w.contractA],
        user_ids: [w.userIds.xuser],
        parameters: { spike: { factor: 3 }, min_change: { DSPA: 2 } },
      });
      expect(created.statusCode, created.body).toBe(200);
      const tpl = created.json<TAlertTemplate>();
      expect(tpl).toMatchObject({
        levels: ['WSL'],
        channels: ['notification', 'email'],
        active: true,
        parameters: { spike: { factor: 3 } },
        updated_by: expect.stringContaining('xuser'),
      });
      expect(await lastAudit(t.db, 'alert-template.create')).toMatchObject({ entityId: String(tpl.template_id) });
      const globalId = await globalTemplate();
      expect((await req('admin', 'GET', `/alert-templates/${globalId}`)).json<TAlertTemplate>()).toMatchObject({ name: 'Spike rules', contract_ids: [] });
    });

    it("are scoped: a global template is an administrator's, another contract's is not found", async () => {
      const contractId = await contractTemplate();
      const globalId = await globalTemplate();
      expect((await req('xuser', 'GET', `/alert-templates/${globalId}`)).statusCode).toBe(404);
      expect((await req('yuser', 'GET', `/alert-templates/${contractId}`)).statusCode).toBe(404);
      expect((await req('yuser', 'DELETE', `/alert-templates/${contractId}`)).statusCode).toBe(404);
      expect((await req('xuser', 'GET', '/alert-templates')).json<TAlertTemplateList>().records.map((r) => r.template_id)).toEqual([contractId]);
      // Global templates are every administrator's: those of other tests are listed too, never a contract's.
      const instrumentCategory = (await req('admin', 'GET', '/alert-templates?category=instrument')).json<TAlertTemplateList>().records;
      expect(instrumentCategory.map((r) => r.template_id)).toContain(globalId);
      expect(instrumentCategory.every((r) => r.category === 'instrument')).toBe(true);
    });

    it('are edited field by field and deleted', async () => {
      const contractId = await contractTemplate();
      const res = await req('xuser', 'PUT', `/alert-templates/${contractId}`, { channels: ['notification'], active: false });
      expect(res.json<TAlertTemplate>()).toMatchObject({ channels: ['notification'], active: false, name: 'WSL to the site team' });
      expect((await req('xuser', 'PUT', `/alert-templates/${contractId}`, { channels: [] })).statusCode).toBe(400);
      expect((await req('xuser', 'DELETE', `/alert-templates/${contractId}`)).json()).toEqual({ ok: true });
      expect((await req('xuser', 'GET', `/alert-templates/${contractId}`)).statusCode).toBe(404);
    });
  });

  describe('monitoring groups', () => {
    const stationBox = async () =>
      (
        await req('xuser', 'POST', '/monitoring-groups', {
          contract_id: w.contractA,
          name: 'Station box',
          instrument_ids: [w.inst['SM-A1'], w.inst['SM-A2'], w.inst['SM-A3']],
          rule: { min_count: 2, level_code: 'al', within_hours: 24 },
        })
      ).json<TMonitoringGroup>().group_id;

    it("are made of instruments of the group's contract, with a rule", async () => {
      const wrong = await req('xuser', 'POST', '/monitoring-groups', {
        contract_id: w.contractA,
        name: 'Mixed',
        instrument_ids: [w.inst['SM-A1'], w.inst['SM-B1']],
      });
      expect(wrong.json()).toEqual({ instrument_ids: "Members must be instruments of the group's contract" });
      expect((await req('xuser', 'POST', '/monitoring-groups', { contract_id: w.contractB, name: 'Not mine' })).statusCode).toBe(400);
      const res = await req('xuser', 'POST', '/monitoring-groups', {
        contract_id: w.contractA,
        name: 'Station box',
        instrument_ids: [w.inst['SM-A1'], w.inst['SM-A2'], w.inst['SM-A3']],
        rule: { min_count: 2, level_code: 'al', within_hours: 24 },
      });
      expect(res.statusCode, res.body).toBe(200);
      const g = res.json<TMonitoringGroup>();
      expect(g).toMatchObject({
        rule: { level_code: 'AL', min_count: 2 },
        members: [{ name: 'SM-A1', level_code: null }, { name: 'SM-A2' }, { name: 'SM-A3' }],
        open_alerts: 0,
      });
      expect((await req('xuser', 'POST', '/monitoring-groups', { contract_id: w.contractA, name: 'station BOX' })).json()).toEqual({
        name: 'A monitoring group of this contract already has this name',
      });
    });

    it("are listed and read within the caller's contracts only", async () => {
      const groupId = await stationBox();
      expect((await req('yuser', 'GET', `/monitoring-groups/${groupId}`)).statusCode).toBe(404);
      expect((await req('yuser', 'GET', '/monitoring-groups')).json<TMonitoringGroupList>().total_records).toBe(0);
      expect((await req('manager', 'GET', '/monitoring-groups')).json<TMonitoringGroupList>().records.map((g) => g.name)).toEqual(['Station box']);
    });

    it('raise their alert on the readings that make the rule hold, and members follow edits', async () => {
      const groupId = await stationBox();
      const now = t.clock.now().getTime();
      const loaded = await loadPoints(t, w, { 'SM-A1': [[now - 5 * HOUR, 21]], 'SM-A2': [[now - 2 * HOUR, -25]] });
      await t.services.alerts.evaluator.evaluateReadings(loaded);
      const list = (await req('xuser', 'GET', `/alerts?kind=group&group_id=${groupId}`)).json<TAlertList>();
      expect(list.records).toHaveLength(1);
      expect(list.records[0]).toMatchObject({
        group_name: 'Station box',
        level_code: 'AL',
        latest_value: 2,
        message: 'Station box: 2 instruments at AL or above',
      });
      const edited = (await req('xuser', 'PUT', `/monitoring-groups/${groupId}`, { instrument_ids: [w.inst['SM-A1']] })).json<TMonitoringGroup>();
      expect(edited.instrument_ids).toEqual([w.inst['SM-A1']]);
      expect(edited.open_alerts).toBe(1);
      expect((await req('xuser', 'DELETE', `/monitoring-groups/${groupId}`)).json()).toEqual({ ok: true });
      expect((await req('xuser', 'GET', `/alerts?kind=group`)).json<TAlertList>().total_records).toBe(0);
    });
  });

  describe('scenarios', () => {
    const rule = () => ({ instrument_ids: [w.inst['SM-A3'], w.inst['SM-A4']], level_code: 'WSL', min_count: 2, within_hours: 48 });

    it('preview what a rule would have raised over the last 30 days', async () => {
      const now = t.clock.now().getTime();
      await loadPoints(t, w, {
        'SM-A3': [
          [now - 10 * DAY, 30],
          [now - 9 * DAY, 10],
        ],
        'SM-A4': [[now - 9 * DAY - HOUR, -31]],
      });
      const res = await req('xuser', 'POST', '/alert-scenarios/preview', { contract_id: w.contractA, rule: rule() });
      expect(res.statusCode, res.body).toBe(200);
      const p = res.json<TScenarioPreview>();
      expect(p.instrument_count).toBe(2);
      expect(p.triggers).toEqual([
        {
          at: new Date(now - 9 * DAY - HOUR).toISOString(),
          until: new Date(now - 10 * DAY + 48 * HOUR).toISOString(),
          count: 2,
          instruments: [
            { instrument_id: w.inst['SM-A3'], name: 'SM-A3' },
            { instrument_id: w.inst['SM-A4'], name: 'SM-A4' },
          ],
        },
      ]);
      expect(
        (await req('xuser', 'POST', '/alert-scenarios/preview', { contract_id: w.contractA, rule: { ...rule(), instrument_ids: [w.inst['SM-B1']] } })).json(),
      ).toEqual({
        'rule.instrument_ids': "Instruments must be of the scenario's contract",
      });
      expect((await req('nobody', 'POST', '/alert-scenarios/preview', { contract_id: w.contractA, rule: rule() })).statusCode).toBe(403);
    });

    it('preview lists a rule that already held when the 30 days began, from when it began', async () => {
      const now = t.clock.now().getTime();
      // SM-A3 breached WSL 30 days and an hour ago, and again a day later: one episode across the window's start.
      await loadPoints(t, w, {
        'SM-A3': [
          [now - 30 * DAY - HOUR, 32],
          [now - 29 * DAY, 33],
        ],
      });
      const res = await req('xuser', 'POST', '/alert-scenarios/preview', { contract_id: w.contractA, rule: { ...rule(), min_count: 1 } });
      expect(res.statusCode, res.body).toBe(200);
      const triggers = res.json<TScenarioPreview>().triggers;
      // The oldest episode, from before the window; later ones (other tests' readings of SM-A3) follow it.
      expect([triggers[0]?.at, triggers[0]?.until]).toEqual([
        new Date(now - 30 * DAY - HOUR).toISOString(),
        new Date(now - 29 * DAY + 48 * HOUR).toISOString(),
      ]);
    });

    it('are created, scoped, edited and deleted, each change audited', async () => {
      const res = await req('xuser', 'POST', '/alert-scenarios', { contract_id: w.contractA, name: 'Two at WSL', kind: 'user', rule: rule() });
      expect(res.statusCode, res.body).toBe(200);
      const s = res.json<TAlertScenario>();
      const scenarioId = s.scenario_id;
      expect(s).toMatchObject({ kind: 'user', rule: { level_code: 'WSL' }, created_by: expect.stringContaining('xuser'), active: true });
      expect((await req('yuser', 'GET', `/alert-scenarios/${scenarioId}`)).statusCode).toBe(404);
      expect((await req('yuser', 'PUT', `/alert-scenarios/${scenarioId}`, { name: 'x' })).statusCode).toBe(404);
      expect((await req('xuser', 'GET', '/alert-scenarios?kind=user')).json<TAlertScenarioList>().total_records).toBe(1);
      const edited = (await req('xuser', 'PUT', `/alert-scenarios/${scenarioId}`, { rule: { ...rule(), min_count: 3 } })).json<TAlertScenario>();
      expect(edited.rule.min_count).toBe(3);
      expect(await lastAudit(t.db, 'alert-scenario.update')).toMatchObject({ entityId: String(scenarioId) });
      expect((await req('xuser', 'DELETE', `/alert-scenarios/${scenarioId}`)).json()).toEqual({ ok: true });
    });
  });
});
