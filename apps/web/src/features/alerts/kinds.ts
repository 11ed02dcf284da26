import { ALERT_KINDS, ALERT_TILES, INSTRUMENT_ALERT_TABS, type AlertKind } from '@strata/shared';
import type { TranslationKey } from '../../lib/i18n';

/** The i18n key of each alert kind's name. */
export const KIND_LABELS: Record<AlertKind, TranslationKey> = {
  breached: 'alerts.kind.breached',
  spike: 'alerts.kind.spike',
  rebaseline: 'alerts.kind.rebaseline',
  fluctuated: 'alerts.kind.fluctuated',
  stagnant: 'alerts.kind.stagnant',
  missing: 'alerts.kind.missing',
  group: 'alerts.kind.group',
  scenario: 'alerts.kind.scenario',
  user: 'alerts.kind.user',
  contract: 'alerts.kind.contract',
};

/** `/alerts/{type}`: a kind, or `all` for every kind. */
export const ALL_KINDS_TYPE = 'all';

export function isAlertKind(value: string | undefined): value is AlertKind {
  return (ALERT_KINDS as readonly string[]).includes(value ?? '');
}

/** The kinds a `/alerts/{type}` page lists, or null when the type is unknown. */
export function kindsOfType(type: string | undefined): AlertKind[] | null {
  if (type === ALL_KINDS_TYPE) return [];
  return isAlertKind(type) ? [type] : null;
}

/** `/alerts/instruments?tab=0..3` (spike, rebaseline, fluctuated, stagnant); anything else is tab 0. */
export function instrumentTabOf(param: string | null): number {
  const n = Number(param);
  return Number.isInteger(n) && n >= 0 && n < INSTRUMENT_ALERT_TABS.length ? n : 0;
}

/** Kinds of the Scenario Based Alerts list: what its landing tile counts (scenario, monitoring group, contract). */
export const SCENARIO_LIST_KINDS: readonly AlertKind[] = ALERT_TILES.find((tile) => tile.key === 'scenario')?.kinds ?? ['scenario'];
