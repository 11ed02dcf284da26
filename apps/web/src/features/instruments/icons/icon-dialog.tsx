import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { INSTRUMENT_ICONS, type InstrumentIcon as IconName, type TInstrumentIcons } from '@strata/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppAlert, useToast } from '../../../components/feedback';
import { InstrumentIcon, isInstrumentIcon } from '../../../components/instrument-icon';
import { useSetIcon } from '../api/types';
import { errorText } from '../../../lib/error-text';
import { IconPreviews, type LevelColor } from './icon-previews';

export type IconRecord = TInstrumentIcons['records'][number];

const HEX = /^#[0-9a-fA-F]{6}$/;

/** Choose one of the built-in icons (those the server accepts) and the normal colour of a type; previewed in every level colour. */
export function IconDialog({
  record,
  icons,
  levels,
  onClose,
}: {
  record: IconRecord | null;
  icons: readonly string[];
  levels: readonly LevelColor[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open={record !== null} onClose={onClose} aria-labelledby={titleId} fullScreen={fullScreen} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{record ? t('instruments.icons.changeTitle', { name: record.name }) : ''}</DialogTitle>
      {record && <IconChooser key={record.type_code} record={record} icons={icons} levels={levels} onDone={onClose} />}
    </Dialog>
  );
}

function IconChooser({ record, icons, levels, onDone }: { record: IconRecord; icons: readonly string[]; levels: readonly LevelColor[]; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSetIcon();
  const choices = (icons.length > 0 ? icons : INSTRUMENT_ICONS).filter(isInstrumentIcon);
  const [icon, setIcon] = useState<IconName>(isInstrumentIcon(record.icon) ? record.icon : 'circle');
  const [color, setColor] = useState(record.icon_color);
  const [error, setError] = useState<string | null>(null);
  const colorValid = HEX.test(color);

  const submit = async () => {
    if (!colorValid) return;
    setError(null);
    try {
      await save.mutateAsync({ typeCode: record.type_code, body: { icon, icon_color: color.toLowerCase() } });
      toast({ color: 'success', message: t('instruments.icons.saved', { name: record.name }) });
      onDone();
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          {error && <AppAlert type="error" message={error} onClose={() => setError(null)} />}
          <Typography variant="subtitle2" component="h3">
            {t('instruments.icons.choose')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            value={icon}
            onChange={(_event, next: IconName | null) => next && setIcon(next)}
            aria-label={t('instruments.icons.choose')}
            sx={{ flexWrap: 'wrap', gap: 1, '& .MuiToggleButtonGroup-grouped': { border: 1, borderColor: 'divider', borderRadius: 1, m: 0 } }}
          >
            {choices.map((name) => (
              <ToggleButton
                key={name}
                value={name}
                aria-label={t(`instruments.icon.${name}`)}
                sx={{ flexDirection: 'column', gap: 0.5, width: 92, textTransform: 'none' }}
              >
                <InstrumentIcon icon={name} color={colorValid ? color : record.icon_color} size={28} />
                <Typography variant="caption">{t(`instruments.icon.${name}`)}</Typography>
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              type="color"
              label={t('instruments.icons.normalColour')}
              value={colorValid ? color : '#000000'}
              onChange={(event) => setColor(event.target.value)}
              sx={{ width: 96 }}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label={t('instruments.icons.colourHex')}
              value={color}
              onChange={(event) => setColor(event.target.value.trim())}
              error={!colorValid}
              helperText={colorValid ? undefined : t('instruments.icons.colourInvalid')}
              sx={{ width: 160 }}
            />
          </Stack>
          <Typography variant="subtitle2" component="h3">
            {t('instruments.icons.preview')}
          </Typography>
          <IconPreviews icon={icon} color={colorValid ? color : record.icon_color} levels={levels} typeName={record.name} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onDone}>{t('instruments.common.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={!colorValid || save.isPending}>
          {t('instruments.common.save')}
        </Button>
      </DialogActions>
    </>
  );
}
