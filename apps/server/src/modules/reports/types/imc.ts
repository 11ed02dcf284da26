/**
 * IMC reports (decision 039). `imc-status-instrument`: per instrument the required reading frequency (its master
 * data), the readings required and achieved in the period, and the age of its last reading.
 */
import { FREQUENCIES } from '@strata/shared';
import type { ReportBlock, ReportRow } from '../report-document.js';
import type { ReportContext, ReportTypeDef } from '../report-types.js';
import { byType, DAY_MS, documentOf, selectedInstruments, type ReportInstrument } from './common.js';
import { INSTRUMENT_REPORT_PERMISSIONS, REPORT_OUTPUTS_ALL } from './permissions.js';

export interface InstrumentCompliance {
  instrument: ReportInstrument;
  frequencyName: string | null;
  /** Readings the frequency asks for in the period (whole intervals); null without a frequency. */
  required: number | null;
  /** Readings taken in the period: the most of any one series (the chart's counts). */
  achieved: number;
  lastReadingAt: Date | null;
}

/** Required vs achieved readings of the report's instruments over the period. */
export async function complianceOf(ctx: ReportContext, list?: ReportInstrument[]): Promise<InstrumentCompliance[]> {
  const instruments = list ?? (await selectedInstruments(ctx));
  const from = ctx.period.from.getTime();
  const to = ctx.period.to.getTime() - 1;
  const last = new Map(
    (await ctx.services.readings.statuses(ctx.actor, { contracts: ctx.params.contract_ids })).records.map((r) => [r.instrument_id, r.last_reading_at]),
  );
  const out: InstrumentCompliance[] = [];
  for (const i of instruments) {
    const f = FREQUENCIES.find((x) => x.code === i.frequency);
    const found = await ctx.services.readings.seriesInRange(ctx.actor, i.instrument_id, from, to);
    const at = last.get(i.instrument_id);
    out.push({
      instrument: i,
      frequencyName: f?.name ?? null,
      required: f ? Math.floor((to + 1 - from) / (f.minutes * 60_000)) : null,
      achieved: Math.max(0, ...(found?.series ?? []).map((s) => s.stats.count)),
      lastReadingAt: at ? new Date(at) : null,
    });
  }
  return out;
}

/** Achieved as a percentage of required, at most 100; null without a requirement. */
export const compliancePercent = (c: { required: number | null; achieved: number }) =>
  c.required === null || c.required === 0 ? null : Math.min(100, (c.achieved / c.required) * 100);

export const imcStatusInstrument: ReportTypeDef = {
  code: 'imc-status-instrument',
  permissions: INSTRUMENT_REPORT_PERMISSIONS,
  outputs: REPORT_OUTPUTS_ALL,
  async build(ctx) {
    const rows = await complianceOf(ctx);
    const groups = byType(rows.map((r) => r.instrument));
    return documentOf(ctx, 'imc-status-instrument', Math.max(groups.length, 1), async function* (): AsyncGenerator<ReportBlock> {
      if (groups.length === 0) {
        yield { kind: 'heading', level: 1, text: 'Instrument status' };
        yield { kind: 'paragraph', text: 'No instruments in the selection' };
        return;
      }
      for (const g of groups) {
        yield { kind: 'heading', level: 1, text: `${g.code} ${g.name}`, sheet: g.code };
        yield {
          kind: 'table',
          columns: [
            { header: 'Instrument', type: 'text', width: 2 },
            { header: 'Zone', type: 'text', width: 1.5 },
            { header: 'Required frequency', type: 'text', width: 1.5 },
            { header: 'Required readings', type: 'number', decimals: 0 },
            { header: 'Achieved readings', type: 'number', decimals: 0 },
            { header: 'Compliance (%)', type: 'number', decimals: 1 },
            { header: 'Last reading', type: 'datetime', width: 1.6 },
            { header: 'Age of last reading (days)', type: 'number', decimals: 1 },
          ],
          rows: rows
            .filter((r) => r.instrument.type_code === g.code)
            .map((r): ReportRow => [
              r.instrument.name,
              r.instrument.zone_name,
              r.frequencyName ?? 'Not set',
              r.required,
              r.achieved,
              compliancePercent(r),
              r.lastReadingAt,
              r.lastReadingAt ? (ctx.now.getTime() - r.lastReadingAt.getTime()) / DAY_MS : null,
            ]),
        };
      }
    });
  },
};
