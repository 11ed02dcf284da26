import Add from '@mui/icons-material/Add';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import DomainOutlined from '@mui/icons-material/DomainOutlined';
import EngineeringOutlined from '@mui/icons-material/EngineeringOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import type { AppRoute } from '../../lib/route-meta';
import { KINDS } from './kinds';

const ci = KINDS['critical-interface'];
const mw = KINDS['mining-works'];

const workspacePage = () => import('./workspace-page');
const recordPage = () => import('./structure-page');
const formPages = () => import('./form-pages');
const civilPage = () => import('./civil-page');

/**
 * Critical interfaces and mining works (issue 19; spec §2.4, §2.9, §6): one implementation, two kinds. The work-space
 * pages (list and map, New with the Manage task) and the Civil tables are menu entries of Home — the menu has no Civil
 * category (decision 001's categories); reading needs the kind's Search or View or Manage task, writing Manage.
 */
export const structuresRoutes: readonly AppRoute[] = [
  {
    path: ci.workspace,
    meta: {
      title: 'structures.route.criticalInterface',
      category: 'home',
      icon: DomainOutlined,
      menuOrder: 30,
      tasks: ci.read,
      actions: [{ id: 'new', title: 'structures.action.new', icon: Add, color: 'primary', acl: [ci.manage], default: true }],
    },
    lazy: () => workspacePage().then((m) => ({ Component: m.CriticalInterfaceWorkspacePage })),
  },
  {
    path: mw.workspace,
    meta: {
      title: 'structures.route.miningWorks',
      category: 'home',
      icon: EngineeringOutlined,
      menuOrder: 31,
      tasks: mw.read,
      actions: [{ id: 'new', title: 'structures.action.new', icon: Add, color: 'primary', acl: [mw.manage], default: true }],
    },
    lazy: () => workspacePage().then((m) => ({ Component: m.MiningWorksWorkspacePage })),
  },
  {
    path: `${ci.workspace}/new`,
    meta: { title: 'structures.route.newCriticalInterface', tasks: [ci.manage], back: true },
    lazy: () => formPages().then((m) => ({ Component: m.NewCriticalInterfacePage })),
  },
  {
    path: `${mw.workspace}/new`,
    meta: { title: 'structures.route.newMiningWorks', tasks: [mw.manage], back: true },
    lazy: () => formPages().then((m) => ({ Component: m.NewMiningWorksPage })),
  },
  {
    path: `${ci.workspace}/:id/edit`,
    meta: { title: 'structures.route.editCriticalInterface', tasks: [ci.manage], back: true },
    lazy: () => formPages().then((m) => ({ Component: m.EditCriticalInterfacePage })),
  },
  {
    path: `${mw.workspace}/:id/edit`,
    meta: { title: 'structures.route.editMiningWorks', tasks: [mw.manage], back: true },
    lazy: () => formPages().then((m) => ({ Component: m.EditMiningWorksPage })),
  },
  {
    path: `${ci.workspace}/:id/:view?`,
    meta: { title: 'structures.route.criticalInterfaceRecord', tasks: ci.read, back: true },
    lazy: () => recordPage().then((m) => ({ Component: m.CriticalInterfacePage })),
  },
  {
    path: `${mw.workspace}/:id/:view?`,
    meta: { title: 'structures.route.miningWorksRecord', tasks: mw.read, back: true },
    lazy: () => recordPage().then((m) => ({ Component: m.MiningWorksPage })),
  },
  {
    path: ci.civil,
    meta: { title: 'structures.route.civilCriticalInterface', category: 'home', icon: AccountBalanceOutlined, menuOrder: 40, tasks: ci.read },
    lazy: () => civilPage().then((m) => ({ Component: m.CivilCriticalInterfacePage })),
  },
  {
    path: mw.civil,
    meta: { title: 'structures.route.civilMiningWorks', category: 'home', icon: ListAltOutlined, menuOrder: 41, tasks: mw.read },
    lazy: () => civilPage().then((m) => ({ Component: m.CivilMiningWorksPage })),
  },
];
