/**
 * The engine's `full-monitoring` type (decision 040): the draft of a full monitoring report. Its parameters are the
 * monitoring report's row (made with the engine's row in one transaction): the sections of the template as they were
 * when it was asked for, in their order, each a level-1 section of the PDF.
 */
import { MONITORING_SECTIONS, ZMonitoringSection, type TMonitoringSection } from '@strata/shared';
import type { ReportBlock, ReportDocument } from '../../report-document.js';
import type { ReportContext, ReportTypeDef } from '../../report-types.js';
import { afterFullMonitoringRun } from '../../full-monitoring/draft.js';
import { findByEngineReport, publishedBefore } from '../../full-monitoring/monitoring-reports.repository.js';
import { selectionFacts } from '../common.js';
import { locationPlanBlocks } from '../map.js';
import { FullMonitoringData, type MonitoringReportFacts } from './data.js';
import { actionLogSection, appendicesSection, breachLogSection, coverSection, groupChartsSection, summarySection, typeTablesSection } from './sections.js';
import { sitePhotosSection } from './photos.js';

/** The section's heading: its own title, else the section's name (the cover: the report's title). */
export function sectionHeading(s: TMonitoringSection): string {
  if (s.title) return s.title;
  return s.kind === 'cover' ? s.report_title : MONITORING_SECTIONS[s.kind];
}

async function* sectionBlocks(s: TMonitoringSection, data: FullMonitoringData): AsyncGenerator<ReportBlock> {
  yield { kind: 'heading', level: 1, text: sectionHeading(s), sheet: MONITORING_SECTIONS[s.kind] };
  switch (s.kind) {
    case 'cover':
      return yield* coverSection(s, data);
    case 'executive-summary':
      return yield* summarySection(s, data);
    case 'instrument-summary':
      return yield* data.instrumentSummary();
    case 'breach-log':
      return yield* breachLogSection(s, data);
    case 'type-tables':
      return yield* typeTablesSection(s, data);
    case 'group-charts':
      return yield* groupChartsSection(s, data);
    case 'location-plan':
      // The map report's drawing of the contract's instruments (limited to the report's zones), with their table.
      return yield* await locationPlanBlocks(data.ctx, { contractIds: [data.report.contractId], zoneIds: data.ctx.params.zone_ids });
    case 'site-photos':
      return yield* sitePhotosSection(s, data);
    case 'action-log':
      return yield* actionLogSection(s, data);
    case 'remarks':
      yield { kind: 'paragraph', text: s.text.trim() || 'No remarks' };
      return;
    case 'appendices':
      return yield* appendicesSection(s);
  }
}

async function build(ctx: ReportContext): Promise<ReportDocument> {
  const found = ctx.reportId === undefined ? undefined : await findByEngineReport(ctx.app.db.orm, ctx.reportId);
  if (!found) throw new Error(`full monitoring report of report ${ctx.reportId ?? '?'} not found`);
  const { r } = found;
  const sections = ZMonitoringSection.array().parse(r.sections);
  const report: MonitoringReportFacts = {
    id: r.id,
    contractId: r.contractId,
    contractNo: found.contractNo,
    contractTitle: found.contractTitle,
    reportNo: r.reportNo,
    revision: r.revision,
    title: r.title,
    preparedByName: found.preparedByName,
    created: r.createdAt,
    earlier: (await publishedBefore(ctx.app.db.orm, r.contractId, r.reportNo, r.revision)).map((e) => ({
      revision: e.r.revision,
      preparedByName: e.preparedByName,
      checkedByName: e.checkedByName,
      checkedAt: e.r.checkedAt,
      approvedByName: e.approvedByName,
      approvedAt: e.r.approvedAt,
    })),
  };
  const sel = await selectionFacts(ctx);
  const data = new FullMonitoringData(ctx, report);
  return {
    title: r.title,
    fileStem: `full-monitoring-${found.contractNo}-${r.reportNo}-rev${r.revision}`.replace(/[^A-Za-z0-9._-]+/g, '_'),
    facts: [['Report No.', r.reportNo], ['Revision', String(r.revision)], ...sel.facts.filter(([label]) => label !== 'Instrument types')],
    timezone: ctx.timezone,
    sectionCount: sections.length,
    blocks: (async function* () {
      for (const s of sections) yield* sectionBlocks(s, data);
    })(),
  };
}

export const fullMonitoring: ReportTypeDef = {
  code: 'full-monitoring',
  permissions: ['GenerateFullMonitoringReport'],
  outputs: ['pdf'],
  ownRoute: true,
  build,
  afterRun: afterFullMonitoringRun,
};
