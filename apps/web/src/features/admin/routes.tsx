import Add from '@mui/icons-material/Add';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import Assessment from '@mui/icons-material/Assessment';
import AssignmentTurnedIn from '@mui/icons-material/AssignmentTurnedIn';
import FileDownload from '@mui/icons-material/FileDownload';
import FilterList from '@mui/icons-material/FilterList';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HowToReg from '@mui/icons-material/HowToReg';
import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import PersonAdd from '@mui/icons-material/PersonAdd';
import SecurityOutlined from '@mui/icons-material/SecurityOutlined';
import Summarize from '@mui/icons-material/Summarize';
import UploadFile from '@mui/icons-material/UploadFile';
import type { PermissionCode } from '@strata/shared';
import type { AppRoute, RouteMeta } from '../../lib/route-meta';

/** Pages of the Administrative category kept out of the menu (spec §2: only roles, users, logs and status are in it). */
function page(meta: Omit<RouteMeta, 'category' | 'menu'>): RouteMeta {
  return { category: 'admin', menu: false, ...meta };
}

const USER_REPORT_TASKS: PermissionCode[] = ['GenerateUserReport', 'DownloadUserReport'];
/** Who sees some generated report (user report: generate or download; role report: ManageRoles). */
const REPORT_FILE_TASKS: PermissionCode[] = ['GenerateUserReport', 'DownloadUserReport', 'ManageRoles'];
const PIPELINE_TASKS: PermissionCode[] = ['ManageSchedules', 'ViewAuditLogs'];

/**
 * Administration (spec §2 "Administration" and "Contractors"; issue 5): users, roles, contractors, audit log,
 * generated files, system, schedules and realtime processes.
 */
export const adminRoutes: readonly AppRoute[] = [
  {
    path: '/admin',
    meta: page({ title: 'admin.route.dashboard', tasks: ['SearchUsers', 'ManageRoles', 'ViewAuditLogs'], icon: AdminPanelSettingsOutlined }),
    lazy: () => import('./dashboard/admin-dashboard-page').then((m) => ({ Component: m.AdminDashboardPage })),
  },
  // Roles
  {
    path: '/admin/roles',
    meta: {
      title: 'admin.route.roles',
      tasks: ['ManageRoles'],
      category: 'admin',
      icon: SecurityOutlined,
      menuOrder: 10,
      actions: [
        { id: 'create-role', title: 'admin.action.createRole', icon: Add, color: 'primary', acl: ['ManageRoles'], default: true },
        { id: 'role-report', title: 'admin.action.roleReports', icon: Assessment, acl: ['ManageRoles'], speedDial: true },
      ],
    },
    lazy: () => import('./roles/roles-page').then((m) => ({ Component: m.RolesPage })),
  },
  {
    path: '/admin/roles/add-new',
    meta: page({ title: 'admin.route.newRole', tasks: ['ManageRoles'], back: true }),
    lazy: () => import('./roles/role-editor-page').then((m) => ({ Component: m.NewRolePage })),
  },
  {
    path: '/admin/roles/report',
    meta: page({ title: 'admin.route.roleReport', tasks: ['ManageRoles'], back: true }),
    lazy: () => import('./roles/role-report-page').then((m) => ({ Component: m.RoleReportPage })),
  },
  {
    path: '/admin/roles/:role_id',
    meta: page({ title: 'admin.route.editRole', tasks: ['ManageRoles'], back: true }),
    lazy: () => import('./roles/role-editor-page').then((m) => ({ Component: m.EditRolePage })),
  },
  // Users
  {
    path: '/admin/users',
    meta: {
      title: 'admin.route.users',
      tasks: ['SearchUsers'],
      category: 'admin',
      icon: PeopleOutlined,
      menuOrder: 20,
      actions: [
        { id: 'register-user', title: 'admin.action.registerNewUser', icon: PersonAdd, color: 'primary', acl: ['CreateorDeleteUsers'], default: true },
        { id: 'bulk-upload', title: 'admin.action.bulkUserUpload', icon: UploadFile, acl: ['BulkUserUpload'], speedDial: true },
        { id: 'user-approval', title: 'admin.action.userApproval', icon: HowToReg, acl: ['ApproveUserUpload'], speedDial: true },
        { id: 'user-report', title: 'admin.action.userReport', icon: Summarize, acl: ['GenerateUserReport'], speedDial: true },
      ],
    },
    lazy: () => import('./users/users-page').then((m) => ({ Component: m.UsersPage })),
  },
  ...(['/admin/users/new', '/admin/users/register'] as const).map((path): AppRoute => ({
    path,
    meta: page({ title: 'admin.route.registerUser', tasks: ['CreateorDeleteUsers'], back: true }),
    lazy: () => import('./users/register-user-page').then((m) => ({ Component: m.RegisterUserPage })),
  })),
  {
    path: '/admin/users/approve',
    meta: page({ title: 'admin.route.approveUsers', tasks: ['ApproveUserUpload', 'BulkUserUpload'], back: true }),
    lazy: () => import('./approve/approve-users-page').then((m) => ({ Component: m.ApproveUsersPage })),
  },
  {
    // The same page from the Data Upload landing (spec §2.12 User Import): one implementation, two ways in.
    path: '/upload/user-import',
    meta: {
      title: 'uploadPages.tile.userImport',
      tasks: ['ApproveUserUpload', 'BulkUserUpload'],
      back: true,
      actions: [
        { id: 'upload', title: 'uploadPages.action.upload', icon: UploadFile, color: 'primary', acl: ['BulkUserUpload'], default: true },
        { id: 'filter', title: 'uploadPages.action.filter', icon: FilterList, acl: ['ApproveUserUpload'], speedDial: true },
      ],
    },
    lazy: () => import('./approve/approve-users-page').then((m) => ({ Component: m.ApproveUsersPage })),
  },
  {
    path: '/admin/users/report',
    meta: page({ title: 'admin.route.userReport', tasks: USER_REPORT_TASKS, back: true }),
    lazy: () => import('./users/user-report-page').then((m) => ({ Component: m.UserReportPage })),
  },
  {
    path: '/admin/users/:id',
    meta: page({ title: 'admin.route.userProfile', tasks: ['SearchUsers', 'VieworEditUserInformation'], back: true }),
    lazy: () => import('./users/user-profile-page').then((m) => ({ Component: m.UserProfilePage })),
  },
  {
    path: '/admin/users/:user_id/edit',
    meta: page({ title: 'admin.route.editUser', tasks: ['VieworEditUserInformation'], back: true }),
    lazy: () => import('./users/edit-user-page').then((m) => ({ Component: m.EditUserPage })),
  },
  {
    path: '/admin/users/:user_id/reset',
    meta: page({ title: 'admin.route.resetUser', tasks: ['ResetUserPassword'], back: true }),
    lazy: () => import('./users/reset-user-page').then((m) => ({ Component: m.ResetUserPage })),
  },
  {
    path: '/admin/users/:id/contracts',
    meta: page({ title: 'admin.route.userContracts', tasks: ['VieworEditUserInformation', 'ManageProjectAssignment'], back: true }),
    lazy: () => import('./users/user-contracts-page').then((m) => ({ Component: m.UserContractsPage })),
  },
  // Audit log, generated files, system
  {
    path: '/admin/auditlog',
    meta: {
      title: 'admin.route.auditLog',
      tasks: ['ViewAuditLogs'],
      category: 'admin',
      icon: HistoryOutlined,
      menuOrder: 30,
      actions: [
        { id: 'export-audit-logs', title: 'admin.action.exportAuditLogs', icon: FileDownload, color: 'primary', acl: ['ViewAuditLogs'], default: true },
        { id: 'filter', title: 'admin.action.filter', icon: FilterList, acl: ['ViewAuditLogs'], speedDial: true },
      ],
    },
    lazy: () => import('./audit/audit-log-page').then((m) => ({ Component: m.AuditLogPage })),
  },
  {
    path: '/admin/generate-report',
    meta: page({ title: 'admin.route.generatedReports', tasks: REPORT_FILE_TASKS }),
    lazy: () => import('./files/generated-files-page').then((m) => ({ Component: m.GeneratedReportsPage })),
  },
  {
    path: '/admin/generate-uploaded-files',
    meta: page({ title: 'admin.route.generatedExports', tasks: ['ViewAuditLogs'] }),
    lazy: () => import('./files/generated-files-page').then((m) => ({ Component: m.GeneratedExportsPage })),
  },
  {
    path: '/admin/system/logs',
    meta: page({ title: 'admin.route.systemLogs', tasks: ['ViewAuditLogs'] }),
    lazy: () => import('./system/system-logs-page').then((m) => ({ Component: m.SystemLogsPage })),
  },
  {
    path: '/admin/system/status',
    meta: {
      title: 'admin.route.systemStatus',
      tasks: ['ViewAuditLogs', 'ManageSystemSettings'],
      category: 'admin',
      icon: MonitorHeartOutlined,
      menuOrder: 40,
    },
    lazy: () => import('./system/system-status-page').then((m) => ({ Component: m.SystemStatusPage })),
  },
  {
    path: '/admin/announcement',
    meta: page({ title: 'admin.route.announcement', tasks: ['ManageSystemSettings'] }),
    lazy: () => import('./system/announcement-page').then((m) => ({ Component: m.AnnouncementPage })),
  },
  // Schedules and realtime processes
  {
    path: '/master-data/schedules',
    meta: page({
      title: 'admin.route.schedules',
      tasks: ['ManageSchedules'],
      actions: [{ id: 'create-schedule', title: 'admin.action.createSchedule', icon: Add, color: 'primary', acl: ['ManageSchedules'], default: true }],
    }),
    lazy: () => import('./schedules/schedules-page').then((m) => ({ Component: m.SchedulesPage })),
  },
  {
    path: '/master-data/schedule-logs/:id',
    meta: page({ title: 'admin.route.scheduleLogs', tasks: ['ManageSchedules'], back: true }),
    lazy: () => import('./schedules/schedule-logs-page').then((m) => ({ Component: m.ScheduleLogsPage })),
  },
  {
    path: '/master-data/pipelines',
    meta: page({ title: 'admin.route.pipelines', tasks: PIPELINE_TASKS }),
    lazy: () => import('./schedules/pipelines-page').then((m) => ({ Component: m.PipelinesPage })),
  },
  {
    path: '/master-data/pipelines/:name/dashboard',
    meta: page({ title: 'admin.route.pipelineDashboard', tasks: PIPELINE_TASKS, back: true }),
    lazy: () => import('./schedules/pipeline-dashboard-page').then((m) => ({ Component: m.PipelineDashboardPage })),
  },
  // Contractors
  {
    path: '/contracts/contractors',
    meta: page({
      title: 'admin.route.contractors',
      tasks: ['SearchContractors'],
      actions: [{ id: 'add-contractor', title: 'admin.action.addContractor', icon: Add, color: 'primary', acl: ['CreateorDeleteContractors'], default: true }],
    }),
    lazy: () => import('./contractors/contractors-page').then((m) => ({ Component: m.ContractorsPage })),
  },
  {
    path: '/contracts/contractors/new',
    meta: page({ title: 'admin.route.newContractor', tasks: ['CreateorDeleteContractors'], back: true }),
    lazy: () => import('./contractors/new-contractor-page').then((m) => ({ Component: m.NewContractorPage })),
  },
  {
    path: '/contracts/contractors/:contractor_id',
    meta: page({ title: 'admin.route.contractor', tasks: ['VieworEditContractors', 'SearchContractors'], back: true }),
    lazy: () => import('./contractors/contractor-page').then((m) => ({ Component: m.ContractorPage })),
  },
  {
    path: '/contracts/contractors/:contractor_id/contracts',
    meta: page({
      title: 'admin.route.contractorContracts',
      tasks: ['ManageContractorContracts'],
      back: true,
      actions: [
        {
          id: 'assign-contracts',
          title: 'admin.action.assignContracts',
          icon: AssignmentTurnedIn,
          color: 'primary',
          acl: ['ManageContractorContracts'],
          default: true,
        },
      ],
    }),
    lazy: () => import('./contractors/contractor-contracts-page').then((m) => ({ Component: m.ContractorContractsPage })),
  },
];
