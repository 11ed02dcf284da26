import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TInstrumentIcons } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { InstrumentIcon } from '../../../components/instrument-icon';

export type LevelColor = TInstrumentIcons['level_colors'][number];

/** An icon in the type's normal colour and in each alert level's colour, each captioned. */
export function IconPreviews({ icon, color, levels, typeName }: { icon: string; color: string; levels: readonly LevelColor[]; typeName: string }) {
  const { t } = useTranslation();
  const items = [{ key: 'normal', label: t('instruments.icons.normal'), color }, ...levels.map((l) => ({ key: l.code, label: l.code, color: l.color }))];
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }} role="list" aria-label={t('instruments.icons.previewsOf', { name: typeName })}>
      {items.map((item) => (
        <Stack key={item.key} role="listitem" spacing={0.5} sx={{ alignItems: 'center', minWidth: 44 }}>
          <InstrumentIcon icon={icon} color={item.color} size={32} title={t('instruments.icons.previewLabel', { name: typeName, level: item.label })} />
          <Typography variant="caption" color="text.secondary">
            {item.label}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}
