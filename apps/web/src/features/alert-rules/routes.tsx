import Add from '@mui/icons-material/Add';
import HubOutlined from '@mui/icons-material/HubOutlined';
import RuleOutlined from '@mui/icons-material/RuleOutlined';
import type { AppRoute } from '../../lib/route-meta';
import { GROUPS_PATH, NEW_GROUP_PATH, NEW_SCENARIO_PATH, SCENARIOS_PATH, TEMPLATES_PATH } from './paths';
import { GROUP_TASKS, SCENARIO_TASKS, TEMPLATE_TASKS } from './tasks';

const groupEditor = () => import('./groups/group-editor-page').then((m) => ({ Component: m.GroupEditorPage }));
const scenarioEditor = () => import('./scenarios/scenario-editor-page').then((m) => ({ Component: m.ScenarioEditorPage }));

/**
 * Alert rules (issue 9 "Screens"; decision 019): Alert Templates under Master Data (who is told of which alerts, and
 * the rules' parameters), monitoring groups and alert scenarios in the work space (spec §2.4). The API is
 * decision 016's (`/alert-templates`, `/monitoring-groups`, `/alert-scenarios`).
 */
export const alertRulesRoutes: readonly AppRoute[] = [
  {
    path: TEMPLATES_PATH,
    meta: {
      title: 'alertRules.route.templates',
      tasks: TEMPLATE_TASKS,
      back: true,
      actions: [{ id: 'add-scenario', title: 'alertRules.action.addScenario', icon: Add, color: 'primary', acl: TEMPLATE_TASKS, default: true }],
    },
    lazy: () => import('./templates/templates-page').then((m) => ({ Component: m.TemplatesPage })),
  },
  {
    path: GROUPS_PATH,
    meta: {
      title: 'alertRules.route.groups',
      tasks: GROUP_TASKS,
      category: 'alert',
      icon: HubOutlined,
      menuOrder: 40,
      actions: [{ id: 'new-group', title: 'alertRules.action.newGroup', icon: Add, color: 'primary', acl: GROUP_TASKS, default: true }],
    },
    lazy: () => import('./groups/groups-page').then((m) => ({ Component: m.GroupsPage })),
  },
  { path: NEW_GROUP_PATH, meta: { title: 'alertRules.route.group', tasks: GROUP_TASKS, back: true }, lazy: groupEditor },
  { path: `${GROUPS_PATH}/:id`, meta: { title: 'alertRules.route.group', tasks: GROUP_TASKS, back: true }, lazy: groupEditor },
  {
    path: SCENARIOS_PATH,
    meta: {
      title: 'alertRules.route.scenarios',
      tasks: SCENARIO_TASKS,
      category: 'alert',
      icon: RuleOutlined,
      menuOrder: 50,
      actions: [{ id: 'new-scenario', title: 'alertRules.action.newScenario', icon: Add, color: 'primary', acl: SCENARIO_TASKS, default: true }],
    },
    lazy: () => import('./scenarios/scenarios-page').then((m) => ({ Component: m.ScenariosPage })),
  },
  { path: NEW_SCENARIO_PATH, meta: { title: 'alertRules.route.newScenario', tasks: SCENARIO_TASKS, back: true }, lazy: scenarioEditor },
  { path: '/dashboard/alert-scenarios/:id', meta: { title: 'alertRules.route.scenario', tasks: SCENARIO_TASKS, back: true }, lazy: scenarioEditor },
];
