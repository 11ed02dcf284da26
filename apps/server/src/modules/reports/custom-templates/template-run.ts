import { reportTypeInfo, type ReportOutput, type TReportParams } from '@strata/shared';
import type { Executor } from '../../../db/client.js';
import { badRequest } from '../../../lib/errors.js';
import type { Storage } from '../../../platform/storage.js';
import type { RenderReport, ReportDocument } from '../report-document.js';
import { generatedText } from '../report-render-common.js';
import type { ReportContext } from '../report-types.js';
import { applyTemplate } from './apply-template.js';
import { contractNames, findTemplateById, type TemplateRow } from './custom-templates.repository.js';
import { bodyOf } from './custom-templates.service.js';
import { workbookRenderer, type PlaceholderValues } from './workbook-fill.js';

export const UNKNOWN_TEMPLATE = 'Unknown report template';

/** The template a report's `template` parameter names (`default`: none), or a 400 when it is not one the report may use. */
export async function reportTemplate(db: Executor, type: string, params: Pick<TReportParams, 'template' | 'contract_ids'>): Promise<TemplateRow | null> {
  if (params.template === 'default') return null;
  const id = /^[1-9]\d{0,9}$/.test(params.template) ? Number(params.template) : NaN;
  const row = Number.isSafeInteger(id) && id <= 2_147_483_647 ? await findTemplateById(db, id) : undefined;
  if (!row || row.reportType !== type || (row.contractId !== null && !params.contract_ids.includes(row.contractId))) {
    throw badRequest({ template: UNKNOWN_TEMPLATE });
  }
  return row;
}

/**
 * The document and renderer of a report with its template (decision 041): the document laid out by the template and,
 * for xls with a workbook, the user's workbook filled instead of the default workbook. Without a template (or when it
 * was deleted since the report was asked for), the type's own.
 */
export async function templated(
  db: Executor,
  storage: Storage,
  ctx: ReportContext,
  type: string,
  output: ReportOutput,
  doc: ReportDocument,
  render: RenderReport,
): Promise<{ doc: ReportDocument; render: RenderReport }> {
  if (ctx.params.template === 'default') return { doc, render };
  const row = await findTemplateById(db, Number(ctx.params.template));
  // Deleted since, or moved to another type or contract: the type's own layout.
  if (!row || row.reportType !== type || (row.contractId !== null && !ctx.params.contract_ids.includes(row.contractId))) return { doc, render };
  const laid = applyTemplate(doc, bodyOf(row));
  const bytes = output === 'xls' && row.workbookKey ? await storage.read(row.workbookKey) : undefined;
  if (!bytes) return { doc: laid, render };
  const contracts = await contractNames(db, ctx.params.contract_ids);
  const values: PlaceholderValues = {
    'report.title': laid.title,
    'report.type': reportTypeInfo(row.reportType)?.name ?? row.reportType,
    'contract.no': contracts.map((c) => c.no).join(', '),
    'contract.name': contracts.map((c) => c.title).join(', '),
    'period.from': { day: ctx.period.firstDay },
    'period.to': { day: ctx.period.lastDay },
    'generated.at': { instant: ctx.now },
    'generated.by': ctx.actor.fullname,
    timezone: ctx.timezone,
  };
  return { doc: laid, render: workbookRenderer(bytes, values, ctx.timezone, generatedText(doc.facts, ctx.timezone, ctx.now)) };
}
