import { MONITORING_SECTION_KINDS, ZMonitoringSection } from '@strata/shared';
import type { Executor } from '../db/client.js';
import { monitoringTemplates } from '../db/schema/index.js';

/** Full monitoring reports (decision 040): one template per demo contract with every section, as a new template lists them. */
export async function seedDemoMonitoringTemplates(tx: Executor, contracts: readonly { contractId: number }[], adminId: number, now: Date): Promise<void> {
  const sections = MONITORING_SECTION_KINDS.map((kind) => ZMonitoringSection.parse({ kind }));
  await tx.insert(monitoringTemplates).values(
    contracts.map((c) => ({
      contractId: c.contractId,
      name: 'Weekly Instrumentation Monitoring Report',
      sections,
      createdBy: adminId,
      updatedBy: adminId,
      createdAt: now,
      updatedAt: now,
    })),
  );
}
