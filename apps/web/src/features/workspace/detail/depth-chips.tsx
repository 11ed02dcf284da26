import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export interface DepthChipsProps {
  /** Every depth the instrument has series at, shallowest first. */
  depths: readonly number[];
  /** The depths chosen; empty = all. */
  chosen: readonly number[];
  onChange: (chosen: number[]) => void;
}

/**
 * The depths whose time series are drawn (an inclinometer has one series per depth): "All depths" or any set of
 * depths, toggled by clicking their chips.
 */
export function DepthChips({ depths, chosen, onChange }: DepthChipsProps) {
  const { t } = useTranslation();
  const toggle = (depth: number) => {
    const next = chosen.includes(depth) ? chosen.filter((d) => d !== depth) : [...chosen, depth].sort((a, b) => a - b);
    onChange(next.length === depths.length ? [] : next);
  };
  return (
    <Box role="group" aria-label={t('workspace.profile.depths')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }}>
      <Typography variant="body2" color="text.secondary" sx={{ mr: 0.5 }}>
        {t('workspace.profile.depths')}
      </Typography>
      <Chip
        size="small"
        label={t('workspace.profile.allDepths')}
        color={chosen.length === 0 ? 'primary' : 'default'}
        variant={chosen.length === 0 ? 'filled' : 'outlined'}
        aria-pressed={chosen.length === 0}
        onClick={() => onChange([])}
      />
      {depths.map((depth) => {
        const on = chosen.includes(depth);
        return (
          <Chip
            key={depth}
            size="small"
            label={t('workspace.profile.depth', { depth })}
            color={on ? 'primary' : 'default'}
            variant={on ? 'filled' : 'outlined'}
            aria-pressed={on}
            onClick={() => toggle(depth)}
          />
        );
      })}
    </Box>
  );
}
