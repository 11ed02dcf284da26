import { FREQUENCIES, INSTRUMENT_STATUSES, type InstrumentStatus } from '@strata/shared';
import type { TranslationKey } from '../../../lib/i18n';

export const STATUS_KEYS: Record<InstrumentStatus, TranslationKey> = {
  active: 'instruments.status.active',
  inactive: 'instruments.status.inactive',
  damaged: 'instruments.status.damaged',
  removed: 'instruments.status.removed',
};

export const STATUS_COLORS: Record<InstrumentStatus, 'success' | 'default' | 'warning' | 'error'> = {
  active: 'success',
  inactive: 'default',
  damaged: 'warning',
  removed: 'error',
};

export const STATUS_OPTIONS = INSTRUMENT_STATUSES.map((s) => s.code);

export function isInstrumentStatus(value: string): value is InstrumentStatus {
  return (STATUS_OPTIONS as readonly string[]).includes(value);
}

const FREQUENCY_KEYS: Record<(typeof FREQUENCIES)[number]['code'], TranslationKey> = {
  '15min': 'instruments.frequency.15min',
  hourly: 'instruments.frequency.hourly',
  '6-hourly': 'instruments.frequency.6-hourly',
  '12-hourly': 'instruments.frequency.12-hourly',
  daily: 'instruments.frequency.daily',
  'twice-weekly': 'instruments.frequency.twice-weekly',
  weekly: 'instruments.frequency.weekly',
  fortnightly: 'instruments.frequency.fortnightly',
  monthly: 'instruments.frequency.monthly',
};

/** The i18n key of a frequency code; unknown codes have none (show the code). */
export function frequencyKey(code: string | null | undefined): TranslationKey | undefined {
  return code ? (FREQUENCY_KEYS as Record<string, TranslationKey>)[code] : undefined;
}

export const FREQUENCY_OPTIONS = FREQUENCIES.map((f) => f.code);
