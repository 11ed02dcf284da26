import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAlertScenario,
  ZAlertScenarioBody,
  ZAlertScenarioList,
  ZAlertScenarioUpdate,
  ZAlertTemplate,
  ZAlertTemplateBody,
  ZAlertTemplateList,
  ZAlertTemplateUpdate,
  ZIdParam,
  ZListAlertScenariosQuery,
  ZListAlertTemplatesQuery,
  ZListMonitoringGroupsQuery,
  ZMonitoringGroup,
  ZMonitoringGroupBody,
  ZMonitoringGroupList,
  ZMonitoringGroupUpdate,
  ZOk,
  ZScenarioPreview,
  ZScenarioPreviewRequest,
  type PermissionCode,
} from '@strata/shared';
import { requireActor } from '../../plugins/route-config.js';
import type { AlertRulesService } from './alert-rules.service.js';

/** Alert Templates (/master-data/scenarios): Admin's Manage Scenarios. */
const TEMPLATES: readonly PermissionCode[] = ['ManageScenarios'];
const GROUP_READ: readonly PermissionCode[] = ['ManageMonitoringGroup', 'ViewScenarioBasedAlert', 'CreateorEditScenarioBasedAlert', 'SearchorViewAlertMessage'];
const GROUP_WRITE: readonly PermissionCode[] = ['ManageMonitoringGroup'];
const SCENARIO_READ: readonly PermissionCode[] = ['ViewScenarioBasedAlert', 'CreateorEditScenarioBasedAlert', 'ManageScenarios', 'SearchorViewAlertMessage'];
const SCENARIO_WRITE: readonly PermissionCode[] = ['CreateorEditScenarioBasedAlert', 'ManageScenarios'];

export const alertRulesRoutes: FastifyPluginAsyncZod<{ rules: AlertRulesService }> = async (app, { rules }) => {
  const params = { params: ZIdParam };

  // ---- alert templates ----
  {
    const tags = ['alert templates'];
    app.get(
      '/alert-templates',
      {
        config: { permissions: TEMPLATES },
        schema: {
          tags,
          summary: 'Alert templates (category = the tab: scenario, instrument, contract, user)',
          querystring: ZListAlertTemplatesQuery,
          response: { 200: ZAlertTemplateList },
        },
      },
      (req) => rules.listTemplates(requireActor(req.actor), req.query),
    );
    app.get(
      '/alert-templates/:id',
      {
        config: { permissions: TEMPLATES },
        schema: { tags, summary: 'An alert template', ...params, response: { 200: ZAlertTemplate } },
      },
      (req) => rules.getTemplate(requireActor(req.actor), req.params.id),
    );
    app.post(
      '/alert-templates',
      {
        config: { permissions: TEMPLATES },
        schema: {
          tags,
          summary: 'Create an alert template: who is told of which alerts, and rule parameters',
          body: ZAlertTemplateBody,
          response: { 200: ZAlertTemplate },
        },
      },
      (req) => rules.createTemplate(requireActor(req.actor), req.body),
    );
    app.put(
      '/alert-templates/:id',
      {
        config: { permissions: TEMPLATES },
        schema: { tags, summary: 'Edit an alert template (fields given change)', ...params, body: ZAlertTemplateUpdate, response: { 200: ZAlertTemplate } },
      },
      (req) => rules.updateTemplate(requireActor(req.actor), req.params.id, req.body),
    );
    app.delete(
      '/alert-templates/:id',
      {
        config: { permissions: TEMPLATES },
        schema: { tags, summary: 'Delete an alert template', ...params, response: { 200: ZOk } },
      },
      (req) => rules.deleteTemplate(requireActor(req.actor), req.params.id),
    );
  }

  // ---- monitoring groups ----
  {
    const tags = ['monitoring groups'];
    app.get(
      '/monitoring-groups',
      {
        config: { permissions: GROUP_READ },
        schema: {
          tags,
          summary: "Monitoring groups of the caller's contracts, with members and their levels",
          querystring: ZListMonitoringGroupsQuery,
          response: { 200: ZMonitoringGroupList },
        },
      },
      (req) => rules.listGroups(requireActor(req.actor), req.query),
    );
    app.get(
      '/monitoring-groups/:id',
      {
        config: { permissions: GROUP_READ },
        schema: { tags, summary: 'A monitoring group', ...params, response: { 200: ZMonitoringGroup } },
      },
      (req) => rules.getGroup(requireActor(req.actor), req.params.id),
    );
    app.post(
      '/monitoring-groups',
      {
        config: { permissions: GROUP_WRITE },
        schema: {
          tags,
          summary: 'Create a monitoring group (members: instruments of its contract; optional rule)',
          body: ZMonitoringGroupBody,
          response: { 200: ZMonitoringGroup },
        },
      },
      (req) => rules.createGroup(requireActor(req.actor), req.body),
    );
    app.put(
      '/monitoring-groups/:id',
      {
        config: { permissions: GROUP_WRITE },
        schema: {
          tags,
          summary: 'Edit a monitoring group (instrument_ids replaces the members)',
          ...params,
          body: ZMonitoringGroupUpdate,
          response: { 200: ZMonitoringGroup },
        },
      },
      (req) => rules.updateGroup(requireActor(req.actor), req.params.id, req.body),
    );
    app.delete(
      '/monitoring-groups/:id',
      {
        config: { permissions: GROUP_WRITE },
        schema: { tags, summary: 'Delete a monitoring group and its alerts', ...params, response: { 200: ZOk } },
      },
      (req) => rules.deleteGroup(requireActor(req.actor), req.params.id),
    );
  }

  // ---- alert scenarios ----
  {
    const tags = ['alert scenarios'];
    app.get(
      '/alert-scenarios',
      {
        config: { permissions: SCENARIO_READ },
        schema: { tags, summary: "Alert scenarios of the caller's contracts", querystring: ZListAlertScenariosQuery, response: { 200: ZAlertScenarioList } },
      },
      (req) => rules.listScenarios(requireActor(req.actor), req.query),
    );
    app.post(
      '/alert-scenarios/preview',
      {
        config: { permissions: SCENARIO_WRITE },
        schema: {
          tags,
          summary: 'What a rule would have raised over the last days (30 by default); nothing is saved',
          body: ZScenarioPreviewRequest,
          response: { 200: ZScenarioPreview },
        },
      },
      (req) => rules.preview(requireActor(req.actor), req.body),
    );
    app.get(
      '/alert-scenarios/:id',
      {
        config: { permissions: SCENARIO_READ },
        schema: { tags, summary: 'An alert scenario', ...params, response: { 200: ZAlertScenario } },
      },
      (req) => rules.getScenario(requireActor(req.actor), req.params.id),
    );
    app.post(
      '/alert-scenarios',
      {
        config: { permissions: SCENARIO_WRITE },
        schema: {
          tags,
          summary: 'Create an alert scenario (N instruments at level L or above within T hours)',
          body: ZAlertScenarioBody,
          response: { 200: ZAlertScenario },
        },
      },
      (req) => rules.createScenario(requireActor(req.actor), req.body),
    );
    app.put(
      '/alert-scenarios/:id',
      {
        config: { permissions: SCENARIO_WRITE },
        schema: { tags, summary: 'Edit an alert scenario (fields given change)', ...params, body: ZAlertScenarioUpdate, response: { 200: ZAlertScenario } },
      },
      (req) => rules.updateScenario(requireActor(req.actor), req.params.id, req.body),
    );
    app.delete(
      '/alert-scenarios/:id',
      {
        config: { permissions: SCENARIO_WRITE },
        schema: { tags, summary: 'Delete an alert scenario and its alerts', ...params, response: { 200: ZOk } },
      },
      (req) => rules.deleteScenario(requireActor(req.actor), req.params.id),
    );
  }
};
