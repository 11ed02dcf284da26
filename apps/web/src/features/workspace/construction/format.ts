import type { TSiteProgressSummary, SiteType } from '@strata/shared';

/** Shown for an empty value. */
export const EMPTY_VALUE = '-';

/** A calendar date (YYYY-MM-DD) as DD/MM/YYYY (spec §5), "-" when null. Calendar dates have no zone to convert. */
export function formatDay(date: string | null | undefined): string {
  if (!date) return EMPTY_VALUE;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : date;
}

/** Decimals of a site type's progress values: levels in mRL to the centimetre, chainages to the decimetre. */
export const progressDecimals = (type: SiteType): number => (type === 'E' ? 2 : 1);

/** A number with fixed decimals, "-" when null. */
export function formatNumber(value: number | null | undefined, decimals = 2): string {
  return value === null || value === undefined || !Number.isFinite(value) ? EMPTY_VALUE : value.toFixed(decimals);
}

/** The value and target of a progress summary as texts (to the type's decimals). */
export function progressParts(type: SiteType, summary: Pick<TSiteProgressSummary, 'value' | 'target'>): { value: string; target: string } {
  const d = progressDecimals(type);
  return { value: formatNumber(summary.value, d), target: formatNumber(summary.target, d) };
}
