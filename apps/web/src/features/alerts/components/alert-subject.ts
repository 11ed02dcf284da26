import type { TAlert } from '@strata/shared';

/** What an alert is about, in a few words: the instrument (and reading code, depth), the group or the scenario. */
export function alertSubject(alert: Pick<TAlert, 'instrument_name' | 'reading_code' | 'depth' | 'group_name' | 'scenario_name' | 'contract_no'>): string {
  if (alert.instrument_name) {
    const code = alert.reading_code ? ` ${alert.reading_code}` : '';
    const depth = alert.depth !== null && alert.depth !== undefined ? ` @ ${alert.depth} m` : '';
    return `${alert.instrument_name}${code}${depth}`;
  }
  return alert.group_name ?? alert.scenario_name ?? alert.contract_no;
}

/** A value with its unit, in the reading code's usual decimals (2 unless the value needs more). */
export function formatValue(value: number | null | undefined, unit?: string | null): string {
  if (value === null || value === undefined) return '—';
  const text = Number.isInteger(value) ? String(value) : value.toFixed(Math.abs(value) < 0.1 ? 3 : 2);
  return unit ? `${text} ${unit}` : text;
}
