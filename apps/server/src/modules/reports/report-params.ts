import { reportRangeError, ZReportParams, type TReportParams, type TSystemSettings } from '@strata/shared';
import type { Actor } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { scopeOf } from '../contracts/contracts.service.js';
import { reportTemplate } from './custom-templates/template-run.js';
import type { ReportRenderers } from './report-registry.js';
import type { ReportTypeDef } from './report-types.js';
import { contractsInScope, existingInstrumentTypes, zonesOfContracts } from './reports.repository.js';

/**
 * A report's parameters checked in the engine's order (decision 039), nothing stored when one fails: the output is
 * one the type makes and has a renderer (400 `output`); every contract is within the caller's scope (400
 * `contract_ids`); every zone belongs to one of them (400 `zone_ids`); every instrument type exists; the period's days
 * are real days and a Date Range is within the configured maximum (400 `period`); a custom template is of the type and
 * of one of the contracts or of all (400 `template`, decision 041). Ids come back without repeats.
 */
export async function checkedParams(
  db: Executor,
  actor: Actor,
  def: ReportTypeDef,
  renderers: ReportRenderers,
  body: TReportParams,
  settings: TSystemSettings,
): Promise<TReportParams> {
  const params = ZReportParams.parse(body);
  if (!def.outputs.includes(params.output) || !renderers[params.output]) {
    throw badRequest({ output: `This report is not made as ${params.output}` });
  }
  const contractIds = [...new Set(params.contract_ids)];
  const found = await contractsInScope(db, scopeOf(actor), contractIds);
  if (found.length !== contractIds.length) throw badRequest({ contract_ids: 'Contract not found' });
  const zoneIds = [...new Set(params.zone_ids)];
  if ((await zonesOfContracts(db, zoneIds, contractIds)).length !== zoneIds.length) {
    throw badRequest({ zone_ids: 'A zone does not belong to the chosen contracts' });
  }
  const typeIds = [...new Set(params.instrument_type_ids)];
  if ((await existingInstrumentTypes(db, typeIds)).length !== typeIds.length) {
    throw badRequest({ instrument_type_ids: 'Instrument type not found' });
  }
  for (const day of [params.period.from, params.period.to]) {
    if (day !== undefined && !isCalendarDay(day)) throw badRequest({ period: `${day} is not a date` });
  }
  const rangeError = reportRangeError(params.period, settings.report_range_num, settings.report_range_period);
  if (rangeError) throw badRequest({ period: rangeError });
  await reportTemplate(db, def.code, { template: params.template, contract_ids: contractIds });
  return { ...params, contract_ids: contractIds, zone_ids: zoneIds, instrument_type_ids: typeIds };
}

/** `YYYY-MM-DD` naming a real day (the schema checks only the form: 2024-02-30 is not one). */
const isCalendarDay = (day: string) => {
  const t = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === day;
};
