import type { ActionCaseCategory } from '@strata/shared';
import type { TranslationKey } from '../../../lib/i18n';

/** The tabs' names (spec §2.6: breached, scenario, damaged). */
export const CATEGORY_LABELS: Record<ActionCaseCategory, TranslationKey> = {
  breached: 'actionLog.category.breached',
  scenario: 'actionLog.category.scenario',
  damaged: 'actionLog.category.damaged',
};

/** What a category's cases are (§6 "for breached instrument cases and for triggered scenario-based alert cases"). */
export const CATEGORY_CASES: Record<ActionCaseCategory, TranslationKey> = {
  breached: 'actionLog.categoryCases.breached',
  scenario: 'actionLog.categoryCases.scenario',
  damaged: 'actionLog.categoryCases.damaged',
};
