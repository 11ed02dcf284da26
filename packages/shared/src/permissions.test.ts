import { describe, expect, it } from 'vitest';
import { hasAnyPermission, isPermissionCode, PERMISSION_CODES, PERMISSION_GROUPS, permissionByCode, permissionGroups, PERMISSIONS } from './permissions.js';

/** The task names of the shell spec (§6), verbatim. */
const SHELL_SPEC_CODES = [
  'SearchUsers',
  'ManageRoles',
  'ViewAuditLogs',
  'CreateorDeleteUsers',
  'BulkUserUpload',
  'ApproveUserUpload',
  'GenerateUserReport',
  'DownloadUserReport',
  'VieworEditUserInformation',
  'SuspendorTerminateUser',
  'ManageSchedules',
  'SearchContractors',
  'CreateorDeleteContractors',
  'VieworEditContractors',
  'ManageContractorContracts',
  'TBMAdministration',
  'TBMCCTV',
  'UploadTBMActivity',
  'ViewandCreateSpatialAnalysis',
];

/** The second spec's bracketed route tasks (§2) and the tasks §6 and §2.8 name for actions and menus. */
const SECOND_SPEC_CODES = [
  'ViewManagementDashboard',
  'ViewOperationDashboard',
  'GenerateMapReport',
  'ManageMonitoringGroup',
  'CreateorEditScenarioBasedAlert',
  'ManageCriticalInterfaceMonitoring',
  'ManageMiningWorksMonitoring',
  'SearchorViewReportTemplates',
  'CreateReportTemplates',
  'CreateScheduledReports',
  'CreateorDeleteContracts',
  'ManageSystemSettings',
  'ReportApproval',
  'ExportSiteInvestigation',
  'SearchorViewAlertMessage',
  'ResetUserPassword',
  'ManageProjectAssignment',
  'ManageZones',
  'ManageScenarios',
  'ManageRiskRatingSettings',
  'ManageMapLayers',
  'ManageDocumentation',
  'UploadDrawingtoBaseMap',
  'ViewNumericAnalysisTemplate',
  'UpdateNumericAnalysisTemplate',
  'GenerateFullMonitoringReport',
  'GenerateInstrumentationMonitoringReport',
];

/** The 16 entries that existed before the catalogue was completed: their ids and codes never change. */
const FIRST_ENTRIES: [number, string][] = [
  [2, 'ManageRoles'],
  [3, 'SearchUsers'],
  [4, 'SuspendorTerminateUser'],
  [5, 'BulkUserUpload'],
  [6, 'ApproveUserUpload'],
  [7, 'VieworEditUserInformation'],
  [8, 'CreateorDeleteUsers'],
  [9, 'ViewAuditLogs'],
  [10, 'GenerateUserReport'],
  [11, 'DownloadUserReport'],
  [12, 'ManageSchedules'],
  [13, 'SearchContractors'],
  [14, 'CreateorDeleteContractors'],
  [15, 'VieworEditContractors'],
  [16, 'ManageContractorContracts'],
  [17, 'SearchContracts'],
];

describe('permission catalogue', () => {
  it('has exactly 110 tasks with ids 2 to 111, each once', () => {
    expect(PERMISSIONS).toHaveLength(110);
    const ids = PERMISSIONS.map((p) => p.id).sort((a, b) => a - b);
    expect(ids).toEqual(Array.from({ length: 110 }, (_, i) => i + 2));
  });

  it('keeps the ids and codes of the first entries', () => {
    for (const [id, code] of FIRST_ENTRIES) expect(permissionByCode(code)?.id).toBe(id);
  });

  it('has unique PascalCase codes and unique labels', () => {
    const codes = PERMISSIONS.map((p) => p.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z][A-Za-z]*$/);
    const labels = PERMISSIONS.map((p) => p.label.toLowerCase());
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('uses every task name of the shell spec verbatim', () => {
    for (const code of SHELL_SPEC_CODES) expect(PERMISSION_CODES, code).toContain(code);
  });

  it('names the tasks the second spec refers to', () => {
    for (const code of SECOND_SPEC_CODES) expect(PERMISSION_CODES, code).toContain(code);
  });

  it('puts every task in one of the second spec’s §6 groups, and every group has a task', () => {
    for (const p of PERMISSIONS) expect(PERMISSION_GROUPS).toContain(p.group);
    expect(new Set(PERMISSIONS.map((p) => p.group))).toEqual(new Set(PERMISSION_GROUPS));
  });

  it('places the shell spec’s TBM tasks in the matching groups', () => {
    expect(permissionByCode('TBMAdministration')?.group).toBe('Admin');
    expect(permissionByCode('TBMCCTV')?.group).toBe('Data Analysis');
    expect(permissionByCode('UploadTBMActivity')?.group).toBe('Data Upload');
    expect(permissionByCode('ViewandCreateSpatialAnalysis')?.group).toBe('Data Analysis');
  });

  it('keeps the counts by group', () => {
    const counts = Object.fromEntries(permissionGroups().map((g) => [g.group, g.permissions.length]));
    expect(counts).toEqual({
      Admin: 31,
      'Customized Report': 4,
      Dashboard: 2,
      'Data Analysis': 9,
      'Data Search': 2,
      'Data Upload': 16,
      'Full Monitoring Reporting': 2,
      'Instrumentation Reporting': 1,
      'Log of Actions Taken': 9,
      'Manage Alert': 1,
      'Mapping Features': 5,
      'Monitoring for Critical Interface': 2,
      'Monitoring for Mining Works': 2,
      'Scenario-Based Alert': 2,
      'Scheduled Report': 4,
      'TBM Features': 17,
      'Wall Maximum Bending Moment': 1,
    });
  });

  it('lists groups in catalogue order, Admin first', () => {
    expect(permissionGroups().map((g) => g.group)).toEqual([...PERMISSION_GROUPS]);
  });

  it('derives each code from its Title Case label (one documented exception)', () => {
    const exceptions = new Set(['GenerateInstrumentationMonitoringReport']);
    for (const p of PERMISSIONS) {
      expect(p.label).toMatch(/^[A-Z]/);
      // Title Case: every word starts upper-case except the joining words.
      for (const word of p.label.split(/[\s-]+/)) {
        if (!['or', 'and', 'as', 'to'].includes(word)) expect(word, p.label).toMatch(/^[A-Z]/);
      }
      if (!exceptions.has(p.code)) expect(p.label.replace(/[^A-Za-z]/g, ''), p.label).toBe(p.code);
    }
  });

  it('recognises codes', () => {
    expect(isPermissionCode('ManageRoles')).toBe(true);
    expect(isPermissionCode('manageroles')).toBe(false);
    expect(isPermissionCode('')).toBe(false);
    expect(permissionByCode('GenerateMapReport')).toMatchObject({
      group: 'Mapping Features',
      label: 'Generate Map Report',
    });
    expect(permissionByCode('Nope')).toBeUndefined();
  });
});

describe('hasAnyPermission', () => {
  it('allows when no task list is given', () => {
    expect(hasAnyPermission([], undefined)).toBe(true);
    expect(hasAnyPermission(['ManageRoles'], undefined)).toBe(true);
  });

  it('allows when the task list is empty', () => {
    expect(hasAnyPermission([], [])).toBe(true);
  });

  it('allows when at least one listed task is held', () => {
    expect(hasAnyPermission(['SearchUsers'], ['ManageRoles', 'SearchUsers'])).toBe(true);
    expect(hasAnyPermission(['SearchUsers', 'ManageRoles'], ['ManageRoles'])).toBe(true);
  });

  it('refuses when none of the listed tasks is held', () => {
    expect(hasAnyPermission([], ['ManageRoles'])).toBe(false);
    expect(hasAnyPermission(['SearchUsers'], ['ManageRoles', 'ViewAuditLogs'])).toBe(false);
  });

  it('compares codes exactly', () => {
    expect(hasAnyPermission(['manageroles'], ['ManageRoles'])).toBe(false);
  });
});
