import { sql } from 'drizzle-orm';
import { PERMISSIONS, USER_TYPE, type PermissionCode } from '@strata/shared';
import type { Database } from '../db/client.js';
import { contractors, contracts, rolePermissions, roles, schedules, userContracts, users } from '../db/schema/index.js';
import { hashPassword } from '../lib/passwords.js';
import { SYSTEM_ACTOR, writeAudit } from '../platform/audit.js';
import type { Storage } from '../platform/storage.js';
import { seedMasterData } from './demo-master-data.js';
import { seedDemoReadings } from './demo-readings.js';
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
  'EditorFollowUpBreachedInstrumentCases',
  'VieworDownloadBreachedInstrumentCases',
  'ViewInstrumentationUploadHistory',
  'UploadInstrumentationFiles',
  'ViewSIBoreholeUploadHistory',
  'UploadSIBoreholeFiles',
  'UploadOtherFiles',
  'GenerateInstrumentationMonitoringReport',
  'SearchorViewReportTemplates',
];

export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.orm.select({ n: sql<number>`count(*)::int` }).from(users);
  return (row?.n ?? 0) === 0;
}

/**
 * Seeds a first start: roles, a contractor, three contracts along a tunnel alignment (SVY21), one user of each type,
 * and the master data; `storage` (the files storage) receives the demo station layer's file.
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
    read: (key) => storage.read(key),
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
    const [adminRole, engineerRole] = await tx
      .insert(roles)
      .values([
        { name: 'Application Admin', description: 'Every task of the platform' },
        { name: 'Contractor Engineer', description: 'Monitoring data of the assigned contracts' },
      ])
      .returning();
    if (!adminRole || !engineerRole) throw new Error('seed: roles not created');
    await tx.insert(rolePermissions).values(PERMISSIONS.map((p) => ({ roleId: adminRole.roleId, permissionId: p.id })));
    const engineerIds = PERMISSIONS.filter((p) => (CONTRACTOR_ENGINEER as string[]).includes(p.code)).map((p) => p.id);
    if (engineerIds.length > 0) await tx.insert(rolePermissions).values(engineerIds.map((permissionId) => ({ roleId: engineerRole.roleId, permissionId })));

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
          roleId: engineerRole.roleId,
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
    await seedMasterData(tx, { contracts: created, adminId: admin.userId, ...(storage ? { storage } : {}) });
    // Readings (issue 7): a year of daily readings per instrument, through the upload load path (COPY).
    await seedDemoReadings(tx);
    // Alerts (issue 9): the engine over the last 60 days of those readings.
    await seedDemoAlerts(tx);
    await writeAudit(tx, SYSTEM_ACTOR, { action: 'seed.demo', entityType: 'system' });
  });
}
