import type { TDesignPrediction, TInstrumentDesignValues, TSiteDesignValues } from '@strata/shared';
import { describe, expect, it } from 'vitest';
import { buildLineChartOption, PREDICTION_COLORS } from '../../../components/chart';
import { predictedLines, predictedProfiles, type PredictedLabel } from './predicted-lines';
import { buildProfileOption } from './profile-option';

const row = (overrides: Partial<TDesignPrediction>): TDesignPrediction => ({
  prediction_id: 1,
  reading_code: 'DSPA',
  unit: 'mm',
  depth: null,
  stage_no: 3,
  stage_name: 'Excavate to level 3',
  value: -15.04,
  remarks: '',
  upload_id: null,
  ...overrides,
});

const site = (name: string, current: TDesignPrediction[], rows: TDesignPrediction[] = current): TSiteDesignValues => ({
  site_id: name.length,
  site_name: name,
  type: 'E',
  current_stage_no: current[0]?.stage_no ?? null,
  current_stage_name: current[0]?.stage_name ?? null,
  rows,
  current,
});

const values = (sites: TSiteDesignValues[]): TInstrumentDesignValues => ({ instrument_id: 41, instrument_name: 'SM-101', contract_id: 11, sites });

const label: PredictedLabel = ({ site: name, stage, value, unit }) => `Predicted (QP(D)) · ${name} stage ${stage}: ${value} ${unit}`;

const SERIES = {
  name: 'DSPA',
  points: [
    [Date.UTC(2026, 10, 1), -3.2],
    [Date.UTC(2026, 10, 20), -6.8],
  ] as [number, number][],
};

describe('the predicted lines of an instrument’s charts', () => {
  it('draws each current prediction of the chart’s reading code, labelled with its site, stage, value and unit', () => {
    const answer = values([
      site('MARINA-S', [row({}), row({ prediction_id: 2, reading_code: 'OTHER', value: 4 })], [row({ stage_no: 2, value: -9 }), row({})]),
      site('BAYSHORE', [row({ prediction_id: 3, stage_no: 1, value: -5 })]),
    ]);
    expect(predictedLines(answer, 'DSPA', 1, label)).toEqual([
      { label: 'Predicted (QP(D)) · MARINA-S stage 3: -15 mm', value: -15.04, color: PREDICTION_COLORS[0] },
      { label: 'Predicted (QP(D)) · BAYSHORE stage 1: -5 mm', value: -5, color: PREDICTION_COLORS[1] },
    ]);
    expect(predictedLines(answer, 'NONE', 1, label)).toEqual([]);
  });

  it('draws none without an answer (not allowed, failed, or not yet there) or without a current stage', () => {
    expect(predictedLines(undefined, 'DSPA', 1, label)).toEqual([]);
    expect(predictedLines(values([site('MARINA-S', [], [row({})])]), 'DSPA', 1, label)).toEqual([]);
  });

  it('puts the predictions on the time-series option as dashed series in the legend, and nothing more without them', () => {
    const answer = values([site('MARINA-S', [row({})])]);
    type Series = { name: string; lineStyle?: { type: string } };
    const withLine = buildLineChartOption({ lines: [SERIES], predictions: predictedLines(answer, 'DSPA', 1, label), precision: 1 }) as {
      series: Series[];
      yAxis: { min: number };
    };
    expect(withLine.series.map((s) => [s.name, s.lineStyle?.type])).toEqual([
      ['DSPA', undefined],
      ['Predicted (QP(D)) · MARINA-S stage 3: -15 mm', 'dashed'],
    ]);
    expect(withLine.yAxis.min).toBeLessThanOrEqual(-15.04);
    const without = buildLineChartOption({ lines: [SERIES], predictions: predictedLines(undefined, 'DSPA', 1, label), precision: 1 }) as { series: Series[] };
    expect(without.series.map((s) => s.name)).toEqual(['DSPA']);
  });

  it('draws the depth predictions of an inclinometer as a dashed profile per site, shallowest first, and not on the time series', () => {
    const answer = values([
      site('MARINA-S', [
        row({ reading_code: 'A', depth: 10, value: 8 }),
        row({ reading_code: 'A', depth: 2, value: 20 }),
        row({ reading_code: 'B', depth: 2, value: 3 }),
      ]),
    ]);
    const profiles = predictedProfiles(answer, 'A', ({ site: name, stage }) => `Predicted (QP(D)) · ${name} stage ${stage}`);
    expect(profiles).toEqual([
      {
        name: 'Predicted (QP(D)) · MARINA-S stage 3',
        color: PREDICTION_COLORS[0],
        points: [
          [20, 2],
          [8, 10],
        ],
        dashed: true,
      },
    ]);
    expect(predictedLines(answer, 'A', 1, label)).toEqual([]);
    const option = buildProfileOption({ unit: 'mm', depthName: 'Depth (m)', lines: profiles, precision: 1 }) as {
      series: { name: string; lineStyle?: { type: string }; label: { show: boolean } }[];
      xAxis: { max: number };
    };
    expect(option.series[0]!.lineStyle?.type).toBe('dashed');
    expect(option.series[0]!.label.show).toBe(false);
    expect(option.xAxis.max).toBeGreaterThanOrEqual(20);
  });
});
