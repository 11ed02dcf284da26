import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config';

/** An instrument's status level as a chip in the level's colour (normal: outlined). */
export function StatusChip({ levelCode }: { levelCode: string | null }) {
  const { t } = useTranslation();
  const config = useConfig();
  if (!levelCode) return <Chip size="small" variant="outlined" color="success" label={t('structures.status.normal')} />;
  const level = config.data?.thresholds.find((l) => l.code === levelCode);
  return (
    <Chip
      size="small"
      label={level ? `${level.code} · ${level.name}` : levelCode}
      sx={{ bgcolor: level?.color, color: level ? '#fff' : undefined, fontWeight: 600 }}
    />
  );
}
