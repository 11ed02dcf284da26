import { sql } from 'drizzle-orm';
import { PERMISSIONS, USER_TYPE, type PermissionCode } from '@strata/shared';
import type { Database } from '../db/client.js';
import { adminCreatedUsers, contractors, contracts, rolePermissions, roles, schedules, userContracts, users } from '../db/schema/index.js';
import { hashPassword } from '../lib/passwords.js';
import { SYSTEM_ACTOR, writeAudit } from '../platform/audit.js';
import type { Storage } from '../platform/storage.js';
import { seedDemoBoreholes } from './demo-ags.js';
import { seedMasterData } from './demo-master-data.js';
import { seedDemoMonitoringTemplates } from './demo-monitoring.js';
import { seedDemoStructures } from './demo-structures.js';
import { seedDemoConstruction } from './demo-construction.js';
import { seedDemoDesignValues } from './demo-design-values.js';
import { DEMO_FEED_JOB } from './demo-feed.js';
import { seedDemoReadings } from './demo-readings.js';
import { seedDemoScenarios } from './demo-scenarios.js';
import { seedDemoAlerts } from '../modules/alerts/alerts.seed.js';

export interface DemoUser {
  loginName: string;
  password: string;
  fullname: string;
  type: string;
}

/** The demo sign-ins printed at start. Passwords are for a local demo only. */
export const DEMO_USERS: DemoUser[] = [
  { loginName: 'admin', password: 'strata-admin-2026', fullname: 'Alicia Tan', type: 'Application Admin' },
  { loginName: 'authority', password: 'strata-authority-2026', fullname: 'Benjamin Lim', type: 'Authority' },
  { loginName: 'contractor', password: 'strata-contractor-2026', fullname: 'Chen Wei Ming', type: 'Contractor' },
];

/** What a contractor's engineer does day to day: see data, upload, follow alerts; no administration. */
const CONTRACTOR_ENGINEER: PermissionCode[] = [
  'ViewOperationDashboard',
  'ViewContractData',
  'DownloadSearchResult',
  'ViewInstrumentData',
  'ViewInstrumentCharts',
  'ExportInstrumentCharts',
  'ExportSiteInvestigation',
  'ViewBreachedStatus',
  'SearchMappingData',
  'ViewMappingData',
  'SearchorViewAlertMessage',
  'ViewScenarioBasedAlert',
  'SearchorViewCriticalInterfaceMonitoring',
  'SearchorViewMiningWorksMonitoring',
  'EditorFollowUpBreachedInstrumentCases',
  'VieworDownloadBreachedInstrumentCases',
  'ViewInstrumentationUploadHistory',
  'UploadInstrumentationFiles',
  'ViewSIBoreholeUploadHistory',
  'UploadSIBoreholeFiles',
  'UploadOtherFiles',
  'ViewConstructionActivityUploadHistory',
  'UploadMCExcavationActivity',
  'UploadTunnelShiftReport',
  'GenerateInstrumentationMonitoringReport',
  // The contractor prepares the weekly full monitoring report; the authority approves it (decision 040).
  'GenerateFullMonitoringReport',
  'GenerateMapReport',
  'SearchorViewReportTemplates',
  // Their own report layouts and the weekly report in the inbox (issue 21, decision 041).
  'CreateReportTemplates',
  'EditReportTemplates',
  'DeleteReportTemplates',
  'SearchorViewScheduledReports',
  'CreateScheduledReports',
  'EditScheduledReports',
  'DeleteScheduledReports',
];

/** What the authority's engineer does: oversee every contract's data, alerts and reports; no uploads, no administration. */
const AUTHORITY_ENGINEER: PermissionCode[] = [
  ...CONTRACTOR_ENGINEER.filter((p) => !p.startsWith('Upload') && p !== 'GenerateFullMonitoringReport'),
  'ViewManagementDashboard',
  'ReportApproval',
  'ViewDesignValueUploadHistory',
];

export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.orm.select({ n: sql<number>`count(*)::int` }).from(users);
  return (row?.n ?? 0) === 0;
}

/**
 * Seeds a first start: roles, a contractor, three contracts along a tunnel alignment (SVY21), one user of each type,
 * and the master data; `storage` (the files storage) receives the demo station layer's file and the adit's progress
 * drawing.
 */
export async function seedDemo(db: Database, storage?: Storage): Promise<void> {
  const hashes = await Promise.all(DEMO_USERS.map((u) => hashPassword(u.password)));
  // Files the seed writes (the station layer's) go again if the seed fails.
  const written: string[] = [];
  const files: Storage | undefined = storage && {
    write: async (key, data) => {
      await storage.write(key, data);
      written.push(key);
    },
    writeFile: async (key, source) => {
      await storage.writeFile(key, source);
      written.push(key);
    },
    read: (key) => storage.read(key),
    stream: (key) => storage.stream(key),
    remove: (key) => storage.remove(key),
  };
  try {
    await seedDemoData(db, hashes, files);
  } catch (err) {
    await Promise.all(written.map((key) => storage?.remove(key).catch(() => undefined)));
    throw err;
  }
}

async function seedDemoData(db: Database, hashes: string[], storage: Storage | undefined): Promise<void> {
  await db.orm.transaction(async (tx) => {
    const [adminRole, engineerRole, authorityRole] = await tx
      .insert(roles)
      .values([
        { name: 'Application Admin', description: 'Every task of the platform' },
        { name: 'Contractor Engineer', description: 'Monitoring data of the assigned contracts' },
        { name: 'Authority Engineer', description: 'Oversight of the assigned contracts: data, alerts and reports, no uploads' },
      ])
      .returning();
    if (!adminRole || !engineerRole || !authorityRole) throw new Error('seed: roles not created');
    await tx.insert(rolePermissions).values(PERMISSIONS.map((p) => ({ roleId: adminRole.roleId, permissionId: p.id })));
    for (const [role, tasks] of [
      [engineerRole, CONTRACTOR_ENGINEER],
      [authorityRole, AUTHORITY_ENGINEER],
    ] as const) {
      const ids = PERMISSIONS.filter((p) => (tasks as string[]).includes(p.code)).map((p) => p.id);
      await tx.insert(rolePermissions).values(ids.map((permissionId) => ({ roleId: role.roleId, permissionId })));
    }

    const [contractor] = await tx
      .insert(contractors)
      .values({
        name: 'Lion City Tunnelling Pte Ltd',
        registrationNo: '201912345K',
        address: '10 Anson Road, Singapore 079903',
        contact: 'projects@lctunnelling.example',
      })
      .returning();
    if (!contractor) throw new Error('seed: contractor not created');

    const created = await tx
      .insert(contracts)
      .values([
        {
          no: 'T301',
          title: 'Tunnel T301 Marina South to Gardens',
          description: 'Bored tunnels and cut-and-cover station',
          easting: 30350.5,
          northing: 28620.2,
          type: 2 | 4,
          contractorId: contractor.contractorId,
        },
        {
          no: 'T302',
          title: 'Tunnel T302 Gardens to Bayshore',
          description: 'Bored tunnels, NATM adit',
          easting: 32810.0,
          northing: 30105.7,
          type: 2 | 4 | 8,
          contractorId: contractor.contractorId,
        },
        { no: 'C303', title: 'Civil C303 Bayshore Station', description: 'Station box and entrances', easting: 35240.8, northing: 31460.3, type: 4 | 8 },
      ])
      .returning();

    const [admin, authority, contractorUser] = await tx
      .insert(users)
      .values([
        {
          loginName: 'admin',
          fullname: DEMO_USERS[0]!.fullname,
          email: 'admin@strata.example',
          userType: USER_TYPE.AppAdmin,
          roleId: adminRole.roleId,
          status: 'active',
          passwordHash: hashes[0]!,
          passwordChangedAt: new Date(),
        },
        {
          loginName: 'authority',
          fullname: DEMO_USERS[1]!.fullname,
          email: 'authority@strata.example',
          userType: USER_TYPE.Authority,
          roleId: authorityRole.roleId,
          status: 'active',
          passwordHash: hashes[1]!,
          passwordChangedAt: new Date(),
        },
        {
          loginName: 'contractor',
          fullname: DEMO_USERS[2]!.fullname,
          email: 'contractor@strata.example',
          userType: USER_TYPE.Contractor,
          roleId: engineerRole.roleId,
          contractorId: contractor.contractorId,
          status: 'active',
          passwordHash: hashes[2]!,
          passwordChangedAt: new Date(),
        },
      ])
      .returning();
    if (!admin || !authority || !contractorUser) throw new Error('seed: users not created');

    // Accounts an administrator set up (not self-registered): the users' Source says so.
    await tx.insert(adminCreatedUsers).values([admin, authority, contractorUser].map((u) => ({ userId: u.userId, createdBy: admin.userId })));
    const byNo = new Map(created.map((c) => [c.no, c.contractId]));
    await tx
      .insert(userContracts)
      .values([
        ...created.map((c) => ({ userId: authority.userId, contractId: c.contractId })),
        { userId: contractorUser.userId, contractId: byNo.get('T301')! },
        { userId: contractorUser.userId, contractId: byNo.get('T302')! },
      ]);
    // Schedules: a disabled weekly example (the housekeeping schedules every installation gets at start-up:
    // SchedulesService.installDefaults).
    await tx.insert(schedules).values([
      {
        name: 'Weekly clean-up (example)',
        description: 'An example of a weekly schedule: Sundays at 03:30',
        type: 'weekly',
        dow: 0,
        hour: 3,
        minute: 30,
        job: 'clean-expired-files',
        enabled: false,
        nextRunAt: null,
        createdBy: admin.userId,
      },
    ]);
    // Master data (issue 6): instrument types and levels, 540 instruments with thresholds, zones, sites, map layers.
    const now = new Date();
    const { stretches } = await seedMasterData(tx, { contracts: created, adminId: admin.userId, now, ...(storage ? { storage } : {}) });
    await seedDemoMonitoringTemplates(tx, created, admin.userId, now); // full monitoring reports (issue 20)
    await seedDemoStructures(tx, stretches); // critical interfaces and mining works (issue 19) with their nearest instruments
    // Construction progress (issue 19): six months of excavation levels, supports, design values and tunnel shifts, and
    // a progress drawing of the adit placed on the map.
    await seedDemoConstruction(tx, now, { storage, uploadedBy: admin.userId });
    // QP(D) design values of the instruments near those sites (their charts' predicted lines) and the instrument plans.
    await seedDemoDesignValues(tx, now);
    // Site investigation (issue 18): an AGS4 file per contract through the upload loader.
    await seedDemoBoreholes(tx, stretches, byNo, admin.userId);
    // Readings (issues 7, 16): a year of readings per instrument up to now, through the upload load path (COPY).
    const readings = await seedDemoReadings(tx, now);
    // Monitoring groups and alert scenarios near the construction sites (issues 9, 19), set up before the alerts' replay.
    await seedDemoScenarios(tx, admin.userId, now);
    // Alerts (issues 9, 16): the engine over the last 30 days of those readings, as they arrived.
    await seedDemoAlerts(tx, now);
    // The demo feed (demo mode only): keeps the instruments reporting while the demo runs; the offline loggers stay late.
    await tx.insert(schedules).values({
      name: 'Demo data feed',
      description: 'Demo mode only: gives the demo instruments their readings at their frequencies (the two offline loggers excepted)',
      type: 'every',
      duration: 5,
      job: DEMO_FEED_JOB,
      params: { offline: readings.offline },
      enabled: true,
      nextRunAt: now,
      createdBy: admin.userId,
    });
    await writeAudit(tx, SYSTEM_ACTOR, { action: 'seed.demo', entityType: 'system' });
  });
}
