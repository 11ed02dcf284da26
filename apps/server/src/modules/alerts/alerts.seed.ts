/**
 * Demo alerts (issue 9): on a first start, an alert template holding each demo reading code's minimum change (a tenth
 * of its typical WSL, so the demo's noise does not read as spikes or fluctuation), then the engine over the last 30
 * days of the demo readings, inside the seed's transaction (no notifications: nobody is signed in yet). The demo's
 * breaches and its spike become open alerts, as they would have had the readings arrived by upload.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { alertTemplates } from '../../db/schema/index.js';
import { evaluateReadingsIn, type EvaluationOutcome } from './alerts.evaluator.js';

const DAY = 86_400_000;

export async function seedDemoAlerts(tx: Executor, now = new Date()): Promise<EvaluationOutcome> {
  const wsl = await tx.execute(
    sql`select c.code, percentile_cont(0.5) within group (order by greatest(abs(coalesce(t.upper, 0)), abs(coalesce(t.lower, 0)))) as wsl
        from thresholds t join alert_levels l on l.level_id = t.level_id join reading_codes c on c.reading_code_id = t.reading_code_id
        where l.code = 'WSL' group by c.code`,
  );
  const minChange: Record<string, number> = {};
  for (const r of (wsl as unknown as { rows: { code: string; wsl: number | string }[] }).rows) {
    const v = Number(r.wsl) / 10;
    if (v > 0) minChange[r.code] = Math.round(v * 100) / 100;
  }
  await tx
    .insert(alertTemplates)
    .values({ name: 'Minimum changes (demo)', category: 'instrument', parameters: { min_change: minChange }, createdAt: now, updatedAt: now });
  const r = await tx.execute(sql`select series_id as id from reading_series order by series_id`);
  const seriesIds = (r as unknown as { rows: { id: number }[] }).rows.map((x) => x.id);
  return evaluateReadingsIn(tx, { seriesIds, from: new Date(now.getTime() - 30 * DAY), to: now }, now);
}
