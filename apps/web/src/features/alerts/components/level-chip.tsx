import Chip from '@mui/material/Chip';
import { textOn } from '../../../lib/text-on';

export interface LevelChipProps {
  /** The level's code (CL, AL, PDL, WSL …). */
  code: string;
  /** Its colour (levels are data: each has its own). */
  color: string | null | undefined;
  /** The level's name, as the chip's tooltip. */
  name?: string | null;
  size?: 'small' | 'medium';
}

/** An alert level as a chip in the level's colour. */
export function LevelChip({ code, color, name, size = 'small' }: LevelChipProps) {
  const background = color ?? '#757575';
  return (
    <Chip
      size={size}
      label={code}
      title={name ?? undefined}
      data-testid="alert-level"
      data-level={code}
      sx={{ bgcolor: background, color: textOn(background), fontWeight: 600 }}
    />
  );
}
