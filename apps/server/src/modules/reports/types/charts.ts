import type { ReportChart } from '../report-document.js';
import type { ReportContext } from '../report-types.js';
import type { ReportInstrument, Threshold } from './common.js';

/** Points per chart line: the chart API's downsampling (min and max per bucket) to this many. */
export const REPORT_CHART_POINTS = 500;
const LINE_COLORS = ['#0471d1', '#6a1b9a', '#00838f', '#ef6c00', '#2e7d32', '#ad1457', '#37474f', '#558b2f'];

/**
 * The charts of an instrument over the period, one per reading code (its depths as lines), from the chart API's
 * call (`ReadingsService.readings`, downsampled as on screen), with the code's thresholds as lines in level colours.
 * Codes without readings in the period are left out.
 */
export async function instrumentCharts(ctx: ReportContext, inst: ReportInstrument, thresholds: readonly Threshold[]): Promise<ReportChart[]> {
  const data = await ctx.services.readings.readings(ctx.actor, inst.instrument_id, {
    from: ctx.period.from.toISOString(),
    to: new Date(ctx.period.to.getTime() - 1).toISOString(),
    max_points: REPORT_CHART_POINTS,
  });
  const charts: ReportChart[] = [];
  for (const s of data.series) {
    if (s.points.length === 0) continue;
    let chart = charts.find((c) => c.title === `${inst.name} ${s.code}`);
    if (!chart) {
      const own = thresholds.filter((t) => t.instrument_id === inst.instrument_id && t.reading_code === s.code);
      chart = {
        title: `${inst.name} ${s.code}`,
        subtitle: s.description,
        yName: s.unit,
        precision: s.precision,
        lines: [],
        thresholds: own.flatMap((t) => [
          ...(t.upper !== null ? [{ label: `${t.level_code} ${t.upper}`, short: t.level_code, value: t.upper, color: t.color }] : []),
          ...(t.lower !== null ? [{ label: `${t.level_code} ${t.lower}`, short: t.level_code, value: t.lower, color: t.color }] : []),
        ]),
      };
      charts.push(chart);
    }
    chart.lines.push({
      name: s.depth === null ? s.code : `${s.code} @ ${s.depth} m`,
      points: s.points,
      color: LINE_COLORS[chart.lines.length % LINE_COLORS.length]!,
    });
  }
  return charts;
}
