import type { TDesignPrediction, TInstrumentDesignValues } from '@strata/shared';
import { PREDICTION_COLORS, type PredictionLine } from '../../../components/chart';
import type { ProfileLine } from './profile-option';

/** Makes a predicted line's label: "Predicted (QP(D)) · MARINA-S stage 3: -15 mm" (the caller's translation). */
export type PredictedLabel = (words: { site: string; stage: number; value: string; unit: string }) => string;

const rounded = (value: number, precision: number) => String(Number(value.toFixed(Math.max(0, Math.min(10, precision)))));

/** The `current` rows of every site (the stage the works are in now), with the site's name, in the answer's order. */
function currentRows(designValues: TInstrumentDesignValues | undefined): { site: string; row: TDesignPrediction }[] {
  return (designValues?.sites ?? []).flatMap((site) => site.current.map((row) => ({ site: site.site_name, row })));
}

/**
 * The predicted lines of a time-series chart of one reading code: each `current` prediction of the code without a
 * depth (a settlement marker's, a piezometer's …) is a dashed horizontal line, one colour per line. Depth predictions
 * (inclinometers) are drawn on the profile instead (`predictedProfiles`).
 */
export function predictedLines(designValues: TInstrumentDesignValues | undefined, code: string, precision: number, label: PredictedLabel): PredictionLine[] {
  return currentRows(designValues)
    .filter(({ row }) => row.reading_code === code && row.depth === null)
    .map(({ site, row }, i) => ({
      label: label({ site, stage: row.stage_no, value: rounded(row.value, precision), unit: row.unit }),
      value: row.value,
      color: PREDICTION_COLORS[i % PREDICTION_COLORS.length],
    }));
}

/**
 * The predicted profiles of one reading code: per site, the `current` predictions at depths as a dashed line of
 * [value, depth], shallowest first (none for a site without depth predictions of the code).
 */
export function predictedProfiles(
  designValues: TInstrumentDesignValues | undefined,
  code: string,
  label: (words: { site: string; stage: number }) => string,
): ProfileLine[] {
  const bySite = new Map<string, { stage: number; points: [number, number][] }>();
  for (const { site, row } of currentRows(designValues)) {
    if (row.reading_code !== code || row.depth === null) continue;
    const entry = bySite.get(site) ?? { stage: row.stage_no, points: [] };
    entry.points.push([row.value, row.depth]);
    bySite.set(site, entry);
  }
  return [...bySite.entries()].map(([site, entry], i) => ({
    name: label({ site, stage: entry.stage }),
    color: PREDICTION_COLORS[i % PREDICTION_COLORS.length]!,
    points: entry.points.sort((a, b) => a[1] - b[1]),
    dashed: true,
  }));
}
