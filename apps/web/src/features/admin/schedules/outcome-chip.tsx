import { useTranslation } from 'react-i18next';
import { StateChip, type ChipColor } from '../shared/status-chip';

const COLORS: Record<string, ChipColor> = { success: 'success', failed: 'error', running: 'info' };

/** A run's outcome: Success, Failed or Running. */
export function OutcomeChip({ outcome }: { outcome: string | null }) {
  const { t } = useTranslation();
  if (!outcome) return null;
  const known = outcome === 'success' || outcome === 'failed' || outcome === 'running';
  return <StateChip label={known ? t(`admin.schedules.outcome.${outcome}`) : outcome} color={COLORS[outcome] ?? 'default'} />;
}
