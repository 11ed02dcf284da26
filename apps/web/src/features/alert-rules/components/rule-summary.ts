import type { TFunction } from 'i18next';

/** "3 instruments at AL or above within 24 h": a group's or a scenario's rule in one line. */
export function ruleSummary(t: TFunction, rule: { min_count: number; level_code: string; within_hours: number } | null): string {
  if (!rule) return t('alertRules.rule.none');
  const hours = Number.isInteger(rule.within_hours) ? String(rule.within_hours) : rule.within_hours.toLocaleString('en', { maximumFractionDigits: 2 });
  return t('alertRules.rule.summary', { count: rule.min_count, level: rule.level_code, hours });
}
