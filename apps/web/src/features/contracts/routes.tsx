import Add from '@mui/icons-material/Add';
import GroupAdd from '@mui/icons-material/GroupAdd';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import type { PermissionCode } from '@strata/shared';
import type { AppRoute } from '../../lib/route-meta';

/** Reading a contract (`GET /contracts/{id}`): the Information and Boundary tabs. */
const VIEW_CONTRACT: PermissionCode[] = ['SearchContracts', 'VieworEditContracts'];

/**
 * Contracts (spec §2.11, issue 6): the landing with its two tiles, Contracts Management, a new contract, and a
 * contract's tabs Information, Boundary and Users (each tab its own route). Contractors Management
 * (`/contracts/contractors`) is the admin feature's.
 */
export const contractsRoutes: readonly AppRoute[] = [
  {
    path: '/contracts',
    // In the menu under ADMINISTRATIVE (decision 001: contractors and contracts are administrative), after the
    // administration pages.
    meta: { title: 'contractsAdmin.route.landing', tasks: ['SearchContracts', 'SearchContractors'], category: 'admin', icon: HandshakeOutlined, menuOrder: 50 },
    lazy: () => import('./landing-page').then((m) => ({ Component: m.ContractsLandingPage })),
  },
  {
    path: '/contracts/management',
    meta: {
      title: 'contractsAdmin.route.management',
      tasks: ['SearchContracts'],
      back: true,
      actions: [
        { id: 'add-contract', title: 'contractsAdmin.action.addContract', icon: Add, color: 'primary', acl: ['CreateorDeleteContracts'], default: true },
      ],
    },
    lazy: () => import('./contracts-page').then((m) => ({ Component: m.ContractsPage })),
  },
  {
    path: '/contracts/management/new',
    meta: { title: 'contractsAdmin.route.newContract', tasks: ['CreateorDeleteContracts'], back: true },
    lazy: () => import('./new-contract-page').then((m) => ({ Component: m.NewContractPage })),
  },
  {
    path: '/contracts/management/:contract_id',
    meta: { title: 'contractsAdmin.route.contract', tasks: VIEW_CONTRACT, back: true },
    lazy: () => import('./contract-page').then((m) => ({ Component: m.ContractInformationPage })),
  },
  {
    path: '/contracts/management/:contract_id/boundaries',
    meta: { title: 'contractsAdmin.route.boundary', tasks: VIEW_CONTRACT, back: true },
    lazy: () => import('./boundary-page').then((m) => ({ Component: m.ContractBoundaryPage })),
  },
  {
    path: '/contracts/management/:contract_id/users',
    meta: {
      title: 'contractsAdmin.route.users',
      tasks: ['ManageProjectAssignment'],
      back: true,
      actions: [
        { id: 'assign-user', title: 'contractsAdmin.action.assignUser', icon: GroupAdd, color: 'primary', acl: ['ManageProjectAssignment'], default: true },
      ],
    },
    lazy: () => import('./users-page').then((m) => ({ Component: m.ContractUsersPage })),
  },
];
