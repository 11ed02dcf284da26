/**
 * The permission catalogue: every task named in either specification document, once.
 * Ids 2…111 (numeric ids as the second spec's §6), codes in the shell spec's PascalCase style, groups and labels
 * from the second spec's §6. All permissions default to off; a role is a set of them.
 *
 * How the catalogue was counted (110 tasks, ids 2…111):
 * - Ids are stable: 2…17 were assigned first and never change; new tasks take the next free id, never a reused one.
 * - Codes: the shell spec's 19 task names are used verbatim. Every other code is its
 *   Title Case label with spaces and punctuation removed, so "or", "and", "as" and "to" stay lower-case inside
 *   the word as in `SuspendorTerminateUser` and `ViewandCreateSpatialAnalysis` ("Scenario-Based" -> `ScenarioBased`).
 *   One exception: the Instrumentation Reporting task, listed in §6 under the same name as the Full Monitoring
 *   one, is `GenerateInstrumentationMonitoringReport` with the spec's gloss as its label.
 * - "or" (and "/" read as "or") joins alternatives of ONE task: "Suspend or Terminate", "View/Edit",
 *   "search/view", "create or edit", "view/download", "station or tunnel excavation progress".
 *   Exception from the shell spec: "Generate/Download User Report" is two tasks, because the shell names both.
 * - "and" and commas join SEPARATE tasks: "view and update for A, B, …" is one View and one Update task per item;
 *   "view instrument data and charts", "view and update breached status" and "search and view mapping data"
 *   are two each. Exception from the shell spec: `ViewandCreateSpatialAnalysis` is one task.
 * - A task named in both specs is one task under the shell's code, in the matching §6 group: TBMAdministration
 *   (Admin), TBMCCTV and ViewandCreateSpatialAnalysis (Data Analysis), UploadTBMActivity (Data Upload).
 * - A task listed in two §6 groups is kept once per group, the second made distinct by meaning
 *   (`GenerateInstrumentationMonitoringReport`; TBM's correlation analysis is `…TBMCorrelationAnalysis`).
 * - Log of Actions Taken: §6 names three actions (edit or follow up; close; view or download) for breached
 *   instrument cases and triggered scenario-based alert cases. The log page (§2.6, /alert/action/{category})
 *   has a third case category, damaged, which gets the same three actions: nine tasks. These three are the
 *   only tasks not named in §6; with them the rules above give exactly 110.
 * Count by group: Admin 31, Customized Report 4, Dashboard 2, Data Analysis 9, Data Search 2, Data Upload 16,
 * Full Monitoring Reporting 2, Instrumentation Reporting 1, Log of Actions Taken 9, Manage Alert 1,
 * Mapping Features 5, Monitoring for Critical Interface 2, Monitoring for Mining Works 2, Scenario-Based Alert 2,
 * Scheduled Report 4, TBM Features 17, Wall Maximum Bending Moment 1.
 */
export const PERMISSION_GROUPS = [
  'Admin',
  'Customized Report',
  'Dashboard',
  'Data Analysis',
  'Data Search',
  'Data Upload',
  'Full Monitoring Reporting',
  'Instrumentation Reporting',
  'Log of Actions Taken',
  'Manage Alert',
  'Mapping Features',
  'Monitoring for Critical Interface',
  'Monitoring for Mining Works',
  'Scenario-Based Alert',
  'Scheduled Report',
  'TBM Features',
  'Wall Maximum Bending Moment',
] as const;
export type PermissionGroup = (typeof PERMISSION_GROUPS)[number];

export interface Permission {
  id: number;
  code: string;
  group: PermissionGroup;
  label: string;
}

export const PERMISSIONS = [
  // Admin (31)
  { id: 2, code: 'ManageRoles', group: 'Admin', label: 'Manage Roles' },
  { id: 3, code: 'SearchUsers', group: 'Admin', label: 'Search Users' },
  { id: 4, code: 'SuspendorTerminateUser', group: 'Admin', label: 'Suspend or Terminate User' },
  { id: 5, code: 'BulkUserUpload', group: 'Admin', label: 'Bulk User Upload' },
  { id: 6, code: 'ApproveUserUpload', group: 'Admin', label: 'Approve User Upload' },
  { id: 7, code: 'VieworEditUserInformation', group: 'Admin', label: 'View or Edit User Information' },
  { id: 8, code: 'CreateorDeleteUsers', group: 'Admin', label: 'Create or Delete Users' },
  { id: 9, code: 'ViewAuditLogs', group: 'Admin', label: 'View Audit Logs' },
  { id: 10, code: 'GenerateUserReport', group: 'Admin', label: 'Generate User Report' },
  { id: 11, code: 'DownloadUserReport', group: 'Admin', label: 'Download User Report' },
  { id: 12, code: 'ManageSchedules', group: 'Admin', label: 'Manage Schedules' },
  { id: 13, code: 'SearchContractors', group: 'Admin', label: 'Search Contractors' },
  { id: 14, code: 'CreateorDeleteContractors', group: 'Admin', label: 'Create or Delete Contractors' },
  { id: 15, code: 'VieworEditContractors', group: 'Admin', label: 'View or Edit Contractors' },
  { id: 16, code: 'ManageContractorContracts', group: 'Admin', label: 'Manage Contractor Contracts' },
  { id: 17, code: 'SearchContracts', group: 'Admin', label: 'Search Contracts' },
  { id: 18, code: 'VieworEditContracts', group: 'Admin', label: 'View or Edit Contracts' },
  { id: 19, code: 'CreateorDeleteContracts', group: 'Admin', label: 'Create or Delete Contracts' },
  { id: 20, code: 'ResetUserPassword', group: 'Admin', label: 'Reset User Password' },
  { id: 21, code: 'ManageProjectAssignment', group: 'Admin', label: 'Manage Project Assignment' },
  { id: 22, code: 'ManageInstruments', group: 'Admin', label: 'Manage Instruments' },
  { id: 23, code: 'ManageConstructionSites', group: 'Admin', label: 'Manage Construction Sites' },
  { id: 24, code: 'ManageExcavationActivities', group: 'Admin', label: 'Manage Excavation Activities' },
  { id: 25, code: 'ManageMinedTunnelActivities', group: 'Admin', label: 'Manage Mined Tunnel Activities' },
  { id: 26, code: 'ManageMapLayers', group: 'Admin', label: 'Manage Map Layers' },
  { id: 27, code: 'ManageDocumentation', group: 'Admin', label: 'Manage Documentation' },
  { id: 28, code: 'TBMAdministration', group: 'Admin', label: 'TBM Administration' },
  { id: 29, code: 'ManageSystemSettings', group: 'Admin', label: 'Manage System Settings' },
  { id: 30, code: 'ManageScenarios', group: 'Admin', label: 'Manage Scenarios' },
  { id: 31, code: 'ManageRiskRatingSettings', group: 'Admin', label: 'Manage Risk Rating Settings' },
  { id: 32, code: 'ManageZones', group: 'Admin', label: 'Manage Zones' },

  // Customized Report (4)
  { id: 33, code: 'SearchorViewReportTemplates', group: 'Customized Report', label: 'Search or View Report Templates' },
  { id: 34, code: 'CreateReportTemplates', group: 'Customized Report', label: 'Create Report Templates' },
  { id: 35, code: 'EditReportTemplates', group: 'Customized Report', label: 'Edit Report Templates' },
  { id: 36, code: 'DeleteReportTemplates', group: 'Customized Report', label: 'Delete Report Templates' },

  // Dashboard (2)
  { id: 37, code: 'ViewManagementDashboard', group: 'Dashboard', label: 'View Management Dashboard' },
  { id: 38, code: 'ViewOperationDashboard', group: 'Dashboard', label: 'View Operation Dashboard' },

  // Data Analysis (9)
  { id: 39, code: 'ViewInstrumentData', group: 'Data Analysis', label: 'View Instrument Data' },
  { id: 40, code: 'ViewInstrumentCharts', group: 'Data Analysis', label: 'View Instrument Charts' },
  { id: 41, code: 'ExportInstrumentCharts', group: 'Data Analysis', label: 'Export Instrument Charts' },
  { id: 42, code: 'ExportSiteInvestigation', group: 'Data Analysis', label: 'Export Site Investigation' },
  { id: 43, code: 'CorrelationAnalysis', group: 'Data Analysis', label: 'Correlation Analysis' },
  { id: 44, code: 'TBMCCTV', group: 'Data Analysis', label: 'TBM CCTV' },
  { id: 45, code: 'ViewBreachedStatus', group: 'Data Analysis', label: 'View Breached Status' },
  { id: 46, code: 'UpdateBreachedStatus', group: 'Data Analysis', label: 'Update Breached Status' },
  { id: 47, code: 'ViewandCreateSpatialAnalysis', group: 'Data Analysis', label: 'View and Create Spatial Analysis' },

  // Data Search (2)
  { id: 48, code: 'ViewContractData', group: 'Data Search', label: 'View Contract Data' },
  { id: 49, code: 'DownloadSearchResult', group: 'Data Search', label: 'Download Search Result' },

  // Data Upload (16)
  {
    id: 50,
    code: 'ViewInstrumentationUploadHistory',
    group: 'Data Upload',
    label: 'View Instrumentation Upload History',
  },
  { id: 51, code: 'ViewSIBoreholeUploadHistory', group: 'Data Upload', label: 'View SI Borehole Upload History' },
  { id: 52, code: 'ViewDesignValueUploadHistory', group: 'Data Upload', label: 'View Design Value Upload History' },
  {
    id: 53,
    code: 'ViewConstructionActivityUploadHistory',
    group: 'Data Upload',
    label: 'View Construction Activity Upload History',
  },
  { id: 54, code: 'UploadInstrumentationFiles', group: 'Data Upload', label: 'Upload Instrumentation Files' },
  { id: 55, code: 'UploadSIBoreholeFiles', group: 'Data Upload', label: 'Upload SI Borehole Files' },
  { id: 56, code: 'UploadTBMActivity', group: 'Data Upload', label: 'Upload TBM Activity' },
  { id: 57, code: 'UploadOtherFiles', group: 'Data Upload', label: 'Upload Other Files' },
  { id: 58, code: 'UploadMinedTunnelSequence', group: 'Data Upload', label: 'Upload Mined Tunnel Sequence' },
  { id: 59, code: 'UploadTunnelShiftReport', group: 'Data Upload', label: 'Upload Tunnel Shift Report' },
  { id: 60, code: 'UploadMCExcavationActivity', group: 'Data Upload', label: 'Upload MC Excavation Activity' },
  { id: 61, code: 'UploadDesignedValue', group: 'Data Upload', label: 'Upload Designed Value' },
  { id: 62, code: 'DeleteOtherFiles', group: 'Data Upload', label: 'Delete Other Files' },
  { id: 63, code: 'DeleteDesignInfo', group: 'Data Upload', label: 'Delete Design Info' },
  {
    id: 64,
    code: 'DeleteStationorTunnelExcavationProgress',
    group: 'Data Upload',
    label: 'Delete Station or Tunnel Excavation Progress',
  },
  { id: 65, code: 'ApproveUpload', group: 'Data Upload', label: 'Approve Upload' },

  // Full Monitoring Reporting (2)
  {
    id: 66,
    code: 'GenerateFullMonitoringReport',
    group: 'Full Monitoring Reporting',
    label: 'Generate Full Monitoring Report',
  },
  { id: 67, code: 'ReportApproval', group: 'Full Monitoring Reporting', label: 'Report Approval' },

  // Instrumentation Reporting (1)
  {
    id: 68,
    code: 'GenerateInstrumentationMonitoringReport',
    group: 'Instrumentation Reporting',
    label: 'Download or Generate Instrumentation Monitoring Report',
  },

  // Log of Actions Taken (9)
  {
    id: 69,
    code: 'EditorFollowUpBreachedInstrumentCases',
    group: 'Log of Actions Taken',
    label: 'Edit or Follow Up Breached Instrument Cases',
  },
  {
    id: 70,
    code: 'CloseBreachedInstrumentCases',
    group: 'Log of Actions Taken',
    label: 'Close Breached Instrument Cases',
  },
  {
    id: 71,
    code: 'VieworDownloadBreachedInstrumentCases',
    group: 'Log of Actions Taken',
    label: 'View or Download Breached Instrument Cases',
  },
  {
    id: 72,
    code: 'EditorFollowUpTriggeredScenarioBasedAlertCases',
    group: 'Log of Actions Taken',
    label: 'Edit or Follow Up Triggered Scenario-Based Alert Cases',
  },
  {
    id: 73,
    code: 'CloseTriggeredScenarioBasedAlertCases',
    group: 'Log of Actions Taken',
    label: 'Close Triggered Scenario-Based Alert Cases',
  },
  {
    id: 74,
    code: 'VieworDownloadTriggeredScenarioBasedAlertCases',
    group: 'Log of Actions Taken',
    label: 'View or Download Triggered Scenario-Based Alert Cases',
  },
  {
    id: 75,
    code: 'EditorFollowUpDamagedInstrumentCases',
    group: 'Log of Actions Taken',
    label: 'Edit or Follow Up Damaged Instrument Cases',
  },
  {
    id: 76,
    code: 'CloseDamagedInstrumentCases',
    group: 'Log of Actions Taken',
    label: 'Close Damaged Instrument Cases',
  },
  {
    id: 77,
    code: 'VieworDownloadDamagedInstrumentCases',
    group: 'Log of Actions Taken',
    label: 'View or Download Damaged Instrument Cases',
  },

  // Manage Alert (1)
  { id: 78, code: 'SearchorViewAlertMessage', group: 'Manage Alert', label: 'Search or View Alert Message' },

  // Mapping Features (5)
  { id: 79, code: 'SearchMappingData', group: 'Mapping Features', label: 'Search Mapping Data' },
  { id: 80, code: 'ViewMappingData', group: 'Mapping Features', label: 'View Mapping Data' },
  { id: 81, code: 'UploadDrawingtoBaseMap', group: 'Mapping Features', label: 'Upload Drawing to Base Map' },
  { id: 82, code: 'GenerateMapReport', group: 'Mapping Features', label: 'Generate Map Report' },
  { id: 83, code: 'ManageMonitoringGroup', group: 'Mapping Features', label: 'Manage Monitoring Group' },

  // Monitoring for Critical Interface (2)
  {
    id: 84,
    code: 'ManageCriticalInterfaceMonitoring',
    group: 'Monitoring for Critical Interface',
    label: 'Manage Critical Interface Monitoring',
  },
  {
    id: 85,
    code: 'SearchorViewCriticalInterfaceMonitoring',
    group: 'Monitoring for Critical Interface',
    label: 'Search or View Critical Interface Monitoring',
  },

  // Monitoring for Mining Works (2)
  {
    id: 86,
    code: 'ManageMiningWorksMonitoring',
    group: 'Monitoring for Mining Works',
    label: 'Manage Mining Works Monitoring',
  },
  {
    id: 87,
    code: 'SearchorViewMiningWorksMonitoring',
    group: 'Monitoring for Mining Works',
    label: 'Search or View Mining Works Monitoring',
  },

  // Scenario-Based Alert (2)
  { id: 88, code: 'ViewScenarioBasedAlert', group: 'Scenario-Based Alert', label: 'View Scenario-Based Alert' },
  {
    id: 89,
    code: 'CreateorEditScenarioBasedAlert',
    group: 'Scenario-Based Alert',
    label: 'Create or Edit Scenario-Based Alert',
  },

  // Scheduled Report (4)
  {
    id: 90,
    code: 'SearchorViewScheduledReports',
    group: 'Scheduled Report',
    label: 'Search or View Scheduled Reports',
  },
  { id: 91, code: 'CreateScheduledReports', group: 'Scheduled Report', label: 'Create Scheduled Reports' },
  { id: 92, code: 'EditScheduledReports', group: 'Scheduled Report', label: 'Edit Scheduled Reports' },
  { id: 93, code: 'DeleteScheduledReports', group: 'Scheduled Report', label: 'Delete Scheduled Reports' },

  // TBM Features (17)
  { id: 94, code: 'ViewNumericAnalysisTemplate', group: 'TBM Features', label: 'View Numeric Analysis Template' },
  { id: 95, code: 'UpdateNumericAnalysisTemplate', group: 'TBM Features', label: 'Update Numeric Analysis Template' },
  { id: 96, code: 'ViewChartAnalysis', group: 'TBM Features', label: 'View Chart Analysis' },
  { id: 97, code: 'UpdateChartAnalysis', group: 'TBM Features', label: 'Update Chart Analysis' },
  { id: 98, code: 'ViewSoilMonitorChart', group: 'TBM Features', label: 'View Soil Monitor Chart' },
  { id: 99, code: 'UpdateSoilMonitorChart', group: 'TBM Features', label: 'Update Soil Monitor Chart' },
  { id: 100, code: 'ViewTBMCorrelationAnalysis', group: 'TBM Features', label: 'View TBM Correlation Analysis' },
  { id: 101, code: 'UpdateTBMCorrelationAnalysis', group: 'TBM Features', label: 'Update TBM Correlation Analysis' },
  { id: 102, code: 'ViewRingAsBuiltReport', group: 'TBM Features', label: 'View Ring As-Built Report' },
  { id: 103, code: 'UpdateRingAsBuiltReport', group: 'TBM Features', label: 'Update Ring As-Built Report' },
  {
    id: 104,
    code: 'ViewConstructionActivitiesReport',
    group: 'TBM Features',
    label: 'View Construction Activities Report',
  },
  {
    id: 105,
    code: 'UpdateConstructionActivitiesReport',
    group: 'TBM Features',
    label: 'Update Construction Activities Report',
  },
  {
    id: 106,
    code: 'ViewExcavationPerformanceReport',
    group: 'TBM Features',
    label: 'View Excavation Performance Report',
  },
  { id: 107, code: 'GenerateTBMReports', group: 'TBM Features', label: 'Generate TBM Reports' },
  { id: 108, code: 'DownloadTBMDocuments', group: 'TBM Features', label: 'Download TBM Documents' },
  { id: 109, code: 'DownloadTBMDataasCSV', group: 'TBM Features', label: 'Download TBM Data as CSV' },
  { id: 110, code: 'DeleteUploadedTBMFile', group: 'TBM Features', label: 'Delete Uploaded TBM File' },

  // Wall Maximum Bending Moment (1)
  {
    id: 111,
    code: 'ViewWallMaximumBendingMoment',
    group: 'Wall Maximum Bending Moment',
    label: 'View Wall Maximum Bending Moment',
  },
] as const satisfies readonly Permission[];

export type PermissionCode = (typeof PERMISSIONS)[number]['code'];

export const PERMISSION_CODES: readonly PermissionCode[] = PERMISSIONS.map((p) => p.code);

const byCode = new Map<string, Permission>(PERMISSIONS.map((p) => [p.code, p]));

export function isPermissionCode(code: string): code is PermissionCode {
  return byCode.has(code);
}

export function permissionByCode(code: string): Permission | undefined {
  return byCode.get(code);
}

/** Route access and action visibility: no list means allowed; otherwise the user needs at least one listed task. */
export function hasAnyPermission(held: readonly string[], required: readonly string[] | undefined): boolean {
  if (!required || required.length === 0) return true;
  return required.some((code) => held.includes(code));
}

/** The catalogue grouped by feature, groups in catalogue order (Admin first, then the §6 groups alphabetically). */
export function permissionGroups(): { group: PermissionGroup; permissions: Permission[] }[] {
  const groups = new Map<PermissionGroup, Permission[]>();
  for (const p of PERMISSIONS) {
    const list = groups.get(p.group) ?? [];
    list.push(p);
    groups.set(p.group, list);
  }
  return [...groups].map(([group, permissions]) => ({ group, permissions }));
}
