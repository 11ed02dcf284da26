import type { TAlert, TAlertDetail, TAlertSummary, TBreachedInstrument, TConfig } from '@strata/shared';
import { alertFixture } from '../../test/fixtures';

/** The demo's four levels, as `GET /config` and the alert answers give them. */
export const LEVELS = [
  { code: 'CL', name: 'Check Level', color: '#4fc3f7', severity: 1 },
  { code: 'AL', name: 'Alert Level', color: '#fb8c00', severity: 2 },
  { code: 'PDL', name: 'Pre-Determined Level', color: '#e53935', severity: 3 },
  { code: 'WSL', name: 'Work Suspension Level', color: '#8b0000', severity: 4 },
] as const;

export const configLevels: Partial<TConfig> = {
  thresholds: LEVELS.map((l) => ({ ...l })),
  instruments: [
    { code: 'SM', name: 'Settlement Marker', lta_code: null, category: null, icon: 'circle', icon_color: '#0471d1', has_depth: false },
    { code: 'SP', name: 'Standpipe', lta_code: null, category: null, icon: 'square', icon_color: '#018e27', has_depth: false },
  ],
};

export const alertRow = alertFixture;

export function alertDetail(overrides: Partial<TAlert> = {}, rest: Partial<Omit<TAlertDetail, 'alert'>> = {}): TAlertDetail {
  const alert = alertRow(overrides);
  return {
    alert,
    instrument: {
      instrument_id: 21,
      name: 'SM-1023',
      type_code: 'SM',
      type_name: 'Settlement Marker',
      contract_id: 11,
      contract_no: 'C101',
      zone_name: 'Zone A',
      easting: 29000.5,
      northing: 31000.25,
      latitude: 1.3,
      longitude: 103.85,
      status: 'active',
      frequency: 'Daily',
    },
    thresholds: [
      { reading_code: 'DSPA', level_code: 'AL', level_name: 'Alert Level', color: '#fb8c00', severity: 2, upper: 20, lower: -20 },
      { reading_code: 'DSPA', level_code: 'WSL', level_name: 'Work Suspension Level', color: '#8b0000', severity: 4, upper: 28, lower: -28 },
    ],
    events: [
      {
        event_id: 1,
        at: '2026-11-20T01:00:00.000Z',
        type: 'opened',
        level_code: 'AL',
        value: -21.5,
        reading_at: '2026-11-20T01:00:00.000Z',
        last_reading_at: '2026-11-20T01:00:00.000Z',
        triggers: 1,
        by_name: null,
        note: null,
      },
      {
        event_id: 2,
        at: '2026-11-21T01:00:00.000Z',
        type: 'escalated',
        level_code: 'WSL',
        value: -31.2,
        reading_at: '2026-11-21T01:00:00.000Z',
        last_reading_at: '2026-11-21T01:00:00.000Z',
        triggers: 1,
        by_name: null,
        note: null,
      },
    ],
    members: [],
    ...rest,
  };
}

export function summary(counts: Partial<Record<string, number | null>> = {}): TAlertSummary {
  const keys = ['breached', 'spike', 'rebaseline', 'fluctuated', 'stagnant', 'user', 'missing', 'scenario', 'cases'];
  return {
    tiles: keys.map((key) => ({ key, label: key, open_count: key === 'cases' ? null : (counts[key] ?? 0) })),
    breached_by_level: LEVELS.map((l) => ({ level_code: l.code, level_name: l.name, color: l.color, severity: l.severity, open_count: 0 })),
    total_open: Object.values(counts).reduce<number>((n, c) => n + (c ?? 0), 0),
  };
}

export function breachedRow(overrides: Partial<TBreachedInstrument> = {}): TBreachedInstrument {
  return {
    instrument_id: 21,
    name: 'SM-1023',
    type_code: 'SM',
    type_name: 'Settlement Marker',
    contract_id: 11,
    contract_no: 'C101',
    easting: 29000.5,
    northing: 31000.25,
    latitude: 1.3,
    longitude: 103.85,
    level_code: 'WSL',
    level_color: '#8b0000',
    severity: 4,
    alert_id: 5,
    reading_code: 'DSPA',
    latest_value: -31.2,
    peak_value: -31.2,
    unit: 'mm',
    reading_at: '2026-11-21T01:00:00.000Z',
    opened_at: '2026-11-20T01:00:00.000Z',
    last_triggered_at: '2026-11-21T01:00:00.000Z',
    open_alerts: 1,
    ...overrides,
  };
}
