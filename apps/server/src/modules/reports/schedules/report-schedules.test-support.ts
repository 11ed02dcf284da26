import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { TReportScheduleInput } from '@strata/shared';
import { outbox, reportScheduleRuns } from '../../../db/schema/index.js';
import type { TestApp } from '../../../testing/harness.js';
import type { ReportDocument } from '../report-document.js';
import { reportRegistry } from '../report-registry.js';
import { renderCsv } from '../report-render-csv.js';
import type { ReportTypeDef } from '../report-types.js';

export const SCHEDULE_TASKS = [
  'GenerateInstrumentationMonitoringReport',
  'SearchorViewScheduledReports',
  'CreateScheduledReports',
  'EditScheduledReports',
  'DeleteScheduledReports',
  // A schedule may name a custom template of its type.
  'SearchorViewReportTemplates',
  'CreateReportTemplates',
  'DeleteReportTemplates',
] as const;

/** A stand-in report type: one table with a row per contract of the report (as made), and its period. */
const geostatus: ReportTypeDef = {
  code: 'geostatus',
  permissions: ['GenerateInstrumentationMonitoringReport'],
  outputs: ['pdf', 'csv'],
  // Custom templates of the type may be made (their sections are the catalog's).
  catalog: { sections: [{ key: 'instruments', label: 'Instruments', columns: [] }], charts: false },
  build: async (ctx): Promise<ReportDocument> => ({
    title: 'Instrument Status Report',
    fileStem: 'geostatus-test',
    facts: [],
    timezone: ctx.timezone,
    sectionCount: 1,
    blocks: [
      { kind: 'heading', text: 'Instruments', level: 1 },
      {
        kind: 'table',
        columns: [
          { header: 'Contract', type: 'text' },
          { header: 'From', type: 'text' },
          { header: 'To', type: 'text' },
        ],
        rows: ctx.params.contract_ids.map((id) => [`contract ${id}`, ctx.period.firstDay, ctx.period.lastDay]),
      },
    ],
  }),
};
/** A type whose every build fails. */
const breach: ReportTypeDef = {
  code: 'breach',
  permissions: ['GenerateInstrumentationMonitoringReport'],
  outputs: ['csv'],
  build: () => Promise.reject(new Error('no breaches table')),
};

export const scheduleEngine = { reports: { types: reportRegistry([geostatus, breach]), renderers: { csv: renderCsv, pdf: renderCsv } } };

export const scheduleBody = (contractIds: number[], over: Partial<TReportScheduleInput> = {}): TReportScheduleInput => ({
  name: 'Weekly status',
  report_type: 'geostatus',
  contract_ids: contractIds,
  period: 'last-week',
  output: 'csv',
  frequency: { kind: 'weekly', weekdays: [1, 4], time: '08:00' },
  recipients: { user_ids: [], role_ids: [], emails: [] },
  ...over,
});

/** The mails of a run's recipients, with the text of the attachment (read from storage) when there is one. */
export async function mailsTo(t: TestApp, dataDir: string, address: string) {
  const rows = await t.db.orm.select().from(outbox).where(eq(outbox.to, address)).orderBy(outbox.id);
  return Promise.all(
    rows.map(async (r) => ({
      ...r,
      attached: r.attachmentKey ? await readFile(path.join(dataDir, 'files', r.attachmentKey), 'utf8') : null,
    })),
  );
}

export const runsOf = (t: TestApp, scheduleId: number) =>
  t.db.orm.select().from(reportScheduleRuns).where(eq(reportScheduleRuns.scheduleId, scheduleId)).orderBy(reportScheduleRuns.id);
